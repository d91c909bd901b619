import { createRequire } from 'node:module';
import { countryTable } from './tables.js';

/**
 * Country names and populations: names through i18n-iso-countries (English),
 * populations from data/assess-country-populations.json.
 */
interface CountriesApi {
  registerLocale(locale: unknown): void;
  getAlpha2Code(name: string, lang: string): string | undefined;
  getName(code: string, lang: string): string | undefined;
  getNames(lang: string, options: { select: 'all' }): Record<string, string[]>;
}

let api: CountriesApi | undefined;

function countries(): CountriesApi {
  if (!api) {
    const require = createRequire(import.meta.url);
    api = require('i18n-iso-countries/index.js') as CountriesApi;
    api.registerLocale(require('i18n-iso-countries/langs/en.json'));
  }
  return api;
}

/** Median population of a country, for countries missing from the table. */
const MEDIAN_COUNTRY_POPULATION = 9_000_000;

export function worldPopulation(): number {
  return countryTable().world;
}

export function countryPopulation(code: string): number {
  return countryTable().countries[code.toUpperCase()] ?? MEDIAN_COUNTRY_POPULATION;
}

let byName: Map<string, string> | undefined;
let english: Record<string, string | string[]> | undefined;

/**
 * The package's English names (alpha-2 code → official name, or official name and aliases), as
 * registered by countries(): read without loading the package itself (its code tables and
 * dependencies), which only countryName's other code forms need.
 */
function englishNames(): Record<string, string | string[]> {
  if (!english) {
    const require = createRequire(import.meta.url);
    english = (require('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> }).countries;
  }
  return english;
}

/** English names (all variants) → alpha-2 code, built once (the package's own lookup scans every name per call). */
function codesByName(): Map<string, string> {
  if (!byName) {
    byName = new Map();
    // As getNames('en', { select: 'all' }): every code in order, a lone name as a list of one.
    for (const [code, names] of Object.entries(englishNames())) {
      if (typeof names === 'string') byName.set(names.toLowerCase(), code);
      else for (const name of names) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

/** Every English country name as countryCode looks it up (lower case): for the place filter. */
export function countryNameKeys(): IterableIterator<string> {
  return codesByName().keys();
}

const LEADING_THE = /^the\s+/i;

/** ISO alpha-2 code of a country written in English ("France", "the United States"), or undefined. */
export function countryCode(name: string): string | undefined {
  const trimmed = name.trim();
  // The regex only for a text that starts with a t (no other character folds to it without the u flag).
  const cleaned = (trimmed.charCodeAt(0) | 0x20) === 0x74 ? trimmed.replace(LEADING_THE, '') : trimmed;
  if (cleaned.length < 4 && cleaned.toUpperCase() !== cleaned) return undefined;
  return codesByName().get(cleaned.toLowerCase());
}

/**
 * countryCode(trimmed) for a text without white space at either end, given its lower case (that
 * string then keys the lookup: its hash, computed once, serves the caller's other lookups too).
 */
export function countryCodeOfTrimmed(trimmed: string, lower: string): string | undefined {
  if ((trimmed.charCodeAt(0) | 0x20) === 0x74) return countryCode(trimmed);
  if (trimmed.length < 4 && trimmed.toUpperCase() !== trimmed) return undefined;
  return codesByName().get(lower);
}

const DIGITS_ONLY = /^[0-9]*$/;

export function countryName(code: string): string {
  // An alpha-2 code (the only form the stage passes): getName's official name, looked up directly.
  if (code.length === 2 && !DIGITS_ONLY.test(code)) {
    const names = englishNames()[code.toUpperCase()];
    return (Array.isArray(names) ? names[0] : names) ?? code;
  }
  return countries().getName(code, 'en') ?? code;
}
