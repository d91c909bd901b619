import { readDataLines } from '../lexicons/data-files.js';

/**
 * HIPAA Safe Harbor's rule for ZIP codes (45 CFR 164.514(b)(2)(i)(B)): the first
 * three digits may stay when the area they cover holds more than 20,000 people;
 * otherwise they become 000. Populations per three-digit area:
 * data/geo/zip3-population.tsv (Census ZCTA figures); the 17 prefixes that HHS
 * lists as restricted (data/geo/hhs-restricted-zip3.txt) are always 000, and a
 * prefix with no figure is 000 too (fail closed).
 */
export const SAFE_HARBOR_MIN_POPULATION = 20_000;

interface Zip3Area {
  population: number;
  state: string;
}

let areas: Map<string, Zip3Area> | undefined;
let restricted: Set<string> | undefined;

function load(): Map<string, Zip3Area> {
  if (areas) return areas;
  const map = new Map<string, Zip3Area>();
  for (const line of readDataLines('geo/zip3-population.tsv')) {
    const [zip3, population, state] = line.split('\t');
    if (!/^\d{3}$/.test(zip3) || !/^\d+$/.test(population)) throw new Error(`data/geo/zip3-population.tsv: malformed line "${line}"`);
    map.set(zip3, { population: Number(population), state });
  }
  restricted = new Set(readDataLines('geo/hhs-restricted-zip3.txt'));
  areas = map;
  return map;
}

/** Population of a three-digit ZIP area, or undefined when unknown. */
export function zip3Population(zip3: string): number | undefined {
  return load().get(zip3)?.population;
}

/** USPS code of the state holding most of a three-digit ZIP area, or undefined. */
export function zip3State(zip3: string): string | undefined {
  return load().get(zip3)?.state;
}

/** The three digits Safe Harbor lets stay for a ZIP code: its own prefix, or "000". */
export function safeHarborZip3(zip: string): string {
  const zip3 = zip.slice(0, 3);
  const area = load().get(zip3);
  if (!area || restricted!.has(zip3) || area.population <= SAFE_HARBOR_MIN_POPULATION) return '000';
  return zip3;
}
