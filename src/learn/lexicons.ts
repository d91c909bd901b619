import { readFileSync } from 'node:fs';
import { contentKey, loadCompiled } from '../lexicons/compiled.js';
import { dataLinesOf, dataPath } from '../lexicons/data-files.js';
import { englishWordSet } from '../lexicons/english-words.js';
import { PackedWords } from '../lexicons/packed-words.js';
import type { Lexicons } from './features.js';

/**
 * Lexicons for the tagger's features, from npm data packages: English words
 * (an-array-of-english-words) and given / family names of many cultures
 * (Faker's locale definitions, written to data/ by scripts/build-tagger-names.ts,
 * so that Faker is not imported at run time). Built once, lazily; the name lists are
 * read from data/compiled/ (compileTaggerNames) as two ready hash tables when it was
 * built from these very files, else built from them (the same sets).
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

/** data/compiled/ file of the two name lists (see src/lexicons/compiled.ts and scripts/build-compact-data.ts). */
export const TAGGER_NAMES_FILE = 'tagger-names.bin';

function nameFiles(): { given: Buffer; family: Buffer; key: string } {
  const given = readFileSync(dataPath(TAGGER_NAME_FILES.given));
  const family = readFileSync(dataPath(TAGGER_NAME_FILES.family));
  return { given, family, key: contentKey('tagger-names', Buffer.concat([given, family]), String(given.length)) };
}

/** The two lists as encoded PackedWords (src/lexicons/packed-words.ts): the byte length of the first on a line, then each. */
function encodeNames(given: Buffer, family: Buffer): Buffer {
  const a = PackedWords.from(dataLinesOf(given.toString('utf8'))).encode();
  const b = PackedWords.from(dataLinesOf(family.toString('utf8'))).encode();
  return Buffer.concat([Buffer.from(`${a.length}\n`, 'utf8'), a, b]);
}

function decodeNames(body: Buffer): { given: PackedWords; family: PackedWords } {
  const nl = body.indexOf(10);
  const length = Number(body.toString('utf8', 0, nl));
  if (nl < 0 || !Number.isInteger(length) || nl + 1 + length > body.length) throw new Error('tagger names: malformed');
  return { given: PackedWords.decode(body.subarray(nl + 1, nl + 1 + length)), family: PackedWords.decode(body.subarray(nl + 1 + length)) };
}

/** The name lists compiled, for scripts/build-compact-data.ts. */
export function compileTaggerNames(): { source: string; key: string; body: Buffer } {
  const { given, family, key } = nameFiles();
  return { source: `data/${TAGGER_NAME_FILES.given} and data/${TAGGER_NAME_FILES.family} (from Faker's locales), as hash tables`, key, body: encodeNames(given, family) };
}

export function tagLexicons(): Lexicons {
  if (cached) return cached;
  // The same list (an-array-of-english-words, all lower case) as src/lexicons/english-words.ts:
  // one copy per process, not two.
  const english = englishWordSet();
  const { given, family, key } = nameFiles();
  const names = loadCompiled(TAGGER_NAMES_FILE, key, decodeNames, () => encodeNames(given, family));
  cached = { english, givenNames: names.given, familyNames: names.family };
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
