import type { DetectionContext } from '../../context.js';
import { tokensOf, type Token } from './tokens.js';
import { ContextMemo } from '../../context-memo.js';
import { fnv1a } from '../../../lexicons/fnv.js';

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
/** Words by id (index 0 unused). */
const words: string[] = [''];

/**
 * The same vocabulary as an open-addressing table keyed by a hash of the
 * characters, so that a token's id is found from the lower-cased text itself:
 * no substring is hashed by the engine, and a word no lexicon holds (most
 * words) usually ends the probe at an empty slot.
 */
/** Per slot k: the hash at 2k and the word id at 2k + 1 (0: empty); one cache line per probe. */
let slots = new Int32Array(2 << 15);

/**
 * One bit per hash value (its top FILTER_BITS bits) of every registered word: a token whose bit
 * is clear is no word of the vocabulary, found so from a table small enough to stay in the
 * processor's cache (most tokens are no lexicon word; the slots are large and read at random).
 */
const FILTER_BITS = 17;
const filter = new Int32Array(1 << (FILTER_BITS - 5));

function mayHold(h: number): boolean {
  const b = h >>> (32 - FILTER_BITS);
  return (filter[b >>> 5] & (1 << (b & 31))) !== 0;
}

function insertSlot(h: number, id: number): void {
  const b = h >>> (32 - FILTER_BITS);
  filter[b >>> 5] |= 1 << (b & 31);
  const mask = slots.length / 2 - 1;
  let k = h & mask;
  while (slots[2 * k + 1] !== 0) k = (k + 1) & mask;
  slots[2 * k] = h;
  slots[2 * k + 1] = id;
}

/** The id of text[start, end), or 0 for a word no lexicon holds. */
function idOfRange(text: string, start: number, end: number): number {
  const h = fnv1a(text, start, end);
  if (!mayHold(h)) return 0;
  const mask = slots.length / 2 - 1;
  const len = end - start;
  for (let k = h & mask; ; k = (k + 1) & mask) {
    const id = slots[2 * k + 1];
    if (id === 0) return 0;
    if (slots[2 * k] === h) {
      const w = words[id];
      if (w.length === len && text.startsWith(w, start)) return id;
    }
  }
}

/** The id of `word`, registered on first call (ids start at 1). */
export function wordId(word: string): number {
  let id = vocabulary.get(word);
  if (id === undefined) {
    id = vocabulary.size + 1;
    vocabulary.set(word, id);
    words.push(word);
    // Keep the table at most half full.
    if (2 * (id + 1) > slots.length / 2) {
      slots = new Int32Array(slots.length * 2);
      for (let k = 1; k < words.length; k++) insertSlot(fnv1a(words[k], 0, words[k].length), k);
    } else {
      insertSlot(fnv1a(word, 0, word.length), id);
    }
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

const cache = new ContextMemo<{ size: number; ids: TokenIds }>();

/**
 * The id arrays of many documents are views of one larger array (a slab), not an array (and an
 * ArrayBuffer, which the collector tracks one by one) each: one allocation per few hundred
 * documents. A slab is freed once no view of it is left.
 */
const SLAB = 1 << 14;
let slab = new Int32Array(SLAB);
let slabUsed = 0;

/** A zeroed array of n ids. */
function idArray(n: number): Int32Array {
  if (n > SLAB >> 4) return new Int32Array(n);
  if (slabUsed + n > SLAB) {
    slab = new Int32Array(SLAB);
    slabUsed = 0;
  }
  const ids = slab.subarray(slabUsed, slabUsed + n);
  slabUsed += n;
  return ids;
}

/**
 * Ids of the document's tokens, cached per context; computed again when a
 * lexicon has registered words since (only while the lexicons first load).
 * Kept small (the usual path: a cached answer): it is inlined into many recognizers.
 */
export function tokenIds(ctx: DetectionContext): TokenIds {
  const hit = cache.get(ctx);
  if (hit !== undefined && hit.size === vocabulary.size) return hit.ids;
  return computeTokenIds(ctx, hit);
}

/** tokenIds when not cached, or cached before the vocabulary grew. */
function computeTokenIds(ctx: DetectionContext, hit: { size: number; ids: TokenIds } | undefined): TokenIds {
  const tokens = tokensOf(ctx);
  const text = ctx.lower;
  // A word's id never changes: after new registrations (a first document, lexicon after lexicon)
  // only the tokens still without one are looked up again, into a new array (earlier callers keep theirs).
  const lower = idArray(tokens.length);
  if (hit) lower.set(hit.ids.lower);
  // tokens[i].lower is text[start, end) (tokens.ts).
  for (let i = 0; i < tokens.length; i++) if (lower[i] === 0) lower[i] = idOfRange(text, tokens[i].start, tokens[i].end);
  const ids = { lower, key: ctx.text.includes('\u2019') ? apostropheKeys(tokens, lower) : lower };
  cache.set(ctx, { size: vocabulary.size, ids });
  return ids;
}

/** TokenIds.key for a text with typographic apostrophes: "’" read as "'". */
function apostropheKeys(tokens: readonly Token[], lower: Int32Array): Int32Array {
  const key = idArray(tokens.length);
  key.set(lower);
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i].lower;
    if (w.includes('\u2019')) key[i] = vocabulary.get(w.replace(/\u2019/g, "'")) ?? 0;
  }
  return key;
}
