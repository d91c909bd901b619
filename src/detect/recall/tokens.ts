/**
 * The word tokens the recall-first stage looks at: maximal runs of letters,
 * digits and combining marks (the same tokens the evaluation scores), each with
 * the facts the clearing rules need. One left-to-right pass; every look-behind
 * is bounded, so the scan is linear in the text.
 */
const UPPER_START = /^\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;
const HAS_DIGIT = /\p{N}/u;
const HAS_LETTER = /\p{L}/u;
/** A letter of any script other than Latin (Han, Cyrillic, Arabic, Hebrew, Devanagari, Greek, Myanmar…). */
const NON_LATIN_LETTER = /(?![\p{Script=Latin}])\p{L}/u;

export interface WordToken {
  start: number;
  end: number;
  text: string;
  /** Lower case (same length). */
  key: string;
  capitalised: boolean;
  allCaps: boolean;
  hasDigit: boolean;
  hasLetter: boolean;
  nonLatin: boolean;
  /** Every character is ASCII (letters and digits): nothing to fold for the lexicons. */
  ascii: boolean;
}

/*
 * A token is what /[\p{L}\p{N}\p{M}]+/gu matches. scanWords reads it from character codes
 * (one pass, no regular expression, no match objects): a class per UTF-16 unit, learnt on first
 * sight, and per code point for surrogate pairs; a lone surrogate is no word character, as in
 * the expression.
 */
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
/** 1: a word character, 2: not, 0: not known yet (ASCII filled now). */
const UNIT_CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) UNIT_CLASS[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 2;
const ASTRAL_CLASS = new Map<number, boolean>();

/** Width in UTF-16 units of the word character at `i` (first unit `c`), or 0 when it is none. */
function wordWidth(text: string, i: number, c: number): number {
  if (c < 0xd800 || c > 0xdfff) {
    let k = UNIT_CLASS[c];
    if (k === 0) UNIT_CLASS[c] = k = WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 2;
    return k === 1 ? 1 : 0;
  }
  if (c > 0xdbff || i + 1 >= text.length) return 0;
  const d = text.charCodeAt(i + 1);
  if (d < 0xdc00 || d > 0xdfff) return 0;
  const cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  let word = ASTRAL_CLASS.get(cp);
  if (word === undefined) {
    word = WORD_CHAR.test(String.fromCodePoint(cp));
    ASTRAL_CLASS.set(cp, word);
  }
  return word ? 2 : 0;
}

/** A word found by nextWord: its range and, for an ASCII word, its letter and digit counts. */
export interface RawWord {
  start: number;
  end: number;
  /** Every character is an ASCII letter or digit. */
  ascii: boolean;
  upper: number;
  lower: number;
  digits: number;
  /** A hash of an ASCII word's characters in lower case, made during the scan (classify.ts's tables of recent words use it). */
  hash: number;
}

export function newRawWord(): RawWord {
  return { start: 0, end: 0, ascii: true, upper: 0, lower: 0, digits: 0, hash: 0 };
}

/** The first word at or after `from`, written into `out` (nothing allocated); false when there is none. */
export function nextWord(text: string, from: number, out: RawWord): boolean {
  const n = text.length;
  let i = from;
  for (; i < n; i++) {
    const first = text.charCodeAt(i);
    if (first < 128 ? UNIT_CLASS[first] === 1 : wordWidth(text, i, first) > 0) break;
  }
  if (i >= n) return false;
  const start = i;
  let upper = 0;
  let lower = 0;
  let digits = 0;
  let ascii = true;
  let hash = 0;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c >= 97 && c <= 122) lower++;
      else if (c >= 65 && c <= 90) upper++;
      else if (c >= 48 && c <= 57) digits++;
      else break;
      // `| 32`: an upper-case letter hashes as its lower case (letters and digits only get here).
      hash = (Math.imul(hash, 31) + (c | 32)) | 0;
      i++;
    } else {
      const width = wordWidth(text, i, c);
      if (width === 0) break;
      ascii = false;
      i += width;
    }
    if (i >= n) break;
  }
  out.start = start;
  out.end = i;
  out.ascii = ascii;
  out.upper = upper;
  out.lower = lower;
  out.digits = digits;
  out.hash = hash;
  return true;
}

