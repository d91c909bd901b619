/**
 * Code-point character tests used instead of `\p{…}` classes on hot paths: an
 * ASCII fast path, and a one-character Unicode regex otherwise. They read the
 * text the way a `u`-flag regular expression does (a surrogate pair is one code
 * point, a lone surrogate is a code point that is not a letter).
 */

const LU = /\p{Lu}/u;
const L_OR_M = /[\p{L}\p{M}]/u;
const L_OR_N = /[\p{L}\p{N}]/u;

/** Code point at `i` (a surrogate pair read whole), or -1 past the end. */
export function codePointAt(text: string, i: number): number {
  return i < text.length ? text.codePointAt(i)! : -1;
}

/** Code point that ends just before `i`, or -1 at the start. */
export function codePointBefore(text: string, i: number): number {
  if (i <= 0) return -1;
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) {
    const hi = text.charCodeAt(i - 2);
    if (hi >= 0xd800 && hi <= 0xdbff) return (hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
  }
  return lo;
}

export const cpLength = (cp: number): number => (cp > 0xffff ? 2 : 1);

/** `\p{Lu}` */
export function isUpper(cp: number): boolean {
  if (cp < 0x80) return cp >= 65 && cp <= 90;
  return cp >= 0 && LU.test(String.fromCodePoint(cp));
}

/** `[\p{L}\p{M}]` */
export function isLetterOrMark(cp: number): boolean {
  if (cp < 0x80) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122);
  return L_OR_M.test(String.fromCodePoint(cp));
}

/** `[\p{L}\p{N}]` */
export function isLetterOrDigit(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 0x80) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57);
  return L_OR_N.test(String.fromCodePoint(cp));
}

/** `(?![\p{L}\p{N}])` at `i`. */
export const notLetterOrDigitAt = (text: string, i: number): boolean => !isLetterOrDigit(codePointAt(text, i));

/** `(?<![\p{L}\p{N}])` at `i`. */
export const notLetterOrDigitBefore = (text: string, i: number): boolean => !isLetterOrDigit(codePointBefore(text, i));

/** Space or tab (`[ \t]`) at `i`. */
export function isBlank(text: string, i: number): boolean {
  // Checked, not read out of range (NaN): a read out of bounds deoptimises the caller.
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c === 32 || c === 9;
}

/** Number of `[ \t]` characters from `i`, counting at most `max`. */
export function blanksAt(text: string, i: number, max: number): number {
  let n = 0;
  while (n < max && isBlank(text, i + n)) n++;
  return n;
}

export function isDigit(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/**
 * Next match of the global `body` from its lastIndex whose start passes `accept`
 * (a leading lookbehind, tested in code). Same matches as the regex with the
 * lookbehind written first, which V8 would evaluate at every position of the text.
 */
export function nextAccepted(body: RegExp, text: string, accept: (text: string, index: number) => boolean): RegExpExecArray | null {
  for (;;) {
    const m = body.exec(text);
    if (!m || accept(text, m.index)) return m;
    const c = text.charCodeAt(m.index);
    body.lastIndex = m.index + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
  }
}

/** `(?<![\p{L}])` at `i`. */
export function notLetterBefore(text: string, i: number): boolean {
  const cp = codePointBefore(text, i);
  if (cp < 0x80) return !((cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122));
  return !L.test(String.fromCodePoint(cp));
}

const L = /\p{L}/u;

/** Start of the line holding `i`, looking back at most `max` characters (whichever is later). */
export function lineStartWithin(text: string, i: number, max: number): number {
  const limit = Math.max(0, i - max);
  // A slice of this length is a view in V8, not a copy; lastIndexOf stays native.
  const nl = text.slice(limit, i).lastIndexOf('\n');
  return nl < 0 ? limit : limit + nl + 1;
}

/**
 * False only when no match of a case-insensitive Unicode pattern that needs one of some words
 * (runs of ASCII lower-case letters and apostrophes) can be in the text: `words`, their
 * alternation (see wordsPattern), finds none in its lower-cased view. A long s "ſ" matches "s"
 * in such a pattern but stays "ſ" in lower case (the Kelvin sign, the other non-ASCII letter
 * that matches an ASCII one, lowers to "k"), so a text holding one always answers true.
 */
export function mayHoldWord(lower: string, words: RegExp): boolean {
  return words.test(lower) || lower.includes('\u017f');
}

/** One plain pattern for the words of mayHoldWord: a single scan (a search per word cost more than the pattern it guards). */
export function wordsPattern(words: readonly string[]): RegExp {
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
}
