import { shape, type TokenBounds } from './tokens.js';
import * as zlib from 'node:zlib';
import { FAMILY_NAME, GIVEN_NAME, type Lexicons } from './features.js';
import { grown } from '../typed-arrays.js';

/**
 * The tagger's scoring without building feature strings. features.ts describes a
 * token by about twenty strings ("w=maria", "w-1w=dr|maria", …) that the
 * perceptron looks up one by one; building and hashing them was most of the
 * tagger's time. Here the non-zero weights live in one Int32Array (tag index and weight
 * number; the distinct weights in a small Float64Array), a feature's row named by where
 * it starts, and everything a token contributes is found from one
 * fixed-size integer record per distinct token text (exact case): its rows as each
 * neighbour, its pair numbers, its shape number, its lexicon rows and where the sum of
 * its first six features is kept. The record is found by hashing the token's
 * characters in the document itself (no substring, no lower-casing: those happen only
 * when a token text is first seen). Shape triples, word pairs and previous tags go
 * through small integer tables. The rows are added in exactly the order of features.ts
 * (fixed features, then tag features), so the scores are bit for bit those of the
 * string path (test/learn/fast-scorer.test.ts).
 */
const NONE = -1;

/**
 * Token types (distinct token texts, exact case) are records of TYPE_FIELDS integers in one
 * Int32Array, found through an open-addressing table of (hash, record number + 1) pairs and
 * checked against their characters, kept in the record itself when there are at most
 * INLINE_UNITS of them (else in a UTF-16 pool): a lookup reads the table's slot and the record
 * (one or two cache lines), not a third place, and no object per type. Fields of a record:
 */
/** Row of the word as the token itself (w=). */
const T_W = 0;
const KEY_LENGTH = 1;
/**
 * The token's UTF-16 units, two per field (the first in the low half; an odd count leaves the
 * last high half 0) when at most INLINE_UNITS; else where they start in the pool.
 */
const KEY = 2;
const KEY_AT = KEY;
const INLINE_UNITS = 8;
/** Rows of the word as the token before (w-1), after (w+1), two before, two after. */
const T_M1 = 6;
const T_P1 = 7;
const T_M2 = 8;
const T_P2 = 9;
/** Number of the word as first / second word of a "w-1w" pair in the model; NONE: none. */
const T_PAIR_FIRST = 10;
const T_PAIR_SECOND = 11;
/** Shape number, UNKNOWN until first needed (tokens two away from a scored one never need it). */
const T_SHAPE = 12;
/**
 * Where the token's prefix sum starts in the pool, UNKNOWN until the token is first scored:
 * the scores after its first six features (bias, w, s, p3, x3, x2: features.ts adds them
 * first, and they depend on the token alone), summed in that order, so the same bits.
 */
const T_PREFIX = 13;
/**
 * What the lexicons say of the word (LEX_* bits: English word, given name, family name,
 * capitalised and unknown), looked up when first scored (UNKNOWN before): the rows of its
 * lexicon features (features.ts: eng, given / given+eng, family / family+eng, cap-unknown)
 * follow from them.
 */
const T_LEXICON = 14;
const LEX_ENG = 1;
const LEX_GIVEN = 2;
const LEX_FAMILY = 4;
const LEX_CAP = 8;
const TYPE_FIELDS = 16;
/** Not looked up yet (T_SHAPE, T_PREFIX, T_LEXICON). */
const UNKNOWN = -2;

/** Units k and k + 1 of text[start, end) as one record field (KEY). */
function keyPair(text: string, start: number, end: number, k: number): number {
  const lo = text.charCodeAt(start + k);
  return start + k + 1 < end ? lo | (text.charCodeAt(start + k + 1) << 16) : lo;
}

/** Shapes are numbered; per shape: rows of "s=", "s-1=", "s+1=". */
const S_S = 0;
const S_M1 = 1;
const S_P1 = 2;
const SHAPE_FIELDS = 3;
/** Shape 0 is "_", the shape of the edges of the text. */
const EDGE = 0;

/** Token types cached, at most: past it the caches (types, shapes, prefix sums, triples) start again empty. */
const MAX_CACHED = 100_000;
/** Shape triples are cached for shapes numbered below 2^10 (three numbers make a 30-bit key), in a direct-mapped table. */
const TRIPLE_ID_BITS = 10;
const TRIPLE_SLOT_BITS = 13;
const TRIPLE_SLOTS = 1 << TRIPLE_SLOT_BITS;
const INITIAL_TYPES = 1 << 11;

function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5 ^ (end - start);
  for (let k = start; k < end; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) ^ (h >>> 12);
}

/**
 * A model's weights as the scorer reads them: feature names, and the non-zero weights of
 * feature r at offsets[r] … offsets[r + 1] - 1 of `classes` (tag index) and `values`.
 * Most weights are zero (a feature speaks for two or three tags), so scoring adds
 * those alone. Skipping zeros changes no score bit: a score starts at +0 and a sum of
 * doubles is never -0 unless both terms are, so adding ±0 leaves it as it is.
 */
export interface WeightTable {
  features: readonly string[];
  offsets: Int32Array;
  classes: Uint8Array;
  values: Float64Array;
}

/** The table of features whose dense rows `fill` writes (into a zeroed row of `width` weights). */
export function buildWeightTable(features: readonly string[], width: number, fill: (row: number, weights: Float64Array) => void): WeightTable {
  const offsets = new Int32Array(features.length + 1);
  let classes = new Uint8Array(Math.max(16, features.length * 4));
  let values = new Float64Array(classes.length);
  const dense = new Float64Array(width);
  let n = 0;
  for (let r = 0; r < features.length; r++) {
    dense.fill(0);
    fill(r, dense);
    for (let k = 0; k < width; k++) {
      const v = dense[k];
      if (v === 0) continue;
      if (n === classes.length) {
        classes = grown(classes, n * 2);
        values = grown(values, n * 2);
      }
      classes[n] = k;
      values[n] = v;
      n++;
    }
    offsets[r + 1] = n;
  }
  return { features, offsets, classes: classes.slice(0, n), values: values.slice(0, n) };
}

