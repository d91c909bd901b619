import { createRequire } from 'node:module';
import { readDataJson, readDataLines } from '../../../lexicons/data-files.js';

/**
 * Address vocabulary (data/address/*, data/us-states.json and the country names
 * of i18n-iso-countries), loaded once on first use. All sets hold lower-case keys
 * except the postal codes of states and provinces, which are only valid in capitals.
 */
export interface AddressLexicon {
  streetSuffixes: Set<string>;
  streetPrefixes: Set<string>;
  nameFirstPrefixes: string[];
  /** Capitalised words that are never a place in an address tail (lower-case keys). */
  nonPlaceWords: Set<string>;
  compoundEndings: string[];
  unitWords: Set<string>;
  buildingWords: Set<string>;
  cues: string[];
  /** Upper-case state / province codes: "OH", "QC", "QLD". */
  regionCodes: Set<string>;
  /** Lower-case region names: "ohio", "tamil nadu", "quebec". */
  regionNames: Set<string>;
  ieCounties: Set<string>;
  /** Lower-case country names and common abbreviations. */
  countries: Set<string>;
}

interface Regions {
  caProvinces: Record<string, string>;
  caProvinceAltNames: string[];
  auStates: string[];
  inStates: string[];
  ieCounties: string[];
  ukNations: string[];
  countryAbbreviations: string[];
}

let cached: AddressLexicon | undefined;

const lower = (xs: Iterable<string>) => new Set([...xs].map((x) => x.toLowerCase()));

export function addressLexicon(): AddressLexicon {
  if (cached) return cached;
  const regions = readDataJson<Regions>('address/regions.json');
  const { states } = readDataJson<{ states: Array<[string, string, number]> }>('us-states.json');
  const regionCodes = new Set<string>([...states.map((s) => s[0]), ...Object.keys(regions.caProvinces), ...regions.auStates]);
  const regionNames = lower([
    ...states.map((s) => s[1]),
    ...Object.values(regions.caProvinces),
    ...regions.caProvinceAltNames,
    ...regions.inStates,
    ...regions.ukNations,
  ]);
  cached = {
    streetSuffixes: lower(readDataLines('address/street-suffixes.txt')),
    streetPrefixes: lower(readDataLines('address/street-prefixes.txt')),
    nameFirstPrefixes: readDataLines('address/street-prefixes-name-first.txt'),
    nonPlaceWords: lower(readDataLines('address/non-place-words.txt')),
    compoundEndings: readDataLines('address/compound-street-endings.txt'),
    unitWords: lower(readDataLines('address/unit-designators.txt')),
    buildingWords: lower(readDataLines('address/building-words.txt')),
    cues: readDataLines('address/address-cues.txt'),
    regionCodes,
    regionNames,
    ieCounties: lower(regions.ieCounties),
    countries: lower([...countryNames(), ...regions.countryAbbreviations, ...regions.ukNations]),
  };
  return cached;
}

/**
 * English country names (official names and aliases) from i18n-iso-countries: its
 * English locale file read directly, as getNames('en', { select: 'all' }) lists them
 * (a name, or a list of a name and its aliases, per country), without loading the
 * package's code and code tables.
 */
function countryNames(): string[] {
  const require = createRequire(import.meta.url);
  const en = require('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> };
  return Object.values(en.countries).flat();
}
