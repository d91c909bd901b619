import { readFileSync } from 'node:fs';
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
  const out: string[][] = [];
  for (const line of readFileSync(dataPath(file), 'utf8').split('\n')) {
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

/** First-level divisions by name key, largest first. */
export const divisionTable = lazy(() => {
  const map = new Map<string, Division[]>();
  for (const [country, name, population] of rows('assess/admin1.tsv')) push(map, placeKey(name), { country, name, population: Number(population) });
  for (const list of map.values()) byPopulation(list);
  return map;
});

const COUNTY_SUFFIX = / (?:county|parish|borough|census area|city and borough|municipality|city)$/;

/** US counties by full-name key ("cook county") and by bare-name key ("cook"), largest first. */
export const countyTable = lazy(() => {
  const full = new Map<string, County[]>();
  const bare = new Map<string, County[]>();
  for (const [state, name, population] of rows('assess/us-counties.tsv')) {
    const county: County = { state, name, population: Number(population) };
    const k = placeKey(name);
    push(full, k, county);
    const b = k.replace(COUNTY_SUFFIX, '');
    if (b !== k) push(bare, b, county);
  }
  for (const list of full.values()) byPopulation(list);
  for (const list of bare.values()) byPopulation(list);
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
