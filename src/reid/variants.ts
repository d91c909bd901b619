import { createRequire } from 'node:module';
import { readDataJson, readDataLines } from '../lexicons/data-files.js';
import type { Token } from './text.js';

/**
 * The written variants the structured re-identifier understands, read from a
 * token stream (see text.ts): dates in any common written form, numbers in
 * digits or words, countries by name, alias or demonym, and given names by
 * their short forms. Each finding is an occurrence over a contiguous run of
 * tokens that never crosses a mask.
 */
export interface Occurrence {
  key: string;
  /** First and last token index, inclusive (every token between belongs to it). */
  first: number;
  last: number;
}

export const MONTHS: ReadonlyMap<string, number> = new Map([
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((m, i) => [m, i + 1] as const),
  ...([['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['jun', 6], ['jul', 7], ['aug', 8], ['sep', 9], ['sept', 9], ['oct', 10], ['nov', 11], ['dec', 12]] as const),
]);

const pad = (n: number) => String(n).padStart(2, '0');

/** A day of the month written as digits or an ordinal ("3", "03", "3rd", "21st"). */
function dayOf(t: Token | undefined): number | undefined {
  if (!t) return undefined;
  const m = /^([0-9]{1,2})(st|nd|rd|th)?$/.exec(t.norm);
  if (!m) return undefined;
  const d = Number(m[1]);
  return d >= 1 && d <= 31 ? d : undefined;
}

function yearOf(t: Token | undefined): number | undefined {
  if (!t || !t.numeric || t.norm.length !== 4) return undefined;
  const y = Number(t.norm);
  return y >= 1000 && y <= 2199 ? y : undefined;
}

function monthOf(t: Token | undefined): number | undefined {
  return t ? MONTHS.get(t.norm) : undefined;
}

const joined = (tokens: readonly Token[], i: number) => tokens[i] !== undefined && !tokens[i].breakBefore;
/** Tokens i-1 and i are separated by spaces only, or also by a comma. */
const spaceGap = (tokens: readonly Token[], i: number) => joined(tokens, i) && /^[ \t]{1,3}$/.test(tokens[i].gap);
const listGap = (tokens: readonly Token[], i: number) => joined(tokens, i) && /^[ \t]{0,3}[,.]?[ \t]{1,3}$/.test(tokens[i].gap);

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

/**
 * Date occurrences: `d:YYYY-MM-DD` over the whole date, with `ym:YYYY-MM`,
 * `md:MM-DD` and `y:YYYY` over the parts that carry them, so masking the day
 * of "3 March 1985" still leaves "March 1985" readable. Reads "3 March 1985",
 * "3rd of March, 1985", "March 3, 1985", "Mar. 3 1985", "March 1985",
 * "1985-03-03", "03/03/1985" (both day-first and month-first where valid),
 * and any four-digit year.
 */
export function dateOccurrences(tokens: readonly Token[]): Occurrence[] {
  const out: Occurrence[] = [];
  // `whole`: a numeric date is only read as a unit, so each of its keys spans all three numbers.
  const emit = (y: number | undefined, m: number, d: number | undefined, iy: number, im: number, id: number, whole = false) => {
    const span = (...ix: number[]) => (whole ? { first: Math.min(iy, im, id), last: Math.max(iy, im, id) } : { first: Math.min(...ix), last: Math.max(...ix) });
    if (d !== undefined && y !== undefined && validDate(y, m, d)) out.push({ key: `d:${y}-${pad(m)}-${pad(d)}`, ...span(iy, im, id) });
    if (y !== undefined) out.push({ key: `ym:${y}-${pad(m)}`, ...span(iy, im) });
    if (d !== undefined && validDate(2000, m, d)) out.push({ key: `md:${pad(m)}-${pad(d)}`, ...span(im, id) });
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const y = yearOf(t);
    if (y !== undefined) out.push({ key: `y:${y}`, first: i, last: i });
    const month = monthOf(t);
    if (month !== undefined) {
      // Day before: "3 March", "3rd of March", "the 3rd of March".
      let dayIndex = -1;
      if (dayOf(tokens[i - 1]) !== undefined && spaceGap(tokens, i)) dayIndex = i - 1;
      else if (tokens[i - 1]?.norm === 'of' && spaceGap(tokens, i) && dayOf(tokens[i - 2]) !== undefined && spaceGap(tokens, i - 1)) dayIndex = i - 2;
      let j = i + 1;
      if (dayIndex < 0 && dayOf(tokens[j]) !== undefined && listGap(tokens, j) && yearOf(tokens[j]) === undefined) {
        dayIndex = j;
        j++;
      }
      let yearIndex = -1;
      if (yearOf(tokens[j]) !== undefined && listGap(tokens, j)) yearIndex = j;
      else if (tokens[j]?.norm === 'of' && spaceGap(tokens, j) && yearOf(tokens[j + 1]) !== undefined && spaceGap(tokens, j + 1)) yearIndex = j + 1;
      // "may" and "march" are also ordinary words: a month needs a day or a year beside it.
      if (dayIndex < 0 && yearIndex < 0) continue;
      const day = dayIndex >= 0 ? dayOf(tokens[dayIndex]) : undefined;
      const year = yearIndex >= 0 ? yearOf(tokens[yearIndex]) : undefined;
      emit(year, month, day, yearIndex >= 0 ? yearIndex : i, i, dayIndex >= 0 ? dayIndex : i);
      continue;
    }
    // Numeric dates: three numbers with the same separator (- / .).
    if (!t.numeric || !joined(tokens, i + 1) || !joined(tokens, i + 2)) continue;
    const sep = tokens[i + 1].gap;
    if (!/^[-/.]$/.test(sep) || tokens[i + 2].gap !== sep || !tokens[i + 1].numeric || !tokens[i + 2].numeric) continue;
    const [a, b, c] = [tokens[i].norm, tokens[i + 1].norm, tokens[i + 2].norm];
    if (a.length === 4 && b.length <= 2 && c.length <= 2) {
      emit(Number(a), Number(b), Number(c), i, i + 1, i + 2, true);
    } else if (a.length <= 2 && b.length <= 2 && (c.length === 4 || c.length === 2)) {
      const year = c.length === 4 ? Number(c) : Number(c) + (Number(c) < 30 ? 2000 : 1900);
      const first = Number(a);
      const second = Number(b);
      if (first <= 12) emit(year, first, second, i + 2, i, i + 1, true); // month first
      if (second <= 12 && second !== first) emit(year, second, first, i + 2, i + 1, i, true); // day first
    }
  }
  return out;
}

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'].map((w, i) => [w, i] as const),
  ...['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map((w, i) => [w, (i + 2) * 10] as const),
  ['dozen', 12],
  ['once', 1],
  ['twice', 2],
  ['single', 1],
  ['twins', 2],
  ['triplets', 3],
]);
const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'].map((w, i) => [w, i + 1] as const),
);

/**
 * Number occurrences `num:N`: digits ("1,250", "3.5", "42"), number words
 * ("three", "twenty-one") and ordinals ("3rd", "third"); and `dg:DIGITS` for a
 * run of digit groups joined by - . / or a space with at least five digits in
 * all (phone numbers, identifiers), whatever the grouping.
 */
export function numberOccurrences(tokens: readonly Token[]): Occurrence[] {
  const out: Occurrence[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.numeric) {
      let value = t.norm;
      let last = i;
      // Thousands groups: 1,250,000
      while (t.norm.length <= 3 && joined(tokens, last + 1) && tokens[last + 1].gap === ',' && tokens[last + 1].numeric && tokens[last + 1].norm.length === 3) {
        value += tokens[last + 1].norm;
        last++;
      }
      if (last === i && joined(tokens, i + 1) && tokens[i + 1].gap === '.' && tokens[i + 1].numeric && !(joined(tokens, i + 2) && tokens[i + 2].gap === '.')) {
        value = `${t.norm}.${tokens[i + 1].norm.replace(/0+$/, '')}`.replace(/\.$/, '');
        last = i + 1;
      }
      out.push({ key: `num:${canonicalNumber(value)}`, first: i, last });
      // Digit groups.
      let digits = t.norm;
      let end = i;
      while (joined(tokens, end + 1) && tokens[end + 1].numeric && /^[-./ ]$/.test(tokens[end + 1].gap)) {
        digits += tokens[end + 1].norm;
        end++;
      }
      const startsGroup = !(joined(tokens, i) && tokens[i - 1]?.numeric && /^[-./ ]$/.test(t.gap));
      if (startsGroup && digits.length >= 5) out.push({ key: `dg:${digits}`, first: i, last: end });
      i = last; // the groups and decimals read into this number are not numbers of their own
      continue;
    }
    const ord = /^([0-9]+)(st|nd|rd|th)$/.exec(t.norm);
    if (ord) {
      out.push({ key: `num:${canonicalNumber(ord[1])}`, first: i, last: i });
      continue;
    }
    const word = NUMBER_WORDS.get(t.norm) ?? ORDINAL_WORDS.get(t.norm);
    if (word !== undefined) {
      const unit = word >= 20 && word % 10 === 0 && joined(tokens, i + 1) && /^[- ]$/.test(tokens[i + 1].gap) ? NUMBER_WORDS.get(tokens[i + 1].norm) ?? ORDINAL_WORDS.get(tokens[i + 1].norm) : undefined;
      if (unit !== undefined && unit >= 1 && unit <= 9) {
        out.push({ key: `num:${word + unit}`, first: i, last: i + 1 });
        i++;
      } else out.push({ key: `num:${word}`, first: i, last: i });
    }
  }
  return out;
}

