/**
 * Line boundaries found within a bounded distance. Searching the whole text for
 * the start of the line at every match makes a document without line breaks
 * quadratic (a 1 MB single-line input took 24 s in one recognizer); a line
 * longer than the bound is treated as starting `maxBack` characters before.
 */
export const MAX_LINE_LOOK = 400;

/** Start of the line holding position `pos` (the character after the previous '\n'), at most `maxBack` back. */
export function lineStartBefore(text: string, pos: number, maxBack = MAX_LINE_LOOK): number {
  const from = Math.max(0, pos - maxBack);
  const nl = text.slice(from, pos).lastIndexOf('\n');
  return nl >= 0 ? from + nl + 1 : from;
}

/** End of the line holding position `pos` (the index of the next '\n' or the text end), at most `maxAhead` ahead. */
export function lineEndAfter(text: string, pos: number, maxAhead = MAX_LINE_LOOK): number {
  const to = Math.min(text.length, pos + maxAhead);
  const nl = text.slice(pos, to).indexOf('\n');
  return nl >= 0 ? pos + nl : to;
}
