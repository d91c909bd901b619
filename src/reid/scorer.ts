import type { TextView } from './text.js';

/**
 * The one interface every re-identifier implements. A re-identifier ranks
 * every profile for a document; `open` gives a scorer for one document whose
 * scores can be updated in place as words are masked, which is what makes
 * greedy masking (kanon.ts) scale: a masked word changes only the scores of
 * the profiles that share what it carried.
 */
export interface ReIdentifier {
  readonly name: string;
  /** Number of profiles ranked (indices 0..size-1, in the order they were loaded). */
  readonly size: number;
  open(view: TextView): DocScorer | Promise<DocScorer>;
}

export interface DocScorer {
  /** Current score of every profile (higher = more likely the person); updated in place by mask(). */
  readonly scores: Float64Array;
  /** How much each given profile's score would fall if these tokens (indices into view.tokens) were masked. */
  drops(tokens: readonly number[], profiles: readonly number[]): Float64Array;
  /** Mask these tokens and update every score they change. */
  mask(tokens: readonly number[]): void;
  /** An independent copy (for beam search). */
  clone(): DocScorer;
  /**
   * For members whose incremental update is an estimate (dense): recompute
   * the scores exactly for the tokens still unmasked. Absent when updates are exact.
   */
  refresh?(): Promise<void>;
}

/**
 * Rank of profile `target`: 1 + the number of OTHER profiles scoring at least
 * as high. Ties count against the attacker (the true profile is placed last
 * among equals), so rank > K means at least K others are indistinguishable or
 * better: the k-anonymity sense of "out of the top K".
 */
export function rankOf(scores: Float64Array, target: number): number {
  const s = scores[target] - tolerance(scores[target]);
  let rank = 1;
  for (let i = 0; i < scores.length; i++) if (i !== target && scores[i] >= s) rank++;
  return rank;
}

/** Float tolerance for ties after incremental updates. */
export function tolerance(value: number): number {
  return 1e-9 * Math.max(1, Math.abs(value));
}

/** The K-th highest score among profiles other than `target` (−Infinity when fewer than K others). */
export function kthOtherScore(scores: Float64Array, target: number, k: number): { score: number; profile: number } {
  if (k > 64) {
    // Large K: sort the others once (O(n log n)) rather than keep a long buffer.
    if (scores.length - 1 < k) return { score: -Infinity, profile: -1 };
    const order = Array.from({ length: scores.length }, (_, i) => i).filter((i) => i !== target);
    order.sort((a, b) => scores[b] - scores[a] || a - b);
    return { score: scores[order[k - 1]], profile: order[k - 1] };
  }
  // A small sorted buffer of the best k.
  const best: number[] = [];
  const who: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (i === target) continue;
    const v = scores[i];
    if (best.length === k && v <= best[k - 1]) continue;
    let j = best.length < k ? best.length : k - 1;
    if (best.length < k) {
      best.push(v);
      who.push(i);
    }
    while (j > 0 && best[j - 1] < v) {
      best[j] = best[j - 1];
      who[j] = who[j - 1];
      j--;
    }
    best[j] = v;
    who[j] = i;
  }
  return best.length < k ? { score: -Infinity, profile: -1 } : { score: best[k - 1], profile: who[k - 1] };
}

/** The indices of the n highest-scoring profiles, best first. */
export function topProfiles(scores: Float64Array, n: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i];
    if (best.length === n && v <= scores[best[n - 1]]) continue;
    let j = best.length < n ? best.length : n - 1;
    if (best.length < n) best.push(i);
    while (j > 0 && scores[best[j - 1]] < v) {
      best[j] = best[j - 1];
      j--;
    }
    best[j] = i;
  }
  return best;
}

/**
 * Sparse profile features for the additive re-identifiers (BM25, TF-IDF,
 * structured): feature key → postings (profile, weight), plus each profile's
 * features sorted by id for random access.
 */
