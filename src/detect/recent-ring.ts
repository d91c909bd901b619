/**
 * The values of the keys met lately, oldest first, bounded by count and by the keys' total length.
 * The analyzer reads a group of documents recognizer by recognizer (analyzeManySync), then refines
 * them one by one in the same order, so a look-up most often finds its key at or just after the
 * last hit: `find` tries a few slots from there, comparing keys by identity (no hashing), and a
 * key not found there is simply computed again. Per-document caches that outlive one recognizer's
 * turn over the group (the name tokens of a text, the facts of a token list) keep one each.
 */
export class RecentRing<K extends { readonly length: number }, V> {
  private readonly keys: Array<K | undefined>;
  private readonly values: Array<V | undefined>;
  private readonly slotMask: number;
  private head = 0;
  private size = 0;
  private total = 0;
  private at = 0;

  /**
   * @param slots how many keys it holds (a power of two)
   * @param maxLength the most key length it holds in all (a longer key is not kept)
   * @param look how many slots a look-up tries from the last hit on
   */
  constructor(
    private readonly slots: number,
    private readonly maxLength: number,
    private readonly look: number,
  ) {
    if ((slots & (slots - 1)) !== 0) throw new Error('RecentRing: slots must be a power of two');
    this.slotMask = slots - 1;
    this.keys = new Array<K | undefined>(slots).fill(undefined);
    this.values = new Array<V | undefined>(slots).fill(undefined);
  }

  /** The value kept for `key` near the last hit, or undefined; a hit is where the next look-up starts. */
  find(key: K): V | undefined {
    for (let n = 0; n < this.look; n++) {
      const k = (this.at + n) & this.slotMask;
      if (this.keys[k] === key) {
        this.at = k;
        return this.values[k];
      }
    }
    return undefined;
  }

  /**
   * Keeps `value` for `key` (the oldest leave to make room); returns its slot, or -1 when the key is
   * too long to keep. Look-ups still start at the last hit: `resumeAt` the slot to start there.
   */
  add(key: K, value: V): number {
    if (key.length > this.maxLength) return -1;
    while (this.size === this.slots || (this.size > 0 && this.total + key.length > this.maxLength)) {
      this.total -= this.keys[this.head]!.length;
      this.keys[this.head] = undefined;
      this.values[this.head] = undefined;
      this.head = (this.head + 1) & this.slotMask;
      this.size--;
    }
    const slot = (this.head + this.size) & this.slotMask;
    this.keys[slot] = key;
    this.values[slot] = value;
    this.size++;
    this.total += key.length;
    return slot;
  }

  /** The next look-up starts at `slot` when it still holds `key` (found another way, e.g. by a mark on the key). */
  resumeAt(slot: number, key: K): void {
    if (slot >= 0 && this.keys[slot] === key) this.at = slot;
  }
}
