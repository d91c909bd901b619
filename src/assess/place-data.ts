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

/** The tables of compilePlaces' body, or undefined when it is damaged (exported for the tests). */
export function decodePlaces(body: Buffer): PlaceTables | undefined {
  let raw: CompiledPlaces;
  try {
    raw = JSON.parse(body.toString('utf8')) as CompiledPlaces;
  } catch {
    return undefined;
  }
  const divisions = divisionsOf(raw);
  const counties = divisions && countiesOf(raw);
  return divisions && counties ? { divisions, full: counties.full, bare: counties.bare } : undefined;
}

// Plain loops, no closure per item: this runs once per process, mostly before V8 optimises it.

/** The division table of a compiled body's fields, or undefined when they are malformed. */
function divisionsOf(raw: Pick<CompiledPlaces, 'divisionKeys' | 'divisionCounts' | 'divisions'>): Map<string, Division[]> | undefined {
  try {
    const d = raw.divisions;
    const divisionKeys = raw.divisionKeys;
    const divisionCounts = raw.divisionCounts;
    if (d.length % 3 !== 0 || divisionKeys.length !== divisionCounts.length) return undefined;
    const divisions = new Map<string, Division[]>();
    let at = 0;
    for (let k = 0; k < divisionKeys.length; k++) {
      const list: Division[] = [];
      for (let n = divisionCounts[k]; n > 0; n--) {
        const country = d[at];
        const name = d[at + 1];
        const population = d[at + 2];
        if (typeof country !== 'string' || typeof name !== 'string' || typeof population !== 'number') return undefined;
        list.push({ country, name, population });
        at += 3;
      }
      divisions.set(divisionKeys[k], list);
    }
    return at === d.length ? divisions : undefined;
  } catch {
    return undefined;
  }
}

/** The county tables of a compiled body's fields (one object per county in both), or undefined when malformed. */
function countiesOf(raw: Pick<CompiledPlaces, 'counties' | 'fullKeys' | 'fullCounts' | 'full' | 'bareKeys' | 'bareCounts' | 'bare'>): Pick<PlaceTables, 'full' | 'bare'> | undefined {
  try {
    const c = raw.counties;
    if (c.length % 3 !== 0) return undefined;
    const counties: County[] = [];
    for (let i = 0; i < c.length; i += 3) {
      const state = c[i];
      const name = c[i + 1];
      const population = c[i + 2];
      if (typeof state !== 'string' || typeof name !== 'string' || typeof population !== 'number') return undefined;
      counties.push({ state, name, population });
    }
    const full = groupCounties(raw.fullKeys, raw.fullCounts, raw.full, counties);
    const bare = full && groupCounties(raw.bareKeys, raw.bareCounts, raw.bare, counties);
    return full && bare ? { full, bare } : undefined;
  } catch {
    return undefined;
  }
}

/** The map of `keys`, the k-th key's list the next counts[k] counties that `indices` name; undefined when malformed. */
function groupCounties(keys: string[], counts: number[], indices: number[], counties: County[]): Map<string, County[]> | undefined {
  if (keys.length !== counts.length) return undefined;
  const map = new Map<string, County[]>();
  let at = 0;
  for (let k = 0; k < keys.length; k++) {
    const list: County[] = [];
    for (let n = counts[k]; n > 0; n--) {
      if (at >= indices.length) return undefined;
      const county = counties[indices[at++]];
      if (county === undefined) return undefined;
      list.push(county);
    }
    map.set(keys[k], list);
  }
  return at === indices.length ? map : undefined;
}

/**
 * The compiled file's text when it was compiled from the present source files, and the source
 * files' bytes (read once, for the key and for building either table without it).
 */
const placeSources = lazy(() => {
  const divisionBytes = readFileSync(dataPath(DIVISION_FILE));
  const countyBytes = readFileSync(dataPath(COUNTY_FILE));
  const body = readCompiled(PLACES_FILE, placesKey(divisionBytes, countyBytes));
  return { divisionBytes, countyBytes, text: body?.toString('utf8') };
});

/**
 * compilePlaces' body holds the division fields, then the county fields (from `"counties":` on),
 * and JSON.stringify writes a quote inside a string as \": each table's fields are parsed when it
 * is first used (a document naming no US county never parses nor builds the county tables). A
 * part that does not parse or is malformed is built from its source file: the same table.
 */
const COUNTY_FIELDS = ',"counties":';

