import { createRequire } from 'node:module';
import { readDataJson } from '../lexicons/data-files.js';
import type { ValueKind } from './attributes.js';
import { normalizeKey } from './normalize.js';

/**
 * Written variants of a knowledge-graph value: the surface forms under which
 * a document may mention it. Each form becomes its own term of the index
 * (inverted-index.ts), with the individuals whose values produce it, so a
 * coarse form ("1985", "Okafor") simply has a longer posting list than the
 * full value ("14 March 1985", "Maria Okafor").
 *
 *   name         full form, given + family, initials ("M. Okafor", "M. E. Okafor"),
 *                "Okafor, Maria", the family name alone (with and without a
 *                particle: "van Dijk", "Dijk"), the given name alone
 *   date         ISO, day-month-year and month-day-year in words, abbreviated
 *                months, ordinals, numeric (d/m/y, m/d/y, d.m.y), month and
 *                year, month and day, the year alone
 *   country,     every English name and alias of the country (i18n-iso-countries)
 *   nationality  and every demonym of it (data/assess-nationalities.json), so a
 *                nationality and its country stand for each other
 *   place        the value, its first part ("Lyon, France" → "Lyon") and the
 *                country forms of its last part
 *   text         the value; a value that names a country or a nationality, or an
 *                ISO date, also gets those variants
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_NUMBER = new Map<string, number>([
  ...MONTHS.map((m, i) => [m.toLowerCase(), i + 1] as [string, number]),
  ...MONTHS.map((m, i) => [m.slice(0, 3).toLowerCase(), i + 1] as [string, number]),
  ['sept', 9],
]);

const pad = (n: number) => String(n).padStart(2, '0');
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

export interface ParsedDate {
  year: number;
  month?: number;
  day?: number;
}

function validDate(y: number, m?: number, d?: number): boolean {
  if (y < 1 || y > 2999) return false;
  if (m === undefined) return d === undefined;
  if (m < 1 || m > 12) return false;
  if (d === undefined) return true;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d >= 1 && d <= days[m - 1];
}

/**
 * A date value: ISO ("1985-03-14", "1985-03", "1985", Wikidata's
 * "+1985-03-14T00:00:00Z"), "14 March 1985", "March 14, 1985" (ordinals and
 * abbreviated months too). Numeric d/m/y is ambiguous and not parsed.
 */
export function parseDate(value: string): ParsedDate | undefined {
  const v = value.trim();
  let m = /^\+?(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T[\d:.]+Z?)?$/.exec(v);
  if (m) {
    const y = Number(m[1]);
    const mo = m[2] === undefined || m[2] === '00' ? undefined : Number(m[2]);
    const d = m[3] === undefined || m[3] === '00' || mo === undefined ? undefined : Number(m[3]);
    return validDate(y, mo, d) ? { year: y, month: mo, day: d } : undefined;
  }
  const words = v.toLowerCase().replace(/[.,]/g, ' ').split(/\s+/).filter((w) => w && w !== 'of' && w !== 'the');
  const day = (w: string) => (/^\d{1,2}(?:st|nd|rd|th)?$/.test(w) ? parseInt(w, 10) : undefined);
  const year = (w: string) => (/^\d{4}$/.test(w) ? Number(w) : undefined);
  if (words.length === 3) {
    const [a, b, c] = words;
    const y = year(c);
    if (y !== undefined) {
      const dm = day(a) !== undefined && MONTH_NUMBER.has(b) ? { d: day(a)!, mo: MONTH_NUMBER.get(b)! } : MONTH_NUMBER.has(a) && day(b) !== undefined ? { d: day(b)!, mo: MONTH_NUMBER.get(a)! } : undefined;
      if (dm && validDate(y, dm.mo, dm.d)) return { year: y, month: dm.mo, day: dm.d };
    }
  }
  if (words.length === 2 && MONTH_NUMBER.has(words[0]) && year(words[1]) !== undefined) return { year: year(words[1])!, month: MONTH_NUMBER.get(words[0])! };
  return undefined;
}

/** Every written form of a date, most specific first. */
export function dateForms(date: ParsedDate): string[] {
  const { year: y, month: mo, day: d } = date;
  const out: string[] = [];
  if (mo !== undefined) {
    const month = MONTHS[mo - 1];
    const short = month.slice(0, 3);
    if (d !== undefined) {
      out.push(
        `${y}-${pad(mo)}-${pad(d)}`,
        `${d} ${month} ${y}`, `${d} ${short} ${y}`, `${d} ${short}. ${y}`,
        `${ordinal(d)} ${month} ${y}`, `${ordinal(d)} of ${month} ${y}`, `${ordinal(d)} of ${month}, ${y}`,
        `${month} ${d}, ${y}`, `${month} ${d} ${y}`, `${short} ${d}, ${y}`, `${short}. ${d}, ${y}`, `${short} ${d} ${y}`, `${short}. ${d} ${y}`,
        `${month} ${ordinal(d)}, ${y}`, `${month} ${ordinal(d)} ${y}`,
        `${pad(d)}/${pad(mo)}/${y}`, `${d}/${mo}/${y}`, `${pad(mo)}/${pad(d)}/${y}`, `${mo}/${d}/${y}`,
        `${pad(d)}.${pad(mo)}.${y}`, `${d}.${mo}.${y}`, `${pad(d)}-${pad(mo)}-${y}`,
        `${d} ${month}`, `${month} ${d}`, `${ordinal(d)} of ${month}`, `${month} ${ordinal(d)}`, `${ordinal(d)} ${month}`,
      );
    }
    out.push(`${month} ${y}`, `${short} ${y}`, `${short}. ${y}`, `${y}-${pad(mo)}`);
  }
  out.push(String(y));
  return out;
}

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev', 'fr']);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md']);
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'da', 'di', 'du', 'dos', 'das', 'la', 'le', 'bin', 'ibn', 'al', 'el', 'ter', 'ten', 'zu', 'af', 'av']);

