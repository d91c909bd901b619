/**
 * The attacker's view of a text: its words (with UTF-16 offsets into the text),
 * with every mask left by a redaction ignored. A mask is any of
 *
 *   - a tag or a keyed hash:  [PERSON_NAME], [PERSON_NAME:3f9a0c1b2d4e], [MASK], [REDACTED], <mask>
 *   - a block:                ████████ (also ▇ ■ ▓ ▒ ░), runs of three or more * or X
 *   - a bare hex digest:      12 to 64 hex characters mixing digits and letters
 *   - a surrogate or anything else the caller marks with explicit `masks` spans
 *     (a surrogate cannot be told from real text by looking at it).
 *
 * Words never join across a mask: the word after one carries `breakBefore`,
 * so phrases, dates and names are only read from words that were adjacent and
 * unmasked in the text.
 */

export interface Token {
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  /** Normalised form: NFKD without marks, lower case, apostrophes dropped, a possessive 's removed. */
  norm: string;
  /** The text as written. */
  raw: string;
  /** True when the word is all digits. */
  numeric: boolean;
  /** The characters between the previous word (or the start) and this one. */
  gap: string;
  /** A mask (or the start of the text) lies between the previous word and this one. */
  breakBefore: boolean;
}

export interface TextView {
  text: string;
  tokens: Token[];
  /** The mask regions found or given, sorted, non-overlapping. */
  masks: { start: number; end: number }[];
}

// Each alternative is a bounded or single-class run: linear-time.
const MASK_PATTERN = new RegExp(
  [
    String.raw`\[[A-Z][A-Z0-9_ ]{0,40}(?::[0-9A-Fa-f]{4,64})?\]`,
    String.raw`<[A-Za-z][A-Za-z_]{0,30}>`,
    String.raw`[█▇▆■▓▒░]+`,
    String.raw`\*{3,}`,
    String.raw`\b[Xx]{3,}\b`,
    String.raw`\b[0-9a-f]{12,64}\b`,
  ].join('|'),
  'g',
);

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const MARKS = /\p{M}+/gu;
const APOSTROPHES = /['’]/g;

/** Normalised form of one word. */
export function normalizeWord(word: string): string {
  let w = word.normalize('NFKD').replace(MARKS, '').toLowerCase();
  if (w.length > 2 && (w.endsWith("'s") || w.endsWith('’s'))) w = w.slice(0, -2);
  return w.replace(APOSTROPHES, '');
}

/** Mask regions recognised in the text itself (tags, blocks, hashes). */
export function findMasks(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  MASK_PATTERN.lastIndex = 0;
  for (let m = MASK_PATTERN.exec(text); m; m = MASK_PATTERN.exec(text)) {
    // A bare hex run only counts when it mixes digits and letters (a digest, not a word or a number).
    if (/^[0-9a-f]+$/.test(m[0]) && !(/[0-9]/.test(m[0]) && /[a-f]/.test(m[0]))) continue;
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function mergeRegions(regions: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = regions.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: { start: number; end: number }[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out;
}

/**
 * Tokenise a text for the re-identifiers. `extraMasks` are spans (UTF-16, end
 * exclusive) the caller knows to be masks, such as surrogates; a word that
 * overlaps any mask is dropped.
 */
export function viewText(text: string, extraMasks: readonly { start: number; end: number }[] = []): TextView {
  const masks = mergeRegions([...findMasks(text), ...extraMasks.map((m) => ({ start: Math.max(0, m.start), end: Math.min(text.length, m.end) }))]);
  const tokens: Token[] = [];
  let maskIndex = 0;
  let prevEnd = 0;
  let pendingBreak = true;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    while (maskIndex < masks.length && masks[maskIndex].end <= start) {
      if (masks[maskIndex].start >= prevEnd) pendingBreak = true;
      maskIndex++;
    }
    if (maskIndex < masks.length && masks[maskIndex].start < end) {
      // The word overlaps a mask: dropped, and the next word starts after a break.
      pendingBreak = true;
      prevEnd = end;
      continue;
    }
    const norm = normalizeWord(m[0]);
    if (norm === '') continue;
    tokens.push({ start, end, norm, raw: m[0], numeric: /^[0-9]+$/.test(norm), gap: text.slice(prevEnd, start), breakBefore: pendingBreak });
    pendingBreak = false;
    prevEnd = end;
  }
  return { text, tokens, masks };
}

const valueCache = new Map<string, readonly Token[]>();
const VALUE_CACHE_LIMIT = 100_000;

/** Words of a short value (an attribute value): the same tokenisation, no masks. Memoised; do not mutate. */
export function valueTokens(value: string): readonly Token[] {
  let tokens = valueCache.get(value);
  if (!tokens) {
    tokens = viewText(value).tokens;
    if (valueCache.size >= VALUE_CACHE_LIMIT) valueCache.clear();
    valueCache.set(value, tokens);
  }
  return tokens;
}

/** Function words: never evidence on their own. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor of in on at to for from by with without into onto over under about after before between during ' +
    'as is was were be been being are am has have had do does did not no yes so than then that this these those there here ' +
    'he she it they we you i him her his hers its their them our us your my me who whom whose which what when where why how ' +
    'also very more most much many some any all each both other such only own same too can could will would shall should may might must ' +
    'up down out off again further once s t'
  ).split(' '),
);
