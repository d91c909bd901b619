import { formatCount } from './number-format.js';
import { readAge, shareInRange } from './ages.js';
import { countryName, countryPopulation, worldPopulation } from './countries.js';
import { longestPhrase, normalizePhrase, words, type PhraseTable } from './phrase-match.js';
import { demographicShares, nationalityTable } from './tables.js';
import type { AttributeKind, Estimate, ReferencePopulation } from './types.js';

/**
 * DEMOGRAPHIC elements: ages (share of the population at that age), and
 * nationality, ethnicity, race, religion, sex and gender identity (population
 * shares from curated tables, US or world figures depending on where the
 * document is set).
 */

/** Share of a country's residents who are foreign nationals (US foreign-born share 2022: 13.9%, ACS). */
const FOREIGN_SHARE = 0.1;
/** An unlisted demographic term: 1% of the population (documented prior). */
const UNKNOWN_DEMOGRAPHIC_SHARE = 0.01;

const SEX_TERMS = new Set(['male', 'female', 'man', 'woman']);
const GENDER_IDENTITY = /\b(?:trans|transgender|non-?binary|genderqueer|gender-?fluid|agender|two-spirit|intersex)\b/;
const RELIGION = /\b(?:christian|catholic|protestant|evangelical|baptist|methodist|lutheran|presbyterian|episcopalian|anglican|pentecostal|orthodox|mormon|latter-day|lds|jehovah|adventist|quaker|mennonite|amish|unitarian|jewish|hasidic|muslim|sunni|shia|shiite|ahmadi|sufi|hindu|buddhist|sikh|jain|bahai|baha'i|zoroastrian|shinto|taoist|wiccan|pagan|druze|rastafarian|atheist|agnostic|religious|unaffiliated|secular|scientist)\b/;

let shareTable: PhraseTable<[number, number]> | undefined;
function shares(): PhraseTable<[number, number]> {
  if (!shareTable) {
    const map = new Map<string, [number, number]>();
    let maxWords = 1;
    for (const [term, value] of demographicShares()) {
      const key = normalizePhrase(term);
      map.set(key, value);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
    shareTable = { byPhrase: map, maxWords };
  }
  return shareTable;
}

let demonymTable: PhraseTable<string> | undefined;
function demonyms(): PhraseTable<string> {
  if (!demonymTable) {
    const map = new Map<string, string>();
    let maxWords = 1;
    for (const [term, code] of nationalityTable()) {
      map.set(term, code);
      maxWords = Math.max(maxWords, term.split(' ').length);
    }
    demonymTable = { byPhrase: map, maxWords };
  }
  return demonymTable;
}

function kindOfTerm(term: string): AttributeKind {
  if (SEX_TERMS.has(term)) return 'sex';
  if (GENDER_IDENTITY.test(term)) return 'gender-identity';
  if (RELIGION.test(term)) return 'religion';
  return 'ethnicity';
}

export function estimateDemographic(text: string, reference: ReferencePopulation): Estimate {
  const age = readAge(text);
  const tokens = words(text);
  const term = longestPhrase(shares(), tokens);
  const demonym = longestPhrase(demonyms(), tokens);
  // "Mexican-American", "Korean American": the ethnicity table wins over the demonym.
  if (term && (!demonym || term.words >= demonym.words)) {
    const useUs = reference.country === 'US';
    const share = term.value[useUs ? 0 : 1];
    return { kind: kindOfTerm(term.phrase), measure: 'share', share, basis: `"${term.phrase}": ${formatShare(share)} of the ${useUs ? 'US' : 'world'} population (Census 2020 / Pew / Williams Institute)` };
  }
  if (demonym) return estimateNationality(demonym.value, reference);
  if (age && /\d|year|old|aged|age|month|week|day|teen|twent|thirt|fort|fift|sixt|sevent|eight|ninet|infant|newborn|toddler|elderly|senior|centenarian/i.test(text)) {
    const share = shareInRange(age.from, age.to) * age.fraction;
    return { kind: 'age', measure: 'share', share, basis: `${age.describe}: ${formatShare(share)} of the population (Census 2020 age structure)` };
  }
  return { kind: 'demographic', measure: 'share', share: UNKNOWN_DEMOGRAPHIC_SHARE, basis: `unlisted demographic term: ${formatShare(UNKNOWN_DEMOGRAPHIC_SHARE)} (prior)` };
}

function estimateNationality(code: string, reference: ReferencePopulation): Estimate {
  const nationals = countryPopulation(code);
  const name = countryName(code);
  if (reference.country === code) {
    const share = 1 - FOREIGN_SHARE;
    return { kind: 'nationality', measure: 'share', share, basis: `nationality ${name} in ${name}: ${formatShare(share)} of residents` };
  }
  const worldShare = nationals / worldPopulation();
  if (!reference.country) {
    return { kind: 'nationality', measure: 'share', share: worldShare, basis: `nationality ${name}: ${formatShare(worldShare)} of the world population (UN WPP 2022)` };
  }
  const share = FOREIGN_SHARE * worldShare;
  return { kind: 'nationality', measure: 'share', share, basis: `${name} nationals abroad: ${formatShare(FOREIGN_SHARE)} foreign residents × ${formatShare(worldShare)} world share` };
}

/**
 * The texts of recent shares (toFixed is slow; most shares come from the tables, a few hundred
 * values): share → text, emptied when full. Zero is not kept (a Map key does not tell -0 from 0).
 */
const shareTexts = new Map<number, string>();
const SHARE_TEXTS_KEPT = 1024;

export function formatShare(share: number): string {
  if (share === 0) return shareText(share);
  let text = shareTexts.get(share);
  if (text === undefined) {
    if (shareTexts.size >= SHARE_TEXTS_KEPT) shareTexts.clear();
    shareTexts.set(share, (text = shareText(share)));
  }
  return text;
}

function shareText(share: number): string {
  const pct = share * 100;
  if (pct >= 1) return `${pct.toFixed(1)}%`;
  if (pct >= 0.01) return `${pct.toFixed(2)}%`;
  return `1 in ${formatCount(1 / share)}`;
}
