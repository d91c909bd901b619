import { createRequire } from 'node:module';
import type { Span } from '../types.js';
import { parseDate, type DateMatch } from '../detect/recognizers/dates/scanner.js';
import { resolvePlace, usStateByCode } from '../lexicons/gazetteer.js';
import { safeHarborZip3, zip3State } from './zip3.js';
import { countryName } from './surrogate/places.js';

/**
 * The generalize operator: instead of removing a value, it writes a coarser one
 * that many people share (k-anonymity by generalisation), where Splice knows how:
 *
 *   DATE      the year ("12 March 2019" → "2019"), or with `generalize-month` the
 *             month ("March 2019"); a range keeps its first and last year
 *   BIRTH     a date of birth → its year, but a year that puts the person at 90
 *             or older becomes "<year> or earlier" (HIPAA Safe Harbor: ages over
 *             89 are one category); a place of birth → its region, as LOCATION
 *   DEMOGRAPHIC  an age → a ten-year band ("47" → "40-49"; 90 and over → "90+")
 *   LOCATION  a city → its US state or its country ("Scranton" → "Pennsylvania";
 *             "Lyon" → "France"); a US state → "United States"
 *   ADDRESS   → its state and the ZIP code's first three digits where HIPAA Safe
 *             Harbor allows them ("PA 185**"), "000**" where the three-digit area
 *             holds 20,000 people or fewer
 *
 * Anything it cannot generalise (an unparsed date, a country, an ethnicity, any
 * other category) is tagged ("[DATE]"), never left in clear.
 */
export type DateGranularity = 'year' | 'month';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Ages at or over this are one category (Safe Harbor). */
export const OLDEST_AGE_BAND = 90;

function tag(span: Span): string {
  return `[${span.label}]`;
}

function yearsOf(d: DateMatch): string | undefined {
  if (d.year === undefined) return undefined;
  return d.endYear !== undefined && d.endYear !== d.year ? `${d.year}–${d.endYear}` : String(d.year);
}

export function generalizeDate(span: Span, granularity: DateGranularity): string {
  const d = parseDate(span.text);
  if (!d) return tag(span);
  const years = yearsOf(d);
  if (granularity === 'month' && d.month !== undefined) {
    const months = d.endMonth !== undefined && d.endMonth !== d.month && (d.endYear === undefined || d.endYear === d.year) ? `${MONTH_NAMES[d.month - 1]}–${MONTH_NAMES[d.endMonth - 1]}` : MONTH_NAMES[d.month - 1];
    return years ? `${months} ${years}` : months;
  }
  return years ?? tag(span);
}

function generalizeBirth(span: Span, granularity: DateGranularity): string {
  const d = parseDate(span.text);
  if (!d) return generalizePlace(span);
  if (d.year === undefined) return tag(span);
  const oldest = new Date().getFullYear() - OLDEST_AGE_BAND;
  if (d.year <= oldest) return `${oldest} or earlier`;
  return generalizeDate(span, granularity);
}

const AGE_NUMBER = /(?<!\d)(\d{1,3})(?!\d)/;
const AGE_WORDS = /year|yr|y\/o|y\.o\.|aged?\b|old|ans|jahre|años|anni|jaar|anos/i;

/** "47-year-old" → "40-49-year-old", "aged 93" → "aged 90+"; other demographics are tagged. */
function generalizeAge(span: Span): string {
  const m = AGE_NUMBER.exec(span.text);
  const bare = /^\s*\d{1,3}\s*$/.test(span.text);
  if (!m || (!bare && !AGE_WORDS.test(span.text))) return tag(span);
  const age = Number(m[1]);
  if (age > 130) return tag(span);
  const band = age >= OLDEST_AGE_BAND ? `${OLDEST_AGE_BAND}+` : `${Math.floor(age / 10) * 10}-${Math.floor(age / 10) * 10 + 9}`;
  return span.text.slice(0, m.index) + band + span.text.slice(m.index + m[1].length);
}


let countries: { getAlpha2Code(name: string, lang: string): string | undefined } | undefined;

function isCountryName(name: string): boolean {
  if (!countries) {
    const require = createRequire(import.meta.url);
    const iso = require('i18n-iso-countries/index.js') as { registerLocale(locale: unknown): void; getAlpha2Code(name: string, lang: string): string | undefined };
    iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
    countries = iso;
  }
  return countries.getAlpha2Code(name, 'en') !== undefined;
}

/** "Springfield, IL" → "Illinois"; "Lyon" → "France"; "Ohio" → "United States"; a country is tagged. */
function generalizePlace(span: Span): string {
  const [name, qualifier] = span.text.split(/,\s*/);
  if (isCountryName(name.trim())) return tag(span);
  const place = resolvePlace(name.trim(), qualifier?.trim());
  if (!place) return tag(span);
  if (place.kind === 'state') return countryName('US') ?? tag(span);
  if (place.country === 'US') return usStateByCode(place.admin)?.name ?? tag(span);
  return countryName(place.country) ?? tag(span);
}

const ZIP = /(?<![\d-])(\d{5})(?:-\d{4})?(?!\d)/g;
const STATE_CODE = /(?<![\p{L}])([A-Z]{2})(?![\p{L}])/gu;

/** "12 Elm Street, Dunmore, PA 18512" → "PA 185**"; a small area → "PA 000**". */
function generalizeAddress(span: Span): string {
  let zip: string | undefined;
  for (const m of span.text.matchAll(ZIP)) zip = m[1];
  let state: string | undefined;
  for (const m of span.text.matchAll(STATE_CODE)) if (usStateByCode(m[1])) state = m[1];
  if (zip) {
    const kept = safeHarborZip3(zip);
    state ??= kept === '000' ? undefined : zip3State(kept);
    return `${state ? `${state} ` : ''}${kept}**`;
  }
  if (state) return state;
  // A foreign or partial address: the region of its last part that names a place.
  const parts = span.text.split(/,\s*/).reverse();
  for (const part of parts) {
    const region = generalizePlace({ ...span, text: part.replace(/\s+\S*\d\S*$/, '') });
    if (!region.startsWith('[')) return region;
  }
  return tag(span);
}

export function generalize(span: Span, granularity: DateGranularity): string {
  switch (span.label) {
    case 'DATE':
      return generalizeDate(span, granularity);
    case 'BIRTH':
      return generalizeBirth(span, granularity);
    case 'DEMOGRAPHIC':
      return generalizeAge(span);
    case 'LOCATION':
      return generalizePlace(span);
    case 'ADDRESS':
      return generalizeAddress(span);
    default:
      return tag(span);
  }
}
