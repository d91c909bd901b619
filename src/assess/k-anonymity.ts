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
  let population = basePopulation;
  const single = new Map<AttributeKind, number>();
  const multi = new Map<AttributeKind, number[]>();
  for (const g of groups) {
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
  const kept = new Set(groups);
  const kBefore = estimateK(kept, basePopulation, contextShare);
  let k = kBefore;
  const removed: Group[] = [];
  while (k < poolSize && kept.size > 0) {
    let best: Group | undefined;
    let bestK = k;
    // A snapshot: deleting and re-adding while iterating a Set would visit g again.
    for (const g of [...kept]) {
      kept.delete(g);
      const next = estimateK(kept, basePopulation, contextShare);
      kept.add(g);
      if (next > bestK || (best && next === bestK && g.chars < best.chars)) {
        best = g;
        bestK = next;
      }
    }
    if (!best) break;
    kept.delete(best);
    removed.push(best);
    k = bestK;
  }
  return { removed, kBefore, kAfter: k, reached: k >= poolSize };
}
