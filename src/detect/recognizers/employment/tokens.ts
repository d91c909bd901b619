import type { DetectionContext } from '../../context.js';
import { ContextMemo } from '../../context-memo.js';

/**
 * Word tokens with offsets, shared by the contextual recognizers (employment,
 * medical, achievements). A token is a run of letters/digits, optionally joined
 * by single apostrophes or hyphens ("owner-operator", "Children's").
 * Tokens never contain dots: abbreviations ("St.", "Co.") are handled by callers.
 */
export interface Token {
  start: number;
  end: number;
  text: string;
  lower: string;
}

/**
 * The tokens tokensOf makes: instances of a class of their own rather than object literals. Every
 * four-property literal that starts with `start` and `end` (candidates, spans) shares one chain of
 * V8 hidden classes; code elsewhere that assigns `start` or `end` of such an object (merging
 * candidates) marks those fields mutable, and V8 then throws away the optimised code of every
 * function that read them, this module's readers included, in every worker. A class gives the
 * tokens hidden classes nobody else writes to. (`declare`: no field initialisers, only the
 * constructor's assignments, so the fields stay constant.)
 */
class WordToken implements Token {
  declare readonly start: number;
  declare readonly end: number;
  declare readonly text: string;
  declare readonly lower: string;

  constructor(start: number, end: number, text: string, lower: string) {
    this.start = start;
    this.end = end;
    this.text = text;
    this.lower = lower;
  }
}

const L_OR_N = /[\p{L}\p{N}]/u;
/**
 * Per BMP character, `[\p{L}\p{N}]` and whether lower-casing may change it: PLAIN (a letter or
 * digit that lower-casing leaves as it is: a-z, 0-9), CASED (any other letter or digit: A-Z and
 * every non-ASCII one, to be safe), NOT_WORD, or 0: not known yet (filled on first use). ASCII is
 * filled at load, so the scan's usual case is one array read; high surrogates stay 0 (a pair is
 * classified whole by wordCharLength, every time).
 */
const PLAIN = 1;
const NOT_WORD = 2;
const CASED = 3;
const BMP_CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x80; c++) BMP_CLASS[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ? PLAIN : c >= 65 && c <= 90 ? CASED : NOT_WORD;

/**
 * Length in UTF-16 units of the letter or digit (`[\p{L}\p{N}]` as a `u`-flag
 * regex reads it: a surrogate pair is one code point) at `i`; 0 if there is none.
 */
function wordCharLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c !== c) return 0; // past the end
  if (c >= 0xd800 && c <= 0xdbff) {
    const lo = text.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return L_OR_N.test(text.slice(i, i + 2)) ? 2 : 0;
    return 0;
  }
  let known = BMP_CLASS[c];
  if (known === 0) {
    known = L_OR_N.test(String.fromCharCode(c)) ? CASED : NOT_WORD;
    BMP_CLASS[c] = known;
  }
  return known === NOT_WORD ? 0 : 1;
}

const cache = new ContextMemo<Token[]>();

/**
 * The document's word tokens, cached per context: the matches of
 * `[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*` in order, read by a character
 * loop (no match objects). A word already in lower case shares one string for
 * `text` and `lower` (fewer strings to build and hash).
 */
