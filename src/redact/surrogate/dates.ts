import { readDataLines } from '../../lexicons/data-files.js';
import { parseDate } from '../../detect/recognizers/dates/scanner.js';
import type { KeyedStream } from './keyed.js';
import { fold } from './pools.js';
import { likeCase } from './shape.js';

/**
 * Date shifting: every date of a document moves by the same number of days (one
 * keyed offset per document, or per person), so intervals between dates stay
 * exact; with `keepWeekday` the offset is a whole number of weeks, so a Monday
 * stays a Monday and a weekend a weekend. Each date keeps its written form:
 * "03/14/2023" → "05/02/2023", "14 March 2023" → "2 May 2023", "Tue 14 Mar" →
 * "Tue 2 May" (the weekday recomputed), "2023-03-14T10:30" keeps its time,
 * "March 2023" moves by whole months and a bare year by whole years (at least
 * one, so no date is written unchanged), two-digit years stay two
 * digits, leading zeros and ordinal suffixes ("14th" → "2nd") are rewritten in
 * kind, month names stay in their language (data/dates/date-names.tsv: en, de,
 * es, fr, it, nl, pt) and their case. Numeric day/month order follows the
 * original (a day over 12 decides; otherwise the date recognizer's reading).
 */
interface NameEntry {
  lang: string;
  kind: 'month' | 'month-short' | 'weekday' | 'weekday-short';
  number: number;
}

let table: { byName: Map<string, NameEntry[]>; byNumber: Map<string, string>; pattern: string } | undefined;

function names(): NonNullable<typeof table> {
  if (table) return table;
  const byName = new Map<string, NameEntry[]>();
  const byNumber = new Map<string, string>();
  const add = (lang: string, kind: NameEntry['kind'], number: number, name: string) => {
    const k = fold(name);
    let list = byName.get(k);
    if (!list) byName.set(k, (list = []));
    list.push({ lang, kind, number });
    const nk = `${lang}|${kind}|${number}`;
    if (!byNumber.has(nk)) byNumber.set(nk, name);
  };
  for (const line of readDataLines('dates/date-names.tsv')) {
    const [lang, kind, number, name] = line.split('\t');
    add(lang, kind as NameEntry['kind'], Number(number), name);
  }
  // Common English variants the CLDR table lacks.
  add('en', 'month-short', 9, 'sept');
  add('en', 'weekday-short', 2, 'tues');
  add('en', 'weekday-short', 4, 'thur');
  add('en', 'weekday-short', 4, 'thurs');
  const all = [...byName.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  table = { byName, byNumber, pattern: all.join('|') };
  return table;
}

/** The entry a written month or weekday name stands for, English first. */
function entryOf(word: string, kinds: Array<NameEntry['kind']>): NameEntry | undefined {
  const list = names().byName.get(fold(word.replace(/\.$/, '')));
  if (!list) return undefined;
  const ok = list.filter((e) => kinds.includes(e.kind));
  // A full name before an abbreviation ("May" is both), English before other languages.
  return ok.sort((a, b) => (a.lang === 'en' ? 0 : 1) - (b.lang === 'en' ? 0 : 1) || a.kind.length - b.kind.length)[0];
}

function nameFor(e: NameEntry, number: number, original: string): string {
  const base = names().byNumber.get(`${e.lang}|${e.kind}|${number}`) ?? String(number);
  const dot = original.endsWith('.') ? '.' : '';
  return likeCase(original.replace(/\.$/, ''), base) + dot;
}

function utc(y: number, m: number, d: number): Date {
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length > 2) return n;
  const pivot = (new Date().getUTCFullYear() % 100) + 10;
  return n <= pivot ? 2000 + n : 1900 + n;
}

function writeYear(year: number, original: string): string {
  if (original.length === 2) return String(((year % 100) + 100) % 100).padStart(2, '0');
  return String(year);
}

/** A day or month number written like the original: padded to two digits when the date's style pads. */
function writeNumber(n: number, original: string, padded = original.length === 2): string {
  return padded ? String(n).padStart(2, '0') : String(n);
}

/** Whole months (never 0) that `days` moves a month-and-year date. */
function monthsOf(days: number): number {
  const m = Math.round(days / 30.44);
  return m !== 0 ? m : Math.sign(days);
}