/** Slots of a word's record: its rows as w, w-1, w+1, w-2, w+2, then its pair numbers. */
const W = 0;
const M1 = 1;
const P1 = 2;
const M2 = 3;
const P2 = 4;
const PAIR_FIRST = 5;
const PAIR_SECOND = 6;
const WORD_FIELDS = 7;
/** Kinds of features: 0 the others, then word features, pairs, prefixes and suffixes. */
const WORD_FEATURE = 1;
const PAIR_FEATURE = 2;
const AFFIX_FEATURE = 3;
const WORD_PREFIXES: Record<string, number> = { 'w=': W, 'w-1=': M1, 'w+1=': P1, 'w-2=': M2, 'w+2=': P2 };

function pairSlot(first: number, second: number, size: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 1, 0x85ebca6b)) & (size - 1);
}

/** FNV-1a (32 bits, then mixed) over the UTF-16 units of `head`, then of text[from, to). */
function hashParts(head: string, text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < head.length; k++) h = Math.imul(h ^ head.charCodeAt(k), 0x01000193);
  for (let k = from; k < to; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) ^ (h >>> 12);
}

/**
 * A read-only map from strings to integers kept in four typed arrays (so that a compiled
 * file is read as views, with no Map to fill at start-up): the keys' UTF-16 units one after
 * the other, where each key starts (count + 1), an open-addressing table of key number + 1
 * (0: empty; a power of two, at most half full) and the value of each key.
 */
export class StringTable {
  private readonly mask: number;

  constructor(
    readonly units: Uint16Array,
    readonly starts: Int32Array,
    readonly slots: Int32Array,
    readonly values: Int32Array,
  ) {
    this.mask = slots.length - 1;
  }

  /** `keys` distinct. */
  static build(keys: readonly string[], values: ArrayLike<number>): StringTable {
    const count = keys.length;
    let total = 0;
    for (const k of keys) total += k.length;
    const units = new Uint16Array(total);
    const starts = new Int32Array(count + 1);
    let size = 16;
    while (size < count * 2) size *= 2;
    const slots = new Int32Array(size);
    let at = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i];
      for (let k = 0; k < key.length; k++) units[at + k] = key.charCodeAt(k);
      at += key.length;
      starts[i + 1] = at;
      let s = hashParts('', key, 0, key.length) & (size - 1);
      while (slots[s] !== 0) s = (s + 1) & (size - 1);
      slots[s] = i + 1;
    }
    return new StringTable(units, starts, slots, Int32Array.from(values));
  }

  get size(): number {
    return this.values.length;
  }

  /** The number of the key `head` + text[from, to), -1 when absent. */
  indexOf(head: string, text: string, from: number, to: number): number {
    const hl = head.length;
    const len = hl + to - from;
    const { units, starts, slots, mask } = this;
    for (let s = hashParts(head, text, from, to) & mask; ; s = (s + 1) & mask) {
      const e = slots[s];
      if (e === 0) return -1;
      const at = starts[e - 1];
      if (starts[e] - at !== len) continue;
      let k = 0;
      while (k < hl && units[at + k] === head.charCodeAt(k)) k++;
      if (k < hl) continue;
      let j = from;
      while (j < to && units[at + k] === text.charCodeAt(j)) {
        j++;
        k++;
      }
      if (j === to) return e - 1;
    }
  }

  /** The value of the key `head` + text[from, to), NONE when absent. */
  find(head: string, text: string, from: number, to: number): number {
    const i = this.indexOf(head, text, from, to);
    return i < 0 ? NONE : this.values[i];
  }

  get(key: string): number {
    return this.find('', key, 0, key.length);
  }

  /** Key i. */
  key(i: number): string {
    let s = '';
    for (let k = this.starts[i]; k < this.starts[i + 1]; k++) s += String.fromCharCode(this.units[k]);
    return s;
  }
}

/**
 * Everything the scorer reads from a model, in typed arrays: what compileTagger
 * (src/learn/tagger.ts) writes to data/compiled/ so that loading the bundled model is a few
 * views of one file (encodeScorerTables / decodeScorerTables), or what scorerTables builds
 * from a weight table (any other model, or no compiled file): the same arrays either way.
 */
export interface ScorerTables {
  /** The tags scored. */
  classes: number;
  /**
   * The weights, a row after the other: the count n of its non-zero weights, then n entries
   * (weight number << CLASS_BITS) | tag index; a row is named by where it starts (NONE: not in
   * the model). The weight of number k is weights[k]: a saved model's weights are rounded to
   * hundredths, a few thousand distinct values, so a row is about a cache line of integers and
   * the values a small table (a row of pairs of doubles was four times the memory).
   */
  data: Int32Array;
  weights: Float64Array;
  /** Lower-case words of the model, numbered; per word, WORD_FIELDS rows and pair numbers (slots above), NONE where absent. */
  words: StringTable;
  wordRecs: Int32Array;
  /** Where the row of every other feature (bias, shapes, tags, lexicons, prefixes and suffixes) starts, by feature name. */
  rows: StringTable;
  /** "w-1w" rows in an open-addressing table: pair numbers (first, second + 1; 0: empty slot) and row per slot. */
  pairFirst: Int32Array;
  pairSecond: Int32Array;
  pairRow: Int32Array;
  /** The rows every scored token may read, looked up once (FIXED_* below, then per tag "t-1=", per pair of tags "t-2t-1="). */
  fixed: Int32Array;
}

/** Low bits of a row entry (ScorerTables.data): the tag index; the bits above number its weight. */
const CLASS_BITS = 4;
const CLASS_MASK = (1 << CLASS_BITS) - 1;

/** Where each row read by every token is in ScorerTables.fixed. */
const F_BIAS = 0;
const F_START = 1;
const F_LINE = 2;
const F_ENG = 3;
const F_GIVEN_ENG = 4;
const F_GIVEN = 5;
const F_FAMILY_ENG = 6;
const F_FAMILY = 7;
const F_CAP = 8;
const F_BOS_M1 = 9;
const F_BOS_M2 = 10;
const F_BOS_PAIR_FIRST = 11;
const F_EOS_P1 = 12;
const F_EOS_P2 = 13;
const F_PREV_TAG = 14;

