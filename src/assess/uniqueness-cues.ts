/**
 * Uniqueness cues: "the only female firefighter in Lenox", "the first woman
 * to …", "the town's sole pharmacist". Such a phrase makes the element it
 * introduces describe one person, whatever the value is.
 */

// Matched against at most CUE_WINDOW characters of the same sentence before the element,
// anchored at its end; bounded repetitions only (linear time). The words between
// the cue and the element may not be prepositions: in "the only firefighter in Lenox"
// the cue bears on the firefighter, not on Lenox.
const CUE_BEFORE =
  /(?:\bthe\s{1,3}(?:only|sole|lone|single|first|last|youngest|oldest)|\bonly\s{1,3}one|\bone\s{1,3}and\s{1,3}only|(?:['’]s|\bits|\btheir|\bour|\bhis|\bher)\s{1,3}(?:only|sole|lone|first|youngest|oldest))(?:\s{1,3}(?!(?:in|at|of|from|for|to|on|with|near|by|and|or)\b)[\p{L}\p{N}'’-]{1,30}){0,3}\s{0,3}$/iu;
// "…, who is the only one …" right after the element.
const CUE_AFTER = /^\s{0,3},?\s{0,3}(?:who|which|that)\s{1,3}(?:is|was|remains)\s{1,3}the\s{1,3}(?:only|sole|first|last)\b/i;
const CUE_WINDOW = 80;
// Cheap pre-check: most elements have no cue word before them at all.
const CUE_WORD = /\b(?:only|sole|lone|single|first|last|youngest|oldest)\b/i;
// A detector may draw the cue into the span itself ("only female firefighter").
const CUE_INSIDE = /^(?:the\s{1,3})?(?:only|sole|lone)\s/i;

export function uniquenessCue(text: string, start: number, end: number): string | undefined {
  const inside = CUE_INSIDE.exec(text.slice(start, end));
  if (inside) return inside[0].trim();
  let before = text.slice(Math.max(0, start - CUE_WINDOW), start);
  const boundary = Math.max(before.lastIndexOf('.'), before.lastIndexOf('!'), before.lastIndexOf('?'), before.lastIndexOf('\n'));
  if (boundary >= 0) before = before.slice(boundary + 1);
  const m = CUE_WORD.test(before) ? CUE_BEFORE.exec(before) : null;
  if (m) return m[0].trim().replace(/\s+/g, ' ');
  const after = CUE_AFTER.exec(text.slice(end, end + CUE_WINDOW));
  if (after) return after[0].trim().replace(/\s+/g, ' ');
  return undefined;
}
