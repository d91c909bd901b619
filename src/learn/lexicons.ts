import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { contentKey, loadCompiled } from '../lexicons/compiled.js';
import { dataLinesOf, dataPath } from '../lexicons/data-files.js';
import { englishWordSet } from '../lexicons/english-words.js';
import { ReadonlyWordSet } from '../lexicons/packed-words.js';
import { decodeStringTable, encodeStringTable, StringTable } from './fast-scorer.js';
import { FAMILY_NAME, GIVEN_NAME, type Lexicons } from './features.js';

/**
 * Lexicons for the tagger's features, from npm data packages: English words
 * (an-array-of-english-words) and given / family names of many cultures
 * (Faker's locale definitions, written to data/ by scripts/build-tagger-names.ts,
 * so that Faker is not imported at run time). Each loaded on first use; the two name
 * lists are one table of names with their flags (given, family), read from data/compiled/
 * (compileTaggerNames) as views when it was built from these very files, else built from
 * them (the same sets).
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
  return { given, family, key: contentKey('tagger-name-flags', Buffer.concat([given, family]), `${given.length}/${endianness()}`) };
}

/** Every name of the two lists (sorted) with its GIVEN_NAME and FAMILY_NAME bits, in one table. */
function nameTable(given: Buffer, family: Buffer): StringTable {
  const flags = new Map<string, number>();
  for (const n of dataLinesOf(given.toString('utf8'))) flags.set(n, GIVEN_NAME);
  for (const n of dataLinesOf(family.toString('utf8'))) flags.set(n, (flags.get(n) ?? 0) | FAMILY_NAME);
  const names = [...flags.keys()].sort();
  return StringTable.build(names, Int32Array.from(names, (n) => flags.get(n)!));
}

/** The name table compiled, for scripts/build-compact-data.ts. */
export function compileTaggerNames(): { source: string; key: string; body: Buffer } {
  const { given, family, key } = nameFiles();
  // Spaces after the source, so that the header lines (compiled.ts) end on a multiple of 8
  // bytes: the table is then read as views of the file's buffer, not copied.
  let source = `data/${TAGGER_NAME_FILES.given} and data/${TAGGER_NAME_FILES.family} (from Faker's locales), as one hash table with flags`;
  while (Buffer.byteLength(`# source: ${source}\n# key: ${key}\n`) % 8 !== 0) source += ' ';
  return { source, key, body: encodeStringTable(nameTable(given, family)) };
}

/** The names that have `bit` among their flags, as a read-only set (what Lexicons' name sets are). */
class FlagSet extends ReadonlyWordSet {
  constructor(
    private readonly table: StringTable,
    private readonly bit: number,
  ) {
    super();
  }

  has(word: string): boolean {
    const i = this.table.indexOf('', word, 0, word.length);
    return i >= 0 && (this.table.values[i] & this.bit) !== 0;
  }

  get size(): number {
    let n = 0;
    for (let i = 0; i < this.table.size; i++) if (this.table.values[i] & this.bit) n++;
    return n;
  }

  *values(): IterableIterator<string> {
    for (let i = 0; i < this.table.size; i++) if (this.table.values[i] & this.bit) yield this.table.key(i);
  }

}

/**
 * The lexicons, each loaded on first use (getters): a document whose tokens the tagger never
 * scores (no capitalised word) loads none of them.
 */
export function tagLexicons(): Lexicons {
  if (cached) return cached;
  let names: StringTable | undefined;
  let given: FlagSet | undefined;
  let family: FlagSet | undefined;
  const loadNames = () => {
    if (!names) {
      const files = nameFiles();
      names = loadCompiled(TAGGER_NAMES_FILE, files.key, decodeStringTable, () => encodeStringTable(nameTable(files.given, files.family)));
    }
    return names;
  };
  cached = {
    // The same list (an-array-of-english-words, all lower case) as src/lexicons/english-words.ts:
    // one copy per process, not two.
    get english() {
      return englishWordSet();
    },
    get givenNames() {
      return (given ??= new FlagSet(loadNames(), GIVEN_NAME));
    },
    get familyNames() {
      return (family ??= new FlagSet(loadNames(), FAMILY_NAME));
    },
    nameFlags(word: string): number {
      const table = loadNames();
      const i = table.indexOf('', word, 0, word.length);
      return i < 0 ? 0 : table.values[i];
    },
  };
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
