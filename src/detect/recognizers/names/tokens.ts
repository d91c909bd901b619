import type { DetectionContext } from '../../context.js';
import { RecentRing } from '../../recent-ring.js';
import { ContextMemo } from '../../context-memo.js';

/**
 * Word tokens of a document, shared by the name, place and organisation
 * recognizers (built once per document and cached on the context object).
 * A token is a run of letters with inner apostrophes or hyphens ("O'Neil",
 * "Okoro-Banks"); a trailing possessive "'s" is left out of the token.
 */
export type Shape = 'title' | 'upper' | 'lower' | 'initial' | 'other';

export interface Token {
  start: number;
  end: number;
  text: string;
  /** Lower case, accents folded, straight apostrophes. */
  key: string;
  shape: Shape;
  /** First word of a sentence, a line or a quoted fragment: capitalisation is no evidence. */
  sentenceStart: boolean;
  /** Text between the previous token's end and this token's start. */
  gapBefore: string;
}

/*
 * A token is what the regular expression
 *   /[\p{L}][\p{L}\p{M}]{0,40}(?:['\u2019\-][\p{L}][\p{L}\p{M}]{0,40}){0,4}/gu
 * matches: bounded pieces of letters (and marks) separated by apostrophes or
 * hyphens. Each separator is a non-letter, so the pieces cannot overlap and
 * the greedy match needs no backtracking: tokenize() reads it with a scan of
 * character codes (one pass, each code unit looked at once), which gives the
 * same tokens as the expression at a fraction of the cost.
 */
const UPPER = /^\p{Lu}/u;
const ALL_UPPER = /^[\p{Lu}\p{M}'\u2019\-]+$/u;
const HAS_LOWER = /\p{Ll}/u;

function shapeOf(text: string): Shape {
  if (!UPPER.test(text)) return 'lower';
  if (text.length === 1) return 'initial';
  if (ALL_UPPER.test(text)) return 'upper';
  return HAS_LOWER.test(text) ? 'title' : 'other';
}

export function foldKey(word: string): string {
  // Same key as the lexicons (src/lexicons/word-lists.ts lexiconKey).
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/\u2019/g, "'").toLowerCase();
}
const NON_ASCII = /[^\x00-\x7f]/;

/** Classes of code points: a letter (\p{L}), a mark (\p{M}), anything else. */
const LETTER = 1;
const MARK = 2;
const OTHER = 3;
/** Class of each BMP code unit, filled on first sight (0: not known yet); ASCII filled now. */
const UNIT_CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) UNIT_CLASS[c] = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? LETTER : OTHER;
/** Class of astral code points (surrogate pairs), filled on first sight. */
const ASTRAL_CLASS = new Map<number, number>();
const IS_LETTER = /^\p{L}$/u;
const IS_MARK = /^\p{M}$/u;

function classOfChar(ch: string): number {
  return IS_LETTER.test(ch) ? LETTER : IS_MARK.test(ch) ? MARK : OTHER;
}

/** Width in code units of the code point at `i` (whose first unit is `c`): 2 for a surrogate pair. */
function widthAt(text: string, i: number, c: number): number {
  if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) return 1;
  const d = text.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

/** Class of the code point at `i` (first unit `c`, width `w`); a lone surrogate is OTHER. */
function classAt(text: string, i: number, c: number, w: number): number {
  if (w === 1) {
    let k = UNIT_CLASS[c];
    if (k === 0) UNIT_CLASS[c] = k = classOfChar(String.fromCharCode(c));
    return k;
  }
  const cp = ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000;
  let k = ASTRAL_CLASS.get(cp);
  if (k === undefined) {
    k = classOfChar(String.fromCodePoint(cp));
    ASTRAL_CLASS.set(cp, k);
  }
  return k;
}

/**
 * End of a piece's letters and marks: at most `max` code points from `i`; sets `pieceAscii`, and adds
 * the piece's ASCII capitals and small letters to `upperCount` and `lowerCount`.
 */
