import { createRequire } from 'node:module';
import * as fakerLocales from '@faker-js/faker';
import type { Lexicons } from './features.js';

/**
 * Lexicons for the tagger's features, from npm data packages: English words
 * (an-array-of-english-words) and given / family names of many cultures
 * (Faker's locale definitions). Built once, lazily.
 */
export const NAME_LOCALES = ['fakerEN_US', 'fakerEN_GB', 'fakerEN_IE', 'fakerEN_IN', 'fakerEN_NG', 'fakerEN_GH', 'fakerDE', 'fakerFR', 'fakerES_MX', 'fakerIT', 'fakerPT_BR', 'fakerNL', 'fakerPL', 'fakerVI', 'fakerYO_NG', 'fakerTR', 'fakerSV', 'fakerID_ID'];

let cached: Lexicons | undefined;

type NameList = string[] | { generic?: string[]; female?: string[]; male?: string[] } | undefined;

function namesOf(list: NameList): string[] {
  if (!list) return [];
  if (Array.isArray(list)) return list;
  return [...(list.generic ?? []), ...(list.female ?? []), ...(list.male ?? [])];
}

export function tagLexicons(): Lexicons {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const english = new Set((require('an-array-of-english-words') as string[]).map((w) => w.toLowerCase()));
  const givenNames = new Set<string>();
  const familyNames = new Set<string>();
  const all = fakerLocales as unknown as Record<string, { rawDefinitions: { person?: { first_name?: NameList; last_name?: NameList } } }>;
  for (const locale of NAME_LOCALES) {
    const person = all[locale]?.rawDefinitions.person;
    for (const n of namesOf(person?.first_name)) givenNames.add(n.toLowerCase());
    for (const n of namesOf(person?.last_name)) familyNames.add(n.toLowerCase());
  }
  cached = { english, givenNames, familyNames };
  return cached;
}
