/**
 * Answers kept for the last few thousand short keys. The same element texts come back, within a
 * document and across documents, and the answers kept here depend on the key and the tables only.
 * At most `maxEntries` are held: when full, all are dropped, which costs less than tracking which
 * is oldest. A key longer than `maxKeyChars` is never kept, so no long text stays in memory.
 */
export class Kept<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxKeyChars: number,
  ) {}

  /** The answer kept for `key`, or undefined. */
  get(key: string): V | undefined {
    return key.length > this.maxKeyChars ? undefined : this.entries.get(key);
  }

  /** Keeps `value` for `key` (when the key is short enough) and returns it. */
  keep(key: string, value: V): V {
    if (key.length <= this.maxKeyChars) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
