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

/**
 * estimateK over groups given as terms, without Group objects (a long document has about one
 * group per element): group j has the kind, place population (when isPlace) and share of
 * element order[j]. The same operations in the same order as kOf. Callers pass no NaN share
 * (kOf falls back to the Map-based tally then; build Groups for that case).
 */
export function estimateKOfTerms(
  count: number,
  order: ArrayLike<number>,
  kindOf: readonly AttributeKind[],
  isPlace: ArrayLike<number>,
  placePopulations: ArrayLike<number>,
  shares: ArrayLike<number>,
  basePopulation: number,
  contextShare = 1,
): number {
  let population = basePopulation;
  let n = 0;
  for (let j = 0; j < count; j++) {
    const e = order[j];
    if (isPlace[e]) {
      population = Math.min(population, placePopulations[e]);
      continue;
    }
    const share = shares[e];
    const kind = kindOf[e];
    n = tally(n, kind, share);
  }
  return kOfTally(n, population, contextShare);
}

// Scratch space of kOf and estimateKOfTerms (one attribute kind per slot, in order of first appearance).
const kinds: AttributeKind[] = [];
const isMulti: boolean[] = [];
const rarest: number[] = [];
const secondRarest: number[] = [];

/** Adds one element's share to the scratch tally of `n` kinds; returns the new number of kinds. */
function tally(n: number, kind: AttributeKind, share: number): number {
  let slot = 0;
  while (slot < n && kinds[slot] !== kind) slot++;
  if (slot === n) {
    kinds[n] = kind;
    isMulti[n] = MULTI_VALUED.has(kind);
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
  return n;
}

/** k from the scratch tally: single-valued kinds multiply first, then multi-valued ones (two rarest, rarest first). */
function kOfTally(n: number, population: number, contextShare: number): number {
  let k = population * contextShare;
  for (let slot = 0; slot < n; slot++) if (!isMulti[slot]) k *= rarest[slot];
  for (let slot = 0; slot < n; slot++) {
    if (!isMulti[slot]) continue;
    k *= rarest[slot];
    if (secondRarest[slot] !== Infinity) k *= secondRarest[slot];
  }
  return k;
}

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
    n = tally(n, g.kind, share);
  }
  return kOfTally(n, population, contextShare);
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
 * removal raises k the most (ties: the one with fewer characters, then the first).
 *
 * The plain way tries every group at every step (kOf is O(groups): O(steps × groups²),
 * 16 s for 2,000 groups). Here k without a group is computed in O(kinds · log groups)
 * from per-kind sorted lists, bit for bit as kOf computes it (same factors, multiplied
 * in the same order), and at each step only the groups whose removal changes a factor
 * are tried: the two rarest of each kind and the smallest place. Removing any other
 * group leaves the same factors, multiplied in another order, so its k differs from the
 * current one by rounding only; when the best tried group beats the current k by more
 * than rounding can explain, no other group can win. Otherwise (a tie up to rounding)
 * every group is tried, still in O(kinds · log groups) each.
 */
export function greedyRemoval(groups: readonly Group[], basePopulation: number, poolSize: number, contextShare = 1): RemovalResult {
  const kept = distinct(groups);
  for (const g of kept) if (g.share !== g.share || (g.placePopulation !== undefined && g.placePopulation !== g.placePopulation)) return greedyRemovalPlain(kept, basePopulation, poolSize, contextShare);
  if (basePopulation !== basePopulation || contextShare !== contextShare) return greedyRemovalPlain(kept, basePopulation, poolSize, contextShare);
  // A few groups (short documents): the plain step, whose choices RemovalState reproduces, costs
  // less than RemovalState's tables (at most PLAIN_UP_TO³ tally steps, no allocation per try).
  if (kept.length <= PLAIN_UP_TO) return greedyRemovalPlain(kept, basePopulation, poolSize, contextShare);
  const kBefore = kOf(kept, 0, -1, basePopulation, contextShare);
  let k = kBefore;
  const removed: Group[] = [];
  if (!(k < poolSize) || kept.length === 0) return { removed, kBefore, kAfter: k, reached: k >= poolSize };
  const state = new RemovalState(kept, basePopulation, contextShare);
  while (k < poolSize && state.alive > 0) {
    const best = state.bestRemoval(k);
    if (best < 0) break;
    removed.push(kept[best]);
    k = state.lastBestK;
    state.remove(best);
  }
  return { removed, kBefore, kAfter: k, reached: k >= poolSize };
}

