import type { DetectionContext } from '../../context.js';

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

// Bounded pieces separated by apostrophes or hyphens: each separator is a
// non-letter, so the pieces cannot overlap and matching stays linear.
const WORD = /[\p{L}][\p{L}\p{M}]{0,40}(?:['\u2019\-][\p{L}][\p{L}\p{M}]{0,40}){0,4}/gu;
const UPPER = /^\p{Lu}/u;
const ALL_UPPER = /^[\p{Lu}\p{M}'\u2019\-]+$/u;
const HAS_LOWER = /\p{Ll}/u;
const POSSESSIVE = /['\u2019]s$/;

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

const cache = new WeakMap<DetectionContext, Token[]>();

export function tokensOf(ctx: DetectionContext): Token[] {
  let tokens = cache.get(ctx);
  if (tokens) return tokens;
  tokens = tokenizeCached(ctx.text);
  cache.set(ctx, tokens);
  return tokens;
}

let lastText: string | undefined;
let lastTokens: Token[] = [];

/** Tokens of `text`, remembering the last document (the refiners see the same text). */
export function tokenizeCached(text: string): Token[] {
  if (text !== lastText) {
    lastTokens = tokenize(text);
    lastText = text;
  }
  return lastTokens;
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let prevEnd = 0;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    let word = m[0];
    if (POSSESSIVE.test(word) && word.length > 3) word = word.slice(0, -2);
    const start = m.index;
    const end = start + word.length;
    const gapBefore = text.slice(prevEnd, start);
    out.push({ start, end, text: word, key: foldKey(word), shape: shapeOf(word), sentenceStart: isSentenceStart(text, start, gapBefore, out.length === 0), gapBefore });
    prevEnd = m.index + m[0].length;
  }
  return out;
}

function isSentenceStart(text: string, start: number, gap: string, first: boolean): boolean {
  if (first) return true;
  // Last non-space character before the token.
  for (let i = gap.length - 1; i >= 0; i--) {
    const ch = gap[i];
    if (ch === ' ' || ch === '\t') continue;
    if (ch === '\n' || ch === '.' || ch === '!' || ch === '?' || ch === ':' || ch === ';' || ch === '"' || ch === '\u201C' || ch === '(' || ch === '•' || ch === '*' || ch === '>' || ch === '-' || ch === '\u2014' || ch === '|') {
      // "J. Smith": a dot after an initial does not start a sentence.
      if (ch === '.' && i === 0 && start >= 2 && /(?:^|[^\p{L}])\p{Lu}$/u.test(text.slice(Math.max(0, start - 4), start - gap.length))) return false;
      return true;
    }
    return false;
  }
  return false;
}

/** True if the gap between two tokens keeps them in one name: spaces, or an initial's dot and spaces. */
export function joinsName(gap: string): boolean {
  return gap === ' ' || gap === '. ' || gap === '.' || /^\.? {1,2}$/.test(gap);
}
