import { SeededRandom } from '../learn/random.js';
import type { SpecLabel } from '../taxonomy.js';
import type { Gazetteer, MatchMode, Occurrence } from './gazetteer.js';
import type { InvertedIndex } from './inverted-index.js';
import { getTermsToMask, type MaskChoice, type MaskDecision } from './terms-to-mask.js';

/**
 * Masks one document against a knowledge graph: finds the graph's terms in it
 * (gazetteer.ts), decides which to mask (terms-to-mask.ts) and masks every
 * mention of those terms. The masks are spans with UTF-16 offsets into the
 * original text (end exclusive) and the Splice category of the term: from
 * the attributes of the document's subject when the document names its
 * profile and that profile holds the term, else the category most of the
 * term's values have. Masks that overlap (a masked term nested in another
 * mention) are merged into one span.
 */
export interface KgMaskOptions {
  k: number;
  maxArity: number;
  choice: MaskChoice;
  /** Seed of the random choice; each document draws from seed + its position. */
  seed: number;
  maxCombinations?: number;
  /** Which mentions count (gazetteer.ts): every hit, nested ones included (default), or the leftmost-longest ones. */
  matches?: MatchMode;
}

export interface MaskSpan {
  start: number;
  end: number;
  label: SpecLabel;
  reason: MaskDecision['reason'];
  /** Size of the combination that forced the term's mask. */
  arity: number;
}

export interface KgDocument {
  id: string;
  text: string;
  /** Id of the individual the document is about, when known. */
  profile?: string;
}

export interface MaskedDocument {
  id: string;
  /** The text with each mask replaced by "[LABEL]". */
  masked: string;
  spans: MaskSpan[];
  /** Distinct graph terms found, and how many of them were masked. */
  terms: number;
  maskedTerms: number;
  /** Mentions found (nested ones included with matches 'all'), and how many of them are of masked terms. */
  mentions: number;
  maskedMentions: number;
  combinations: number;
}

export class KgMasker {
  constructor(
    private readonly index: InvertedIndex,
    private readonly gazetteer: Gazetteer,
    private readonly options: KgMaskOptions,
  ) {}

  /** The terms found in a text: mentions, and distinct terms in order of first mention. */
  find(text: string): { mentions: Occurrence[]; terms: number[] } {
    const mentions = this.gazetteer.find(text, this.options.matches ?? 'all');
    const seen = new Set<number>();
    const terms: number[] = [];
    for (const m of mentions) {
      if (!seen.has(m.term)) {
        seen.add(m.term);
        terms.push(m.term);
      }
    }
    return { mentions, terms };
  }

  /** `position`: the document's place in its input, which seeds the random choice. */
  mask(doc: KgDocument, position = 0): MaskedDocument {
    const { mentions, terms } = this.find(doc.text);
    const rng = new SeededRandom((this.options.seed + position * 0x9e3779b1) >>> 0);
    const result = getTermsToMask(
      terms.map((term) => ({ term, postings: this.index.postings(term) })),
      { k: this.options.k, maxArity: this.options.maxArity, choice: this.options.choice, random: () => rng.next(), maxCombinations: this.options.maxCombinations },
    );
    const decisions = new Map(result.masked.map((d) => [d.term, d]));
    const subject = doc.profile === undefined ? undefined : this.index.individualOf(doc.profile);
    // Overlapping masked mentions (nested terms) become one span, labelled as its longest mention.
    const spans: MaskSpan[] = [];
    let longest = 0;
    let maskedMentions = 0;
    for (const m of mentions) {
      const d = decisions.get(m.term);
      if (!d) continue;
      maskedMentions++;
      const last = spans[spans.length - 1];
      if (last && m.start < last.end) {
        if (m.end - m.start > longest) {
          longest = m.end - m.start;
          Object.assign(last, { label: this.index.labelFor(m.term, subject), reason: d.reason, arity: d.arity });
        }
        last.end = Math.max(last.end, m.end);
        continue;
      }
      longest = m.end - m.start;
      spans.push({ start: m.start, end: m.end, label: this.index.labelFor(m.term, subject), reason: d.reason, arity: d.arity });
    }
    return {
      id: doc.id,
      masked: applyMasks(doc.text, spans),
      spans,
      terms: terms.length,
      maskedTerms: decisions.size,
      mentions: mentions.length,
      maskedMentions,
      combinations: result.combinations,
    };
  }
}

/** Replace each span (sorted, non-overlapping) by "[LABEL]". */
export function applyMasks(text: string, spans: ReadonlyArray<{ start: number; end: number; label: string }>): string {
  const parts: string[] = [];
  let at = 0;
  for (const s of spans) {
    parts.push(text.slice(at, s.start), `[${s.label}]`);
    at = s.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
