import { profileWords } from './bm25.js';
import type { Profile } from './profiles.js';
import { STOPWORDS, type TextView } from './text.js';

/**
 * The seed paper's baselines, each a choice of words to mask:
 * - lexical: every word of the document that also occurs in the true profile
 *   (an oracle that knows the profile, like the greedy search);
 * - named-entity redaction: whatever Splice's detector finds (the spans come
 *   from Pipeline.detect; see experiment.ts);
 * - IDF: the rarest words first, every word whose IDF over the document set is at
 *   least a threshold.
 */

/** Tokens whose word occurs in the profile's values (function words excepted). */
export function lexicalMask(view: TextView, profile: Profile): number[] {
  const words = new Set(profileWords(profile));
  const out: number[] = [];
  view.tokens.forEach((t, i) => {
    if (!STOPWORDS.has(t.norm) && words.has(t.norm)) out.push(i);
  });
  return out;
}

/** IDF of every word over the documents: ln(N / documents containing it). */
export class IdfTable {
  private readonly df = new Map<string, number>();
  readonly documents: number;

  constructor(views: Iterable<TextView>) {
    let n = 0;
    for (const v of views) {
      n++;
      for (const w of new Set(v.tokens.map((t) => t.norm))) this.df.set(w, (this.df.get(w) ?? 0) + 1);
    }
    this.documents = n;
  }

  idf(word: string): number {
    return Math.log(Math.max(1, this.documents) / (this.df.get(word) ?? 1));
  }

  /** The largest possible IDF (a word in one document). */
  get max(): number {
    return Math.log(Math.max(1, this.documents));
  }
}

/** Tokens whose IDF is at least the threshold. */
export function idfMask(view: TextView, table: IdfTable, threshold: number): number[] {
  const out: number[] = [];
  view.tokens.forEach((t, i) => {
    if (table.idf(t.norm) >= threshold - 1e-9) out.push(i);
  });
  return out;
}

/** Default IDF thresholds: from the largest IDF down to 0 in `steps` even steps. */
export function idfThresholds(table: IdfTable, steps = 16): number[] {
  const max = table.max;
  // Rounded down, so the first threshold still masks the words found in a single document.
  return Array.from({ length: steps + 1 }, (_, i) => Math.floor(max * (1 - i / steps) * 1e4) / 1e4);
}
