import { wordSet, lexiconKey } from './word-lists.js';

/**
 * Person-name lexicons compiled by scripts/build-lexicons.ts from the
 * @faker-js/faker locales (Latin script) plus curated additions, and the
 * cue-word lists used around names. Keys are lower case and accent-folded.
 */
export const givenNames = (): ReadonlySet<string> => wordSet('given-names.txt');
export const familyNames = (): ReadonlySet<string> => wordSet('family-names.txt');
export const nameTitles = (): ReadonlySet<string> => wordSet('name-titles.txt');
let stopwords: ReadonlySet<string> | undefined;
/** Function words, months, weekdays (name-stopwords.txt) and products, languages, greetings (name-non-names.txt). */
export const nameStopwords = (): ReadonlySet<string> => (stopwords ??= new Set([...wordSet('name-stopwords.txt'), ...wordSet('name-non-names.txt')]));
/** Words that, right after a capitalised word, make it part of a place, street or institution. */
export const nameBlockersAfter = (): ReadonlySet<string> => wordSet('name-blockers-after.txt');

/** Bits of nameKeyFlags. */
export const NAME_TITLE = 1;
export const NAME_STOPWORD = 2;
export const GIVEN_NAME = 4;
export const FAMILY_NAME = 8;
let flags: Map<string, number> | undefined;

/**
 * In which of the titles, stopwords, given-name and family-name lexicons a key
 * is (NAME_TITLE | NAME_STOPWORD | GIVEN_NAME | FAMILY_NAME): one lookup instead of four.
 */
export function nameKeyFlags(key: string): number {
  if (!flags) {
    const map = new Map<string, number>();
    const mark = (set: ReadonlySet<string>, bit: number) => {
      for (const k of set) map.set(k, (map.get(k) ?? 0) | bit);
    };
    mark(nameTitles(), NAME_TITLE);
    mark(nameStopwords(), NAME_STOPWORD);
    mark(givenNames(), GIVEN_NAME);
    mark(familyNames(), FAMILY_NAME);
    flags = map;
  }
  return flags.get(key) ?? 0;
}

export function isGivenName(word: string): boolean {
  return givenNames().has(lexiconKey(word));
}

export function isFamilyName(word: string): boolean {
  const key = lexiconKey(word);
  if (familyNames().has(key)) return true;
  // Hyphenated and double-barrelled names: every part a known name.
  if (key.includes('-')) return key.split('-').every((p) => familyNames().has(p) || givenNames().has(p));
  return false;
}