/** The scorer's tables of a weight table (one weight per tag of `tags`). */
export function scorerTables(weights: WeightTable, tags: readonly string[]): ScorerTables {
  const c = tags.length;
  const { features, offsets, classes: tagOf, values } = weights;
  if (c > 1 << CLASS_BITS || offsets.length !== features.length + 1 || tagOf.some((k) => k >= c)) throw new Error('tagger model: weight rows do not match its features');
  // One pass over the feature names: which kind each is, and for the word features (w=,
  // w-1=, w+1=, w-2=, w+2=) and pairs (w-1w=) the number of their word.
  const n = features.length;
  const kindOf = new Int8Array(n);
  const slotOf = new Int8Array(n);
  const wordOf = new Int32Array(n).fill(-1);
  const secondOf = new Int32Array(n).fill(-1);
  const wordIndex = new Map<string, number>();
  const wordNumber = (w: string) => {
    let k = wordIndex.get(w);
    if (k === undefined) {
      k = wordIndex.size;
      wordIndex.set(w, k);
    }
    return k;
  };
  for (let f = 0; f < n; f++) {
    const feature = features[f];
    const eq = feature.indexOf('=');
    if (eq < 0) continue;
    const kind = feature.slice(0, eq + 1);
    const slot = WORD_PREFIXES[kind];
    if (slot !== undefined) {
      kindOf[f] = WORD_FEATURE;
      slotOf[f] = slot;
      wordOf[f] = wordNumber(feature.slice(eq + 1));
    } else if (kind === 'w-1w=') {
      // "w-1w=" + first + "|" + second. A token holding "|" is the one-character token "|",
      // so the first word is "|" when the rest starts with "||", else it ends at the first "|".
      const value = feature.slice(eq + 1);
      const first = value.startsWith('||') ? '|' : value.slice(0, value.indexOf('|'));
      kindOf[f] = PAIR_FEATURE;
      wordOf[f] = wordNumber(first);
      secondOf[f] = wordNumber(value.slice(first.length + 1));
    } else if (kind === 'p3=' || kind === 'x3=' || kind === 'x2=') kindOf[f] = AFFIX_FEATURE;
  }
  // Rows laid out for locality: first the features every scored token reads (bias, shapes,
  // previous tags, lexicon facts: a few hundred rows), then each word's rows together (as the
  // word, as each neighbour, its pairs with the word after), then prefixes and suffixes (read
  // once per token text, for its prefix sum). Within a group, the model's order. The layout
  // changes no score.
  const wordCount = wordIndex.size;
  const recs = new Int32Array(wordCount * WORD_FIELDS).fill(NONE);
  const firstOfWord = new Int32Array(wordCount + 1);
  for (let f = 0; f < n; f++) if (kindOf[f] === WORD_FEATURE || kindOf[f] === PAIR_FEATURE) firstOfWord[wordOf[f] + 1]++;
  for (let k = 0; k < wordCount; k++) firstOfWord[k + 1] += firstOfWord[k];
  const order = new Int32Array(n);
  let hot = 0;
  for (let f = 0; f < n; f++) if (kindOf[f] === 0) hot++;
  let nextHot = 0;
  let nextAffix = hot + firstOfWord[wordCount];
  const fill = firstOfWord.slice(0, wordCount);
  for (let f = 0; f < n; f++) {
    const k = kindOf[f];
    if (k === 0) order[nextHot++] = f;
    else if (k === AFFIX_FEATURE) order[nextAffix++] = f;
    else order[hot + fill[wordOf[f]]++] = f;
  }
  const data = new Int32Array(n + values.length);
  const rowStart = new Int32Array(n);
  // Distinct weights numbered in order of first use (a Map by value: -0 is +0, which adds the same to a score that is never -0).
  const weightNumber = new Map<number, number>();
  let o = 0;
  for (const r of order) {
    rowStart[r] = o;
    data[o++] = offsets[r + 1] - offsets[r];
    for (let j = offsets[r]; j < offsets[r + 1]; j++) {
      let w = weightNumber.get(values[j]);
      if (w === undefined) weightNumber.set(values[j], (w = weightNumber.size));
      data[o++] = (w << CLASS_BITS) | tagOf[j];
    }
  }
  const weightValues = Float64Array.from(weightNumber.keys());
  let firsts = 0;
  let seconds = 0;
  let pairs = 0;
  const rowNames: string[] = [];
  const rowStarts: number[] = [];
  for (let f = 0; f < n; f++) {
    const r = rowStart[f];
    const k = kindOf[f];
    if (k === WORD_FEATURE) recs[wordOf[f] * WORD_FIELDS + slotOf[f]] = r;
    else if (k === PAIR_FEATURE) {
      const a = wordOf[f] * WORD_FIELDS + PAIR_FIRST;
      const b = secondOf[f] * WORD_FIELDS + PAIR_SECOND;
      if (recs[a] === NONE) recs[a] = firsts++;
      if (recs[b] === NONE) recs[b] = seconds++;
      pairs++;
    } else {
      rowNames.push(features[f]);
      rowStarts.push(r);
    }
  }
  let size = 16;
  while (size < pairs * 2) size *= 2;
  const pairFirst = new Int32Array(size);
  const pairSecond = new Int32Array(size);
  const pairRow = new Int32Array(size);
  for (let f = 0; f < n; f++) {
    if (kindOf[f] !== PAIR_FEATURE) continue;
    const first = recs[wordOf[f] * WORD_FIELDS + PAIR_FIRST];
    const second = recs[secondOf[f] * WORD_FIELDS + PAIR_SECOND];
    let slot = pairSlot(first, second, size);
    while (pairSecond[slot] !== 0 && !(pairFirst[slot] === first && pairSecond[slot] === second + 1)) slot = (slot + 1) & (size - 1);
    pairFirst[slot] = first;
    pairSecond[slot] = second + 1;
    pairRow[slot] = rowStart[f];
  }
  const wordList = [...wordIndex.keys()];
  const words = StringTable.build(wordList, Int32Array.from(wordList, (_, k) => k));
  const rows = StringTable.build(rowNames, rowStarts);
  const fixed = new Int32Array(F_PREV_TAG + c + c * c);
  fixed[F_BIAS] = rows.get('b');
  fixed[F_START] = rows.get('start');
  fixed[F_LINE] = rows.get('line');
  fixed[F_ENG] = rows.get('eng');
  fixed[F_GIVEN_ENG] = rows.get('given+eng');
  fixed[F_GIVEN] = rows.get('given');
  fixed[F_FAMILY_ENG] = rows.get('family+eng');
  fixed[F_FAMILY] = rows.get('family');
  fixed[F_CAP] = rows.get('cap-unknown');
  // The sentinels are words only as neighbours ("<s>", "</s>": never a token).
  const wordRow = (word: string, slot: number) => {
    const k = words.get(word);
    return k === NONE ? NONE : recs[k * WORD_FIELDS + slot];
  };
  fixed[F_BOS_M1] = wordRow('<s>', M1);
  fixed[F_BOS_M2] = wordRow('<s>', M2);
  fixed[F_BOS_PAIR_FIRST] = wordRow('<s>', PAIR_FIRST);
  fixed[F_EOS_P1] = wordRow('</s>', P1);
  fixed[F_EOS_P2] = wordRow('</s>', P2);
  for (let a = 0; a < c; a++) fixed[F_PREV_TAG + a] = rows.get('t-1=' + tags[a]);
  for (let a = 0; a < c; a++) for (let b = 0; b < c; b++) fixed[F_PREV_TAG + c + a * c + b] = rows.get('t-2t-1=' + tags[a] + '|' + tags[b]);
  return { classes: c, data, weights: weightValues, words, wordRecs: recs, rows, pairFirst, pairSecond, pairRow, fixed };
}