let pieceAscii = true;
let upperCount = 0;
let lowerCount = 0;
function pieceEnd(text: string, i: number, max: number): number {
  const n = text.length;
  let ascii = true;
  // Counted in local variables, added to the module's once (not a store per character).
  let upper = 0;
  let lower = 0;
  for (let count = 0; count < max && i < n; count++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (UNIT_CLASS[c] !== LETTER) break;
      // An ASCII letter: A-Z (65-90) or a-z (97-122).
      if (c <= 90) upper++;
      else lower++;
      i++;
      continue;
    }
    const w = widthAt(text, i, c);
    if (classAt(text, i, c, w) === OTHER) break;
    ascii = false;
    i += w;
  }
  upperCount += upper;
  lowerCount += lower;
  pieceAscii = ascii;
  return i;
}

const cache = new ContextMemo<Token[]>();

export function tokensOf(ctx: DetectionContext): Token[] {
  let tokens = cache.get(ctx);
  if (!tokens) {
    // The lower-case text is the context's (person-names.ts reads it anyway): keys are sliced from it.
    tokens = tokenize(ctx.text, ctx.lower);
    // A window of a long document keeps its list to itself: its token facts take the whole
    // document's lower-case words (classify.ts presetLowerCaseKeys), which no other text may share.
    if (!ctx.document) recentTokens.add(ctx.text, tokens);
    cache.set(ctx, tokens);
  }
  return tokens;
}

/** The token lists of the documents read lately (the refiners ask for each text's tokens again): see RecentRing. */
const recentTokens = new RecentRing<string, Token[]>(256, 1 << 18, 8);

/** Tokens of `text`, remembering the documents read lately (the refiners see the same texts). */
export function tokenizeCached(text: string): Token[] {
  const kept = recentTokens.find(text);
  if (kept) return kept;
  const tokens = tokenize(text);
  recentTokens.resumeAt(recentTokens.add(text, tokens), text);
  return tokens;
}

/**
 * The tokens of `text`. `lower`, when given, is `text` in lower case with the same offsets
 * (context.ts sameLengthLower): the keys of ASCII words with capitals are sliced from it.
 */
export function tokenize(text: string, lower?: string): Token[] {
  const out = scratch;
  let count = 0;
  const n = text.length;
  let prevEnd = 0;
  let i = 0;
  while (i < n) {
    // The next letter.
    const c = text.charCodeAt(i);
    let ascii = c < 128;
    if (ascii) {
      if (UNIT_CLASS[c] !== LETTER) {
        i++;
        continue;
      }
    } else {
      const w = widthAt(text, i, c);
      if (classAt(text, i, c, w) !== LETTER) {
        i += w;
        continue;
      }
    }
    const start = i;
    i += ascii ? 1 : widthAt(text, i, c);
    // The first letter's case; pieceEnd counts the others.
    upperCount = ascii && c <= 90 ? 1 : 0;
    lowerCount = ascii && c > 90 ? 1 : 0;
    // Up to 40 more letters or marks, then up to four pieces after an apostrophe or hyphen.
    // `ascii`: every character is ASCII but for curly apostrophes (`curly`) between pieces.
    let curly = false;
    i = pieceEnd(text, i, 40);
    ascii = ascii && pieceAscii;
    for (let piece = 0; piece < 4 && i + 1 < n; piece++) {
      const s = text.charCodeAt(i);
      if (s !== 39 && s !== 0x2019 && s !== 45) break;
      const d = text.charCodeAt(i + 1);
      if (d < 128) {
        if (UNIT_CLASS[d] !== LETTER) break;
        if (d <= 90) upperCount++;
        else lowerCount++;
        i += 2;
      } else {
        const w = widthAt(text, i + 1, d);
        if (classAt(text, i + 1, d, w) !== LETTER) break;
        ascii = false;
        i += 1 + w;
      }
      if (s === 0x2019) curly = true;
      i = pieceEnd(text, i, 40);
      ascii = ascii && pieceAscii;
    }
    const matchEnd = i;
    let end = matchEnd;
    // A trailing possessive "'s" is left out of the token.
    if (end - start > 3 && text.charCodeAt(end - 1) === 115 && (text.charCodeAt(end - 2) === 39 || text.charCodeAt(end - 2) === 0x2019)) {
      end -= 2;
      lowerCount--; // the "s" left out
    }
    const word = text.slice(start, end);
    let key: string;
    let shape: Shape;
    if (ascii) {
      // ASCII letters, apostrophes and hyphens, and curly apostrophes (which foldKey straightens and
      // shapeOf counts as neither upper nor lower case, like a straight one). The letters of each case
      // were counted by the scan.
      if (upperCount === 0) key = curly ? word.replace(CURLY, "'") : word;
      else if (lower !== undefined && !curly) key = lower.slice(start, end);
      else key = (curly ? word.replace(CURLY, "'") : word).toLowerCase();
      const first = text.charCodeAt(start);
      if (!(first >= 65 && first <= 90)) shape = 'lower';
      else if (end - start === 1) shape = 'initial';
      else shape = lowerCount === 0 ? 'upper' : 'title';
    } else {
      const folded = foldedWord(word);
      key = folded.key;
      shape = folded.shape;
    }
    out[count] = { start, end, text: word, key, shape, sentenceStart: isSentenceStart(text, start, prevEnd, count === 0), gapBefore: text.slice(prevEnd, start) };
    count++;
    prevEnd = matchEnd;
  }
  return listOf(count);
}

