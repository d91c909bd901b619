/**
 * The one text normalisation of the knowledge-graph gazetteer, shared by the
 * index (terms), the matcher (documents) and the independent verifier, so
 * that all three agree on what a term looks like in text:
 *
 *   - letters lower-cased, accents and other combining marks removed (NFKD),
 *     so "José" and "JOSE" read alike;
 *   - curly apostrophes become "'", the dashes (‐ ‑ ‒ – — −) become "-";
 *   - every run of white space becomes one space.
 *
 * `foldText` keeps, for each code unit of the folded text, the UTF-16 range
 * of the original text it came from, so a match in the folded text maps back
 * to original offsets (end exclusive). Linear in the text length.
 */
export interface FoldedText {
  /** The folded text. */
  text: string;
  /** Original start offset of the code point behind each folded code unit. */
  starts: Int32Array;
  /** Original end offset (exclusive) of the code point behind each folded code unit. */
  ends: Int32Array;
}

const APOSTROPHES = new Set(['\u2018', '\u2019', '\u02bc', '\u2032', '\u00b4']);
const DASHES = new Set(['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212']);
const MARKS = /\p{M}/gu;
const cache = new Map<number, string>();

/** The folded form of one code point (possibly empty, e.g. a lone combining mark). */
function foldCodePoint(cp: number): string {
  if (cp < 128) return cp >= 65 && cp <= 90 ? String.fromCharCode(cp + 32) : String.fromCharCode(cp);
  let hit = cache.get(cp);
  if (hit !== undefined) return hit;
  const ch = String.fromCodePoint(cp);
  if (APOSTROPHES.has(ch)) hit = "'";
  else if (DASHES.has(ch)) hit = '-';
  else hit = ch.normalize('NFKD').replace(MARKS, '').toLowerCase();
  if (cache.size < 65_536) cache.set(cp, hit);
  return hit;
}

function isSpaceCode(cp: number): boolean {
  return cp === 32 || (cp >= 9 && cp <= 13) || cp === 0xa0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x2028 || cp === 0x2029 || cp === 0x202f || cp === 0x205f || cp === 0x3000 || cp === 0xfeff;
}

/** Fold a text, keeping the map back to original UTF-16 offsets. */
export function foldText(original: string): FoldedText {
  const parts: string[] = [];
  // Folding rarely lengthens text; grow the maps if it does.
  let starts = new Int32Array(original.length + 16);
  let ends = new Int32Array(original.length + 16);
  let n = 0;
  const push = (unit: string, start: number, end: number) => {
    if (n === starts.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      starts = grow(starts);
      ends = grow(ends);
    }
    parts.push(unit);
    starts[n] = start;
    ends[n] = end;
    n++;
  };
  let i = 0;
  while (i < original.length) {
    const cp = original.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (isSpaceCode(cp)) {
      let j = i + width;
      while (j < original.length && isSpaceCode(original.codePointAt(j)!)) j++;
      push(' ', i, j);
      i = j;
      continue;
    }
    const folded = foldCodePoint(cp);
    if (folded.length === 0) {
      // A lone combining mark: it belongs to the code point before it.
      if (n > 0) ends[n - 1] = i + width;
    } else {
      for (let k = 0; k < folded.length; k++) push(folded[k], i, i + width);
    }
    i += width;
  }
  return { text: parts.join(''), starts: starts.subarray(0, n), ends: ends.subarray(0, n) };
}

/** Letters, digits and the underscore (marks are gone after folding). */
const WORD = /[\p{L}\p{N}_]/u;

/** Whether the code point at UTF-16 index i of `s` is a word character (false outside the string). */
export function isWordAt(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  // A low surrogate: look at the whole pair.
  if (c >= 0xdc00 && c <= 0xdfff && i > 0) return WORD.test(String.fromCodePoint(s.codePointAt(i - 1)!));
  return WORD.test(String.fromCodePoint(s.codePointAt(i)!));
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The canonical key of a value or surface form: folded, with the non-word
 * characters at either edge trimmed ("Acme Inc." → "acme inc"), so every key
 * starts and ends with a word character and a match needs a word boundary on
 * both sides. Empty when nothing word-like is left.
 */
export function normalizeKey(value: string): string {
  // Printable ASCII folds to itself lower-cased, with runs of spaces collapsed (the common case, without the offset maps).
  const folded = PRINTABLE_ASCII.test(value) ? value.toLowerCase().replace(/ {2,}/g, ' ') : foldText(value).text;
  let a = 0;
  let b = folded.length;
  while (a < b && !isWordAt(folded, a)) a++;
  while (b > a && !isWordAt(folded, b - 1)) b--;
  return folded.slice(a, b);
}

/** Whether [start, end) of a folded text is bounded by non-word characters (or the text's edges). */
export function atWordBoundaries(folded: string, start: number, end: number): boolean {
  return !isWordAt(folded, start - 1) && !isWordAt(folded, end);
}
