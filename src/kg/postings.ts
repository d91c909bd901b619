/**
 * Posting lists: the individuals a term points to, as sorted, duplicate-free
 * Int32Arrays of individual numbers. Intersection gallops (exponential then
 * binary search of the longer list) when one list is much shorter than the
 * other, and merges linearly otherwise: O(m log(n/m)) for m ≤ n.
 */
export type Postings = Int32Array;

export const EMPTY_POSTINGS: Postings = new Int32Array(0);

/** Sorted, duplicate-free postings from any list of individual numbers. */
export function toPostings(ids: Iterable<number>): Postings {
  const sorted = Int32Array.from(ids).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i];
  return sorted.slice(0, n);
}

/** Whether a list is sorted strictly ascending (a postings list). */
export function isPostings(a: Int32Array): boolean {
  for (let i = 1; i < a.length; i++) if (a[i] <= a[i - 1]) return false;
  return true;
}

/** Smallest index j ≥ from with b[j] ≥ x (b.length when none), by galloping from `from`. */
export function gallop(b: Int32Array, x: number, from: number): number {
  let lo = from;
  if (lo >= b.length || b[lo] >= x) return lo;
  let step = 1;
  let hi = lo + 1;
  while (hi < b.length && b[hi] < x) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > b.length) hi = b.length;
  // b[lo] < x ≤ b[hi] (or hi = length)
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (b[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ratio of lengths above which intersection gallops instead of merging. */
const GALLOP_RATIO = 8;

/**
 * Visit the common elements of two postings lists in ascending order; the
 * visitor returns false to stop early. Returns the number visited.
 */
function walkCommon(a: Postings, b: Postings, visit: (x: number) => boolean): number {
  if (a.length > b.length) [a, b] = [b, a];
  let count = 0;
  if (a.length === 0) return 0;
  if (b.length >= a.length * GALLOP_RATIO) {
    let j = 0;
    for (let i = 0; i < a.length && j < b.length; i++) {
      j = gallop(b, a[i], j);
      if (j < b.length && b[j] === a[i]) {
        count++;
        if (!visit(a[i])) return count;
        j++;
      }
    }
    return count;
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x < y) i++;
    else if (y < x) j++;
    else {
      count++;
      if (!visit(x)) return count;
      i++;
      j++;
    }
  }
  return count;
}

/** The individuals in both lists. */
export function intersect(a: Postings, b: Postings): Postings {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  walkCommon(a, b, (x) => {
    out[n++] = x;
    return true;
  });
  return out.subarray(0, n);
}

/** How many individuals both lists hold, counting no further than `cap` (cheaper when only "fewer than k?" matters). */
export function intersectionSize(a: Postings, b: Postings, cap = Number.POSITIVE_INFINITY): number {
  if (cap <= 0) return 0;
  let n = 0;
  walkCommon(a, b, () => ++n < cap);
  return n;
}

/** The intersection of several lists, shortest first (the shortest bounds the work). */
export function intersectAll(lists: readonly Postings[]): Postings {
  if (lists.length === 0) return EMPTY_POSTINGS;
  const sorted = [...lists].sort((x, y) => x.length - y.length);
  let acc = sorted[0];
  for (let i = 1; i < sorted.length && acc.length > 0; i++) acc = intersect(acc, sorted[i]);
  return acc;
}

/** The individuals in either list. */
export function union(a: Postings, b: Postings): Postings {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i] : Number.POSITIVE_INFINITY;
    const y = j < b.length ? b[j] : Number.POSITIVE_INFINITY;
    if (x <= y) {
      out[n++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  return out.slice(0, n);
}
