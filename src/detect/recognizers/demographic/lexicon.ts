import { readDataLines } from '../../../lexicons/data-files.js';

/**
 * Demographic vocabulary (data/demographic/*), loaded once on first use.
 * Terms are keyed in lower case with typographic apostrophes folded.
 */
export type TermKind = 'nationality' | 'ethnicity' | 'religion' | 'religionAmbiguous' | 'gender' | 'colour';

export interface DemographicLexicon {
  terms: Map<string, TermKind>;
  /** Lower-case first words of all terms, to skip most tokens quickly. */
  firstWords: Set<string>;
  maxWords: number;
  /** The most words of a term, per first word (1 for a first word of one-word terms only). */
  maxWordsAfter: Map<string, number>;
  personNouns: Set<string>;
  fieldLabels: string[];
  /** Number words and their values ("eleven" → 11). */
  numberWords: Map<string, number>;
  decades: Set<string>;
}

let cached: DemographicLexicon | undefined;

export const termKey = (s: string) => s.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');

export function demographicLexicon(): DemographicLexicon {
  if (cached) return cached;
  const terms = new Map<string, TermKind>();
  const add = (file: string, kind: TermKind) => {
    for (const t of readDataLines(`demographic/${file}`)) {
      const key = termKey(t);
      if (!terms.has(key)) terms.set(key, kind);
    }
  };
  add('gender-identities.txt', 'gender');
  add('religions.txt', 'religion');
  add('religions-ambiguous.txt', 'religionAmbiguous');
  add('ethnicities.txt', 'ethnicity');
  add('demonyms.txt', 'nationality');
  add('colour-races.txt', 'colour');
  const firstWords = new Set<string>();
  const maxWordsAfter = new Map<string, number>();
  let maxWords = 1;
  for (const k of terms.keys()) {
    const words = k.split(' ');
    firstWords.add(words[0]);
    maxWords = Math.max(maxWords, words.length);
    maxWordsAfter.set(words[0], Math.max(maxWordsAfter.get(words[0]) ?? 1, words.length));
  }
  const numberWords = new Map<string, number>();
  for (const line of readDataLines('demographic/number-words.txt')) {
    const [word, value] = line.split(/\s+/);
    numberWords.set(word, Number(value));
  }
  cached = {
    terms,
    firstWords,
    maxWords,
    maxWordsAfter,
    personNouns: new Set(readDataLines('demographic/person-nouns.txt').map(termKey)),
    fieldLabels: readDataLines('demographic/field-labels.txt'),
    numberWords,
    decades: new Set(readDataLines('demographic/decades.txt')),
  };
  return cached;
}

/** Value of an age written in words ("seventeen", "twenty-one"), or undefined. */
export function numberWordValue(word: string): number | undefined {
  const { numberWords } = demographicLexicon();
  const w = word.toLowerCase();
  const direct = numberWords.get(w);
  if (direct !== undefined) return direct;
  const m = /^([a-z]+)[- ]([a-z]+)$/.exec(w);
  if (!m) return undefined;
  const tens = numberWords.get(m[1]);
  const unit = numberWords.get(m[2]);
  if (tens === undefined || unit === undefined || tens < 20 || tens % 10 !== 0 || unit > 9) return undefined;
  return tens + unit;
}
