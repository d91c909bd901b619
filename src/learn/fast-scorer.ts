import { shape, type TokenBounds } from './tokens.js';
import type { Lexicons } from './features.js';

/**
 * The tagger's scoring without building feature strings. features.ts describes a
 * token by about twenty strings ("w=maria", "w-1w=dr|maria", …) that the
 * perceptron looks up one by one; building and hashing them was most of the
 * tagger's time. Here the weights live in typed arrays (their non-zero entries), and
 * everything a token contributes is found from one cache entry per distinct token
 * text (exact case): its rows as the word itself, its prefix and suffixes, as each
 * neighbour, its pair ids, its lexicon rows and its shape rows. The entry is found
 * by hashing the token's characters in the document itself (no substring, no
 * lower-casing: those happen only when a token text is first seen). Shape triples
 * and previous tags go through small numeric caches. The rows are added in exactly
 * the order of features.ts (fixed features, then tag features), so the scores are
 * bit for bit those of the string path (test/learn/fast-scorer.test.ts).
 */
const NONE = -1;

/** Everything a token text contributes to scores, whatever its position. */
interface TokenType {
  /** The token text (exact case) and its hash (the cache key). */
  key: string;
  hash: number;
  w: number;
  p3: number;
  x3: number;
  x2: number;
  /** Rows of the word as the token before (w-1), after (w+1), two before, two after. */
  m1: number;
  p1: number;
  m2: number;
  p2: number;
  /** Number of the word as first / second word of a "w-1w" pair in the model; -1: none. */
  pairFirst: number;
  pairSecond: number;
  /**
   * Lexicon rows in features.ts order: eng, given / given+eng, family / family+eng, cap-unknown
   * (NONE: absent). Looked up when the token is first scored (`lexicon` true), not for tokens
   * that are only neighbours.
   */
  lexicon: boolean;
  eng: number;
  given: number;
  family: number;
  capUnknown: number;
  /** Shape rows, found on first use (tokens two away from a scored one never need them). */
  shape: ShapeRows | undefined;
  /**
   * The scores after the token's first six features (bias, w, s, p3, x3, x2: features.ts
   * adds them first, and they depend on the token alone), summed in that order once, when
   * the token is first scored: the very same additions, so the same bits.
   */
  prefixAt: number;
  /** The cache generation `prefixAt` belongs to (the pool is emptied with the type cache). */
  prefixGen: number;
}

interface ShapeRows {
  /** Small number naming the shape in cache keys; -1 for a shape past MAX_SHAPES (not cached). */
  id: number;
  name: string;
  s: number;
  m1: number;
  p1: number;
  /** Row of "t-1s=" + tag + "|" + shape by tag index, filled on first use (-2: not looked up yet). */
  tagRows: Int32Array;
}

/** Caches that grow with the text (token types, shape triples) are emptied past this many entries. */
const MAX_CACHED = 100_000;
/** Shapes numbered, at most (past it, a shape's rows are looked up by name every time). */
const MAX_SHAPES = 1 << 15;
/** Shape triples are cached for shapes numbered below 2^10 (three ids make a 30-bit key), in a direct-mapped table. */
const TRIPLE_ID_BITS = 10;
const TRIPLE_SLOT_BITS = 13;
const TRIPLE_SLOTS = 1 << TRIPLE_SLOT_BITS;
const INITIAL_SLOTS = 1 << 12;
const INITIAL_PREFIXES = 1 << 10;

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
        const c2 = new Uint8Array(n * 2);
        c2.set(classes);
        classes = c2;
        const v2 = new Float64Array(n * 2);
        v2.set(values);
        values = v2;
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
const WORD_PREFIXES: Record<string, number> = { 'w=': W, 'w-1=': M1, 'w+1=': P1, 'w-2=': M2, 'w+2=': P2 };

function pairSlot(first: number, second: number, size: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 1, 0x85ebca6b)) & (size - 1);
}

