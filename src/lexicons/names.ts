import { readFileSync } from 'node:fs';
import { contentKey, readCompiled } from './compiled.js';
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
let flags: Map<string, number> | undefined;

/**
 * In which of the titles, stopwords, given-name and family-name lexicons a key
 * is (NAME_TITLE | NAME_STOPWORD | GIVEN_NAME | FAMILY_NAME): one lookup instead of four.
 */
export function nameKeyFlags(key: string): number {
  return (flags ??= loadFlags()).get(key) ?? 0;
}

/** Every key of the four lexicons with its flags (nameKeyFlags' table). */
export function nameFlagTable(): ReadonlyMap<string, number> {
  return (flags ??= loadFlags());
}

/** data/compiled/ file of nameKeyFlags' table (scripts/build-compact-data.ts). */
export const NAME_FLAGS_FILE = 'name-flags.txt';
const FLAG_SOURCES = ['name-titles.txt', 'name-stopwords.txt', 'name-non-names.txt', 'given-names.txt', 'family-names.txt'];

let flagsKeyMemo: string | undefined;

/** The key of the compiled table: the bytes of its five source lists (also the base of the key of data derived from the table). */
export function flagsKey(): string {
  return (flagsKeyMemo ??= computeFlagsKey());
}

function computeFlagsKey(): string {
  const sources = FLAG_SOURCES.map((f) => readFileSync(dataPath(`lexicons/${f}`)));
  return contentKey('name-flags', Buffer.concat(sources), FLAG_SOURCES.map((f, i) => `${f}:${sources[i].length}`).join(','));
}

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

/**
 * The table from data/compiled/name-flags.txt when compiled from the present lists (one
 * string split, not four lists keyed and merged), else built from the lists: the same table.
 */
function loadFlags(): Map<string, number> {
  const body = readCompiled(NAME_FLAGS_FILE, flagsKey());
  return (body && decodeFlags(body)) ?? buildFlags();
}

/** "count\nflags\nkey\nkey…": one letter per key ('A' + its flags), then the keys (no key holds a line break). */
export function compileNameFlags(): { source: string; key: string; body: string } {
  const map = buildFlags();
  let letters = '';
  for (const f of map.values()) letters += String.fromCharCode(65 + f);
  return { source: `data/lexicons/{${FLAG_SOURCES.join(',')}} as lexicon keys with their flags (src/lexicons/names.ts)`, key: flagsKey(), body: `${map.size}\n${letters}\n${[...map.keys()].join('\n')}` };
}

/** The table of compileNameFlags' body, or undefined when it is damaged (exported for the tests). */
export function decodeFlags(body: Buffer): Map<string, number> | undefined {
  const text = body.toString('utf8');
  const a = text.indexOf('\n');
  const b = text.indexOf('\n', a + 1);
  if (a === -1 || b === -1) return undefined;
  const count = Number(text.slice(0, a));
  if (!Number.isInteger(count) || count <= 0 || b - a - 1 !== count) return undefined;
  const keys = text.slice(b + 1).split('\n');
  if (keys.length !== count) return undefined;
  const map = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const f = text.charCodeAt(a + 1 + i) - 65;
    if (f <= 0 || f > 15) return undefined;
    map.set(keys[i], f);
  }
  return map.size === count ? map : undefined;
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
