import type { Candidate } from '../types.js';
import type { Label } from '../taxonomy.js';

/**
 * Candidates in columns: typed arrays for start, end and score, label and source as small
 * integer ids into tables. About 21 bytes a candidate instead of an object (80 bytes and
 * more in V8): a long document has millions of candidates between detection and the
 * resolver (src/detect/analyzer.ts finish). Order is kept: candidate i is the i-th pushed.
 */
/**
 * Up to SMALL candidates the columns are plain arrays: a typed array of more than a few dozen bytes is
 * allocated outside the heap, which costs more than the work of a short document; past SMALL they are
 * typed arrays (compact).
 */
const SMALL = 1024;
/** Room made by the first push into empty columns (most documents have a few candidates). */
const FIRST_GROWTH = 8;
type IntColumn = Int32Array | number[];
type FloatColumn = Float64Array | number[];
type ByteColumn = Uint8Array | number[];

// What release() leaves: never written (push grows a full column first, filter writes below length).
const RELEASED_INTS: number[] = [];
const RELEASED_FLOATS: number[] = [];
const RELEASED_BYTES: number[] = [];

/**
 * Integer and float columns never share a function that creates or fills them (two factories, two
 * copy loops): V8 let the one store site shared with the score column turn the integer columns into
 * double arrays too (a polymorphic store that had seen the score column's transition moved the
 * others to the same element kind), and every offset read from them was then a boxed number, in
 * the spans as well.
 */
function plainInts(n: number): number[] {
  return new Array<number>(n).fill(0);
}
function plainFloats(n: number): number[] {
  return new Array<number>(n).fill(0);
}

/**
 * Strings numbered in order of first arrival. The columns share one for labels and one for
 * sources (recognizer names and their merges: a bounded set), so that a document's columns
 * make no tables of their own; ids only ever index the table, never order anything.
 */
class Interner<T extends string> {
  readonly table: T[] = [];
  private readonly ids = new Map<T, number>();

  get length(): number {
    return this.table.length;
  }

  id(value: T): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.table.length;
      this.table.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

const sharedLabels = new Interner<Label>();
/** Past this many sources (an unusual caller's own names) new columns start a new table; older columns keep theirs. */
const MAX_SHARED_SOURCES = 4096;
let sharedSources = new Interner<string>();

/**
 * A value per label id (`valueOf` of each label of the shared label table), kept between calls and
 * extended as the table grows; started anew for another table.
 */
export function perLabelId(valueOf: (label: Label) => number): (labelTable: readonly Label[]) => readonly number[] {
  let table: readonly Label[] | undefined;
  const values: number[] = [];
  return (labelTable) => {
    if (labelTable !== table) {
      table = labelTable;
      values.length = 0;
    }
    for (let l = values.length; l < labelTable.length; l++) values.push(valueOf(labelTable[l]));
    return values;
  };
}

export class CandidateColumns {
  length = 0;
  starts: IntColumn;
  ends: IntColumn;
  scores: FloatColumn;
  labels: ByteColumn;
  sources: IntColumn;
  /** Label and source of each id: tables shared by all columns (see Interner), read-only here. */
  readonly labelTable: readonly Label[];
  readonly sourceTable: readonly string[];
  private readonly labelIds: Interner<Label>;
  private readonly sourceIds: Interner<string>;
  // The last label and source pushed: the analyzer pushes each recognizer's candidates in a row.
  private lastLabel?: Label;
  private lastLabelId = -1;
  private lastSource?: string;
  private lastSourceId = -1;

  constructor(capacity = 16) {
    this.labelIds = sharedLabels;
    this.sourceIds = sharedSources.length < MAX_SHARED_SOURCES ? sharedSources : (sharedSources = new Interner<string>());
    this.labelTable = this.labelIds.table;
    this.sourceTable = this.sourceIds.table;
    if (capacity <= 0) {
      // Nothing allocated until the first push (many short documents have no candidate at all).
      this.starts = RELEASED_INTS;
      this.ends = RELEASED_INTS;
      this.scores = RELEASED_FLOATS;
      this.labels = RELEASED_BYTES;
      this.sources = RELEASED_INTS;
      return;
    }
    const n = capacity;
    const small = n <= SMALL;
    this.starts = small ? plainInts(n) : new Int32Array(n);
    this.ends = small ? plainInts(n) : new Int32Array(n);
    this.scores = small ? plainFloats(n) : new Float64Array(n);
    this.labels = small ? plainInts(n) : new Uint8Array(n);
    this.sources = small ? plainInts(n) : new Int32Array(n);
  }

