/**
 * A large, read-only word list kept as ONE string: the words sorted (UTF-16
 * code-unit order, as Array.prototype.sort) and joined with '\n', plus a
 * Uint32Array of word starts. Looking a word up is a binary search comparing
 * characters in place (no slicing, no allocation). Compared with a Set of a
 * few hundred thousand strings it loads in a few milliseconds instead of a
 * hundred and takes a tenth of the memory, which matters because every worker
 * thread holds its own copy (see README, "Performance").
 */
export class PackedWords implements ReadonlySet<string> {
  /** Start of word i in `text`; starts[size] is text.length + 1 (one past the final separator). */
  private readonly starts: Uint32Array;

  /** `text`: sorted, distinct words joined with '\n' (no separator at the end); words contain no '\n'. */
  constructor(private readonly text: string) {
    let count = text.length === 0 ? 0 : 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
    const starts = new Uint32Array(count + 1);
    let i = 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[i++] = at + 1;
    starts[count] = text.length + 1;
    this.starts = starts;
  }

  /** From words in any order, possibly repeated. */
  static from(words: Iterable<string>): PackedWords {
    return new PackedWords(PackedWords.pack(words));
  }

  /** The packed text for `words`: distinct, sorted, '\n'-joined (what the constructor takes). */
  static pack(words: Iterable<string>): string {
    const sorted = [...new Set(words)].sort();
    for (const w of sorted) if (w === '' || w.includes('\n')) throw new Error('PackedWords: an empty word or one with a line break');
    return sorted.join('\n');
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
    const i = this.lowerBound(word);
    return i < this.size && this.compareAt(word, i) === 0 ? i : -1;
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