export class FeatureIndex {
  readonly ids = new Map<string, number>();
  readonly postingProfiles: Int32Array[] = [];
  readonly postingWeights: Float64Array[] = [];
  private readonly profileFeatures: Int32Array[] = [];
  private readonly profileWeights: Float64Array[] = [];

  /** `profiles[p]` maps each feature key of profile p to its weight. */
  constructor(profiles: readonly ReadonlyMap<string, number>[]) {
    // Pass 1: feature ids and posting sizes.
    const sizes: number[] = [];
    for (const features of profiles) {
      for (const [key, weight] of features) {
        if (weight === 0 || !Number.isFinite(weight)) continue;
        let id = this.ids.get(key);
        if (id === undefined) {
          id = sizes.length;
          this.ids.set(key, id);
          sizes.push(0);
        }
        sizes[id]++;
      }
    }
    for (const n of sizes) {
      this.postingProfiles.push(new Int32Array(n));
      this.postingWeights.push(new Float64Array(n));
    }
    // Pass 2: fill postings (in profile order) and each profile's sorted features.
    const fill = new Int32Array(sizes.length);
    profiles.forEach((features, p) => {
      const ids = new Int32Array(features.size);
      const weights = new Float64Array(features.size);
      let n = 0;
      for (const [key, weight] of features) {
        if (weight === 0 || !Number.isFinite(weight)) continue;
        const id = this.ids.get(key)!;
        this.postingProfiles[id][fill[id]] = p;
        this.postingWeights[id][fill[id]++] = weight;
        ids[n] = id;
        weights[n++] = weight;
      }
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ids[a] - ids[b]);
      this.profileFeatures.push(Int32Array.from(order, (i) => ids[i]));
      this.profileWeights.push(Float64Array.from(order, (i) => weights[i]));
    });
  }

  get size(): number {
    return this.profileFeatures.length;
  }

  /** Weight of feature `f` in profile `p` (0 when absent). */
  weight(f: number, p: number): number {
    const fs = this.profileFeatures[p];
    let lo = 0;
    let hi = fs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = fs[mid];
      if (v === f) return this.profileWeights[p][mid];
      if (v < f) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }

  /** Feature keys of a profile with their weights (for explanations and tests). */
  featuresOf(p: number): Map<string, number> {
    const keys = [...this.ids.keys()];
    const out = new Map<string, number>();
    this.profileFeatures[p].forEach((f, i) => out.set(keys[f], this.profileWeights[p][i]));
    return out;
  }
}

/** A feature occurrence in a document: feature id over tokens first..last (inclusive). */
export interface FeatureOccurrence {
  feature: number;
  first: number;
  last: number;
}

/**
 * A re-identifier whose score is a sum over the document's features:
 * score(p) = Σ_f g(count_f) · weight(f, p), where count_f is the number of
 * unmasked occurrences of f. Masking a token kills the occurrences over it;
 * only the postings of features whose count changed are touched.
 */
export abstract class AdditiveReIdentifier implements ReIdentifier {
  abstract readonly name: string;
  constructor(readonly index: FeatureIndex) {}

  get size(): number {
    return this.index.size;
  }

  /** Occurrences of indexed features in the document. */
  abstract occurrences(view: TextView): FeatureOccurrence[];

  /** Query-side weight of a feature present `count` times (g(0) must be 0). */
  abstract g(count: number): number;

  open(view: TextView): DocScorer {
    return AdditiveScorer.create(this, this.occurrences(view), view.tokens.length);
  }
}

class AdditiveScorer implements DocScorer {
  private constructor(
    private readonly model: AdditiveReIdentifier,
    /** Document-local feature of each occurrence. */
    private readonly occLocal: Int32Array,
    /** Global feature id of each document-local feature. */
    private readonly localFeature: Int32Array,
    /** Occurrences over each token: tokenOccStart[t]..tokenOccStart[t+1] in tokenOccs. */
    private readonly tokenOccStart: Int32Array,
    private readonly tokenOccs: Int32Array,
    private readonly alive: Uint8Array,
    private readonly counts: Int32Array,
    readonly scores: Float64Array,
  ) {}