function canonicalNumber(value: string): string {
  const [int, frac] = value.split('.');
  const i = int.replace(/^0+(?=[0-9])/, '');
  return frac ? `${i}.${frac}` : i;
}

interface CountryTables {
  /** Normalised phrase (words joined by one space) → ISO alpha-2 codes. */
  phrases: Map<string, string[]>;
  /** Phrases of three letters or fewer must be written in capitals ("US", not "us"). */
  shortForms: Set<string>;
  maxWords: number;
}

let countryTables: CountryTables | undefined;

const phraseOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/** Country names, aliases (i18n-iso-countries) and demonyms (data/assess-nationalities.json). */
export function countries(): CountryTables {
  if (countryTables) return countryTables;
  const require = createRequire(import.meta.url);
  const iso = require('i18n-iso-countries') as {
    registerLocale(locale: unknown): void;
    getNames(lang: string, opts: { select: 'all' }): Record<string, string[]>;
  };
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const phrases = new Map<string, string[]>();
  const shortForms = new Set<string>();
  let maxWords = 1;
  const add = (name: string, code: string) => {
    const p = phraseOf(name);
    if (!p) return;
    const list = phrases.get(p) ?? [];
    if (!list.includes(code)) list.push(code);
    phrases.set(p, list);
    if (p.replace(/ /g, '').length <= 3) shortForms.add(p);
    maxWords = Math.max(maxWords, p.split(' ').length);
  };
  for (const [code, names] of Object.entries(iso.getNames('en', { select: 'all' }))) for (const n of names) add(n, code);
  const nat = readDataJson<{ demonyms: Record<string, string> }>('assess-nationalities.json');
  for (const [demonym, code] of Object.entries(nat.demonyms)) add(demonym, code);
  countryTables = { phrases, shortForms, maxWords: Math.min(maxWords, 6) };
  return countryTables;
}

