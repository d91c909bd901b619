import { readFileSync } from 'node:fs';
import { contentKey, readCompiled } from './compiled.js';
import { endianness } from 'node:os';
import { dataPath } from './data-files.js';
import { wordSet, lexiconKey } from './word-lists.js';
import { fnv1a } from './fnv.js';

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
 * nameKeyFlags' table: every key of the four lexicons with its flags, as typed
 * arrays over one buffer (an open-addressing hash table of entry numbers, the
 * keys' UTF-16 code units, their starts, their flags). data/compiled/ holds the
 * buffer in this very layout, so that loading it is a file read and a few views:
 * no Map of ~28k entries to build, no string to decode, no word list to read.
 */
export interface NameFlagIndex {
  /** Linear probing, a power of two long (at most half full): entry + 1, 0 for an empty slot. */
  readonly table: Int32Array;
  /** Start of entry i's key in `text`; starts[count] is text.length. */
  readonly starts: Int32Array;
  /** The keys' UTF-16 code units, one after the other. */
  readonly text: Uint16Array;
  /** Entry i's flags, 1 to 15 (read through `& 15`: a damaged byte gives no other bits). */
  readonly flags: Uint8Array;
}
let index: NameFlagIndex | undefined;

/**
 * In which of the titles, stopwords, given-name and family-name lexicons a key
 * is (NAME_TITLE | NAME_STOPWORD | GIVEN_NAME | FAMILY_NAME): one lookup instead of four.
 */
export function nameKeyFlags(key: string): number {
  const { table, starts, text, flags } = (index ??= loadFlags());
  const mask = table.length - 1;
  const n = key.length;
  for (let slot = keyHash(key) & mask, e = table[slot]; e !== 0; slot = (slot + 1) & mask, e = table[slot]) {
    const s = starts[e - 1];
    if (starts[e] - s !== n) continue;
    let j = 0;
    while (j < n && key.charCodeAt(j) === text[s + j]) j++;
    if (j === n) return flags[e - 1] & 15;
  }
  return 0;
}

/** FNV-1a over the UTF-16 code units of a key, unsigned. */
function keyHash(key: string): number {
  return fnv1a(key) >>> 0;
}

/** Every key of the four lexicons with its flags (nameKeyFlags' table), in the order of the lists. */
export function nameFlagTable(): ReadonlyMap<string, number> {
  const { starts, text, flags } = (index ??= loadFlags());
  const map = new Map<string, number>();
  for (let i = 0; i < flags.length; i++) {
    let key = '';
    for (let k = starts[i]; k < starts[i + 1]; k++) key += String.fromCharCode(text[k]);
    map.set(key, flags[i] & 15);
  }
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

/** The key of the compiled table: the lists' key, the layout and the byte order of the typed arrays. */
const indexKey = () => `${flagsKey()}/table-fnv1a-${endianness()}`;

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

/** Sizes of the table's parts: [count, capacity, text length], the first three Int32 of the buffer. */
const SIZES = 3;

/** The buffer of the table of a key-to-flags map (the layout decodeFlags reads). */
function tableBytes(map: ReadonlyMap<string, number>): Uint8Array {
  const count = map.size;
  let units = 0;
  for (const k of map.keys()) units += k.length;
  let capacity = 16;
  while (capacity < count * 2) capacity *= 2;
  const ints = SIZES + capacity + count + 1;
  const bytes = new Uint8Array(ints * 4 + units * 2 + count);
  const sizes = new Int32Array(bytes.buffer, 0, SIZES);
  sizes.set([count, capacity, units]);
  const { table, starts, text, flags } = views(bytes, count, capacity, units);
  let i = 0;
  let at = 0;
  for (const [k, f] of map) {
    starts[i] = at;
    for (let j = 0; j < k.length; j++) text[at + j] = k.charCodeAt(j);
    at += k.length;
    flags[i] = f;
    let slot = keyHash(k) & (capacity - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (capacity - 1);
    table[slot] = ++i;
  }
  starts[count] = at;
  return bytes;
}

/** The typed arrays over a table's buffer (4-byte aligned). */
function views(bytes: Uint8Array, count: number, capacity: number, units: number): NameFlagIndex {
  const base = bytes.byteOffset + SIZES * 4;
  const table = new Int32Array(bytes.buffer, base, capacity);
  const starts = new Int32Array(bytes.buffer, base + capacity * 4, count + 1);
  const text = new Uint16Array(bytes.buffer, base + (capacity + count + 1) * 4, units);
  const flags = new Uint8Array(bytes.buffer, base + (capacity + count + 1) * 4 + units * 2, count);
  return { table, starts, text, flags };
}

/**
 * The table from data/compiled/name-flags.bin when compiled from the present lists,
 * else built from the lists: the same table.
 */
function loadFlags(): NameFlagIndex {
  const body = readCompiled(NAME_FLAGS_FILE, indexKey());
  return (body && decodeFlags(body)) ?? decodeFlags(tableBytes(buildFlags()))!;
}

/** The table's buffer for scripts/build-compact-data.ts. */
export function compileNameFlags(): { source: string; key: string; body: Buffer } {
  const bytes = tableBytes(buildFlags());
  const key = indexKey();
  let source = `data/lexicons/{${FLAG_SOURCES.join(',')}} as lexicon keys with their flags (src/lexicons/names.ts)`;
  // Blanks after the source make the two header lines of writeCompiled a multiple of 4 bytes long,
  // so that the body lies 4-byte aligned in the file's buffer and is read in place (else it is copied).
  while (Buffer.byteLength(`# source: ${source}\n# key: ${key}\n`) % 4 !== 0) source += ' ';
  return { source, key, body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/**
 * Views of compileNameFlags' body (copied first when it is not 4-byte aligned), or undefined
 * when it is damaged: sizes that do not add up, keys that do not end where the text does,
 * an entry without flags, a table without an empty slot (exported for the tests).
 */
export function decodeFlags(body: Uint8Array): NameFlagIndex | undefined {
  if (body.byteLength < SIZES * 4) return undefined;
  if (body.byteOffset % 4 !== 0) body = new Uint8Array(body);
  const [count, capacity, units] = new Int32Array(body.buffer, body.byteOffset, SIZES);
  if (!(count > 0 && capacity >= 16 && (capacity & (capacity - 1)) === 0 && capacity > count && units >= count)) return undefined;
  if (body.byteLength !== (SIZES + capacity + count + 1) * 4 + units * 2 + count) return undefined;
  const v = views(body, count, capacity, units);
  if (v.starts[0] !== 0 || v.starts[count] !== units || v.flags.indexOf(0) !== -1 || v.table.indexOf(0) === -1) return undefined;
  return v;
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