export class TaggerScorer {
  /**
   * The weights, a row after the other: the count n of its non-zero weights, then n pairs of
   * (tag index, weight); a row is named by where it starts (NONE: not in the model). One row
   * is one or two cache lines however the rows are spread.
   */
  private readonly data: Float64Array;
  /** Start of each feature's row in `data`, by feature name. */
  private readonly rowOf = new Map<string, number>();
  /** Per lower-case word of the model: rows and pair numbers (slots above), NONE where absent. */
  private readonly wordRecords = new Map<string, Int32Array>();
  /** Rows of "p3=", "x3=", "x2=" features by affix. */
  private readonly prefix3 = new Map<string, number>();
  private readonly suffix3 = new Map<string, number>();
  private readonly suffix2 = new Map<string, number>();
  /** "w-1w" rows in an open-addressing table: pair numbers (first, second + 1; 0: empty slot) and row per slot. */
  private readonly pairFirst: Int32Array;
  private readonly pairSecond: Int32Array;
  private readonly pairRow: Int32Array;
  /** Open-addressing table of token types: slot → index + 1 into `types` (0: empty). */
  private slots = new Int32Array(INITIAL_SLOTS);
  private types: TokenType[] = [];
  /** Emptyings of the type cache so far. */
  private generation = 0;
  /** The types' prefix sums (prefixOf), one after the other. */
  private pool: Float64Array;
  private poolUsed = 0;
  private readonly scratch: Float64Array;
  private readonly shapes = new Map<string, ShapeRows>();
  /** Direct-mapped cache of "s-1s+1" rows: key (the three shape ids + 1) and row per slot. */
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
  readonly bos: TokenType;
  readonly eos: TokenType;
  readonly edge: ShapeRows;

