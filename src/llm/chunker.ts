/**
 * Splits a long document into chunks that end on sentence boundaries, with an
 * overlap so that an element cut by one boundary is whole in the next chunk.
 */
export interface Chunk {
  /** Offset of the chunk in the document (UTF-16). */
  start: number;
  text: string;
}

/** Positions just after a sentence end: ". ", "? ", "! ", or a line break. */
function boundaries(text: string): number[] {
  const out: number[] = [];
  const re = /[.!?]["')\]]?\s+|\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m.index + m[0].length);
  return out;
}

export function chunkText(text: string, chunkChars: number, overlapChars: number): Chunk[] {
  if (text.length <= chunkChars) return [{ start: 0, text }];
  const cuts = boundaries(text);
  const chunks: Chunk[] = [];
  let start = 0;
  let b = 0; // index into cuts, advanced monotonically
  while (start < text.length) {
    const limit = start + chunkChars;
    if (limit >= text.length) {
      chunks.push({ start, text: text.slice(start) });
      break;
    }
    // Last sentence boundary inside the window; a hard cut at a space if there is none.
    while (b < cuts.length && cuts[b] <= start) b++;
    let end = -1;
    let k = b;
    while (k < cuts.length && cuts[k] <= limit) end = cuts[k++];
    if (end <= start + overlapChars) {
      // Searched inside the window only: a text without spaces must not be rescanned from its start.
      const space = text.slice(start, limit).lastIndexOf(' ');
      end = space >= 0 && start + space > start + overlapChars ? start + space + 1 : limit;
    }
    chunks.push({ start, text: text.slice(start, end) });
    // Next chunk starts at the first sentence boundary inside the overlap window.
    const overlapStart = end - overlapChars;
    let next = end;
    for (let j = b; j < cuts.length && cuts[j] < end; j++) {
      if (cuts[j] >= overlapStart) {
        next = cuts[j];
        break;
      }
    }
    if (next === end) {
      const space = text.slice(overlapStart, end).indexOf(' ');
      next = space >= 0 ? overlapStart + space + 1 : end;
    }
    start = next;
  }
  return chunks;
}