/** First int32 of an encoded table: the layout's version. */
const TABLES_MAGIC = 0x53504c33;
const HEADER_INTS = 14;
/** Header int holding the checksum of the bytes after the header. */
const CHECKSUM = 13;

const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
let crcTable: Int32Array | undefined;

/** CRC-32 (zlib's) of `bytes`, as a signed 32-bit integer: Node's native one (20.15+), else the same sum in JS. */
function crc32(bytes: Uint8Array): number {
  return nativeCrc32 ? nativeCrc32(bytes) | 0 : crc32Js(bytes);
}

/** The same CRC-32 computed in JS (older Node 20; exported for the tests). */
export function crc32Js(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return c ^ -1;
}

/** First int32 of an encoded StringTable. */
const STRING_TABLE_MAGIC = 0x53505354;

/**
 * One StringTable as bytes (native byte order: the caller keys the file by it): six int32
 * (magic, keys, slots, units, checksum of what follows, 0), then starts, slots and values
 * (int32) and units (uint16), each on a multiple of 8 bytes: decodeStringTable makes views.
 */
export function encodeStringTable(t: StringTable): Buffer {
  const parts: Buffer[] = [];
  for (const a of [t.starts, t.slots, t.values, t.units]) {
    parts.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    const pad = (8 - (a.byteLength & 7)) & 7;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  const rest = Buffer.concat(parts);
  const header = Int32Array.of(STRING_TABLE_MAGIC, t.size, t.slots.length, t.units.length, crc32(rest), 0);
  return Buffer.concat([Buffer.from(header.buffer), rest]);
}

/** The StringTable of encodeStringTable's bytes, as views (a copy first when not on a multiple of 8 bytes); throws on other bytes. */
export function decodeStringTable(bytes: Uint8Array): StringTable {
  if (bytes.byteOffset % 8 !== 0) bytes = new Uint8Array(bytes);
  if (bytes.length < 24) throw new Error('string table: truncated');
  const [magic, count, slots, units, checksum] = new Int32Array(bytes.buffer, bytes.byteOffset, 6);
  const pad = (n: number) => n + ((8 - (n & 7)) & 7);
  const startsAt = 24;
  const slotsAt = startsAt + pad(4 * (count + 1));
  const valuesAt = slotsAt + pad(4 * slots);
  const unitsAt = valuesAt + pad(4 * count);
  const end = unitsAt + pad(2 * units);
  if (magic !== STRING_TABLE_MAGIC || count < 0 || slots < 16 || (slots & (slots - 1)) !== 0 || count * 2 > slots || units < 0 || end !== bytes.length) {
    throw new Error('string table: not this layout');
  }
  if (crc32(bytes.subarray(24)) !== checksum) throw new Error('string table: damaged');
  const o = bytes.byteOffset;
  return new StringTable(
    new Uint16Array(bytes.buffer, o + unitsAt, units),
    new Int32Array(bytes.buffer, o + startsAt, count + 1),
    new Int32Array(bytes.buffer, o + slotsAt, slots),
    new Int32Array(bytes.buffer, o + valuesAt, count),
  );
}

/**
 * The tables as bytes (native byte order: the caller keys the file by it): HEADER_INTS int32
 * of sizes (the 13th: the number of distinct weights) and a checksum, then weights (float64),
 * data, wordRecs, pairFirst, pairSecond, pairRow, fixed, each table's starts, slots and values
 * (int32), then each table's units (uint16); every section starts on a multiple of 8 bytes, so
 * that decodeScorerTables makes views, not copies.
 */
export function encodeScorerTables(t: ScorerTables): Buffer {
  const header = Int32Array.of(
    TABLES_MAGIC,
    t.classes,
    t.data.length,
    t.wordRecs.length,
    t.pairRow.length,
    t.words.size,
    t.words.slots.length,
    t.words.units.length,
    t.rows.size,
    t.rows.slots.length,
    t.rows.units.length,
    t.fixed.length,
    t.weights.length,
    0,
  );
  const parts: Buffer[] = [];
  for (const a of [t.weights, t.data, t.wordRecs, t.pairFirst, t.pairSecond, t.pairRow, t.fixed, t.words.starts, t.words.slots, t.words.values, t.rows.starts, t.rows.slots, t.rows.values, t.words.units, t.rows.units]) {
    parts.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    const pad = (8 - (a.byteLength & 7)) & 7;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  const rest = Buffer.concat(parts);
  header[CHECKSUM] = crc32(rest);
  return Buffer.concat([Buffer.from(header.buffer), rest]);
}

/**
 * The tables of encodeScorerTables's bytes, as views of them (one copy first when they do
 * not start on a multiple of 8 bytes). Throws when the bytes are not such tables: another
 * layout, wrong sizes, or a checksum that differs (a damaged file). What the views hold is
 * not checked further: the file is this program's own output, keyed by the model it was
 * compiled from, and checking every row costs more than reading the file.
 */
export function decodeScorerTables(bytes: Uint8Array, classes: number): ScorerTables {
  if (bytes.byteOffset % 8 !== 0) bytes = new Uint8Array(bytes);
  const buffer = bytes.buffer;
  let at = 0;
  const take = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, unit: number, length: number): T => {
    if (!(length >= 0) || at + unit * length > bytes.length) throw new Error('tagger tables: truncated');
    const view = make(buffer, bytes.byteOffset + at, length);
    at += unit * length;
    at += (8 - (at & 7)) & 7;
    return view;
  };
  const i32 = (b: ArrayBufferLike, o: number, n: number) => new Int32Array(b, o, n);
  const h = take(i32, 4, HEADER_INTS);
  if (h[0] !== TABLES_MAGIC || h[1] !== classes) throw new Error('tagger tables: not this layout');
  const [, , dataLength, recsLength, pairSize, wordCount, wordSlots, wordUnits, rowCount, rowSlots, rowUnits, fixedLength, weightCount] = h;
  const weights = take((b, o, n) => new Float64Array(b, o, n), 8, weightCount);
  const data = take(i32, 4, dataLength);
  const wordRecs = take(i32, 4, recsLength);
  const pairFirst = take(i32, 4, pairSize);
  const pairSecond = take(i32, 4, pairSize);
  const pairRow = take(i32, 4, pairSize);
  const fixed = take(i32, 4, fixedLength);
  const table = (count: number, slots: number) => ({ starts: take(i32, 4, count + 1), slots: take(i32, 4, slots), values: take(i32, 4, count) });
  const w = table(wordCount, wordSlots);
  const r = table(rowCount, rowSlots);
  const u16 = (b: ArrayBufferLike, o: number, n: number) => new Uint16Array(b, o, n);
  const words = new StringTable(take(u16, 2, wordUnits), w.starts, w.slots, w.values);
  const rows = new StringTable(take(u16, 2, rowUnits), r.starts, r.slots, r.values);
  if (at !== bytes.length) throw new Error('tagger tables: wrong length');
  if (fixedLength !== F_PREV_TAG + classes + classes * classes || recsLength !== wordCount * WORD_FIELDS || (pairSize & (pairSize - 1)) !== 0 || (wordSlots & (wordSlots - 1)) !== 0 || (rowSlots & (rowSlots - 1)) !== 0) throw new Error('tagger tables: wrong sizes');
  if (crc32(bytes.subarray(HEADER_INTS * 4)) !== h[CHECKSUM]) throw new Error('tagger tables: damaged');
  return { classes, data, weights, words, wordRecs, rows, pairFirst, pairSecond, pairRow, fixed };
}

export class TaggerScorer {
  private readonly data: Int32Array;
  private readonly weights: Float64Array;
  private readonly words: StringTable;
  private readonly wordRecs: Int32Array;
  private readonly rows: StringTable;
  private readonly pairFirst: Int32Array;
  private readonly pairSecond: Int32Array;
  private readonly pairRow: Int32Array;
  /** Token type records (TYPE_FIELDS each) and their count. */
  private types: Int32Array = new Int32Array(INITIAL_TYPES * TYPE_FIELDS);
  private typeCount = 0;
  /** Lower-case text of each token type (what the word, affix and lexicon lookups read). */
  private lowers: string[] = [];
  /** Open-addressing table: (hash, record number + 1) per slot; 0: empty. */
  private slots = new Int32Array(INITIAL_TYPES * 4);
  /** Characters of the token texts, and how many are used. */
  private keyPool = new Uint16Array(INITIAL_TYPES * 8);
  private keyUsed = 0;
  /** Emptyings of the caches so far (a document's window of types is valid for one generation). */
  generation = 0;
  /** Prefix sums (T_PREFIX), one after the other. */
  private pool: Float64Array;
  private poolUsed = 0;
  private readonly scratch: Float64Array;
  /** Shape numbers by name, names and rows by number (SHAPE_FIELDS each), "t-1s" rows by shape × tag (UNKNOWN: not looked up). */
  private readonly shapeIds = new Map<string, number>();
  private shapeNames: string[] = [];
  private shapeRows: Int32Array = new Int32Array(64 * SHAPE_FIELDS);
  private tagShapeRows: Int32Array;
  /** Direct-mapped cache of "s-1s+1" rows: key (the three shape numbers + 1) and row per slot. */
  private readonly tripleKeys = new Int32Array(TRIPLE_SLOTS);
  private readonly tripleRows = new Int32Array(TRIPLE_SLOTS);
  private readonly bias: number;
  private readonly start: number;
  private readonly line: number;
  private readonly eng: number;
  private readonly givenEng: number;
  private readonly given: number;
  private readonly familyEng: number;
  private readonly family: number;
  private readonly capUnknown: number;
  private readonly prevTag: Int32Array;
  private readonly prevTags: Int32Array;
  /** Rows of the sentinels "<s>" (before the first token) and "</s>" (after the last) as neighbours. */
  private readonly bosM1: number;
  private readonly bosM2: number;
  private readonly bosPairFirst: number;
  private readonly eosP1: number;
  private readonly eosP2: number;
  /** The one per-document state, reused (prepare). */
  private readonly doc: PreparedDocument;

  /** Token types cached at most (MAX_CACHED; at least 16, so that one score() empties the caches at most once). */
  private readonly maxTypes: number;

  constructor(
    tables: ScorerTables,
    private readonly tags: readonly string[],
    private readonly lexicons: Lexicons,
    maxTypes = MAX_CACHED,
  ) {
    const c = tags.length;
    if (tables.classes !== c) throw new Error('tagger model: its tags are not those of this version');
    this.maxTypes = Math.max(16, maxTypes);
    this.pool = new Float64Array(c * INITIAL_TYPES);
    this.scratch = new Float64Array(c);
    this.tagShapeRows = new Int32Array(64 * c).fill(UNKNOWN);
    this.data = tables.data;
    this.weights = tables.weights;
    this.words = tables.words;
    this.wordRecs = tables.wordRecs;
    this.rows = tables.rows;
    this.pairFirst = tables.pairFirst;
    this.pairSecond = tables.pairSecond;
    this.pairRow = tables.pairRow;
    const fixed = tables.fixed;
    this.bias = fixed[F_BIAS];
    this.start = fixed[F_START];
    this.line = fixed[F_LINE];
    this.eng = fixed[F_ENG];
    this.givenEng = fixed[F_GIVEN_ENG];
    this.given = fixed[F_GIVEN];
    this.familyEng = fixed[F_FAMILY_ENG];
    this.family = fixed[F_FAMILY];
    this.capUnknown = fixed[F_CAP];
    this.prevTag = fixed.subarray(F_PREV_TAG, F_PREV_TAG + c);
    this.prevTags = fixed.subarray(F_PREV_TAG + c, F_PREV_TAG + c + c * c);
    this.bosM1 = fixed[F_BOS_M1];
    this.bosM2 = fixed[F_BOS_M2];
    this.bosPairFirst = fixed[F_BOS_PAIR_FIRST];
    this.eosP1 = fixed[F_EOS_P1];
    this.eosP2 = fixed[F_EOS_P2];
    this.addShape('_');
    this.doc = new PreparedDocument(this);
  }

  get classes(): number {
    return this.tags.length;
  }

  /** The record number of the token text[start, end), cached by its exact text. */
  tokenType(text: string, start: number, end: number): number {
    const h = hashOf(text, start, end);
    const len = end - start;
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const types = this.types;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[2 * s + 1];
      if (e === 0) break;
      if (slots[2 * s] !== h) continue;
      const at = (e - 1) * TYPE_FIELDS;
      if (types[at + KEY_LENGTH] !== len) continue;
      let k = 0;
      if (len <= INLINE_UNITS) {
        while (k < len && types[at + KEY + (k >> 1)] === keyPair(text, start, end, k)) k += 2;
      } else {
        const pool = this.keyPool;
        const key = types[at + KEY_AT];
        while (k < len && pool[key + k] === text.charCodeAt(start + k)) k++;
      }
      if (k >= len) return e - 1;
    }
    return this.addType(text, start, end, h);
  }

  /** Empties the caches (types, shapes, prefix sums, triples): a new generation. */
  private reset(): void {
    this.generation++;
    this.typeCount = 0;
    this.lowers = [];
    this.types = new Int32Array(INITIAL_TYPES * TYPE_FIELDS);
    this.slots = new Int32Array(INITIAL_TYPES * 4);
    this.keyPool = new Uint16Array(INITIAL_TYPES * 8);
    this.keyUsed = 0;
    this.pool = new Float64Array(this.tags.length * INITIAL_TYPES);
    this.poolUsed = 0;
    this.shapeIds.clear();
    this.shapeNames = [];
    this.shapeRows = new Int32Array(64 * SHAPE_FIELDS);
    this.tagShapeRows = new Int32Array(64 * this.tags.length).fill(UNKNOWN);
    this.tripleKeys.fill(0);
    this.addShape('_');
  }

  /** A new record for the token text[start, end): its rows as a neighbour, computed once. */
  private addType(text: string, start: number, end: number, h: number): number {
    if (this.typeCount >= this.maxTypes) this.reset();
    const len = end - start;
    if ((this.typeCount + 1) * TYPE_FIELDS > this.types.length) this.types = grown(this.types, this.types.length * 2);
    if (len > INLINE_UNITS && this.keyUsed + len > this.keyPool.length) {
      this.keyPool = grown(this.keyPool, Math.max(this.keyPool.length * 2, this.keyUsed + len));
    }
    if ((this.typeCount + 1) * 4 > this.slots.length) {
      // Keep the table at most half full: rehash into one twice the size.
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2);
      for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) this.place(old[s], old[s + 1]);
    }
    const id = this.typeCount++;
    const lw = text.slice(start, end).toLowerCase();
    this.lowers[id] = lw;
    const word = this.words.get(lw);
    const rec = word === NONE ? -1 : word * WORD_FIELDS;
    const recs = this.wordRecs;
    const t = this.types;
    const at = id * TYPE_FIELDS;
    t[at + T_W] = rec < 0 ? NONE : recs[rec + W];
    t[at + KEY_LENGTH] = len;
    if (len <= INLINE_UNITS) {
      for (let k = 0; k < INLINE_UNITS; k += 2) t[at + KEY + (k >> 1)] = k < len ? keyPair(text, start, end, k) : 0;
    } else {
      const key = this.keyUsed;
      for (let k = 0; k < len; k++) this.keyPool[key + k] = text.charCodeAt(start + k);
      this.keyUsed += len;
      t[at + KEY_AT] = key;
    }
    t[at + T_M1] = rec < 0 ? NONE : recs[rec + M1];
    t[at + T_P1] = rec < 0 ? NONE : recs[rec + P1];
    t[at + T_M2] = rec < 0 ? NONE : recs[rec + M2];
    t[at + T_P2] = rec < 0 ? NONE : recs[rec + P2];
    t[at + T_PAIR_FIRST] = rec < 0 ? NONE : recs[rec + PAIR_FIRST];
    t[at + T_PAIR_SECOND] = rec < 0 ? NONE : recs[rec + PAIR_SECOND];
    t[at + T_SHAPE] = UNKNOWN;
    t[at + T_PREFIX] = UNKNOWN;
    t[at + T_LEXICON] = UNKNOWN;
    this.place(h, id + 1);
    return id;
  }

  private place(h: number, entry: number): void {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    let s = h & mask;
    while (slots[2 * s + 1] !== 0) s = (s + 1) & mask;
    slots[2 * s] = h;
    slots[2 * s + 1] = entry;
  }

  /** The lexicon rows of a token type (features.ts: eng, given, family, cap-unknown); token i of the document is of that type. */
  private fillLexicon(id: number, doc: PreparedDocument, i: number): number {
    const lw = this.lowers[id];
    const lex = this.lexicons;
    const known = lex.english.has(lw);
    // Both name lists in one lookup when the lexicons can (src/learn/lexicons.ts).
    const names = lex.nameFlags ? lex.nameFlags(lw) : (lex.givenNames.has(lw) ? GIVEN_NAME : 0) | (lex.familyNames.has(lw) ? FAMILY_NAME : 0);
    const c0 = doc.text.charCodeAt(doc.starts[i]);
    const lexicon = (known ? LEX_ENG : 0) | (names & GIVEN_NAME ? LEX_GIVEN : 0) | (names & FAMILY_NAME ? LEX_FAMILY : 0) | (c0 >= 65 && c0 <= 90 && !known ? LEX_CAP : 0);
    this.types[id * TYPE_FIELDS + T_LEXICON] = lexicon;
    return lexicon;
  }

  /** The token's first six features summed in features.ts's order, from zero, into the pool: where they start. */
  private prefixOf(id: number, sh: number): number {
    const lw = this.lowers[id];
    const n = lw.length;
    const sum = this.scratch.fill(0);
    this.add(sum, this.bias);
    this.add(sum, this.types[id * TYPE_FIELDS + T_W]);
    this.add(sum, this.shapeRows[sh * SHAPE_FIELDS + S_S]);
    // lw.slice(0, 3), lw.slice(-3), lw.slice(-2) without the substrings.
    this.add(sum, this.rows.find('p3=', lw, 0, Math.min(3, n)));
    this.add(sum, this.rows.find('x3=', lw, Math.max(0, n - 3), n));
    this.add(sum, this.rows.find('x2=', lw, Math.max(0, n - 2), n));
    if (this.poolUsed + sum.length > this.pool.length) {
      this.pool = grown(this.pool, this.pool.length * 2);
    }
    const at = this.poolUsed;
    this.pool.set(sum, at);
    this.poolUsed += sum.length;
    this.types[id * TYPE_FIELDS + T_PREFIX] = at;
    return at;
  }

  /** The shape number of a token type (token i of the document, of that type). */
  private shapeOf(id: number, doc: PreparedDocument, i: number): number {
    const at = id * TYPE_FIELDS + T_SHAPE;
    let sh = this.types[at];
    if (sh === UNKNOWN) sh = this.types[at] = this.addShape(shape(doc.text.slice(doc.starts[i], doc.ends[i])));
    return sh;
  }

  /** The number of a shape, added with its rows when new. */
  private addShape(s: string): number {
    let id = this.shapeIds.get(s);
    if (id !== undefined) return id;
    id = this.shapeNames.length;
    const c = this.tags.length;
    if ((id + 1) * SHAPE_FIELDS > this.shapeRows.length) {
      this.shapeRows = grown(this.shapeRows, this.shapeRows.length * 2);
      this.tagShapeRows = grown(this.tagShapeRows, this.tagShapeRows.length * 2, UNKNOWN);
    }
    const rows = this.rows;
    this.shapeRows[id * SHAPE_FIELDS + S_S] = rows.find('s=', s, 0, s.length);
    this.shapeRows[id * SHAPE_FIELDS + S_M1] = rows.find('s-1=', s, 0, s.length);
    this.shapeRows[id * SHAPE_FIELDS + S_P1] = rows.find('s+1=', s, 0, s.length);
    this.tagShapeRows.fill(UNKNOWN, id * c, id * c + c);
    this.shapeIds.set(s, id);
    this.shapeNames.push(s);
    return id;
  }

  private tripleRow(a: number, b: number, c: number): number {
    const limit = 1 << TRIPLE_ID_BITS;
    const cached = a < limit && b < limit && c < limit;
    const key = cached ? ((a << (2 * TRIPLE_ID_BITS)) | (b << TRIPLE_ID_BITS) | c) + 1 : 0;
    const slot = Math.imul(key, 0x9e3779b1) >>> (32 - TRIPLE_SLOT_BITS);
    if (cached && this.tripleKeys[slot] === key) return this.tripleRows[slot];
    const names = this.shapeNames;
    const r = this.rows.get('s-1s+1=' + names[a] + '|' + names[b] + '|' + names[c]);
    if (cached) {
      this.tripleKeys[slot] = key;
      this.tripleRows[slot] = r;
    }
    return r;
  }

  private tagShapeRow(tag: number, sh: number): number {
    const at = sh * this.tags.length + tag;
    let r = this.tagShapeRows[at];
    if (r === UNKNOWN) r = this.tagShapeRows[at] = this.rows.get('t-1s=' + this.tags[tag] + '|' + this.shapeNames[sh]);
    return r;
  }

  /** The "w-1w" row of a pair of words (their pair numbers), NONE if the model has none. */
  private pairRowOf(first: number, second: number): number {
    const size = this.pairRow.length;
    for (let slot = pairSlot(first, second, size); this.pairSecond[slot] !== 0; slot = (slot + 1) & (size - 1)) {
      if (this.pairFirst[slot] === first && this.pairSecond[slot] === second + 1) return this.pairRow[slot];
    }
    return NONE;
  }

  /** Adds row `r` (NONE: no such feature in the model) to `scores`. */
  private add(scores: Float64Array, r: number): void {
    if (r === NONE) return;
    const data = this.data;
    const weights = this.weights;
    const end = r + 1 + data[r];
    for (let j = r + 1; j < end; j++) {
      const e = data[j];
      scores[e & CLASS_MASK] += weights[e >>> CLASS_BITS];
    }
  }

  /** Per-document state: the token bounds and a window of the token entries in use (one object, reused: valid until the next prepare). */
  prepare(bounds: TokenBounds, text: string): PreparedDocument {
    return this.doc.reset(bounds, text);
  }

  /** Scores of token i given the tags (indices) of the two tokens before it: features.ts's fixed features, then its tag features. */
  score(doc: PreparedDocument, i: number, prev: number, prev2: number, scores: Float64Array): void {
    const n = doc.count;
    const generation = this.generation;
    let word = doc.type(i);
    let before = i > 0 ? doc.type(i - 1) : -1;
    let after = i + 1 < n ? doc.type(i + 1) : -1;
    let before2 = i > 1 ? doc.type(i - 2) : -1;
    let after2 = i + 2 < n ? doc.type(i + 2) : -1;
    if (this.generation !== generation) {
      // The caches were emptied during these lookups: look them up again (once: the caches have room now).
      word = doc.type(i);
      before = i > 0 ? doc.type(i - 1) : -1;
      after = i + 1 < n ? doc.type(i + 1) : -1;
      before2 = i > 1 ? doc.type(i - 2) : -1;
      after2 = i + 2 < n ? doc.type(i + 2) : -1;
    }
    const sh = this.shapeOf(word, doc, i);
    const shBefore = before >= 0 ? this.shapeOf(before, doc, i - 1) : EDGE;
    const shAfter = after >= 0 ? this.shapeOf(after, doc, i + 1) : EDGE;
    let at = this.types[word * TYPE_FIELDS + T_PREFIX];
    if (at === UNKNOWN) at = this.prefixOf(word, sh);
    const t = this.types;
    const pool = this.pool;
    for (let k = 0; k < scores.length; k++) scores[k] = pool[at + k];
    this.add(scores, before >= 0 ? t[before * TYPE_FIELDS + T_M1] : this.bosM1);
    this.add(scores, after >= 0 ? t[after * TYPE_FIELDS + T_P1] : this.eosP1);
    this.add(scores, before2 >= 0 ? t[before2 * TYPE_FIELDS + T_M2] : this.bosM2);
    this.add(scores, after2 >= 0 ? t[after2 * TYPE_FIELDS + T_P2] : this.eosP2);
    const first = before >= 0 ? t[before * TYPE_FIELDS + T_PAIR_FIRST] : this.bosPairFirst;
    const second = t[word * TYPE_FIELDS + T_PAIR_SECOND];
    if (first >= 0 && second >= 0) this.add(scores, this.pairRowOf(first, second));
    this.add(scores, this.shapeRows[shBefore * SHAPE_FIELDS + S_M1]);
    this.add(scores, this.shapeRows[shAfter * SHAPE_FIELDS + S_P1]);
    this.add(scores, this.tripleRow(shBefore, sh, shAfter));
    const { starts, ends, text } = doc;
    let lineStart = true;
    let sentenceStart = true;
    if (i > 0) {
      lineStart = false;
      for (let k = ends[i - 1]; k < starts[i]; k++) {
        if (text.charCodeAt(k) === 10) {
          lineStart = true;
          break;
        }
      }
      // The token before is ".", "!", "?" or ":".
      const p = starts[i - 1];
      const pc = ends[i - 1] - p === 1 ? text.charCodeAt(p) : 0;
      sentenceStart = lineStart || pc === 46 || pc === 33 || pc === 63 || pc === 58;
    }
    if (sentenceStart) this.add(scores, this.start);
    if (lineStart) this.add(scores, this.line);
    let lexicon = t[word * TYPE_FIELDS + T_LEXICON];
    if (lexicon === UNKNOWN) lexicon = this.fillLexicon(word, doc, i);
    const known = (lexicon & LEX_ENG) !== 0;
    this.add(scores, known ? this.eng : NONE);
    this.add(scores, lexicon & LEX_GIVEN ? (known ? this.givenEng : this.given) : NONE);
    this.add(scores, lexicon & LEX_FAMILY ? (known ? this.familyEng : this.family) : NONE);
    this.add(scores, lexicon & LEX_CAP ? this.capUnknown : NONE);
    // Tag features.
    this.add(scores, this.prevTag[prev]);
    this.add(scores, this.prevTags[prev2 * this.tags.length + prev]);
    this.add(scores, this.tagShapeRow(prev, sh));
  }
}

