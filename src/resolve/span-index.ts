/**
 * An ordered set of non-overlapping ranges, sorted by start, for the
 * resolver: find the ranges overlapping [start, end), insert, remove, all in
 * O(log n + B) (B, the block size, a constant). A plain array with
 * `Array.splice` costs O(n) per insertion, O(n²) over a document with many spans.
 *
 * Layout: a list of blocks, each a sorted array of at most 2·B items; a
 * position is (block, offset). Blocks split when full and are dropped when empty.
 */
export interface RangeLike {
  start: number;
  end: number;
}

const BLOCK = 128;

export class SpanIndex<T extends RangeLike> {
  private blocks: T[][] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Index of the first block whose last item starts at or after `start` (blocks.length if none). */
  private blockFor(start: number): number {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const b = blocks[mid];
      if (b[b.length - 1].start < start) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Position of the first item starting at or after `start`: [block, offset], or [blocks.length, 0]. */
  private lowerBound(start: number): [number, number] {
    const bi = this.blockFor(start);
    if (bi === this.blocks.length) return [bi, 0];
    const b = this.blocks[bi];
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (b[mid].start < start) lo = mid + 1;
      else hi = mid;
    }
    return [bi, lo];
  }

  /** The item just before position (bi, oi), if any. */
  private before(bi: number, oi: number): T | undefined {
    if (oi > 0) return this.blocks[bi][oi - 1];
    if (bi > 0) {
      const b = this.blocks[bi - 1];
      return b[b.length - 1];
    }
    return undefined;
  }

  /** Some item overlapping [start, end): the one starting before `start` if it reaches in, else the first starting inside. */
  firstOverlap(start: number, end: number): T | undefined {
    const [bi, oi] = this.lowerBound(start);
    const prev = this.before(bi, oi);
    if (prev && prev.end > start) return prev;
    const at = bi < this.blocks.length ? this.blocks[bi][oi] : undefined;
    return at && at.start < end ? at : undefined;
  }

  /** The overlapping item that starts last (the items are disjoint, so this is the last overlap in order). */
  lastOverlap(start: number, end: number): T | undefined {
    // The last item starting before `end`.
    const [bi, oi] = this.lowerBound(end);
    const prev = this.before(bi, oi);
    return prev && prev.end > start ? prev : undefined;
  }

  /** Calls `visit` on every item overlapping [start, end), in order, until it returns false; returns whether all passed. */
  everyOverlap(start: number, end: number, visit: (item: T) => boolean): boolean {
    let [bi, oi] = this.lowerBound(start);
    const prev = this.before(bi, oi);
    if (prev && prev.end > start && !visit(prev)) return false;
    const blocks = this.blocks;
    while (bi < blocks.length) {
      const b = blocks[bi];
      for (; oi < b.length; oi++) {
        if (b[oi].start >= end) return true;
        if (!visit(b[oi])) return false;
      }
      bi++;
      oi = 0;
    }
    return true;
  }

  /** Every item overlapping [start, end), in order. */
  overlapping(start: number, end: number): T[] {
    const out: T[] = [];
    this.everyOverlap(start, end, (item) => {
      out.push(item);
      return true;
    });
    return out;
  }

  /** Inserts an item (the caller keeps the items disjoint). */
  insert(item: T): void {
    this.count++;
    const blocks = this.blocks;
    if (blocks.length === 0) {
      blocks.push([item]);
      return;
    }
    let [bi, oi] = this.lowerBound(item.start);
    if (bi === blocks.length) {
      bi--;
      oi = blocks[bi].length;
    }
    const b = blocks[bi];
    // In place (Array.splice makes an array of what it removes on every call).
    b.push(item);
    for (let q = b.length - 1; q > oi; q--) b[q] = b[q - 1];
    b[oi] = item;
    if (b.length >= 2 * BLOCK) blocks.splice(bi + 1, 0, b.splice(BLOCK));
  }

  /** Removes the item (found by its start; the same object must be in the set). */
  remove(item: T): void {
    const [bi, oi] = this.lowerBound(item.start);
    const b = this.blocks[bi];
    if (!b || b[oi] !== item) throw new Error('SpanIndex.remove: item not in the set');
    this.count--;
    for (let q = oi + 1; q < b.length; q++) b[q - 1] = b[q];
    b.pop();
    if (b.length === 0) this.blocks.splice(bi, 1);
  }

  /** Every item in order. */
  toArray(): T[] {
    const out: T[] = [];
    for (const b of this.blocks) for (const item of b) out.push(item);
    return out;
  }
}
