/** Overlapping [start, end) ranges found by different routes become one range; empty ranges are dropped. */
export function unionRanges(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s < last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Binary search over ranges sorted by position: index of the first one ending after `pos`. */
export function firstEndingAfter(items: ReadonlyArray<{ end: number }>, pos: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].end <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