  /** Columns holding `list` (a missing source reads as `defaultSource`). */
  static from(list: readonly Candidate[], defaultSource = 'unknown'): CandidateColumns {
    const out = new CandidateColumns(list.length);
    for (const c of list) out.push(c.start, c.end, c.label, c.score, c.source ?? defaultSource);
    return out;
  }

  labelId(label: Label): number {
    if (label === this.lastLabel && this.lastLabelId >= 0) return this.lastLabelId;
    const id = this.labelIds.id(label);
    if (id > 255) throw new Error('CandidateColumns: more than 256 labels');
    this.lastLabel = label;
    this.lastLabelId = id;
    return id;
  }

  sourceId(source: string): number {
    if (source === this.lastSource && this.lastSourceId >= 0) return this.lastSourceId;
    const id = this.sourceIds.id(source);
    this.lastSource = source;
    this.lastSourceId = id;
    return id;
  }

  push(start: number, end: number, label: Label, score: number, source: string): void {
    if (this.length === this.starts.length) this.grow(Math.max(FIRST_GROWTH, this.length * 2));
    const i = this.length++;
    // `| 0`: what an Int32Array stores, whichever kind of column holds it.
    this.starts[i] = start | 0;
    this.ends[i] = end | 0;
    this.scores[i] = score;
    this.labels[i] = this.labelId(label);
    this.sources[i] = this.sourceId(source);
  }

  label(i: number): Label {
    return this.labelTable[this.labels[i]];
  }

  source(i: number): string {
    return this.sourceTable[this.sources[i]];
  }

  /** Candidate i as an object. */
  get(i: number): Candidate {
    return { start: this.starts[i], end: this.ends[i], label: this.label(i), score: this.scores[i], source: this.source(i) };
  }

  toArray(): Candidate[] {
    const out: Candidate[] = new Array(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.get(i);
    return out;
  }

  /** Keeps the candidates for which `keep(i)` is true, in order (in place). */
  filter(keep: (i: number) => boolean): void {
    let m = 0;
    for (let i = 0; i < this.length; i++) {
      if (!keep(i)) continue;
      this.starts[m] = this.starts[i];
      this.ends[m] = this.ends[i];
      this.scores[m] = this.scores[i];
      this.labels[m] = this.labels[i];
      this.sources[m] = this.sources[i];
      m++;
    }
    this.length = m;
  }

  /** Drops the columns (the candidates are read): empty ones shared by all (a push grows them anew first). */
  release(): void {
    this.length = 0;
    this.starts = RELEASED_INTS;
    this.ends = RELEASED_INTS;
    this.scores = RELEASED_FLOATS;
    this.labels = RELEASED_BYTES;
    this.sources = RELEASED_INTS;
  }

  private grow(capacity: number): void {
    const n = Math.max(1, capacity);
    const keep = Math.min(this.length, n);
    const small = n <= SMALL;
    this.starts = resized(this.starts, small ? plainInts(n) : new Int32Array(n), keep);
    this.ends = resized(this.ends, small ? plainInts(n) : new Int32Array(n), keep);
    this.scores = resizedFloats(this.scores, small ? plainFloats(n) : new Float64Array(n), keep);
    this.labels = resized(this.labels, small ? plainInts(n) : new Uint8Array(n), keep);
    this.sources = resized(this.sources, small ? plainInts(n) : new Int32Array(n), keep);
  }
}

/** `into` holding the first `keep` values of `from` (integer columns; see plainInts). */
function resized<T extends IntColumn | ByteColumn>(from: T, into: T, keep: number): T {
  for (let i = 0; i < keep; i++) into[i] = from[i];
  return into;
}

/** The same for the score column. */
function resizedFloats(from: FloatColumn, into: FloatColumn, keep: number): FloatColumn {
  for (let i = 0; i < keep; i++) into[i] = from[i];
  return into;
}
