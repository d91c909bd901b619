/**
 * A multiclass averaged perceptron (Collins 2002): simple, fast to train, and
 * its averaged weights generalise well. Weights are a map from feature to one
 * weight per class; averaging uses the usual "timestamp" trick.
 */
export interface PerceptronModel {
  classes: string[];
  /** feature → weights per class (rounded; zero rows pruned). */
  weights: Record<string, number[]>;
}

export class AveragedPerceptron {
  readonly classes: string[];
  private readonly weights = new Map<string, Float64Array>();
  private readonly totals = new Map<string, Float64Array>();
  private readonly stamps = new Map<string, Float64Array>();
  private instances = 0;

  constructor(classes: string[]) {
    this.classes = classes;
  }

  static fromModel(model: PerceptronModel): AveragedPerceptron {
    const p = new AveragedPerceptron(model.classes);
    for (const [f, w] of Object.entries(model.weights)) p.weights.set(f, Float64Array.from(w));
    return p;
  }

  /** Feature → weight per class (read by the fast scorer, fast-scorer.ts). */
  get weightRows(): ReadonlyMap<string, Float64Array> {
    return this.weights;
  }

  /** Class scores for a feature list. */
  scores(features: readonly string[]): Float64Array {
    return this.addScores(new Float64Array(this.classes.length), features);
  }

  /** Adds the weights of `features` to `into` (for scoring in parts) and returns it. */
  addScores(into: Float64Array, features: readonly string[]): Float64Array {
    for (const f of features) {
      const w = this.weights.get(f);
      if (!w) continue;
      for (let c = 0; c < into.length; c++) into[c] += w[c];
    }
    return into;
  }

  predict(features: readonly string[]): number {
    const s = this.scores(features);
    let best = 0;
    for (let c = 1; c < s.length; c++) if (s[c] > s[best]) best = c;
    return best;
  }

  update(features: readonly string[], truth: number, guess: number): void {
    this.instances++;
    if (truth === guess) return;
    for (const f of features) {
      this.bump(f, truth, 1);
      this.bump(f, guess, -1);
    }
  }

  private bump(f: string, c: number, delta: number): void {
    let w = this.weights.get(f);
    if (!w) {
      const n = this.classes.length;
      w = new Float64Array(n);
      this.weights.set(f, w);
      this.totals.set(f, new Float64Array(n));
      this.stamps.set(f, new Float64Array(n));
    }
    const totals = this.totals.get(f)!;
    const stamps = this.stamps.get(f)!;
    totals[c] += (this.instances - stamps[c]) * w[c];
    stamps[c] = this.instances;
    w[c] += delta;
  }

  /** Replace the weights by their averages over all updates, rounded and pruned. */
  finish(minAbs = 0.01): PerceptronModel {
    const out: Record<string, number[]> = {};
    for (const [f, w] of this.weights) {
      const totals = this.totals.get(f)!;
      const stamps = this.stamps.get(f)!;
      const avg = Array.from(w, (v, c) => {
        const total = totals[c] + (this.instances - stamps[c]) * v;
        return Math.round((total / this.instances) * 1000) / 1000;
      });
      if (avg.some((v) => Math.abs(v) >= minAbs)) out[f] = avg;
    }
    return { classes: this.classes, weights: out };
  }
}