const bare = (w: string) => w.toLowerCase().replace(/\.$/, '');
const initial = (w: string) => String.fromCodePoint(w.codePointAt(0)!);

/** The written forms of a person's name. */
export function nameForms(value: string): string[] {
  let v = value.trim().replace(/\s+/g, ' ');
  // "Okafor, Maria" → "Maria Okafor" (one comma, two parts, no suffix after it).
  const comma = v.split(',').map((p) => p.trim());
  if (comma.length === 2 && comma[0] && comma[1] && !SUFFIXES.has(bare(comma[1]))) v = `${comma[1]} ${comma[0]}`;
  let words = v.split(' ').filter(Boolean);
  while (words.length > 1 && TITLES.has(bare(words[0]))) words = words.slice(1);
  while (words.length > 1 && SUFFIXES.has(bare(words[words.length - 1]).replace(/,$/, ''))) words = words.slice(0, -1);
  words = words.map((w) => w.replace(/,$/, ''));
  const out = [value, v];
  if (words.length < 2) return [...out, ...words];
  // The family name starts at the first particle after the given name ("Ludwig van Beethoven").
  let f = words.length - 1;
  while (f - 1 >= 1 && PARTICLES.has(words[f - 1].toLowerCase())) f--;
  const given = words[0];
  const middles = words.slice(1, f);
  const family = words.slice(f).join(' ');
  const core = words.slice(f).filter((w) => !PARTICLES.has(w.toLowerCase()));
  const gi = initial(given);
  const mi = middles.map((m) => `${initial(m)}.`).join(' ');
  out.push(words.join(' '), `${given} ${family}`, `${gi}. ${family}`, `${gi} ${family}`, `${family}, ${given}`, family, given);
  if (middles.length) out.push(`${gi}. ${mi} ${family}`, `${given} ${mi} ${family}`, `${gi}.${mi.replace(/ /g, '')} ${family}`);
  if (core.length && core.length < words.length - f) out.push(core.join(' '), `${given} ${core.join(' ')}`);
  return out;
}

interface CountryTables {
  byName: Map<string, string>;
  forms: Map<string, string[]>;
}

let countries: CountryTables | undefined;

function countryTables(): CountryTables {
  if (countries) return countries;
  const require = createRequire(import.meta.url);
  const iso = require('i18n-iso-countries') as { registerLocale(l: unknown): void; getNames(lang: string, o: { select: 'all' }): Record<string, string[]> };
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const byName = new Map<string, string>();
  const forms = new Map<string, string[]>();
  const add = (code: string, form: string) => {
    const key = normalizeKey(form);
    // Two-letter aliases ("US", "UK") are ordinary words in text.
    if (key.replace(/[^\p{L}]/gu, '').length < 3) return;
    if (!byName.has(key)) byName.set(key, code);
    const list = forms.get(code) ?? [];
    if (!list.includes(form)) list.push(form);
    forms.set(code, list);
  };
  for (const [code, names] of Object.entries(iso.getNames('en', { select: 'all' }))) for (const n of names) add(code, n);
  const demonyms = readDataJson<{ demonyms: Record<string, string> }>('assess-nationalities.json').demonyms;
  for (const [demonym, code] of Object.entries(demonyms)) add(code, demonym.replace(/(^|[\s-])\p{Ll}/gu, (s) => s.toUpperCase()));
  countries = { byName, forms };
  return countries;
}

/** The names and demonyms of the country a value names (by any name, alias or demonym); empty when it names none. */
export function countryForms(value: string): string[] {
  const t = countryTables();
  const code = t.byName.get(normalizeKey(value));
  return code ? (t.forms.get(code) ?? []) : [];
}

function placeForms(value: string): string[] {
  const out = [value, ...countryForms(value)];
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 1) {
    out.push(parts[0], ...countryForms(parts[0]));
    out.push(...countryForms(parts[parts.length - 1]));
  }
  return out;
}

/** Every surface form of a value of the given kind (duplicates removed, order kept). */
export function surfaceForms(value: string, kind: ValueKind): string[] {
  const v = value.trim();
  if (!v || kind === 'ignore') return [];
  let forms: string[];
  switch (kind) {
    case 'name':
      forms = nameForms(v);
      break;
    case 'date': {
      const d = parseDate(v);
      forms = d ? [v, ...dateForms(d)] : [v];
      break;
    }
    case 'place':
      forms = placeForms(v);
      break;
    default: {
      const d = /^\+?\d{4}-\d{2}(?:-\d{2})?(?:T[\d:.]+Z?)?$/.test(v) ? parseDate(v) : undefined;
      forms = d ? [v, ...dateForms(d)] : [v, ...countryForms(v)];
    }
  }
  return [...new Set(forms)];
}