/** The token of a word found by nextWord. */
export function wordToken(text: string, w: RawWord): WordToken {
  const t = text.slice(w.start, w.end);
  return w.ascii ? asciiToken(t, w.start, w.upper, w.lower, w.digits) : unicodeToken(t, w.start);
}

export function scanWords(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  const w = newRawWord();
  for (let at = 0; nextWord(text, at, w); at = w.end) tokens.push(wordToken(text, w));
  return tokens;
}

/** The facts of an ASCII token from its letter and digit counts (most tokens; no regular expression). */
function asciiToken(t: string, start: number, upper: number, lower: number, digits: number): WordToken {
  const first = t.charCodeAt(0);
  const capitalised = first >= 65 && first <= 90;
  return {
    start,
    end: start + t.length,
    text: t,
    key: upper > 0 ? t.toLowerCase() : t,
    capitalised,
    allCaps: capitalised && lower === 0 && t.length > 1,
    hasDigit: digits > 0,
    hasLetter: upper + lower > 0,
    nonLatin: false,
    ascii: true,
  };
}

function unicodeToken(t: string, start: number): WordToken {
  const hasLetter = HAS_LETTER.test(t);
  const capitalised = hasLetter && UPPER_START.test(t);
  return {
    start,
    end: start + t.length,
    text: t,
    key: t.toLowerCase(),
    capitalised,
    allCaps: capitalised && !HAS_LOWER.test(t) && t.length > 1,
    hasDigit: HAS_DIGIT.test(t),
    hasLetter,
    nonLatin: hasLetter && NON_LATIN_LETTER.test(t),
    ascii: false,
  };
}

/** Characters that end a sentence or a field, after which a capital says nothing. */
const BOUNDARY = new Set(['.', '!', '?', ':', ';', '\n', '\r', '•', '*', '·', '|', '>', '#', '=', '–', '—', '"', '“', '(', '[', '-']);
const SKIPPABLE = new Set([' ', '\t', '"', '“', '”', "'", '‘', '’', '(', '[', '*', '_']);
/** Abbreviations whose dot does not end a sentence (lower case, no dot). */
const NON_FINAL_ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'mt', 'ft', 'jr', 'sr', 'rev', 'gen', 'col', 'capt', 'lt', 'sgt', 'hon', 'no', 'nos', 'vs', 'v', 'e.g', 'i.e', 'etc', 'approx', 'dept', 'univ', 'inc', 'ltd', 'co', 'corp', 'ave', 'rd', 'blvd']);

const LETTER_OR_DOT = /[\p{L}.]/u;

/** LETTER_OR_DOT.test(text[j]), an ASCII character read from its code. */
function isLetterOrDot(text: string, j: number): boolean {
  const c = text.charCodeAt(j);
  if (c < 128) return c === 46 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER_OR_DOT.test(text[j]);
}

/**
 * True when the token stands where any word is capitalised: text or line start,
 * after a sentence end, a colon, a bullet or an opening quote. A dot after a
 * title or an initial ("Dr. Reyes", "J. Okafor") does not start a sentence.
 */
export function atSentenceStart(text: string, start: number): boolean {
  let i = start - 1;
  const floor = Math.max(0, start - 12);
  while (i >= floor && SKIPPABLE.has(text[i])) i--;
  if (i < 0) return true;
  if (i < floor) return false;
  const ch = text[i];
  if (!BOUNDARY.has(ch)) return false;
  // A hyphen starts an item only as a bullet ("- Item"), not inside "Jean-Luc".
  if (ch === '-') return i === 0 || /\s/.test(text[i - 1]);
  if (ch !== '.') return true;
  // Look at the word before the dot (bounded).
  let j = i - 1;
  const wordFloor = Math.max(0, i - 8);
  while (j >= wordFloor && isLetterOrDot(text, j)) j--;
  const before = text.slice(j + 1, i);
  if (before.length === 1 && /\p{Lu}/u.test(before)) return false; // an initial
  return !NON_FINAL_ABBREVIATIONS.has(before.toLowerCase());
}