/**
 * tokenize collects the tokens in `scratch` and copies them into a list of their exact number: one
 * array allocated per document, not every size that pushing one token at a time grows through.
 */
let scratch: Array<Token | undefined> = [];
const SCRATCH_KEPT = 1 << 14;

function listOf(count: number): Token[] {
  const list = scratch.slice(0, count) as Token[];
  // The scratch holds no token once the list is made (nothing kept alive for the collector to copy);
  // a long document's scratch is let go, and the next one starts small.
  if (scratch.length > SCRATCH_KEPT) scratch = [];
  else scratch.fill(undefined, 0, count);
  return list;
}

/** The key and shape of a word with other than ASCII letters. */
interface FoldedWord {
  key: string;
  shape: Shape;
}

/**
 * foldKey and shapeOf of the words with other than ASCII letters, memoised (bounded): such words
 * are few and repeat, and each costs a normalisation and several Unicode expressions.
 */
const foldedWords = new Map<string, FoldedWord>();

function foldedWord(word: string): FoldedWord {
  let folded = foldedWords.get(word);
  if (folded === undefined) {
    if (foldedWords.size >= 20_000) foldedWords.clear();
    folded = { key: foldKey(word), shape: shapeOf(word) };
    foldedWords.set(word, folded);
  }
  return folded;
}

const CURLY = /\u2019/g;
const INITIAL_BEFORE = /(?:^|[^\p{L}])\p{Lu}$/u;

/** Whether the token at `start`, after the gap text[gapStart, start), starts a sentence. */
function isSentenceStart(text: string, start: number, gapStart: number, first: boolean): boolean {
  if (first) return true;
  // Last non-space character before the token.
  for (let i = start - 1; i >= gapStart; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 32 || ch === 9) continue;
    // \n . ! ? : ; " \u201C ( \u2022 * > - \u2014 |
    if (ch === 10 || ch === 46 || ch === 33 || ch === 63 || ch === 58 || ch === 59 || ch === 34 || ch === 0x201c || ch === 40 || ch === 0x2022 || ch === 42 || ch === 62 || ch === 45 || ch === 0x2014 || ch === 124) {
      // "J. Smith": a dot after an initial does not start a sentence.
      if (ch === 46 && i === gapStart && start >= 2 && INITIAL_BEFORE.test(text.slice(Math.max(0, start - 4), gapStart))) return false;
      return true;
    }
    return false;
  }
  return false;
}

/** /^[ \t]{1,2}$/.test(gap), read as character codes: one or two blanks between two tokens. */
export function isBlankGap(gap: string): boolean {
  const n = gap.length;
  if (n === 0 || n > 2) return false;
  const c = gap.charCodeAt(0);
  if (c !== 32 && c !== 9) return false;
  if (n === 1) return true;
  const d = gap.charCodeAt(1);
  return d === 32 || d === 9;
}

/**
 * True if the gap between two tokens keeps them in one name: spaces, or an initial's dot and spaces.
 * gap === '.' || /^\.? {1,2}$/.test(gap), read as character codes.
 */
export function joinsName(gap: string): boolean {
  const n = gap.length;
  if (n === 0 || n > 3) return false;
  let k = 0;
  if (gap.charCodeAt(0) === 46) {
    if (n === 1) return true;
    k = 1;
  }
  if (n - k > 2) return false;
  for (; k < n; k++) if (gap.charCodeAt(k) !== 32) return false;
  return true;
}
