import { readFileSync } from 'node:fs';
import { contentKey, readCompiled } from './compiled.js';
import { PackedWords } from './packed-words.js';
import { dataPath } from './data-files.js';
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

/**
 * nameKeyFlags' table: every key of the four lexicons, packed and hashed
 * (PackedWords), with its flags in the words' sort order. Loading it from
 * data/compiled/ copies a few arrays and decodes one string: no Map of
 * ~28k entries to build, no word list to read.
 */
export interface NameFlagIndex {
  readonly words: PackedWords;
  /** flags[i]: the flags of words' word i (sort order), 1 to 15 (read through `& 15`: a damaged byte gives no other bits). */
  readonly flags: Uint8Array;
}
let index: NameFlagIndex | undefined;

/**
 * In which of the titles, stopwords, given-name and family-name lexicons a key
 * is (NAME_TITLE | NAME_STOPWORD | GIVEN_NAME | FAMILY_NAME): one lookup instead of four.
 */
export function nameKeyFlags(key: string): number {
  const t = (index ??= loadFlags());
  const i = t.words.indexOf(key);
  return i < 0 ? 0 : t.flags[i] & 15;
}

/** Every key of the four lexicons with its flags (nameKeyFlags' table), in sort order. */
export function nameFlagTable(): ReadonlyMap<string, number> {
  const t = (index ??= loadFlags());
  const map = new Map<string, number>();
  let i = 0;
  for (const w of t.words) map.set(w, t.flags[i++] & 15);
  return map;
}

/** data/compiled/ file of nameKeyFlags' table (scripts/build-compact-data.ts). */
export const NAME_FLAGS_FILE = 'name-flags.bin';
const FLAG_SOURCES = ['name-titles.txt', 'name-stopwords.txt', 'name-non-names.txt', 'given-names.txt', 'family-names.txt'];

let flagsKeyMemo: string | undefined;

/** The key of the name lists: the bytes of the five source lists (the base of the key of data derived from them). */
export function flagsKey(): string {
  return (flagsKeyMemo ??= computeFlagsKey());
}

function computeFlagsKey(): string {
  const sources = FLAG_SOURCES.map((f) => readFileSync(dataPath(`lexicons/${f}`)));
  return contentKey('name-flags', Buffer.concat(sources), FLAG_SOURCES.map((f, i) => `${f}:${sources[i].length}`).join(','));
}

/** The key of the compiled table: the lists' key and the table's format. */
const indexKey = () => `${flagsKey()}/packed-words`;

function buildFlags(): Map<string, number> {
  const map = new Map<string, number>();
  const mark = (set: ReadonlySet<string>, bit: number) => {
    for (const k of set) map.set(k, (map.get(k) ?? 0) | bit);
  };
  mark(nameTitles(), NAME_TITLE);
  mark(nameStopwords(), NAME_STOPWORD);
  mark(givenNames(), GIVEN_NAME);
  mark(familyNames(), FAMILY_NAME);
  return map;
}

/** The table of a key-to-flags map. */
function indexOf(map: ReadonlyMap<string, number>): NameFlagIndex {
  const words = PackedWords.from(map.keys());
  const flags = new Uint8Array(words.size);
  for (const [k, f] of map) flags[words.indexOf(k)] = f;
  return { words, flags };
}

/**
 * The table from data/compiled/name-flags.bin when compiled from the present lists,
 * else built from the lists: the same table.
 */
function loadFlags(): NameFlagIndex {
  const body = readCompiled(NAME_FLAGS_FILE, indexKey());
  return (body && decodeFlags(body)) ?? indexOf(buildFlags());
}

/** "count\n", one byte of flags per key (sort order), then the keys as PackedWords.encode() writes them. */
export function compileNameFlags(): { source: string; key: string; body: Buffer } {
  const { words, flags } = indexOf(buildFlags());
  return {
    source: `data/lexicons/{${FLAG_SOURCES.join(',')}} as lexicon keys with their flags (src/lexicons/names.ts)`,
    key: indexKey(),
    body: Buffer.concat([Buffer.from(`${words.size}\n`, 'utf8'), flags, words.encode()]),
  };
}

/** The table of compileNameFlags' body, or undefined when it is damaged (exported for the tests). */
export function decodeFlags(body: Buffer): NameFlagIndex | undefined {
  const nl = body.indexOf(10);
  if (nl <= 0 || nl > 12) return undefined;
  const count = Number(body.toString('latin1', 0, nl));
  if (!Number.isInteger(count) || count <= 0 || body.length < nl + 1 + count) return undefined;
  const flags = new Uint8Array(count);
  flags.set(body.subarray(nl + 1, nl + 1 + count));
  // Every key is in some lexicon (a native scan: this runs once per process, before the JIT warms up).
  if (flags.indexOf(0) !== -1) return undefined;
  let words: PackedWords;
  try {
    words = PackedWords.decode(body.subarray(nl + 1 + count));
  } catch {
    return undefined;
  }
  return words.size === count ? { words, flags } : undefined;
}

// nameKeyFlags' bits say what the sets say (the table is built from them), without loading the sets.
export function isGivenName(word: string): boolean {
  return (nameKeyFlags(lexiconKey(word)) & GIVEN_NAME) !== 0;
}

export function isFamilyName(word: string): boolean {
  const key = lexiconKey(word);
  if (nameKeyFlags(key) & FAMILY_NAME) return true;
  // Hyphenated and double-barrelled names: every part a known name.
  if (key.includes('-')) return key.split('-').every((p) => (nameKeyFlags(p) & (FAMILY_NAME | GIVEN_NAME)) !== 0);
  return false;
}
