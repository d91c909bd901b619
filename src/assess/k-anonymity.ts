import type { AttributeKind, Estimate } from './types.js';

/**
 * Document-level k-anonymity estimate. The elements of a document are taken to
 * describe one person (conservative: more elements, smaller k) and the
 * attributes to be independent, so
 *
 *   k = min(base population, smallest kept place) × Π over attribute kinds of the kept share
 *
 * where a single-valued kind (age, occupation, religion…) contributes its
 * rarest kept value and a multi-valued kind (medical history, organisations,
 * traits…) its two rarest (correlated values are not multiplied further).
 */
export interface Group {
  /** Element indices (into the document's elements) that carry this value. */
  members: number[];
  kind: AttributeKind;
  /** For places: the number of people living there (caps the base). */
  placePopulation?: number;
  /** For every other kind: the share of people with the value. */
  share: number;
  /** Characters redacted if the group is removed (tie-breaker: keep more text). */
  chars: number;
}

const MULTI_VALUED = new Set<AttributeKind>(['medical', 'provider', 'organization', 'achievement', 'trait', 'event', 'demographic']);
const RAREST_MULTI = 2;

/** Turns an estimate into the k-model's terms (share of the reference population, or a place cap). */
export function groupTerms(estimate: Estimate, referencePopulation: number): Pick<Group, 'placePopulation' | 'share'> {
  if (estimate.measure === 'place') return { placePopulation: estimate.population, share: 1 };
  if (estimate.measure === 'count') return { share: Math.min(1, estimate.population / referencePopulation) };
  return { share: Math.min(1, estimate.share) };
}

export function estimateK(groups: Iterable<Group>, basePopulation: number, contextShare = 1): number {
  const list = Array.isArray(groups) ? (groups as readonly Group[]) : [...groups];
  return kOf(list, 0, -1, basePopulation, contextShare);
}

// Scratch space of kOf (one attribute kind per slot, in order of first appearance).
const kinds: AttributeKind[] = [];
const isMulti: boolean[] = [];
const rarest: number[] = [];
const secondRarest: number[] = [];

/**
 * k over `groups` visited from index `from` round to `from - 1`, leaving out index
 * `skip`: the rotation greedyRemoval's Set iteration produces. Single-valued kinds
 * multiply first, then multi-valued ones (two rarest, rarest first), each in order of
 * first appearance: the same operations in the same order as a Map-based tally, so the
 * same floating-point result, without allocating.
 */
function kOf(groups: readonly Group[], from: number, skip: number, basePopulation: number, contextShare: number): number {
  let population = basePopulation;
  let n = 0;
  const len = groups.length;
  for (let step = 0; step < len; step++) {
    const index = from + step < len ? from + step : from + step - len;
    if (index === skip) continue;
    const g = groups[index];
    if (g.placePopulation !== undefined) {
      population = Math.min(population, g.placePopulation);
      continue;
    }
    const share = g.share;
    if (share !== share) return kOfReference(groups, from, skip, basePopulation, contextShare); // NaN: keep the exact reference semantics
    let slot = 0;
    while (slot < n && kinds[slot] !== g.kind) slot++;
    if (slot === n) {
      kinds[n] = g.kind;
      isMulti[n] = MULTI_VALUED.has(g.kind);
      rarest[n] = isMulti[n] ? Infinity : 1;
      secondRarest[n] = Infinity;
      n++;
    }
    if (!isMulti[slot]) {
      rarest[slot] = Math.min(rarest[slot], share);
    } else if (share < rarest[slot]) {
      secondRarest[slot] = rarest[slot];
      rarest[slot] = share;
    } else if (share < secondRarest[slot]) {
      secondRarest[slot] = share;
    }
  }
  let k = population * contextShare;
  for (let slot = 0; slot < n; slot++) if (!isMulti[slot]) k *= rarest[slot];
  for (let slot = 0; slot < n; slot++) {
    if (!isMulti[slot]) continue;
    k *= rarest[slot];
    if (secondRarest[slot] !== Infinity) k *= secondRarest[slot];
  }
  return k;
}

/** The plain Map-based tally (kept for inputs with NaN shares, where sorting is order-dependent). */
function kOfReference(groups: readonly Group[], from: number, skip: number, basePopulation: number, contextShare: number): number {
  let population = basePopulation;
  const single = new Map<AttributeKind, number>();
  const multi = new Map<AttributeKind, number[]>();
  for (let step = 0; step < groups.length; step++) {
    const index = (from + step) % groups.length;
    if (index === skip) continue;
    const g = groups[index];
    if (g.placePopulation !== undefined) {
      population = Math.min(population, g.placePopulation);
      continue;
    }
    if (MULTI_VALUED.has(g.kind)) {
      const list = multi.get(g.kind);
      if (list) list.push(g.share);
      else multi.set(g.kind, [g.share]);
    } else {
      single.set(g.kind, Math.min(single.get(g.kind) ?? 1, g.share));
    }
  }
  let k = population * contextShare;
  for (const share of single.values()) k *= share;
  for (const shares of multi.values()) {
    shares.sort((a, b) => a - b);
    for (const share of shares.slice(0, RAREST_MULTI)) k *= share;
  }
  return k;
}

export interface RemovalResult {
  /** Groups removed, in the order the greedy step chose them. */
  removed: Group[];
  kBefore: number;
  kAfter: number;
  /** False when removing every removable group still leaves k under the pool size. */
  reached: boolean;
}

/**
 * Greedy minimal removal: while k is under the pool size, remove the group whose
 * removal raises k the most (ties: the one with fewer characters).
 */
export function greedyRemoval(groups: readonly Group[], basePopulation: number, poolSize: number, contextShare = 1): RemovalResult {
  const kept = [...new Set(groups)];
  const kBefore = kOf(kept, 0, -1, basePopulation, contextShare);
  let k = kBefore;
  const removed: Group[] = [];
  while (k < poolSize && kept.length > 0) {
    let best = -1;
    let bestK = k;
    // Trying group i without it visits the others from i + 1 round to i - 1 (the order a
    // Set gives when each tried group is deleted and added back at its end).
    for (let i = 0; i < kept.length; i++) {
      const next = kOf(kept, i + 1, i, basePopulation, contextShare);
      if (next > bestK || (best >= 0 && next === bestK && kept[i].chars < kept[best].chars)) {
        best = i;
        bestK = next;
      }
    }
    if (best < 0) break;
    removed.push(kept[best]);
    kept.splice(best, 1);
    k = bestK;
  }
  return { removed, kBefore, kAfter: k, reached: k >= poolSize };
}