/** Country codes named by a whole value ("France", "French", "the UK"), or none. */
export function countryCodesOf(value: string): string[] {
  const t = countries();
  const p = phraseOf(value).replace(/^the /, '');
  return t.phrases.get(p) ?? [];
}

/** `c:CODE` for every country name, alias or demonym in the tokens (longest match first). */
export function countryOccurrences(tokens: readonly Token[]): Occurrence[] {
  const t = countries();
  const out: Occurrence[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let phrase = '';
    let best: { codes: string[]; last: number } | undefined;
    for (let j = i; j < tokens.length && j - i < t.maxWords; j++) {
      if (j > i && !joined(tokens, j)) break;
      phrase = j === i ? tokens[j].norm : `${phrase} ${tokens[j].norm}`;
      const codes = t.phrases.get(phrase);
      if (!codes) continue;
      if (t.shortForms.has(phrase) && !tokens.slice(i, j + 1).every((x) => x.raw === x.raw.toUpperCase())) continue;
      best = { codes, last: j };
    }
    if (!best) continue;
    for (const code of best.codes) out.push({ key: `c:${code}`, first: i, last: best.last });
    i = best.last;
  }
  return out;
}

let nicknames: Map<string, string[]> | undefined;

/** Short form or full given name → the full names it stands for (data/reid-nicknames.txt). */
export function nicknameTable(): ReadonlyMap<string, string[]> {
  if (nicknames) return nicknames;
  nicknames = new Map();
  for (const line of readDataLines('reid-nicknames.txt')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const full = line.slice(0, colon).trim().toLowerCase();
    const add = (form: string, canonical: string) => {
      const list = nicknames!.get(form) ?? [];
      if (!list.includes(canonical)) list.push(canonical);
      nicknames!.set(form, list);
    };
    add(full, full);
    for (const short of line.slice(colon + 1).split(',')) if (short.trim()) add(short.trim().toLowerCase(), full);
  }
  return nicknames;
}

/** The full given names a word can stand for (itself included when it is one). */
export function givenNameGroups(word: string): readonly string[] {
  return nicknameTable().get(word) ?? [];
}
