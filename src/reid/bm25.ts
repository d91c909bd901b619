import type { Profile } from './profiles.js';
import { AdditiveReIdentifier, FeatureIndex, type FeatureOccurrence } from './scorer.js';
import { STOPWORDS, valueTokens, type TextView } from './text.js';

/**
 * BM25 over attribute values: each profile is a "document" made of the words
 * of all its attribute values, the text to re-identify is the query. A query
 * word counts once however often it appears (repeating a name does not make it
 * more identifying), so the score is a sum over the distinct unmasked words.
 */
export interface Bm25Options {
  k1?: number;
  b?: number;
}

/** The content words of a profile (normalised, function words dropped), with repeats. */
export function profileWords(profile: Profile): string[] {
  const out: string[] = [];
  for (const values of Object.values(profile.attributes)) for (const v of values) for (const t of valueTokens(v)) if (!STOPWORDS.has(t.norm)) out.push(t.norm);
  return out;
}

export class Bm25ReIdentifier extends AdditiveReIdentifier {
  readonly name = 'bm25';

  constructor(profiles: readonly Profile[], options: Bm25Options = {}) {
    super(buildIndex(profiles, options.k1 ?? 1.2, options.b ?? 0.75));
  }

  occurrences(view: TextView): FeatureOccurrence[] {
    const out: FeatureOccurrence[] = [];
    view.tokens.forEach((t, i) => {
      const f = this.index.ids.get(t.norm);
      if (f !== undefined) out.push({ feature: f, first: i, last: i });
    });
    return out;
  }

  g(count: number): number {
    return count > 0 ? 1 : 0;
  }
}

function buildIndex(profiles: readonly Profile[], k1: number, b: number): FeatureIndex {
  const tfs = profiles.map((p) => {
    const tf = new Map<string, number>();
    for (const w of profileWords(p)) tf.set(w, (tf.get(w) ?? 0) + 1);
    return tf;
  });
  const lengths = tfs.map((tf) => [...tf.values()].reduce((a, c) => a + c, 0));
  const avg = lengths.reduce((a, c) => a + c, 0) / Math.max(1, lengths.length) || 1;
  const df = new Map<string, number>();
  for (const tf of tfs) for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const n = profiles.length;
  return new FeatureIndex(
    tfs.map((tf, p) => {
      const weights = new Map<string, number>();
      for (const [w, f] of tf) {
        const d = df.get(w)!;
        const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
        weights.set(w, (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * lengths[p]) / avg)));
      }
      return weights;
    }),
  );
}
