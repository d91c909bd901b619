import { readDataLines } from '../lexicons/data-files.js';
import { englishWordSet } from '../lexicons/english-words.js';
import type { Lexicons } from './features.js';

/**
 * Lexicons for the tagger's features, from npm data packages: English words
 * (an-array-of-english-words) and given / family names of many cultures
 * (Faker's locale definitions, written to data/ by scripts/build-tagger-names.ts,
 * so that Faker is not imported at run time). Built once, lazily.
 */
export const NAME_LOCALES = ['fakerEN_US', 'fakerEN_GB', 'fakerEN_IE', 'fakerEN_IN', 'fakerEN_NG', 'fakerEN_GH', 'fakerDE', 'fakerFR', 'fakerES_MX', 'fakerIT', 'fakerPT_BR', 'fakerNL', 'fakerPL', 'fakerVI', 'fakerYO_NG', 'fakerTR', 'fakerSV', 'fakerID_ID'];

let cached: Lexicons | undefined;

type NameList = string[] | { generic?: string[]; female?: string[]; male?: string[] } | undefined;

function namesOf(list: NameList): string[] {
  if (!list) return [];
  if (Array.isArray(list)) return list;
  return [...(list.generic ?? []), ...(list.female ?? []), ...(list.male ?? [])];
}

/** The name lists under data/ (one lower-case name a line). */
export const TAGGER_NAME_FILES = { given: 'lexicons/tagger-given-names.txt', family: 'lexicons/tagger-family-names.txt' } as const;

export function tagLexicons(): Lexicons {
  if (cached) return cached;
  // The same list (an-array-of-english-words, all lower case) as src/lexicons/english-words.ts:
  // one Set per process, not two.
  const english = englishWordSet();
  const givenNames = new Set(readDataLines(TAGGER_NAME_FILES.given));
  const familyNames = new Set(readDataLines(TAGGER_NAME_FILES.family));
  cached = { english, givenNames, familyNames };
  return cached;
}

/** The name lists as Faker gives them (for scripts/build-tagger-names.ts and its test; imports Faker). */
export async function fakerNameLists(): Promise<{ given: Set<string>; family: Set<string> }> {
  const all = (await import('@faker-js/faker')) as unknown as Record<string, { rawDefinitions: { person?: { first_name?: NameList; last_name?: NameList } } }>;
  const given = new Set<string>();
  const family = new Set<string>();
  for (const locale of NAME_LOCALES) {
    const person = all[locale]?.rawDefinitions.person;
    for (const n of namesOf(person?.first_name)) given.add(n.toLowerCase());
    for (const n of namesOf(person?.last_name)) family.add(n.toLowerCase());
  }
  return { given, family };
}
