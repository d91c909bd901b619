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

/** CUE_AFTER needs "who", "which" or "that" within its first 8 characters. */
const AFTER_REACH = 8;

/**
 * Whether a cue inside the element may start with this character: t, o, s, l, f, y, b, w or i
 * in either case (CUE_INSIDE's words, and the "became", "was", "is" before them).
 */
function mayStartInside(c: number): boolean {
  switch (c | 0x20) {
    case 0x74: // t
    case 0x6f: // o
    case 0x73: // s
    case 0x6c: // l
    case 0x66: // f
    case 0x79: // y
    case 0x62: // b
    case 0x77: // w
    case 0x69: // i
      // `| 0x20` also maps a few non-letters onto these codes: only the letters themselves count.
      return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    default:
      return false;
  }
}

export function uniquenessCue(text: string, start: number, end: number): string | undefined {
  // The cheap character tests below only skip regexes that could not match.
  if (mayStartInside(text.charCodeAt(start))) {
    const element = text.slice(start, end);
    const inside = CUE_INSIDE_WORD.test(element) ? CUE_INSIDE.exec(element) : null;
    if (inside) return inside[0].trim();
  }
  // The window back to the last sentence boundary ('.', '!', '?', '\n') within CUE_WINDOW
  // characters, found by a backward character loop (lastIndexOf is a runtime call per character searched for).
  const from = Math.max(0, start - CUE_WINDOW);
  let cut = from;
  for (let i = start - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x0a) {
      cut = i + 1;
      break;
    }
  }
  if (cut > start - 4) {
    // Too short to hold a cue word.
  } else {
    const before = text.slice(cut, start);
    const m = CUE_WORD.test(before) ? CUE_BEFORE.exec(before) : null;
    if (m) return m[0].trim().replace(/\s+/g, ' ');
  }
  const reach = Math.min(text.length, end + AFTER_REACH);
  let mayFollow = false;
  for (let i = end; i < reach && !mayFollow; i++) {
    const c = text.charCodeAt(i);
    mayFollow = c === 0x77 || c === 0x57 || c === 0x74 || c === 0x54; // w W t T
  }
  if (!mayFollow) return undefined;
  const after = CUE_AFTER.exec(text.slice(end, end + CUE_WINDOW));
  if (after) return after[0].trim().replace(/\s+/g, ' ');
  return undefined;
}

/**
 * Every cue (inside, before or after the element) holds one of these words, as its patterns
 * match them (any case, the long s "ſ" read as "s"), at most MAX_CUE_WORD characters long.
 */
const CUE_WORDS_EVERYWHERE = /only|sole|lone|single|first|last|youngest|oldest/giu;
const MAX_CUE_WORD = 8;
const NO_CUE_WORDS: readonly number[] = [];

/**
 * Where the cue words of a text end, in order (one scan of the document): uniquenessCue can find a
 * cue for an element only where one of them lies within CUE_WINDOW characters of it (mayHaveCue).
 * A word a cue pattern reads is met by this scan, or overlapped by a match the scan made instead.
 */
export function cueWordEnds(text: string): readonly number[] {
  CUE_WORDS_EVERYWHERE.lastIndex = 0;
  if (!CUE_WORDS_EVERYWHERE.test(text)) return NO_CUE_WORDS;
  const ends: number[] = [];
  do ends.push(CUE_WORDS_EVERYWHERE.lastIndex);
  while (CUE_WORDS_EVERYWHERE.test(text));
  CUE_WORDS_EVERYWHERE.lastIndex = 0;
  return ends;
}

/**
 * Whether uniquenessCue(text, start, end) may find a cue, given cueWordEnds(text): whether a cue
 * word overlaps the text it reads, from CUE_WINDOW characters before the element to CUE_WINDOW
 * after it. (A binary search: the first word ending after that range starts.)
 */
export function mayHaveCue(ends: readonly number[], start: number, end: number): boolean {
  const from = start - CUE_WINDOW;
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] > from) hi = mid;
    else lo = mid + 1;
  }
  // That word starts at least MAX_CUE_WORD characters before its end.
  return lo < ends.length && ends[lo] - MAX_CUE_WORD < end + CUE_WINDOW;
}
