import { shape, type Token } from './tokens.js';

/**
 * Features of one token for the tagger: the word, its shape and affixes, the
 * words and shapes around it, whether it starts a line or sentence, lexicon
 * memberships, and the tags predicted for the previous tokens (greedy decoding).
 * Per-token facts are computed once per document (prepare), so tagging is fast.
 */
export interface Lexicons {
  /** Ordinary English words, lower case. */
  english: ReadonlySet<string>;
  /** Given names and family names, lower case. */
  givenNames: ReadonlySet<string>;
  familyNames: ReadonlySet<string>;
  /** GIVEN_NAME and FAMILY_NAME bits of a lower-case word: both sets in one lookup (optional; the same answers as the sets). */
  nameFlags?(word: string): number;
}

export const GIVEN_NAME = 1;
export const FAMILY_NAME = 2;

export interface PreparedTokens {
  /** Lower-case form and shape of token i, computed on first use. */
  lower(i: number): string;
  shape(i: number): string;
  /** Static features of token i (everything but the previous tags), built on first use. */
  fixed(i: number): string[];
}

export function prepareTokens(tokens: readonly Token[], text: string, lex: Lexicons): PreparedTokens {
  const n = tokens.length;
  // Lazily: a caller that skips most tokens (proper names only) never pays for them.
  const lowers: Array<string | undefined> = new Array(n);
  const shapes: Array<string | undefined> = new Array(n);
  const lower = (k: number) => (lowers[k] ??= tokens[k].text.toLowerCase());
  const shapeOf = (k: number) => (shapes[k] ??= shape(tokens[k].text));
  const word = (k: number) => (k < 0 ? '<s>' : k >= n ? '</s>' : lower(k));
  const shp = (k: number) => (k < 0 || k >= n ? '_' : shapeOf(k));
  const cache: Array<string[] | undefined> = new Array(n);
  const fixed = (i: number): string[] => {
    const hit = cache[i];
    if (hit) return hit;
    const lw = lower(i);
    const between = i > 0 ? text.slice(tokens[i - 1].end, tokens[i].start) : '\n';
    const lineStart = between.includes('\n');
    const prevText = i > 0 ? tokens[i - 1].text : '';
    const sentenceStart = lineStart || prevText === '.' || prevText === '!' || prevText === '?' || prevText === ':';
    const f = [
      'b',
      'w=' + lw,
      's=' + shapeOf(i),
      'p3=' + lw.slice(0, 3),
      'x3=' + lw.slice(-3),
      'x2=' + lw.slice(-2),
      'w-1=' + word(i - 1),
      'w+1=' + word(i + 1),
      'w-2=' + word(i - 2),
      'w+2=' + word(i + 2),
      'w-1w=' + word(i - 1) + '|' + lw,
      's-1=' + shp(i - 1),
      's+1=' + shp(i + 1),
      's-1s+1=' + shp(i - 1) + '|' + shapeOf(i) + '|' + shp(i + 1),
    ];
    if (sentenceStart) f.push('start');
    if (lineStart) f.push('line');
    const known = lex.english.has(lw);
    if (known) f.push('eng');
    if (lex.givenNames.has(lw)) f.push(known ? 'given+eng' : 'given');
    if (lex.familyNames.has(lw)) f.push(known ? 'family+eng' : 'family');
    const c = tokens[i].text.charCodeAt(0);
    if (c >= 65 && c <= 90 && !known) f.push('cap-unknown');
    cache[i] = f;
    return f;
  };
  return { lower, shape: shapeOf, fixed };
}

/** The features of token i that depend on the tags predicted for the two tokens before it. */
export function tagFeatures(prep: PreparedTokens, i: number, prevTag: string, prev2Tag: string): string[] {
  return ['t-1=' + prevTag, 't-2t-1=' + prev2Tag + '|' + prevTag, 't-1s=' + prevTag + '|' + prep.shape(i)];
}

/** The full feature list of token i, given the tags predicted for the two before it. */
export function tokenFeatures(prep: PreparedTokens, i: number, prevTag: string, prev2Tag: string): string[] {
  return [...prep.fixed(i), ...tagFeatures(prep, i, prevTag, prev2Tag)];
}