export function tokensOf(ctx: DetectionContext): Token[] {
  let tokens = cache.get(ctx);
  if (tokens) return tokens;
  tokens = [];
  const text = ctx.text;
  const lower = ctx.lower;
  const n = text.length;
  let i = 0;
  while (i < n) {
    // BMP_CLASS first (one array read for ASCII and known characters); wordCharLength for the rest.
    let k = BMP_CLASS[text.charCodeAt(i)];
    if (k === NOT_WORD) {
      i++;
      continue;
    }
    let len = k === 0 ? wordCharLength(text, i) : 1;
    if (len === 0) {
      i++;
      continue;
    }
    // Bit 2 of `seen` is set once a unit that lower-casing may change is read (CASED, or any unit
    // wordCharLength reads): without one, text[start, i) is its own lower case.
    let seen = k === 0 ? CASED : k;
    const start = i;
    i += len;
    while (i < n) {
      const c = text.charCodeAt(i);
      k = BMP_CLASS[c];
      if (k === PLAIN || k === CASED) {
        seen |= k;
        i++;
        continue;
      }
      if (k === 0 && (len = wordCharLength(text, i)) > 0) {
        seen = CASED;
        i += len;
        continue;
      }
      // A separator joins only when a letter or digit follows it (the separators are their own lower case).
      if (c === 39 || c === 0x2019 || c === 45) {
        k = BMP_CLASS[text.charCodeAt(i + 1)];
        if (k === PLAIN || k === CASED) {
          seen |= k;
          i += 2;
          continue;
        }
        if (k === 0 && (len = wordCharLength(text, i + 1)) > 0) {
          seen = CASED;
          i += 1 + len;
          continue;
        }
      }
      break;
    }
    const word = text.slice(start, i);
    tokens.push(new WordToken(start, i, word, (seen & 2) === 0 || lower.startsWith(word, start) ? word : lower.slice(start, i)));
  }
  cache.set(ctx, tokens);
  return tokens;
}

/** Index of the first token starting at or after `offset` (binary search). */
export function tokenIndexAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type Case = 'lower' | 'title' | 'upper' | 'other';

export function caseOf(word: string): Case {
  const first = word[0];
  if (!first) return 'other';
  const isUpper = first !== first.toLowerCase();
  if (!isUpper) return /^\p{Ll}/u.test(first) ? 'lower' : 'other';
  if (word.length > 1 && word === word.toUpperCase()) return 'upper';
  return 'title';
}

const UPPER_FIRST = /^\p{Lu}/u;

export function isCapitalised(word: string): boolean {
  const c = word.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90; // ASCII fast path
  return UPPER_FIRST.test(word);
}

/** The characters between two tokens. */
export function gapBetween(ctx: DetectionContext, a: Token, b: Token): string {
  return ctx.text.slice(a.end, b.start);
}

/** True if the gap is only spaces/tabs (no line break, no punctuation). */
export function isSpaceGap(gap: string): boolean {
  return isSpaceGapAt(gap, 0, gap.length);
}

/** isSpaceGap(text.slice(from, to)) without building the slice. */
export function isSpaceGapAt(text: string, from: number, to: number): boolean {
  const n = to - from;
  if (n <= 0 || n > 3) return false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 0xa0) return false;
  }
  return true;
}

/** True if only 1–3 spaces/tabs separate token `a` from the next token `b`. */
export function spaced(ctx: DetectionContext, a: Token, b: Token): boolean {
  return isSpaceGapAt(ctx.text, a.end, b.start);
}

/** True if text[from, to) is exactly the one character `code`. */
export function gapIsChar(text: string, from: number, to: number, code: number): boolean {
  return to - from === 1 && text.charCodeAt(from) === code;
}

const NUMBERED_WORD = /^\d+\p{L}/u;

/** "3rd", "21st", "7Eleven": digits then a letter (tested only when the word starts with a digit). */
function isNumberedWord(word: string): boolean {
  const c = word.charCodeAt(0);
  return c >= 48 && c <= 57 && NUMBERED_WORD.test(word);
}

/** Words that may join capitalised words inside an organisation/school name. */
const NAME_CONNECTORS = new Set(['of', 'and', 'the', 'for', 'de', 'du', 'da', 'del', 'der', 'la', 'le', 'am', 'y', 'di']);
/** Abbreviations that keep their trailing dot inside a name. */
const NAME_ABBREVIATIONS = new Set(['st', 'co', 'inc', 'corp', 'ltd', 'bros', 'mt', 'ft', 'jr', 'sr', 'u', 's', 'n', 'e', 'w', 'j', 'p', 'a', 'b', 'c', 'd', 'h', 'l', 'm', 'r', 't', 'no', 'int', 'intl', 'dept', 'assn', 'univ']);
/** Legal suffixes that may follow a name after a comma: "Acme Tools, Inc." */
const COMMA_SUFFIXES = new Set(['inc', 'llc', 'ltd', 'llp', 'plc', 'gmbh', 'corp', 'co', 'l.p', 'lp', 'ag', 'sa', 'nv', 'bv', 'pty']);

