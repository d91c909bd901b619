import { mayBePlacePhrase } from '../lexicons/place-filter.js';
import { countryNameKeys } from './countries.js';
import { countyTable, divisionTable, landmarkTable, neighbourhoodTable } from './place-data.js';
import { priorTable } from './tables.js';
import { TwoBitBloom } from '../lexicons/bloom.js';

/**
 * An exact pre-filter in front of the place look-ups of the assess stage: "no" means that a
 * name is surely no place in any of its tables, so that the tables (each a cache miss in a
 * grouped run) need not be read. Nearly every two-word person name is asked about, and few are
 * places. Two parts:
 * - the gazetteer (cities, US states): the place recognizer's Bloom filter of its lookup keys
 *   (lexicons/place-filter.ts mayBePlacePhrase), which answers "maybe" for any
 *   text whose gazetteer key is not its plain lower case;
 * - the stage's own tables (regions, English country names, neighbourhoods, landmarks,
 *   first-level divisions, US counties): a small Bloom filter (8 KB, two bits per key) of their
 *   keys' skeletons, built once on first use from the same maps.
 * A name's skeleton is what every key normalisation of these tables keeps of an ASCII text:
 * its letters and digits in lower case, with leading "the" words dropped (placeKey and
 * countryCode drop one; white space, case and punctuation are folded or kept alike). A text
 * with any character outside ASCII (Unicode folding, NFKD) always gets "maybe".
 */

let bloom: TwoBitBloom | undefined;

function filter(): TwoBitBloom {
  if (bloom) return bloom;
  const built = new TwoBitBloom(16);
  const add = (key: string): void => {
    const h = skeletonHash(key);
    // A key outside ASCII is found only from a text outside ASCII, which the filter lets through.
    if (h !== NOT_ASCII) built.add(h);
  };
  for (const k of priorTable().regions.keys()) add(k);
  for (const k of countryNameKeys()) add(k);
  for (const k of neighbourhoodTable().keys()) add(k);
  for (const k of landmarkTable().keys()) add(k);
  for (const k of divisionTable().keys()) add(k);
  for (const k of countyTable().full.keys()) add(k);
  bloom = built;
  return built;
}

const NOT_ASCII = 0x100000000;

function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/**
 * FNV-1a over the skeleton of `text` (see above), or NOT_ASCII. Words are runs of anything but
 * ASCII white space; a leading word "the" is dropped while another word follows it.
 */
export function skeletonHash(text: string): number {
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  // Leading "the" words (any case), each followed by white space and a further word.
  while (i + 3 < n && (text.charCodeAt(i) | 0x20) === 0x74 && (text.charCodeAt(i + 1) | 0x20) === 0x68 && (text.charCodeAt(i + 2) | 0x20) === 0x65 && isSpace(text.charCodeAt(i + 3))) {
    let j = i + 4;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (j === n) break;
    i = j;
  }
  let h = 0x811c9dc5 | 0;
  for (; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0x80) return NOT_ASCII;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) continue;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h;
}

/** False when no key of the stage's own place tables can be `name`'s (see above); true otherwise. */
export function mayBeTablePlace(name: string): boolean {
  const h = skeletonHash(name);
  return h === NOT_ASCII || filter().has(h);
}

/**
 * False when `name` is surely no place that readPlacePopulation, the place hints or a
 * place look-up of the stage can find: neither in the gazetteer nor in the stage's tables.
 */
export function mayBePlace(name: string): boolean {
  return mayBeTablePlace(name) || mayBePlacePhrase(name);
}