  constructor(
    weights: WeightTable,
    private readonly tags: readonly string[],
    private readonly lexicons: Lexicons,
  ) {
    const c = tags.length;
    this.pool = new Float64Array(c * INITIAL_PREFIXES);
    this.scratch = new Float64Array(c);
    const { features, offsets, classes, values } = weights;
    if (offsets.length !== features.length + 1 || classes.some((k) => k >= c)) throw new Error('tagger model: weight rows do not match its features');
    // Rows laid out for locality: first the features every scored token reads (bias, shapes,
    // previous tags, lexicon facts: a few hundred rows), then each word's rows together (as the
    // word, as each neighbour, its pairs with the word after), then prefixes and suffixes (read
    // once per token text, for its prefix sum). The layout changes no score.
    const group = new Int32Array(features.length);
    const wordOrder = new Map<string, number>();
    const wordOf = (f: string, kind: string) => {
      const value = f.slice(kind.length);
      const word = kind === 'w-1w=' ? (value.startsWith('||') ? '|' : value.slice(0, value.indexOf('|'))) : value;
      let k = wordOrder.get(word);
      if (k === undefined) wordOrder.set(word, (k = wordOrder.size));
      return k;
    };
    features.forEach((f, index) => {
      const kind = f.slice(0, f.indexOf('=') + 1);
      group[index] = kind === 'p3=' || kind === 'x3=' || kind === 'x2=' ? -2 : WORD_PREFIXES[kind] !== undefined || kind === 'w-1w=' ? wordOf(f, kind) : -1;
    });
    const order = Array.from(features, (_, index) => index);
    // Stable: within a group, the model's order. Hot rows (-1) first, then words by first use, then affixes (-2) last.
    const rank = (g: number) => (g === -1 ? -1 : g === -2 ? features.length : g);
    order.sort((a, b) => rank(group[a]) - rank(group[b]) || a - b);
    this.data = new Float64Array(features.length + 2 * values.length);
    const rowStart = new Int32Array(features.length);
    let o = 0;
    for (const r of order) {
      rowStart[r] = o;
      this.data[o++] = offsets[r + 1] - offsets[r];
      for (let j = offsets[r]; j < offsets[r + 1]; j++) {
        this.data[o++] = classes[j];
        this.data[o++] = values[j];
      }
    }
    const record = (word: string) => {
      let rec = this.wordRecords.get(word);
      if (!rec) this.wordRecords.set(word, (rec = new Int32Array(7).fill(NONE)));
      return rec;
    };
    const pairRows: Array<[Int32Array, Int32Array, number]> = [];
    let firsts = 0;
    let seconds = 0;
    features.forEach((feature, index) => {
      const r = rowStart[index];
      this.rowOf.set(feature, r);
      const eq = feature.indexOf('=');
      if (eq < 0) return;
      const kind = feature.slice(0, eq + 1);
      const value = feature.slice(eq + 1);
      const slot = WORD_PREFIXES[kind];
      if (slot !== undefined) record(value)[slot] = r;
      else if (kind === 'p3=') this.prefix3.set(value, r);
      else if (kind === 'x3=') this.suffix3.set(value, r);
      else if (kind === 'x2=') this.suffix2.set(value, r);
      else if (kind === 'w-1w=') {
        // "w-1w=" + first + "|" + second. A token holding "|" is the one-character token "|",
        // so the first word is "|" when the rest starts with "||", else it ends at the first "|".
        const first = value.startsWith('||') ? '|' : value.slice(0, value.indexOf('|'));
        const a = record(first);
        const b = record(value.slice(first.length + 1));
        if (a[PAIR_FIRST] === NONE) a[PAIR_FIRST] = firsts++;
        if (b[PAIR_SECOND] === NONE) b[PAIR_SECOND] = seconds++;
        pairRows.push([a, b, r]);
      }
    });
    let size = 16;
    while (size < pairRows.length * 2) size *= 2;
    this.pairFirst = new Int32Array(size);
    this.pairSecond = new Int32Array(size);
    this.pairRow = new Int32Array(size);
    for (const [a, b, r] of pairRows) {
      const first = a[PAIR_FIRST];
      const second = b[PAIR_SECOND];
      let slot = pairSlot(first, second, size);
      while (this.pairSecond[slot] !== 0 && !(this.pairFirst[slot] === first && this.pairSecond[slot] === second + 1)) slot = (slot + 1) & (size - 1);
      this.pairFirst[slot] = first;
      this.pairSecond[slot] = second + 1;
      this.pairRow[slot] = r;
    }
    const row = (f: string) => this.rowOf.get(f) ?? NONE;
    this.bias = row('b');
    this.start = row('start');
    this.line = row('line');
    this.eng = row('eng');
    this.givenEng = row('given+eng');
    this.given = row('given');
    this.familyEng = row('family+eng');
    this.family = row('family');
    this.capUnknown = row('cap-unknown');
    this.prevTag = Int32Array.from(tags, (t) => row('t-1=' + t));
    this.prevTags = new Int32Array(c * c);
    for (let a = 0; a < c; a++) for (let b = 0; b < c; b++) this.prevTags[a * c + b] = row('t-2t-1=' + tags[a] + '|' + tags[b]);
    this.edge = this.shapeRows('_');
    // The sentinels are words only as neighbours ("<s>", "</s>": never a token).
    this.bos = this.makeType('<s>', 0);
    this.eos = this.makeType('</s>', 0);
  }

  get classes(): number {
    return this.tags.length;
  }

