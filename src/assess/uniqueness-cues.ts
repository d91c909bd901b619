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
const CUE_INSIDE = /^(?:the\s{1,3})?(?:only|sole|lone)\s|^(?:(?:became|was|is|the)\s{1,3}){0,2}(?:first|youngest|oldest|last)\s{1,3}(?:[\p{L}-]{1,20}\s{1,3}){0,3}(?:to|ever)\b/iu;

// CUE_INSIDE needs one of its cue words between the start or a space and a space: checked
// first with this small pattern (CUE_INSIDE's bounded repetitions of letter classes take V8
// tens of milliseconds to compile; most elements never need it).
const CUE_INSIDE_WORD = /(?:^|\s)(?:only|sole|lone|first|youngest|oldest|last)\s/iu;

const BEFORE_STARTS = new Set(['t', 'T', 'o', 'O', 's', 'S', 'l', 'L', 'f', 'F', 'y', 'Y', 'b', 'B', 'w', 'W', 'i', 'I']);
const AFTER_LETTERS = new Set(['w', 'W', 't', 'T']);
/** CUE_AFTER needs "who", "which" or "that" within its first 8 characters. */
const AFTER_REACH = 8;

export function uniquenessCue(text: string, start: number, end: number): string | undefined {
  // The cheap character tests below only skip regexes that could not match.
  if (BEFORE_STARTS.has(text[start])) {
    const element = text.slice(start, end);
    const inside = CUE_INSIDE_WORD.test(element) ? CUE_INSIDE.exec(element) : null;
    if (inside) return inside[0].trim();
  }
  // The window back to the last sentence boundary ('.', '!', '?', '\n') within CUE_WINDOW
  // characters: native searches of the window (no character loop to run before V8 optimises).
  const from = Math.max(0, start - CUE_WINDOW);
  const window = text.slice(from, start);
  const boundary = Math.max(window.lastIndexOf('.'), window.lastIndexOf('!'), window.lastIndexOf('?'), window.lastIndexOf('\n'));
  const cut = from + boundary + 1;
  if (cut > start - 4) {
    // Too short to hold a cue word.
  } else {
    const before = boundary < 0 ? window : window.slice(boundary + 1);
    const m = CUE_WORD.test(before) ? CUE_BEFORE.exec(before) : null;
    if (m) return m[0].trim().replace(/\s+/g, ' ');
  }
  const reach = Math.min(text.length, end + AFTER_REACH);
  let mayFollow = false;
  for (let i = end; i < reach && !mayFollow; i++) mayFollow = AFTER_LETTERS.has(text[i]);
  if (!mayFollow) return undefined;
  const after = CUE_AFTER.exec(text.slice(end, end + CUE_WINDOW));
  if (after) return after[0].trim().replace(/\s+/g, ' ');
  return undefined;
}
