/**
 * Line boundaries found within a bounded distance. Searching the whole text for
 * the start of the line at every match makes a document without line breaks
 * quadratic (a 1 MB single-line input took 24 s in one recognizer); a line
 * longer than the bound is treated as starting `maxBack` characters before.
 */
export const MAX_LINE_LOOK = 400;

/**
 * Where text.slice(from, to) starts and ends in `text` (a negative offset counts from the end), as
 * [sliceStart(…), sliceEnd(…)]: the searches below read the text in place, as if in that slice.
 */
function sliceBound(text: string, at: number): number {
  return at < 0 ? Math.max(0, text.length + at) : Math.min(at, text.length);
}

/** Start of the line holding position `pos` (the character after the previous '\n'), at most `maxBack` back. */
export function lineStartBefore(text: string, pos: number, maxBack = MAX_LINE_LOOK): number {
  const from = Math.max(0, pos - maxBack);
  // text.slice(from, pos).lastIndexOf('\n'), without the substring.
  const s = sliceBound(text, from);
  for (let k = sliceBound(text, pos) - 1; k >= s; k--) if (text.charCodeAt(k) === 10) return from + (k - s) + 1;
  return from;
}

/** End of the line holding position `pos` (the index of the next '\n' or the text end), at most `maxAhead` ahead. */
export function lineEndAfter(text: string, pos: number, maxAhead = MAX_LINE_LOOK): number {
  const to = Math.min(text.length, pos + maxAhead);
  // text.slice(pos, to).indexOf('\n'), without the substring.
  const s = sliceBound(text, pos);
  const e = sliceBound(text, to);
  for (let k = s; k < e; k++) if (text.charCodeAt(k) === 10) return pos + (k - s);
  return to;
}
