import type { Profile } from './profiles.js';
import { AdditiveReIdentifier, FeatureIndex, type FeatureOccurrence } from './scorer.js';
import { STOPWORDS, valueTokens, type Token, type TextView } from './text.js';

/**
 * TF-IDF cosine over words and word pairs. Profile vectors are (1 + ln tf)·idf,
 * unit length; the query weight of a term present c times is (1 + ln c)·idf.
 * The query's own length is the same for every profile, so ranking by the dot
 * product ranks by cosine, and the dot product is a sum over the query's terms.
 * Word pairs are consecutive content words with at most two function words
 * between them and no mask ("university of lyon" gives "university lyon").
 */
export class TfIdfReIdentifier extends AdditiveReIdentifier {
  readonly name = 'tfidf';

  constructor(profiles: readonly Profile[]) {
    super(buildIndex(profiles));
  }

  occurrences(view: TextView): FeatureOccurrence[] {
    const out: FeatureOccurrence[] = [];
    for (const term of terms(view.tokens)) {
      const f = this.index.ids.get(term.key);
      if (f !== undefined) out.push({ feature: f, first: term.first, last: term.last });
    }
    return out;
  }

  g(count: number): number {
    return count > 0 ? 1 + Math.log(count) : 0;
  }
}

/** Unigram and pair terms of a token run. */
export function terms(tokens: readonly Token[]): { key: string; first: number; last: number }[] {
  const out: { key: string; first: number; last: number }[] = [];
  let prev = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.breakBefore) prev = -1;
    if (STOPWORDS.has(t.norm)) continue;
    out.push({ key: t.norm, first: i, last: i });
    if (prev >= 0 && i - prev <= 3) out.push({ key: `${tokens[prev].norm} ${t.norm}`, first: prev, last: i });
    prev = i;
  }
  return out;
}

function buildIndex(profiles: readonly Profile[]): FeatureIndex {
  const tfs = profiles.map((p) => {
    const tf = new Map<string, number>();
    for (const values of Object.values(p.attributes)) {
      for (const v of values) for (const term of terms(valueTokens(v))) tf.set(term.key, (tf.get(term.key) ?? 0) + 1);
    }
    return tf;
  });
  const df = new Map<string, number>();
  for (const tf of tfs) for (const k of tf.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const n = profiles.length;
  const idf = (k: string) => Math.log((1 + n) / (1 + df.get(k)!)) + 1;
  return new FeatureIndex(
    tfs.map((tf) => {
      const raw = new Map<string, number>();
      let norm = 0;
      for (const [k, c] of tf) {
        const w = (1 + Math.log(c)) * idf(k);
        raw.set(k, w);
        norm += w * w;
      }
      norm = Math.sqrt(norm) || 1;
      // Posting weight: the unit profile weight times the query-side idf.
      for (const [k, w] of raw) raw.set(k, (w / norm) * idf(k));
      return raw;
    }),
  );
}