function compiledPart(text: string | undefined, counties: boolean): unknown {
  if (text === undefined) return undefined;
  const at = text.indexOf(COUNTY_FIELDS);
  if (at === -1) return undefined;
  try {
    return JSON.parse(counties ? `{${text.slice(at + 1)}` : `${text.slice(0, at)}}`);
  } catch {
    return undefined;
  }
}

/** Both tables built from the source files' bytes (no compiled file; exported for the tests). */
export function builtPlaces(divisionBytes: Buffer, countyBytes: Buffer): PlaceTables {
  return { divisions: buildDivisions(divisionBytes.toString('utf8')), ...buildCounties(countyBytes.toString('utf8')) };
}

/** First-level divisions by name key, largest first. */
export const divisionTable = lazy((): Map<string, Division[]> => {
  const sources = placeSources();
  const raw = compiledPart(sources.text, false) as CompiledPlaces | undefined;
  return (raw && divisionsOf(raw)) || buildDivisions(sources.divisionBytes.toString('utf8'));
});

/** US counties by full-name key ("cook county") and by bare-name key ("cook"), largest first. */
export const countyTable = lazy((): Pick<PlaceTables, 'full' | 'bare'> => {
  const sources = placeSources();
  const raw = compiledPart(sources.text, true) as CompiledPlaces | undefined;
  return (raw && countiesOf(raw)) || buildCounties(sources.countyBytes.toString('utf8'));
});

/**
 * ZIP code areas: the file's 34,000 rows (5-digit codes, ascending) read into two typed arrays
 * by one pass over its text, looked up by binary search: a fraction of the cost of a Map of
 * 34,000 strings. A file of any other shape is read into a Map as rows() reads it.
 */
interface ZipTable {
  codes: Int32Array;
  populations: Float64Array;
  size: number;
}

const ZCTA_FILE = 'assess/us-zcta.tsv';

/** The rows of a ZCTA text as a ZipTable, or undefined when one is not "ddddd<TAB>population" in ascending order. */
export function parseZipRows(text: string): ZipTable | undefined {
  const capacity = Math.ceil(text.length / 7) + 1;
  const codes = new Int32Array(capacity);
  const populations = new Float64Array(capacity);
  let size = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd === -1) lineEnd = n;
    if (lineEnd === i || text.charCodeAt(i) === 0x23) {
      i = lineEnd + 1;
      continue;
    }
    if (lineEnd - i < 7 || text.charCodeAt(i + 5) !== 0x09) return undefined;
    let code = 0;
    for (let j = i; j < i + 5; j++) {
      const d = text.charCodeAt(j) - 0x30;
      if (d < 0 || d > 9) return undefined;
      code = code * 10 + d;
    }
    if (size > 0 && code <= codes[size - 1]) return undefined;
    // The population is the second field (Number() of it, as rows() reads it).
    let fieldEnd = text.indexOf('\t', i + 6);
    if (fieldEnd === -1 || fieldEnd > lineEnd) fieldEnd = lineEnd;
    let population = 0;
    let digits = true;
    for (let j = i + 6; j < fieldEnd && digits; j++) {
      const d = text.charCodeAt(j) - 0x30;
      if (d < 0 || d > 9) digits = false;
      else population = population * 10 + d;
    }
    if (!digits || fieldEnd - (i + 6) > 15) population = Number(text.slice(i + 6, fieldEnd));
    codes[size] = code;
    populations[size] = population;
    size++;
    i = lineEnd + 1;
  }
  return { codes, populations, size };
}

const zctaRows = lazy((): ZipTable | Map<string, number> => {
  const text = readFileSync(dataPath(ZCTA_FILE), 'utf8');
  const table = parseZipRows(text);
  if (table) return table;
  const map = new Map<string, number>();
  for (const [zip, population] of rowsOf(text)) map.set(zip, Number(population));
  return map;
});

/** People in a ZIP code area (Census ZCTA), or undefined when the code has none. */
export function zctaPopulation(zip: string): number | undefined {
  const table = zctaRows();
  if (table instanceof Map) return table.get(zip);
  // The table holds 5-digit codes only.
  if (zip.length !== 5) return undefined;
  let code = 0;
  for (let j = 0; j < 5; j++) {
    const d = zip.charCodeAt(j) - 0x30;
    if (d < 0 || d > 9) return undefined;
    code = code * 10 + d;
  }
  let lo = 0;
  let hi = table.size - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = table.codes[mid];
    if (at === code) return table.populations[mid];
    if (at < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

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