  /** The entry of the token text[start, end), cached by its exact text. */
  tokenType(text: string, start: number, end: number): TokenType {
    const h = hashOf(text, start, end);
    const len = end - start;
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s];
      if (e === 0) break;
      const t = this.types[e - 1];
      if (t.hash !== h || t.key.length !== len) continue;
      const key = t.key;
      let k = 0;
      while (k < len && key.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      if (k === len) return t;
    }
    const t = this.makeType(text.slice(start, end), h);
    this.insert(t);
    return t;
  }

  private insert(t: TokenType): void {
    if (this.types.length >= MAX_CACHED) {
      this.types = [];
      this.slots = new Int32Array(INITIAL_SLOTS);
      this.generation++;
      this.pool = new Float64Array(this.tags.length * INITIAL_PREFIXES);
      this.poolUsed = 0;
    } else if ((this.types.length + 1) * 2 > this.slots.length) {
      const old = this.types;
      this.slots = new Int32Array(this.slots.length * 2);
      this.types = [];
      for (const o of old) this.place(o);
    }
    this.place(t);
  }

  private place(t: TokenType): void {
    const mask = this.slots.length - 1;
    let s = t.hash & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.types.push(t);
    this.slots[s] = this.types.length;
  }

  /** The rows of a token text as a word and its neighbour: features.ts's per-token facts, computed once. */
  private makeType(key: string, hash: number): TokenType {
    const lw = key.toLowerCase();
    const rec = this.wordRecords.get(lw);
    return {
      key,
      hash,
      w: rec ? rec[W] : NONE,
      p3: this.prefix3.get(lw.slice(0, 3)) ?? NONE,
      x3: this.suffix3.get(lw.slice(-3)) ?? NONE,
      x2: this.suffix2.get(lw.slice(-2)) ?? NONE,
      m1: rec ? rec[M1] : NONE,
      p1: rec ? rec[P1] : NONE,
      m2: rec ? rec[M2] : NONE,
      p2: rec ? rec[P2] : NONE,
      pairFirst: rec ? rec[PAIR_FIRST] : NONE,
      pairSecond: rec ? rec[PAIR_SECOND] : NONE,
      lexicon: false,
      eng: NONE,
      given: NONE,
      family: NONE,
      capUnknown: NONE,
      shape: undefined,
      prefixAt: -1,
      prefixGen: -1,
    };
  }

  /** The lexicon rows of a token type (features.ts: eng, given, family, cap-unknown). */
  private fillLexicon(t: TokenType): void {
    const lw = t.key.toLowerCase();
    const known = this.lexicons.english.has(lw);
    const c0 = t.key.charCodeAt(0);
    t.eng = known ? this.eng : NONE;
    t.given = this.lexicons.givenNames.has(lw) ? (known ? this.givenEng : this.given) : NONE;
    t.family = this.lexicons.familyNames.has(lw) ? (known ? this.familyEng : this.family) : NONE;
    t.capUnknown = c0 >= 65 && c0 <= 90 && !known ? this.capUnknown : NONE;
    t.lexicon = true;
  }

  /** The token's first six features summed in features.ts's order, from zero, into the pool: where they start. */
  private prefixOf(t: TokenType, sh: ShapeRows): number {
    const sum = this.scratch.fill(0);
    this.add(sum, this.bias);
    this.add(sum, t.w);
    this.add(sum, sh.s);
    this.add(sum, t.p3);
    this.add(sum, t.x3);
    this.add(sum, t.x2);
    if (this.poolUsed + sum.length > this.pool.length) {
      const grown = new Float64Array(this.pool.length * 2);
      grown.set(this.pool);
      this.pool = grown;
    }
    const at = this.poolUsed;
    this.pool.set(sum, at);
    this.poolUsed += sum.length;
    t.prefixAt = at;
    t.prefixGen = this.generation;
    return at;
  }

  private shapeOf(t: TokenType): ShapeRows {
    return (t.shape ??= this.shapeRows(shape(t.key)));
  }

  private shapeRows(s: string): ShapeRows {
    let sh = this.shapes.get(s);
    if (sh) return sh;
    const row = (f: string) => this.rowOf.get(f) ?? NONE;
    const cached = this.shapes.size < MAX_SHAPES;
    sh = {
      id: cached ? this.shapes.size : -1,
      name: s,
      s: row('s=' + s),
      m1: row('s-1=' + s),
      p1: row('s+1=' + s),
      tagRows: new Int32Array(this.tags.length).fill(-2),
    };
    if (cached) this.shapes.set(s, sh);
    return sh;
  }

  private tripleRow(a: ShapeRows, b: ShapeRows, c: ShapeRows): number {
    const limit = 1 << TRIPLE_ID_BITS;
    const cached = a.id >= 0 && b.id >= 0 && c.id >= 0 && a.id < limit && b.id < limit && c.id < limit;
    const key = cached ? ((a.id << (2 * TRIPLE_ID_BITS)) | (b.id << TRIPLE_ID_BITS) | c.id) + 1 : 0;
    const slot = Math.imul(key, 0x9e3779b1) >>> (32 - TRIPLE_SLOT_BITS);
    if (cached && this.tripleKeys[slot] === key) return this.tripleRows[slot];
    const r = this.rowOf.get('s-1s+1=' + a.name + '|' + b.name + '|' + c.name) ?? NONE;
    if (cached) {
      this.tripleKeys[slot] = key;
      this.tripleRows[slot] = r;
    }
    return r;
  }

  private tagShapeRow(tag: number, s: ShapeRows): number {
    let r = s.tagRows[tag];
    if (r === -2) r = s.tagRows[tag] = this.rowOf.get('t-1s=' + this.tags[tag] + '|' + s.name) ?? NONE;
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
    const end = r + 1 + 2 * data[r];
    for (let j = r + 1; j < end; j += 2) scores[data[j] | 0] += data[j + 1];
  }

  /** Per-document state: the token bounds and a window of the token entries in use. */
  prepare(bounds: TokenBounds, text: string): PreparedDocument {
    return new PreparedDocument(this, bounds, text);
  }

  /** Scores of token i given the tags (indices) of the two tokens before it: features.ts's fixed features, then its tag features. */
  score(doc: PreparedDocument, i: number, prev: number, prev2: number, scores: Float64Array): void {
    const n = doc.count;
    const word = doc.type(i);
    const before = i > 0 ? doc.type(i - 1) : this.bos;
    const after = i + 1 < n ? doc.type(i + 1) : this.eos;
    const before2 = i > 1 ? doc.type(i - 2) : this.bos;
    const after2 = i + 2 < n ? doc.type(i + 2) : this.eos;
    const sh = word.shape ?? this.shapeOf(word);
    const shBefore = i > 0 ? (before.shape ?? this.shapeOf(before)) : this.edge;
    const shAfter = i + 1 < n ? (after.shape ?? this.shapeOf(after)) : this.edge;
    const at = word.prefixGen === this.generation ? word.prefixAt : this.prefixOf(word, sh);
    const pool = this.pool;
    for (let k = 0; k < scores.length; k++) scores[k] = pool[at + k];
    this.add(scores, before.m1);
    this.add(scores, after.p1);
    this.add(scores, before2.m2);
    this.add(scores, after2.p2);
    if (before.pairFirst >= 0 && word.pairSecond >= 0) this.add(scores, this.pairRowOf(before.pairFirst, word.pairSecond));
    this.add(scores, shBefore.m1);
    this.add(scores, shAfter.p1);
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
    if (!word.lexicon) this.fillLexicon(word);
    this.add(scores, word.eng);
    this.add(scores, word.given);
    this.add(scores, word.family);
    this.add(scores, word.capUnknown);
    // Tag features.
    this.add(scores, this.prevTag[prev]);
    this.add(scores, this.prevTags[prev2 * this.tags.length + prev]);
    this.add(scores, this.tagShapeRow(prev, sh));
  }
}

/** Slots in the window of token entries: a scored token reads tokens i-2 … i+2, and i only grows. */
const WINDOW = 8;

export class PreparedDocument {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly count: number;
  private readonly windowIndex = new Int32Array(WINDOW).fill(-1);
  private readonly window: TokenType[] = new Array(WINDOW);

  constructor(
    private readonly scorer: TaggerScorer,
    bounds: TokenBounds,
    readonly text: string,
  ) {
    this.starts = bounds.starts;
    this.ends = bounds.ends;
    this.count = bounds.count;
  }

  type(i: number): TokenType {
    const slot = i & (WINDOW - 1);
    if (this.windowIndex[slot] === i) return this.window[slot];
    const t = this.scorer.tokenType(this.text, this.starts[i], this.ends[i]);
    this.windowIndex[slot] = i;
    this.window[slot] = t;
    return t;
  }
}
