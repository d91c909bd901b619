import type { DetectionContext } from '../../context.js';
import { tokensOf } from './tokens.js';

/**
 * Word ids: one number per distinct lexicon word, so that the recognizers that
 * walk the shared token list (tokens.ts) pay one hash look-up per token in
 * all, here, instead of one per lexicon. Lexicons register their words when
 * they load (WordSet, WordTable); `tokenIds(ctx)` gives the id of every
 * token's lower-case form (0 for a word no lexicon holds), and a lexicon then
 * answers "is this token mine?" with an array read.
 *
 * Ids are never reused or removed: the vocabulary is the union of the lexicon
 * files, loaded once per process.
 */
const vocabulary = new Map<string, number>();

/** The id of `word`, registered on first call (ids start at 1). */
export function wordId(word: string): number {
  let id = vocabulary.get(word);
  if (id === undefined) {
    id = vocabulary.size + 1;
    vocabulary.set(word, id);
  }
  return id;
}

/** A set of words answered by id. */
export class WordSet {
  private readonly member: Uint8Array;

  constructor(words: Iterable<string>) {
    const ids: number[] = [];
    for (const w of words) ids.push(wordId(w));
    this.member = new Uint8Array(vocabulary.size + 1);
    for (const id of ids) this.member[id] = 1;
  }

  hasId(id: number): boolean {
    return id < this.member.length && this.member[id] === 1;
  }
}

/** A map from words to values, answered by id. */
export class WordTable<T> {
  private readonly values: Array<T | undefined>;

  constructor(entries: Iterable<[string, T]>) {
    const pairs: Array<[number, T]> = [];
    for (const [w, v] of entries) pairs.push([wordId(w), v]);
    this.values = new Array<T | undefined>(vocabulary.size + 1).fill(undefined);
    for (const [id, v] of pairs) this.values[id] = v;
  }

  get(id: number): T | undefined {
    return id < this.values.length ? this.values[id] : undefined;
  }
}

/** Per-word bit flags, answered by id (0 for a word without flags). */
export class WordFlags {
  private readonly flags: Uint32Array;

  constructor(entries: Iterable<[string, number]>) {
    const pairs: Array<[number, number]> = [];
    for (const [w, f] of entries) pairs.push([wordId(w), f]);
    this.flags = new Uint32Array(vocabulary.size + 1);
    for (const [id, f] of pairs) this.flags[id] |= f;
  }

  get(id: number): number {
    return id < this.flags.length ? this.flags[id] : 0;
  }
}

export interface TokenIds {
  /** Id of each token's `lower`. */
  lower: Int32Array;
  /** Id of each token's `lower` with typographic apostrophes as "'" (the same array when the text has none). */
  key: Int32Array;
}

const cache = new WeakMap<DetectionContext, { size: number; ids: TokenIds }>();

/**
 * Ids of the document's tokens, cached per context; computed again when a
 * lexicon has registered words since (only while the lexicons first load).
 */
export function tokenIds(ctx: DetectionContext): TokenIds {
  const hit = cache.get(ctx);
  if (hit && hit.size === vocabulary.size) return hit.ids;
  const tokens = tokensOf(ctx);
  const lower = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) lower[i] = vocabulary.get(tokens[i].lower) ?? 0;
  let key = lower;
  if (ctx.text.includes('\u2019')) {
    key = lower.slice();
    for (let i = 0; i < tokens.length; i++) {
      const w = tokens[i].lower;
      if (w.includes('\u2019')) key[i] = vocabulary.get(w.replace(/\u2019/g, "'")) ?? 0;
    }
  }
  const ids = { lower, key };
  cache.set(ctx, { size: vocabulary.size, ids });
  return ids;
}
