import { readFileSync } from 'node:fs';
import { contentKey, readCompiled } from '../lexicons/compiled.js';
import { dataPath } from '../lexicons/data-files.js';

/**
 * The place tables of the assess stage (data/assess/*.tsv, each with its source
 * in its header lines), loaded once on first use:
 * - first-level divisions of every country (SimpleMaps World Cities names, GeoNames sums);
 * - US counties and county-equivalents (SimpleMaps US Counties, Census figures);
 * - US ZIP Code Tabulation Areas (Census 2020);
 * - landmarks and natural features with the population around them (curated);
 * - neighbourhoods GeoNames does not list (curated);
 * - the most frequent US surnames (Census 2010).
 */
export interface Division {
  /** ISO alpha-2 country code. */
  country: string;
  name: string;
  population: number;
}

export interface County {
  state: string;
  /** As written officially: "Cook County", "Orleans Parish", "Bethel Census Area". */
  name: string;
  population: number;
}

export interface Landmark {
  name: string;
  kind: string;
  /** People living around it (the county, city or area named in `area`). */
  population: number;
  area: string;
}

export interface Neighbourhood {
  name: string;
  city: string;
  population: number;
}

const SPACE_RUN = / {2,}/g;

/** Lookup key: no accents, lower case, single spaces, no leading "the". */
export function placeKey(name: string): string {
  // Printable ASCII (the usual case): NFKD, the accents and the curly apostrophe change nothing.
  let printable = true;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) {
      printable = false;
      break;
    }
  }
  if (printable) {
    let key = name.toLowerCase();
    if (key.includes('  ')) key = key.replace(SPACE_RUN, ' ');
    key = key.trim();
    return key.startsWith('the ') ? key.slice(4) : key;
  }
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

function rows(file: string): string[][] {
  return rowsOf(readFileSync(dataPath(file), 'utf8'));
}

function rowsOf(text: string): string[][] {
  const out: string[][] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    out.push(line.split('\t'));
  }
  return out;
}

function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const byPopulation = <T extends { population: number }>(list: T[]) => list.sort((a, b) => b.population - a.population);

/**
 * The division and county tables as data/compiled/assess-places.json holds them (built by
 * scripts/build-compact-data.ts): names keyed, grouped and sorted, so that a process parses
 * one JSON text instead of keying and sorting ~7,000 rows. Flat arrays (JSON.parse reads them
 * several times faster than objects): per table the keys, the length of each key's list, and
 * the lists one after the other. Counties are listed once and named by index in both tables,
 * so that a county is the same object in both.
 */
interface CompiledPlaces {
  divisionKeys: string[];
  divisionCounts: number[];
  /** country, name, population of each division, key after key. */
  divisions: Array<string | number>;
  /** state, name, population of each county. */
  counties: Array<string | number>;
  fullKeys: string[];
  fullCounts: number[];
  full: number[];
  bareKeys: string[];
  bareCounts: number[];
  bare: number[];
}

/** data/compiled/ file of the division and county tables. */
export const PLACES_FILE = 'assess-places.json';
const DIVISION_FILE = 'assess/admin1.tsv';
const COUNTY_FILE = 'assess/us-counties.tsv';

/** The key of the compiled tables: the bytes of both source files. */
function placesKey(divisionBytes: Buffer, countyBytes: Buffer): string {
  return contentKey('assess-places', Buffer.concat([divisionBytes, countyBytes]), String(divisionBytes.length));
}

function buildDivisions(text: string): Map<string, Division[]> {
  const map = new Map<string, Division[]>();
  for (const [country, name, population] of rowsOf(text)) push(map, placeKey(name), { country, name, population: Number(population) });
  for (const list of map.values()) byPopulation(list);
  return map;
}

const COUNTY_SUFFIX = / (?:county|parish|borough|census area|city and borough|municipality|city)$/;

function buildCounties(text: string): { full: Map<string, County[]>; bare: Map<string, County[]> } {
  const full = new Map<string, County[]>();
  const bare = new Map<string, County[]>();
  for (const [state, name, population] of rowsOf(text)) {
    const county: County = { state, name, population: Number(population) };
    const k = placeKey(name);
    push(full, k, county);
    const b = k.replace(COUNTY_SUFFIX, '');
    if (b !== k) push(bare, b, county);
  }
  for (const list of full.values()) byPopulation(list);
  for (const list of bare.values()) byPopulation(list);
  return { full, bare };
}

/** The compiled form of the division and county tables, for scripts/build-compact-data.ts. */
export function compilePlaces(): { source: string; key: string; body: string } {
  const divisionBytes = readFileSync(dataPath(DIVISION_FILE));
  const countyBytes = readFileSync(dataPath(COUNTY_FILE));
  const divisionMap = buildDivisions(divisionBytes.toString('utf8'));
  const { full, bare } = buildCounties(countyBytes.toString('utf8'));
  const divisions: Array<string | number> = [];
  for (const list of divisionMap.values()) for (const d of list) divisions.push(d.country, d.name, d.population);
  const counties: Array<string | number> = [];
  const index = new Map<County, number>();
  const flat = (map: Map<string, County[]>) => {
    const out: number[] = [];
    for (const list of map.values()) {
      for (const c of list) {
        let i = index.get(c);
        if (i === undefined) {
          i = index.size;
          index.set(c, i);
          counties.push(c.state, c.name, c.population);
        }
        out.push(i);
      }
    }
    return out;
  };
  const counts = (map: Map<string, unknown[]>) => [...map.values()].map((list) => list.length);
  const compiled: CompiledPlaces = {
    divisionKeys: [...divisionMap.keys()],
    divisionCounts: counts(divisionMap),
    divisions,
    counties,
    fullKeys: [...full.keys()],
    fullCounts: counts(full),
    full: flat(full),
    bareKeys: [...bare.keys()],
    bareCounts: counts(bare),
    bare: flat(bare),
  };
  return { source: `data/${DIVISION_FILE} and data/${COUNTY_FILE}, keyed and sorted (src/assess/place-data.ts)`, key: placesKey(divisionBytes, countyBytes), body: JSON.stringify(compiled) };
}