/** Up to this many groups, greedyRemoval runs the plain step. */
const PLAIN_UP_TO = 8;

/** Up to this many groups, distinct() compares them pairwise instead of building a Set. */
const PAIRWISE_DISTINCT_UP_TO = 16;

/** `[...new Set(groups)]`: each group once, in order of first appearance. */
function distinct(groups: readonly Group[]): Group[] {
  const n = groups.length;
  if (n > PAIRWISE_DISTINCT_UP_TO) return [...new Set(groups)];
  const kept: Group[] = [];
  for (let i = 0; i < n; i++) {
    const g = groups[i];
    let seen = false;
    for (let j = 0; j < kept.length && !seen; j++) seen = kept[j] === g;
    if (!seen) kept.push(g);
  }
  return kept;
}

/** Unit roundoff of binary64. */
const UNIT_ROUNDOFF = 2 ** -53;

/**
 * The kept groups of greedyRemoval, indexed by their position in `kept` (which removal
 * does not change: a removed group is only marked). Per attribute kind: its members in
 * order (for the order in which kOf meets the kinds) and sorted by share (for the rarest).
 */
class RemovalState {
  alive: number;
  /** k with the group bestRemoval chose removed. */
  lastBestK = 0;
  private readonly removedFlags: Uint8Array;
  /** Kind slot of each group, or -1 for a place group (it only caps the population). */
  private readonly slotOf: Int32Array;
  private readonly multi: boolean[] = [];
  private readonly members: number[][] = [];
  private readonly byShare: number[][] = [];
  private readonly places: number[] = [];
  /** Every share in (0, 1] and positive populations: the rounding bound of bestRemoval holds. */
  private readonly boundHolds: boolean;
  // Scratch space of kWithout.
  private readonly order: number[] = [];
  private readonly orderKey: number[] = [];

  constructor(
    private readonly groups: readonly Group[],
    private readonly basePopulation: number,
    private readonly contextShare: number,
  ) {
    const n = groups.length;
    this.alive = n;
    this.removedFlags = new Uint8Array(n);
    this.slotOf = new Int32Array(n);
    const slots = new Map<AttributeKind, number>();
    let boundHolds = basePopulation > 0 && basePopulation < Infinity && contextShare > 0 && contextShare <= 1;
    for (let i = 0; i < n; i++) {
      const g = groups[i];
      if (g.placePopulation !== undefined) {
        this.slotOf[i] = -1;
        this.places.push(i);
        if (!(g.placePopulation > 0)) boundHolds = false;
        continue;
      }
      if (!(g.share > 0 && g.share <= 1)) boundHolds = false;
      let slot = slots.get(g.kind);
      if (slot === undefined) {
        slot = this.members.length;
        slots.set(g.kind, slot);
        this.members.push([]);
        this.byShare.push([]);
        this.multi.push(MULTI_VALUED.has(g.kind));
      }
      this.slotOf[i] = slot;
      this.members[slot].push(i);
      this.byShare[slot].push(i);
    }
    this.boundHolds = boundHolds;
    for (const list of this.byShare) list.sort((a, b) => groups[a].share - groups[b].share || a - b);
    this.places.sort((a, b) => groups[a].placePopulation! - groups[b].placePopulation! || a - b);
  }