export interface Run {
  /** First and last token index (inclusive). */
  first: number;
  last: number;
  start: number;
  end: number;
}

/**
 * The maximal run of capitalised words (with name connectors, "&", "St." style
 * abbreviations and ", Inc." suffixes) starting at token `i`, bounded to
 * `maxTokens`. Returns undefined if token `i` is not capitalised.
 * `allowLower` lets a run continue over lower-case words when the whole text is
 * informal (not used by default).
 */
export function capitalisedRunFrom(ctx: DetectionContext, tokens: readonly Token[], i: number, maxTokens = 8): Run | undefined {
  const t0 = tokens[i];
  if (!t0 || !(isCapitalised(t0.text) || isNumberedWord(t0.text))) return undefined;
  const text = ctx.text;
  let last = i;
  let end = t0.end;
  let count = 1;
  let connectors = 0;
  for (let j = i + 1; j < tokens.length && count < maxTokens; j++) {
    const prev = tokens[j - 1];
    const tok = tokens[j];
    // Fast path for the usual one-character gaps; other gaps take the patterns.
    let ok = isSpaceGapAt(text, prev.end, tok.start) || gapIsChar(text, prev.end, tok.start, 45) || gapIsChar(text, prev.end, tok.start, 47);
    if (!ok) {
      const gap = text.slice(prev.end, tok.start);
      if (/^[ \t]?&[ \t]?$/.test(gap) || /^[ \t]+\+[ \t]+$/.test(gap)) ok = true;
      else if (/^\.[ \t]?$/.test(gap) && NAME_ABBREVIATIONS.has(prev.lower)) ok = true;
      else if (/^,[ \t]$/.test(gap) && COMMA_SUFFIXES.has(tok.lower)) ok = true;
    }
    if (!ok) break;
    const cap = isCapitalised(tok.text) || isNumberedWord(tok.text);
    if (!cap && !NAME_CONNECTORS.has(tok.lower)) break;
    // At most two connectors in a row ("of the"); "and" never follows another connector.
    connectors = cap ? 0 : connectors + 1;
    if (connectors > 2 || (connectors === 2 && tok.lower === 'and')) break;
    count++;
    if (cap) {
      last = j;
      end = tok.end;
    }
  }
  // A trailing abbreviation keeps its dot: "Co.", "Inc.", "St."
  if (ctx.text[end] === '.' && NAME_ABBREVIATIONS.has(tokens[last].lower) && tokens[last].lower.length > 1) end++;
  return { first: i, last, start: t0.start, end };
}

/**
 * Walk left from token `i` (exclusive) over capitalised words/connectors joined
 * by spaces; returns the index of the first token of the run (i if none).
 */
export function capitalisedRunBack(ctx: DetectionContext, tokens: readonly Token[], i: number, maxTokens = 6): number {
  let first = i;
  let count = 0;
  for (let j = i - 1; j >= 0 && count < maxTokens; j--) {
    const tok = tokens[j];
    const from = tok.end;
    const to = tokens[j + 1].start;
    let ok = isSpaceGapAt(ctx.text, from, to) || gapIsChar(ctx.text, from, to, 45);
    if (!ok && to - from <= 3) {
      const gap = ctx.text.slice(from, to);
      ok = /^[ \t]?&[ \t]?$/.test(gap) || (/^\.[ \t]?$/.test(gap) && NAME_ABBREVIATIONS.has(tok.lower));
    }
    if (!ok) break;
    const cap = isCapitalised(tok.text) || isNumberedWord(tok.text);
    if (!cap && !NAME_CONNECTORS.has(tok.lower)) break;
    count++;
    if (cap) first = j;
  }
  return first;
}

export function minScoreFor(profile: 'recall' | 'balanced' | 'precision'): number {
  return profile === 'recall' ? 0.3 : profile === 'precision' ? 0.7 : 0.5;
}