/** Slots in the window of token types: a scored token reads tokens i-2 … i+2, and i only grows. */
const WINDOW = 8;

export class PreparedDocument {
  starts: Int32Array = new Int32Array(0);
  ends: Int32Array = new Int32Array(0);
  count = 0;
  text = '';
  /** The scorer's generation the window belongs to. */
  generation: number;
  private readonly windowIndex = new Int32Array(WINDOW).fill(-1);
  private readonly window = new Int32Array(WINDOW);

  constructor(private readonly scorer: TaggerScorer) {
    this.generation = scorer.generation;
  }

  /** Starts on a document: its token bounds and text, an empty window. */
  reset(bounds: TokenBounds, text: string): this {
    this.starts = bounds.starts;
    this.ends = bounds.ends;
    this.count = bounds.count;
    this.text = text;
    this.generation = this.scorer.generation;
    this.windowIndex.fill(-1);
    return this;
  }

  /** The token type (record number) of token i. */
  type(i: number): number {
    if (this.generation !== this.scorer.generation) {
      this.windowIndex.fill(-1);
      this.generation = this.scorer.generation;
    }
    const slot = i & (WINDOW - 1);
    if (this.windowIndex[slot] === i) return this.window[slot];
    const t = this.scorer.tokenType(this.text, this.starts[i], this.ends[i]);
    this.windowIndex[slot] = i;
    this.window[slot] = t;
    return t;
  }
}