  static create(model: AdditiveReIdentifier, occurrences: readonly FeatureOccurrence[], tokenCount: number): AdditiveScorer {
    const local = new Map<number, number>();
    const occLocal = new Int32Array(occurrences.length);
    occurrences.forEach((o, i) => {
      let l = local.get(o.feature);
      if (l === undefined) {
        l = local.size;
        local.set(o.feature, l);
      }
      occLocal[i] = l;
    });
    const localFeature = new Int32Array(local.size);
    for (const [f, l] of local) localFeature[l] = f;
    // Token → occurrences (CSR layout).
    const perToken = new Int32Array(tokenCount + 1);
    for (const o of occurrences) for (let t = o.first; t <= o.last; t++) perToken[t + 1]++;
    for (let t = 0; t < tokenCount; t++) perToken[t + 1] += perToken[t];
    const fill = perToken.slice(0, tokenCount);
    const tokenOccs = new Int32Array(perToken[tokenCount]);
    occurrences.forEach((o, i) => {
      for (let t = o.first; t <= o.last; t++) tokenOccs[fill[t]++] = i;
    });
    const counts = new Int32Array(local.size);
    for (let i = 0; i < occLocal.length; i++) counts[occLocal[i]]++;
    const scores = new Float64Array(model.size);
    for (let l = 0; l < localFeature.length; l++) {
      const g = model.g(counts[l]);
      const ps = model.index.postingProfiles[localFeature[l]];
      const ws = model.index.postingWeights[localFeature[l]];
      for (let j = 0; j < ps.length; j++) scores[ps[j]] += g * ws[j];
    }
    return new AdditiveScorer(model, occLocal, localFeature, perToken, tokenOccs, new Uint8Array(occurrences.length).fill(1), counts, scores);
  }

  /** Document-local features losing occurrences if these tokens were masked, with how many each loses. */
  private killed(tokens: readonly number[]): Map<number, number> {
    const seen = new Set<number>();
    const lost = new Map<number, number>();
    for (const t of tokens) {
      for (let j = this.tokenOccStart[t]; j < this.tokenOccStart[t + 1]; j++) {
        const occ = this.tokenOccs[j];
        if (!this.alive[occ] || seen.has(occ)) continue;
        seen.add(occ);
        const l = this.occLocal[occ];
        lost.set(l, (lost.get(l) ?? 0) + 1);
      }
    }
    return lost;
  }

  drops(tokens: readonly number[], profiles: readonly number[]): Float64Array {
    const out = new Float64Array(profiles.length);
    for (const [l, k] of this.killed(tokens)) {
      const dg = this.model.g(this.counts[l]) - this.model.g(this.counts[l] - k);
      if (dg === 0) continue;
      const f = this.localFeature[l];
      profiles.forEach((p, i) => {
        out[i] += dg * this.model.index.weight(f, p);
      });
    }
    return out;
  }

  mask(tokens: readonly number[]): void {
    const lost = this.killed(tokens);
    for (const t of tokens) for (let j = this.tokenOccStart[t]; j < this.tokenOccStart[t + 1]; j++) this.alive[this.tokenOccs[j]] = 0;
    for (const [l, k] of lost) {
      const before = this.counts[l];
      this.counts[l] = before - k;
      const dg = this.model.g(before) - this.model.g(before - k);
      if (dg === 0) continue;
      const f = this.localFeature[l];
      const ps = this.model.index.postingProfiles[f];
      const ws = this.model.index.postingWeights[f];
      for (let j = 0; j < ps.length; j++) this.scores[ps[j]] -= dg * ws[j];
    }
  }

  clone(): DocScorer {
    return new AdditiveScorer(this.model, this.occLocal, this.localFeature, this.tokenOccStart, this.tokenOccs, this.alive.slice(), this.counts.slice(), this.scores.slice());
  }
}
