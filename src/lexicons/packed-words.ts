import { fnv1a } from './fnv.js';

/**
 * A read-only set of words given by `has`, `size` and `values`: the rest of ReadonlySet follows
 * from them (the packed word lists here, the tagger's name sets in src/learn/lexicons.ts).
 */
export abstract class ReadonlyWordSet implements ReadonlySet<string> {
  abstract has(word: string): boolean;
  abstract get size(): number;
  abstract values(): IterableIterator<string>;

  keys(): IterableIterator<string> {
    return this.values();
  }

  *entries(): IterableIterator<[string, string]> {
    for (const w of this.values()) yield [w, w];
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.values();
  }

  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const w of this.values()) callback.call(thisArg, w, w, this);
  }
}

/**
 * A large, read-only word list kept as ONE string: the words sorted (UTF-16
 * code-unit order, as Array.prototype.sort) and joined with '\n', plus a
 * Uint32Array of word starts, and an open-addressing hash table of word
 * indices (Int32Array) built from the string on load. A lookup hashes the word
 * and compares characters in place (no slicing, no allocation); prefix queries
 * bisect the sorted words. Compared with a Set of a few hundred thousand
 * strings it loads in a few milliseconds instead of a hundred and takes a
 * fraction of the memory, which matters because every worker thread holds its
 * own copy (see README, "Performance").
 */
export class PackedWords extends ReadonlyWordSet {
  private constructor(
    private readonly text: string,
    /** Start of word i in `text`; starts[size] is text.length + 1 (one past the final separator). */
    private readonly starts: Uint32Array,
    /** Open addressing, linear probing: word index + 1, 0 for an empty slot; a power of two long. */
    private readonly table: Int32Array,
  ) {
    super();
    this.mask = table.length - 1;
  }

  private readonly mask: number;

  /** `text`: sorted, distinct words joined with '\n' (no separator at the end); words contain no '\n'. */
  static fromText(text: string): PackedWords {
    let count = text.length === 0 ? 0 : 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
    const starts = new Uint32Array(count + 1);
    let i = 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[i++] = at + 1;
    starts[count] = text.length + 1;
    // Load factor at most 2/3.
    let capacity = 16;
    while (capacity * 2 < count * 3) capacity *= 2;
    const table = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let w = 0; w < count; w++) {
      let slot = fnv1a(text, starts[w], starts[w + 1] - 1) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = w + 1;
    }
    return new PackedWords(text, starts, table);
  }

  /** From words in any order, possibly repeated. */
  static from(words: Iterable<string>): PackedWords {
    return PackedWords.fromText(PackedWords.pack(words));
  }

  /** The packed text for `words`: distinct, sorted, '\n'-joined (what fromText takes). */
  static pack(words: Iterable<string>): string {
    const sorted = [...new Set(words)].sort();
    for (const w of sorted) if (w === '' || w.includes('\n')) throw new Error('PackedWords: an empty word or one with a line break');
    return sorted.join('\n');
  }

  /**
   * The whole index as bytes (for data/compiled/, see compiled.ts), so that a
   * process loads it without hashing anything: a JSON line of sizes, the word
   * starts and the hash table (little-endian), then the text (UTF-8).
   */
  encode(): Buffer {
    if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('PackedWords: big-endian hosts are not supported');
    const text = Buffer.from(this.text, 'utf8');
    const sizes = { count: this.size, capacity: this.table.length, textBytes: text.length };
    return Buffer.concat([
      Buffer.from(`${JSON.stringify(sizes)}\n`, 'utf8'),
      Buffer.from(this.starts.buffer, this.starts.byteOffset, this.starts.byteLength),
      Buffer.from(this.table.buffer, this.table.byteOffset, this.table.byteLength),
      text,
    ]);
  }

  /** Reads encode()'s bytes (typed arrays are copied out, so any alignment of `bytes` will do). */
  static decode(bytes: Buffer): PackedWords {
    const nl = bytes.indexOf(10);
    const sizes = JSON.parse(bytes.toString('utf8', 0, nl)) as { count: number; capacity: number; textBytes: number };
    let at = bytes.byteOffset + nl + 1;
    const copy = (byteLength: number): ArrayBuffer => {
      const out = bytes.buffer.slice(at, at + byteLength) as ArrayBuffer;
      at += byteLength;
      return out;
    };
    const starts = new Uint32Array(copy((sizes.count + 1) * 4));
    const table = new Int32Array(copy(sizes.capacity * 4));
    const from = at - bytes.byteOffset;
    const text = bytes.toString('utf8', from, from + sizes.textBytes);
    if (starts[sizes.count] !== text.length + 1 || (sizes.capacity & (sizes.capacity - 1)) !== 0) throw new Error('PackedWords: inconsistent encoded index');
    return new PackedWords(text, starts, table);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  /** Compares `word` with word i: negative when `word` sorts first, 0 when equal. */
  private compareAt(word: string, i: number): number {
    const text = this.text;
    const start = this.starts[i];
    const len = this.starts[i + 1] - 1 - start;
    const n = word.length < len ? word.length : len;
    for (let j = 0; j < n; j++) {
      const d = word.charCodeAt(j) - text.charCodeAt(start + j);
      if (d !== 0) return d;
    }
    return word.length - len;
  }

  /** Index of the first word that is not before `word` in sort order (size when there is none). */
  lowerBound(word: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(word, mid) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of `word` in sort order, or -1 when absent. */
  indexOf(word: string): number {
    const { text, starts, table, mask } = this;
    const n = word.length;
    for (let slot = fnv1a(word, 0, n) & mask; table[slot] !== 0; slot = (slot + 1) & mask) {
      const i = table[slot] - 1;
      const start = starts[i];
      if (starts[i + 1] - 1 - start !== n) continue;
      let j = 0;
      while (j < n && word.charCodeAt(j) === text.charCodeAt(start + j)) j++;
      if (j === n) return i;
    }
    return -1;
  }

  has(word: string): boolean {
    return this.indexOf(word) !== -1;
  }

  /** True when some word starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    const i = this.lowerBound(prefix);
    if (i >= this.size) return false;
    const start = this.starts[i];
    return this.starts[i + 1] - 1 - start >= prefix.length && this.text.startsWith(prefix, start);
  }

  /** Word i (sort order). */
  at(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i + 1] - 1);
  }

  *values(): IterableIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.at(i);
  }

}