  /** The group greedyRemoval removes next (k is the current k), or -1; its k is left in lastBestK. */
  bestRemoval(k: number): number {
    // The groups whose removal changes a factor: the two rarest of each kind, the smallest place.
    const tried: number[] = [];
    for (const list of this.byShare) for (let j = 0; j < 2 && j < list.length; j++) tried.push(list[j]);
    if (this.places.length > 0) tried.push(this.places[0]);
    let best = this.pick(tried, k);
    if (this.boundHolds && best >= 0) {
      // Any other group's k is the current factors' product in some order: within
      // (1 ± m·u)/(1 ∓ m·u) of any other order's, m the number of multiplications.
      const reference = this.kWithout(-1);
      let m = 1;
      for (let slot = 0; slot < this.members.length; slot++) if (this.members[slot].length > 0) m += this.multi[slot] ? 2 : 1;
      if (reference >= 1e-290 && this.lastBestK > reference * (1 + 4 * (m + 2) * UNIT_ROUNDOFF)) return best;
    }
    // A tie up to rounding (or no bound): try every group.
    const all: number[] = [];
    for (let i = 0; i < this.groups.length; i++) if (!this.removedFlags[i]) all.push(i);
    best = this.pick(all, k);
    return best;
  }

  /** The best of `candidates` by greedyRemoval's rule (higher k, then fewer characters, then first), if it beats k. */
  private pick(candidates: number[], k: number): number {
    let best = -1;
    let bestK = k;
    for (const i of candidates) {
      const next = this.kWithout(i);
      const chars = this.groups[i].chars;
      if (next > bestK || (best >= 0 && next === bestK && (chars < this.groups[best].chars || (chars === this.groups[best].chars && i < best)))) {
        best = i;
        bestK = next;
      }
    }
    this.lastBestK = bestK;
    return best;
  }

  remove(i: number): void {
    this.removedFlags[i] = 1;
    this.alive--;
    const slot = this.slotOf[i];
    if (slot < 0) {
      this.places.splice(this.places.indexOf(i), 1);
      return;
    }
    const members = this.members[slot];
    members.splice(lowerBound(members, i), 1);
    const list = this.byShare[slot];
    list.splice(list.indexOf(i), 1);
  }

  /**
   * kOf over the alive groups without group `skip` (-1: none), visited from the group after
   * `skip` round to the one before it: the same factors multiplied in the same order.
   */
  kWithout(skip: number): number {
    const groups = this.groups;
    let population = this.basePopulation;
    const places = this.places;
    const smallestPlace = places[0] === skip ? places[1] : places[0];
    if (smallestPlace !== undefined) population = Math.min(population, groups[smallestPlace].placePopulation!);
    // Kinds in order of their first group met from `skip + 1` round.
    const order = this.order;
    const orderKey = this.orderKey;
    let kinds = 0;
    const n = groups.length;
    for (let slot = 0; slot < this.members.length; slot++) {
      const members = this.members[slot];
      if (members.length === 0) continue;
      const after = lowerBound(members, skip + 1);
      let firstMet: number;
      if (after < members.length) firstMet = members[after] - skip;
      else if (members[0] !== skip) firstMet = members[0] + n - skip;
      else if (members.length > 1) firstMet = members[1] + n - skip;
      else continue; // `skip` is the kind's only group
      // Insertion by first-met position (few kinds).
      let at = kinds++;
      while (at > 0 && orderKey[at - 1] > firstMet) {
        order[at] = order[at - 1];
        orderKey[at] = orderKey[at - 1];
        at--;
      }
      order[at] = slot;
      orderKey[at] = firstMet;
    }
    let k = population * this.contextShare;
    for (let o = 0; o < kinds; o++) {
      const slot = order[o];
      if (this.multi[slot]) continue;
      const list = this.byShare[slot];
      const rarest = list[0] === skip ? list[1] : list[0];
      k *= Math.min(1, groups[rarest].share);
    }
    for (let o = 0; o < kinds; o++) {
      const slot = order[o];
      if (!this.multi[slot]) continue;
      const list = this.byShare[slot];
      let j = 0;
      if (list[j] === skip) j++;
      k *= groups[list[j]].share;
      j++;
      if (list[j] === skip) j++;
      if (j < list.length) k *= groups[list[j]].share;
    }
    return k;
  }
}

/** First index of a sorted array whose value is at least `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The plain greedy step (every group tried at every step): kept for inputs with NaN shares. */
function greedyRemovalPlain(kept: Group[], basePopulation: number, poolSize: number, contextShare: number): RemovalResult {
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