/** Whole years (never 0) that `days` moves a bare year. */
export function yearsOf(days: number): number {
  const y = Math.round(days / 365.25);
  return y !== 0 ? y : Math.sign(days);
}

function ordinal(n: number, original: string): string {
  if (!original) return '';
  if (!/^(?:st|nd|rd|th)$/i.test(original)) return original;
  const s = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return original === original.toUpperCase() ? s.toUpperCase() : s;
}

const WEEKDAY_INDEX = (d: Date) => ((d.getUTCDay() + 6) % 7) + 1; // Monday = 1

const NUMERIC = /(?<![\d.])(\d{1,4})([-/.])(\d{1,2})\2(\d{2,4})(?![\d])/g;
const MONTH_YEAR = /(?<![\d./-])(\d{1,2})([-/.])(\d{4})(?![\d./-])/g;
const YEAR = /(?<![\d.,:])(1[0-9]{3}|2[0-9]{3})(?![\d])/g;

/**
 * Shifts every date in `text` by `days`. Returns undefined when no date form is
 * recognised (the caller then tags the span rather than keep it in clear).
 */
export function shiftDateText(text: string, days: number): string | undefined {
  if (!Number.isInteger(days)) throw new Error('date shift must be whole days');
  const done: Array<[number, number, string]> = [];
  const taken = (s: number, e: number) => done.some(([a, b]) => s < b && e > a);
  const reading = parseDate(text);

  for (const m of text.matchAll(NUMERIC)) {
    const [all, a, sep, b, c] = m;
    let y: number;
    let mo: number;
    let d: number;
    let order: 'ymd' | 'dmy' | 'mdy';
    if (a.length === 4) order = 'ymd';
    else if (a.length > 2 || c.length === 3) continue;
    else if (Number(a) > 12) order = 'dmy';
    else if (Number(b) > 12) order = 'mdy';
    else if (sep === '.') order = 'dmy';
    else order = reading && reading.month === Number(b) && reading.day === Number(a) ? 'dmy' : 'mdy';
    if (order === 'ymd') [y, mo, d] = [Number(a), Number(b), Number(c)];
    else if (order === 'dmy') [d, mo, y] = [Number(a), Number(b), fullYear(c)];
    else [mo, d, y] = [Number(a), Number(b), fullYear(c)];
    if (mo < 1 || mo > 12 || d < 1 || d > 31) continue;
    const s = addDays(utc(y, mo, d), days);
    const [ny, nm, nd] = [s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate()];
    // Padded style unless a day or month field is written with one digit ("5/3/2021").
    const fields = order === 'ymd' ? [b, c] : [a, b];
    const pad = fields.every((f) => f.length === 2);
    let out: string;
    if (order === 'ymd') out = `${writeYear(ny, a)}${sep}${writeNumber(nm, b, pad)}${sep}${writeNumber(nd, c, pad)}`;
    else if (order === 'dmy') out = `${writeNumber(nd, a, pad)}${sep}${writeNumber(nm, b, pad)}${sep}${writeYear(ny, c)}`;
    else out = `${writeNumber(nm, a, pad)}${sep}${writeNumber(nd, b, pad)}${sep}${writeYear(ny, c)}`;
    done.push([m.index, m.index + all.length, out]);
  }

  const n = names().pattern;
  const ORD = '(st|nd|rd|th|er|º|ª)?';
  const TEXTUAL = new RegExp(
    `(?<![\\p{L}])(?:(${n})(\\.?,?\\s{1,3}))?` + // weekday
      `(?:(\\d{1,2})${ORD}\\.?(\\s{1,3}(?:of|de|di|del|van)\\s{1,3}|\\s{1,3}|\\.\\s?|-))?` + // day before
      `(${n})(?![\\p{L}])` + // month
      `(?:(\\.?\\s{1,3})(\\d{1,2})${ORD}(?![\\d:]))?` + // day after
      `(?:(\\.?,?\\s{1,3}(?:de\\s{1,3}|del\\s{1,3})?|\\.?\\s?-\\s?)(\\d{4}|['’]\\d{2})(?!\\d))?`, // year
    'giu',
  );
  for (const m of text.matchAll(TEXTUAL)) {
    const [all, wd, wdSep, dayB, ordB, dSep, mon, sepA, dayA, ordA, ySep, yr] = m;
    if (taken(m.index, m.index + all.length)) continue;
    const month = entryOf(mon, ['month', 'month-short']);
    if (!month) continue;
    const dayText = dayB ?? dayA;
    const day = dayText ? Number(dayText) : undefined;
    if (day !== undefined && (day < 1 || day > 31)) continue;
    const yearText = yr?.replace(/^['’]/, '');
    const year = yearText ? fullYear(yearText) : 2001; // no year: a common year, for the day and month only
    let out = '';
    let shifted: Date;
    if (day === undefined) {
      // Month (and year): whole months, at least one.
      shifted = utc(year, month.number + monthsOf(days), 15);
    } else shifted = addDays(utc(year, month.number, day), days);
    const [ny, nm, nd] = [shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate()];
    if (wd) {
      const e = entryOf(wd, ['weekday', 'weekday-short']);
      if (!e) continue;
      const idx = day !== undefined && yearText ? WEEKDAY_INDEX(shifted) : ((((e.number - 1 + days) % 7) + 7) % 7) + 1;
      out += nameFor(e, idx, wd) + wdSep;
    }
    if (dayB) out += writeNumber(nd, dayB, false) + ordinal(nd, ordB ?? '') + (dSep ?? '');
    out += nameFor(month, nm, mon);
    if (dayA) out += sepA + writeNumber(nd, dayA, false) + ordinal(nd, ordA ?? '');
    if (yr) out += ySep + (yr.startsWith("'") || yr.startsWith('’') ? yr[0] + writeYear(ny, yearText!) : writeYear(ny, yr));
    // "12-15 March": a day just before, joined by a dash, moves alike.
    const before = /(\d{1,2})(\s?[-–]\s?)$/.exec(text.slice(0, m.index));
    let start = m.index;
    if (before && dayB && !taken(m.index - before[0].length, m.index)) {
      const first = addDays(utc(year, month.number, Number(before[1])), days);
      // When the two days now fall in different months, the first gets its own month name.
      const ownMonth = first.getUTCMonth() + 1 !== nm ? ` ${nameFor(month, first.getUTCMonth() + 1, mon)}` : '';
      out = writeNumber(first.getUTCDate(), before[1], false) + ownMonth + before[2] + out;
      start -= before[0].length;
    }
    done.push([start, m.index + all.length, out]);
  }

  for (const m of text.matchAll(MONTH_YEAR)) {
    if (taken(m.index, m.index + m[0].length) || Number(m[1]) < 1 || Number(m[1]) > 12) continue;
    const s = utc(Number(m[3]), Number(m[1]) + monthsOf(days), 15);
    done.push([m.index, m.index + m[0].length, `${writeNumber(s.getUTCMonth() + 1, m[1])}${m[2]}${s.getUTCFullYear()}`]);
  }

  for (const m of text.matchAll(YEAR)) {
    if (taken(m.index, m.index + m[0].length)) continue;
    done.push([m.index, m.index + m[0].length, String(Number(m[1]) + yearsOf(days))]);
  }

  // A weekday on its own ("on Tuesday") moves by the offset.
  const WEEKDAY = new RegExp(`(?<![\\p{L}])(${n})(?![\\p{L}])`, 'giu');
  for (const m of text.matchAll(WEEKDAY)) {
    if (taken(m.index, m.index + m[0].length)) continue;
    const e = entryOf(m[1], ['weekday', 'weekday-short']);
    if (!e) continue;
    done.push([m.index, m.index + m[0].length, nameFor(e, ((((e.number - 1 + days) % 7) + 7) % 7) + 1, m[1])]);
  }

  if (done.length === 0) return undefined;
  done.sort((a, b) => a[0] - b[0]);
  let out = '';
  let cursor = 0;
  for (const [s, e, rep] of done) {
    out += text.slice(cursor, s) + rep;
    cursor = e;
  }
  return out + text.slice(cursor);
}

/** A whole-number offset in [-maxDays, maxDays], never 0; a whole number of weeks with keepWeekday. */
export function offsetFrom(rng: KeyedStream, maxDays: number, keepWeekday: boolean): number {
  if (!Number.isInteger(maxDays) || maxDays < 1) throw new Error('the date shift range must be a whole number of days, at least one');
  const sign = rng.int(2) === 0 ? -1 : 1;
  if (keepWeekday) return sign * 7 * (1 + rng.int(Math.max(1, Math.floor(maxDays / 7))));
  return sign * (1 + rng.int(maxDays));
}