interface PlaceTables {
  divisions: Map<string, Division[]>;
  full: Map<string, County[]>;
  bare: Map<string, County[]>;
}

/** Both tables from data/compiled/ when compiled from the present source files, else undefined. */
function compiledPlaces(divisionBytes: Buffer, countyBytes: Buffer): PlaceTables | undefined {
  const body = readCompiled(PLACES_FILE, placesKey(divisionBytes, countyBytes));
  return body && decodePlaces(body);
}

/** The tables of compilePlaces' body, or undefined when it is damaged (exported for the tests). */
export function decodePlaces(body: Buffer): PlaceTables | undefined {
  try {
    const raw = JSON.parse(body.toString('utf8')) as CompiledPlaces;
    /** The map of `keys`, the k-th key's list the next counts[k] items that `item` makes. */
    const grouped = <T>(keys: string[], counts: number[], items: number, item: (i: number) => T): Map<string, T[]> => {
      if (keys.length !== counts.length) throw new Error('assess places: malformed');
      const map = new Map<string, T[]>();
      let at = 0;
      for (let k = 0; k < keys.length; k++) {
        const list: T[] = [];
        for (let n = counts[k]; n > 0; n--) list.push(item(at++));
        map.set(keys[k], list);
      }
      if (at !== items) throw new Error('assess places: malformed');
      return map;
    };
    const str = (v: string | number | undefined): string => {
      if (typeof v !== 'string') throw new Error('assess places: malformed');
      return v;
    };
    const num = (v: string | number | undefined): number => {
      if (typeof v !== 'number') throw new Error('assess places: malformed');
      return v;
    };
    const d = raw.divisions;
    if (d.length % 3 !== 0 || raw.counties.length % 3 !== 0) return undefined;
    const divisions = grouped(raw.divisionKeys, raw.divisionCounts, d.length / 3, (i): Division => ({ country: str(d[3 * i]), name: str(d[3 * i + 1]), population: num(d[3 * i + 2]) }));
    const c = raw.counties;
    const counties: County[] = [];
    for (let i = 0; i < c.length; i += 3) counties.push({ state: str(c[i]), name: str(c[i + 1]), population: num(c[i + 2]) });
    const county = (index: number): County => {
      const found = counties[index];
      if (found === undefined) throw new Error('assess places: malformed');
      return found;
    };
    const full = grouped(raw.fullKeys, raw.fullCounts, raw.full.length, (i) => county(raw.full[i]));
    const bare = grouped(raw.bareKeys, raw.bareCounts, raw.bare.length, (i) => county(raw.bare[i]));
    return { divisions, full, bare };
  } catch {
    return undefined;
  }
}

/** Both tables, built on first use of either (they come from one compiled file). */
const placeTables = lazy(() => {
  const divisionBytes = readFileSync(dataPath(DIVISION_FILE));
  const countyBytes = readFileSync(dataPath(COUNTY_FILE));
  return compiledPlaces(divisionBytes, countyBytes) ?? builtPlaces(divisionBytes, countyBytes);
});

/** Both tables built from the source files' bytes (no compiled file; exported for the tests). */
export function builtPlaces(divisionBytes: Buffer, countyBytes: Buffer): PlaceTables {
  return { divisions: buildDivisions(divisionBytes.toString('utf8')), ...buildCounties(countyBytes.toString('utf8')) };
}

/** First-level divisions by name key, largest first. */
export const divisionTable = lazy(() => placeTables().divisions);

/** US counties by full-name key ("cook county") and by bare-name key ("cook"), largest first. */
export const countyTable = lazy(() => {
  const { full, bare } = placeTables();
  return { full, bare };
});

export const zctaTable = lazy(() => {
  const map = new Map<string, number>();
  for (const [zip, population] of rows('assess/us-zcta.tsv')) map.set(zip, Number(population));
  return map;
});

export const landmarkTable = lazy(() => {
  const map = new Map<string, Landmark>();
  for (const [names, kind, population, area] of rows('assess/landmarks.tsv')) {
    const all = names.split('|');
    for (const name of all) map.set(placeKey(name), { name: all[0], kind, population: Number(population), area });
  }
  return map;
});

export const neighbourhoodTable = lazy(() => {
  const map = new Map<string, Neighbourhood>();
  for (const [names, city, population] of rows('assess/neighbourhoods.tsv')) {
    const all = names.split('|');
    for (const name of all) map.set(placeKey(name), { name: all[0], city, population: Number(population) });
  }
  return map;
});

/** Surname (lower case) → people in the US. */
export const surnameCounts = lazy(() => {
  const map = new Map<string, number>();
  for (const [name, , count] of rows('assess/us-surnames.tsv')) map.set(name, Number(count));
  return map;
});
