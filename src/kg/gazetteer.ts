import AhoCorasick from 'modern-ahocorasick';
import { atWordBoundaries, foldText } from './normalize.js';

/**
 * Finds every term of the index in a document in one pass: an Aho-Corasick
 * automaton (modern-ahocorasick) over all term keys runs on the folded text
 * (normalize.ts), hits that are not bounded by non-word characters on both
 * sides are dropped ("ann" in "annual"). Two readings of what is left:
 *
 *   'all'      every hit, nested and overlapping ones included ("Maria
 *              Okafor", "Maria" and "Okafor"): what a reader can take from
 *              the text, so what k-anonymity is computed on by default;
 *   'longest'  a leftmost-longest, non-overlapping selection ("Maria Okafor"
 *              only), the usual gazetteer reading.
 *
 * Offsets are mapped back to the original text (UTF-16, end exclusive).
 *
 * The library's own word-boundary option inspects the whole text per hit
 * (quadratic on long documents), so boundaries are checked here, in constant
 * time per hit.
 */
export interface Occurrence {
  /** UTF-16 offsets into the original text, end exclusive. */
  start: number;
  end: number;
  /** Term number (index into the key list the gazetteer was built from). */
  term: number;
}

export type MatchMode = 'all' | 'longest';

export class Gazetteer {
  private readonly matcher: AhoCorasick;

  constructor(keys: readonly string[]) {
    this.matcher = new AhoCorasick(keys as string[]);
  }

  /** Hits sorted by start, longest first at the same start. */
  find(text: string, mode: MatchMode = 'longest'): Occurrence[] {
    if (text.length === 0) return [];
    const folded = foldText(text);
    const hits: Array<{ start: number; end: number; term: number }> = [];
    for (const m of this.matcher.iterate(folded.text, { strategy: 'all' })) {
      if (atWordBoundaries(folded.text, m.start, m.end)) hits.push({ start: m.start, end: m.end, term: m.patternIndex });
    }
    // Leftmost first; at the same start the longest.
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    if (mode === 'all') return hits.map((h) => ({ start: folded.starts[h.start], end: folded.ends[h.end - 1], term: h.term }));
    const out: Occurrence[] = [];
    let reached = 0;
    for (const h of hits) {
      if (h.start < reached) continue;
      out.push({ start: folded.starts[h.start], end: folded.ends[h.end - 1], term: h.term });
      reached = h.end;
    }
    return out;
  }
}
