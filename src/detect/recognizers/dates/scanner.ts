import { dateNames, type MonthName } from './names.js';

/**
 * A linear scanner for written dates in English, French, German, Spanish,
 * Italian, Dutch and Portuguese (month names from the Unicode CLDR, see
 * names.ts). chrono-node reads more forms but costs milliseconds a call; this
 * scanner visits each word once and tries a few bounded sticky patterns where a
 * number, a month, a weekday or a day ordinal starts:
 *
 *   numeric       12/03/2019, 03.12.2019, 2019-03-12, 12-03-19, 2019-03-12T10:30
 *   day month     12 March 2019, 12th of March, 2019, 12. März 2019, 1er mars 2019,
 *                 12 de marzo de 2019, 12 maart 2019, the twelfth of March 2019
 *   month first   March 12, 2019, March 12th, Sept. 2019, marzo de 2019
 *   ranges        12-14 March 2019, 12 March to 3 April 2019, March-May 2019, 1998-2002 (years: court)
 *   times         12 March 2019 at 10.30 a.m., 2019-03-12 14:05, 12/03/2019, 9:15 pm
 *   weekdays      Monday, 12 March 2019, lundi 12 mars 2019
 *   bare years    in 1998 (only when asked: the court profile)
 *
 * Every pattern is anchored (sticky) and bounded, so the scan is linear in the
 * length of the text.
 */
export interface DateMatch {
  start: number;
  end: number;
  kind: 'full' | 'month-year' | 'day-month' | 'year';
  year?: number;
  month?: number;
  day?: number;
  /** Last year and month of a range ("1998-2002", "March-May 2019"). */
  endYear?: number;
  endMonth?: number;
}

export interface ScanOptions {
  /** A year on its own ("in 1998") is a date. */
  bareYears?: boolean;
}

interface Core {
  end: number;
  kind: DateMatch['kind'];
  year?: number;
  month?: number;
  day?: number;
  endYear?: number;
  endMonth?: number;
}

const LETTER = /\p{L}/u;
const WORD = /\p{L}+(?:-\p{L}+)?/yu;
const LETTERS = /\p{L}+/yu;
const SPACE = /[ \t\u00a0]{1,3}/y;
const NUMERIC = /(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})(?!(?!T\d)[\p{L}\p{N}]|[/.-]\d)/yu;
const DAY = /([12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|er|re|º|°|ª)?(?![\p{L}\p{N}])/yu;
/** Between a day and its month: "12 March", "12. März", "12th of March", "12 de marzo", "1er mars". */
const DAY_TO_MONTH = /\.?[ \t\u00a0]{1,3}(?:(?:of|de|di)[ \t\u00a0]{1,3})?|\.(?=\p{L})/yu;
/** Between a month and its year: "March 2019", "March, 2019", "marzo de 2019", "March of 2019". */
const MONTH_TO_YEAR = /,?[ \t\u00a0]{1,3}(?:(?:de|del|of)[ \t\u00a0]{1,3})?/y;
const YEAR = /(1\d{3}|20\d\d)(?![\p{L}\p{N}]|[.,]\d)/yu;
const MONTH_DOT = /\./y;
/** "March 12": the day, not a time, a decimal or the start of a longer number. */
const DAY_AFTER_MONTH = /[ \t\u00a0]{1,3}(?:the[ \t\u00a0]{1,3})?([12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?![\p{L}\p{N}]|[:.,]\d)/yu;
const COMMA_YEAR = /,?[ \t\u00a0]{1,3}(1\d{3}|20\d\d)(?![\p{L}\p{N}]|[.,]\d)/yu;
const RANGE = /[ \t\u00a0]{0,2}[-–—][ \t\u00a0]{0,2}|[ \t\u00a0]{1,2}(?:to|till|until|through|au|bis|al|a|tot|and|et|und|y|e|en)[ \t\u00a0]{1,2}/y;
const ORDINAL_TO_MONTH = /[ \t\u00a0]{1,3}(?:of[ \t\u00a0]{1,3})?/y;
const WEEKDAY_GAP = /[.,]?[ \t\u00a0]{1,3}(?:the[ \t\u00a0]{1,3})?/y;
/** A time after a date: "at 10.30 a.m.", ", 14:05", "um 10 Uhr", "T10:30:00Z". */
const TIME =
  /(?:,?[ \t\u00a0]{1,3}(?:(?:at|à|a|um|om|às|alle|ore|a las|a la|around|about)[ \t\u00a0]{1,3})?|T)(?:[01]?\d|2[0-3])(?:[:.h][0-5]\d(?:[:.][0-5]\d(?:\.\d{1,6})?)?(?:[ \t\u00a0]?(?:[ap]\.m\.|[ap]m|uhr|h|hrs))?|[ \t\u00a0]?(?:[ap]\.m\.|[ap]m|uhr|h|hrs))(?:[ \t\u00a0]?(?:Z|[+-]\d\d:?\d\d|UTC|GMT|CES?T))?(?![\p{L}\p{N}%])/iyu;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Years a bare year may be: 1900 to next year. */
const LAST_YEAR = new Date().getFullYear() + 1;
const BARE_YEAR = /((?:19|20)\d\d)(?![\p{L}\p{N}]|[.,]\d)/yu;
const YEAR_RANGE = /[ \t\u00a0]{0,2}(?:[-–—/]|to|and|until|till)[ \t\u00a0]{0,2}(\d{4}|\d{2})(?![\p{L}\p{N}]|[.,]\d)/yu;
/** Words before a number that make it a reference, an amount or a count, not a year. */
const NOT_YEAR_BEFORE = /(?:\bno|\bnos|n°|nº|#|§|\bart|\barticle|\bpara|\bparagraph|\bp|\bpp|\bpage|\bpages|\bsection|\brule|\bitem|\bcase|\bfile|€|\$|£|\beur|\busd|\bgbp|\bchf|\bnumber)\.?[ \t\u00a0]{0,2}$/i;
const NOT_YEAR_AFTER = /^[ \t\u00a0]?(?:%|km|m²|m2|kg|euros?|eur|usd|dollars?|pounds?|francs?|people|persons|men|women|children|hours?|minutes?|days?|items?|pages?)(?![\p{L}])/iu;

function sticky(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function validDay(day: number, month: number): boolean {
  return day >= 1 && month >= 1 && month <= 12 && day <= DAYS_IN_MONTH[month - 1];
}

function expandYear(yy: string): number {
  if (yy.length === 4) return Number(yy);
  const n = Number(yy);
  return n <= (LAST_YEAR % 100) ? 2000 + n : 1900 + n;
}

/** Whether a month name is taken here (see names.ts: ambiguous names need a full date, a dot or an English capital). */
function monthTaken(entry: MonthName, word: string, dotted: boolean, hasDay: boolean, hasYear: boolean): boolean {
  if (hasDay && hasYear) return true;
  if (!entry.ambiguous) return true;
  if (dotted && entry.short) return true;
  return entry.english && word[0] !== word[0].toLowerCase();
}

interface MonthWord {
  entry: MonthName;
  word: string;
  end: number;
  dotted: boolean;
}

function monthAt(text: string, pos: number): MonthWord | undefined {
  const w = sticky(LETTERS, text, pos);
  if (!w || w[0].length > 12) return undefined;
  const entry = dateNames().months.get(w[0].toLowerCase());
  if (!entry) return undefined;
  let end = pos + w[0].length;
  const dotted = entry.short && sticky(MONTH_DOT, text, end) !== null;
  if (dotted) end++;
  return { entry, word: w[0], end, dotted };
}

function yearAfter(text: string, pos: number): { year: number; end: number } | undefined {
  const j = sticky(MONTH_TO_YEAR, text, pos);
  if (!j) return undefined;
  const y = sticky(YEAR, text, pos + j[0].length);
  return y ? { year: Number(y[1]), end: pos + j[0].length + y[0].length } : undefined;
}

/** "3 March 2019", "3 March", "3. März", "3 de marzo de 2019" at pos (day already matched, ending at dayEnd). */
function afterDay(text: string, pos: number, day: number, dayEnd: number): Core | undefined {
  const gap = sticky(DAY_TO_MONTH, text, dayEnd);
  if (!gap) return undefined;
  const m = monthAt(text, dayEnd + gap[0].length);
  if (!m) return undefined;
  const y = yearAfter(text, m.end);
  if (!validDay(day, m.entry.month)) return undefined;
  if (!monthTaken(m.entry, m.word, m.dotted, true, y !== undefined)) return undefined;
  // A month abbreviation's dot at the very end is more likely a full stop: keep it out.
  const end = y ? y.end : m.dotted ? m.end - 1 : m.end;
  return y ? { end, kind: 'full', year: y.year, month: m.entry.month, day } : { end, kind: 'day-month', month: m.entry.month, day };
}

function numberFirst(text: string, pos: number, options: ScanOptions, allowRange: boolean): Core | undefined {
  const prev = text[pos - 1];
  if (prev !== undefined && LETTER.test(prev)) return undefined;
  // Not the tail of a longer number ("10.12.1.1"); the second half of a range ("12-14 March") is read by the first.
  if (allowRange && (isDigit(prev) || ((prev === '.' || prev === '/' || prev === '-') && isDigit(text[pos - 2])))) return undefined;
  const n = sticky(NUMERIC, text, pos);
  if (n) {
    const core = numericDate(n);
    if (core) return { ...core, end: pos + n[0].length };
  }
  const d = sticky(DAY, text, pos);
  if (d) {
    const day = Number(d[1]);
    const dayEnd = pos + d[0].length;
    const core = afterDay(text, pos, day, dayEnd);
    if (core) return core;
    if (allowRange) {
      // "12-14 March 2019", "3 to 5 May": a day, a range word, then a date.
      const r = sticky(RANGE, text, dayEnd);
      if (r) {
        const next = dateAt(text, dayEnd + r[0].length, options, false);
        if (next && (next.kind === 'full' || next.kind === 'day-month') && next.day !== undefined && next.day > day) {
          return { ...next, day };
        }
      }
    }
  }
  if (options.bareYears) return bareYear(text, pos);
  return undefined;
}

function numericDate(n: RegExpExecArray): Omit<Core, 'end'> | undefined {
  const [, a, sep, b, c] = n;
  if (a.length === 4) {
    // ISO order: year, month, day.
    if (c.length > 2) return undefined;
    const [year, month, day] = [Number(a), Number(b), Number(c)];
    if (year < 1000 || year > 2099 || !validDay(day, month)) return undefined;
    return { kind: 'full', year, month, day };
  }
  if (a.length > 2 || (c.length !== 2 && c.length !== 4)) return undefined;
  // Two-digit years: "3/4/19" (slashes) or "03.04.19" (two-digit day and month).
  if (c.length === 2 && sep !== '/' && (a.length !== 2 || b.length !== 2)) return undefined;
  const year = expandYear(c);
  if (year < 1000 || year > 2099) return undefined;
  const [x, y] = [Number(a), Number(b)];
  const dayFirst = validDay(x, y);
  const monthFirst = validDay(y, x);
  if (!dayFirst && !monthFirst) return undefined;
  // Day and month in either order (European or US writing); the month is kept only when the order is certain.
  if (dayFirst && monthFirst && x !== y) return { kind: 'full', year };
  return dayFirst ? { kind: 'full', year, month: y, day: x } : { kind: 'full', year, month: x, day: y };
}

function bareYear(text: string, pos: number): Core | undefined {
  const y = sticky(BARE_YEAR, text, pos);
  if (!y) return undefined;
  const year = Number(y[1]);
  if (year < 1900 || year > LAST_YEAR) return undefined;
  if (NOT_YEAR_BEFORE.test(text.slice(Math.max(0, pos - 12), pos))) return undefined;
  let end = pos + y[0].length;
  let endYear: number | undefined;
  const r = sticky(YEAR_RANGE, text, end);
  if (r) {
    const last = r[1].length === 2 ? Math.floor(year / 100) * 100 + Number(r[1]) : Number(r[1]);
    if (last > year && last <= LAST_YEAR) {
      end += r[0].length;
      endYear = last;
    }
  }
  if (NOT_YEAR_AFTER.test(text.slice(end, end + 12))) return undefined;
  return { end, kind: 'year', year, endYear };
}

function monthFirst(text: string, pos: number, allowRange: boolean): Core | undefined {
  const m = monthAt(text, pos);
  if (!m) return undefined;
  // "March 12, 2019", "March 12th".
  const d = sticky(DAY_AFTER_MONTH, text, m.end);
  if (d) {
    const day = Number(d[1]);
    const dayEnd = m.end + d[0].length;
    const y = sticky(COMMA_YEAR, text, dayEnd);
    if (validDay(day, m.entry.month) && monthTaken(m.entry, m.word, m.dotted, true, y !== null)) {
      return y ? { end: dayEnd + y[0].length, kind: 'full', year: Number(y[1]), month: m.entry.month, day } : { end: dayEnd, kind: 'day-month', month: m.entry.month, day };
    }
  }
  // "March 2019", "marzo de 2019".
  const y = yearAfter(text, m.end);
  if (y && monthTaken(m.entry, m.word, m.dotted, false, true)) return { end: y.end, kind: 'month-year', year: y.year, month: m.entry.month };
  // "March to May 2019", "March-May 2019".
  if (allowRange && monthTaken(m.entry, m.word, m.dotted, false, true)) {
    const r = sticky(RANGE, text, m.end);
    if (r) {
      const next = monthAt(text, m.end + r[0].length);
      const y2 = next && yearAfter(text, next.end);
      if (next && y2 && next.entry.month > m.entry.month) {
        return { end: y2.end, kind: 'month-year', year: y2.year, month: m.entry.month, endMonth: next.entry.month };
      }
    }
  }
  return undefined;
}

/** "the twelfth of March 2019", "premier mai". */
function ordinalFirst(text: string, pos: number, word: string): Core | undefined {
  const day = dateNames().ordinals.get(word.toLowerCase());
  if (day === undefined) return undefined;
  const gap = sticky(ORDINAL_TO_MONTH, text, pos + word.length);
  if (!gap) return undefined;
  // English ordinals need "of" ("the first of May"; "the first March" is no date).
  if (!/of/.test(gap[0]) && !word.toLowerCase().startsWith('prem')) return undefined;
  const m = monthAt(text, pos + word.length + gap[0].length);
  if (!m || !validDay(day, m.entry.month)) return undefined;
  const y = yearAfter(text, m.end);
  // Without "of" ("premier mai") the month must be one that is no ordinary word.
  if (!monthTaken(m.entry, m.word, m.dotted, true, y !== undefined)) return undefined;
  return y ? { end: y.end, kind: 'full', year: y.year, month: m.entry.month, day } : { end: m.dotted ? m.end - 1 : m.end, kind: 'day-month', month: m.entry.month, day };
}

/** The date starting exactly at pos, if any (without a leading weekday). */
function dateAt(text: string, pos: number, options: ScanOptions, allowRange: boolean): Core | undefined {
  if (isDigit(text[pos])) return numberFirst(text, pos, options, allowRange);
  const w = sticky(WORD, text, pos);
  if (!w) return undefined;
  return monthFirst(text, pos, allowRange) ?? ordinalFirst(text, pos, w[0]);
}

/** A weekday before a date: "Monday, 12 March 2019", "Mon. 12 March", "lundi 12 mars". */
function weekdayFirst(text: string, pos: number, word: string, options: ScanOptions): Core | undefined {
  const short = dateNames().weekdays.get(word.toLowerCase());
  if (short === undefined) return undefined;
  const after = pos + word.length;
  if (short && text[after] !== '.' && text[after] !== ',') return undefined;
  const gap = sticky(WEEKDAY_GAP, text, after);
  if (!gap) return undefined;
  const core = dateAt(text, after + gap[0].length, options, true);
  return core && core.kind !== 'year' ? core : undefined;
}

function withTimeAndRange(text: string, core: Core, options: ScanOptions): Core {
  let out = core;
  if (out.kind === 'full' || out.kind === 'day-month') {
    const t = sticky(TIME, text, out.end);
    if (t) out = { ...out, end: out.end + t[0].length };
  }
  if (out.kind === 'year') return out;
  // "12 March to 3 April 2019", "12 March 2019 - 3 April 2019".
  const r = sticky(RANGE, text, out.end);
  if (!r) return out;
  const next = dateAt(text, out.end + r[0].length, options, false);
  // The second date must carry a year ("12 March to 3 April 2019"), so that "May 2019 and 12 March" stays two dates.
  if (!next || (next.kind !== 'full' && next.kind !== 'month-year')) return out;
  const timed = next.kind === 'full' ? sticky(TIME, text, next.end) : null;
  const kind = out.kind === 'day-month' ? 'full' : out.kind;
  return { ...out, kind, end: next.end + (timed ? timed[0].length : 0), year: out.year ?? next.year, endYear: next.year, endMonth: next.month };
}

/**
 * By the first two characters (ASCII, lower case, 7 bits each; 0 for a
 * one-letter word) of every month, weekday and ordinal name, a bit for the
 * length of each such name: most words are ruled out by one array read,
 * without lower-casing them. A word with a character outside ASCII is always
 * looked up (its lower case may differ in length or letters).
 */
let starts: Uint16Array | undefined;
/** Every month, weekday and ordinal name, and "twenty", "thirty": the words that can start a date. */
let startWords: Set<string> | undefined;

function startKey(c0: number, c1: number): number {
  return (c0 << 7) | c1;
}

function nameStarts(names: ReturnType<typeof dateNames>): Uint16Array {
  if (starts) return starts;
  const table = new Uint16Array(1 << 14);
  const words = [...names.months.keys(), ...names.weekdays.keys(), ...names.ordinals.keys(), 'twenty', 'thirty'];
  for (const key of words) {
    const c0 = key.charCodeAt(0);
    const c1 = key.length > 1 ? key.charCodeAt(1) : 0;
    // Words are at most 13 characters long (scanDates): longer names never match.
    if (c0 < 128 && c1 < 128 && key.length <= 13) table[startKey(c0, c1)] |= 1 << key.length;
  }
  startWords = new Set(words);
  starts = table;
  return table;
}

/**
 * False only if the lower case of the letters text[pos, pos + len) cannot be a
 * month, weekday or ordinal name; `ascii` when all of them are ASCII.
 */
function mayBeName(text: string, pos: number, len: number, ascii: boolean, table: Uint16Array): boolean {
  // Non-ASCII letters take the full look-up (their lower case may be anything).
  if (!ascii) return true;
  const c0 = text.charCodeAt(pos);
  const c1 = len > 1 ? text.charCodeAt(pos + 1) : 0;
  // ASCII letters: upper case A-Z to a-z; the lower case has the same length.
  const l0 = c0 >= 65 && c0 <= 90 ? c0 + 32 : c0;
  const l1 = c1 >= 65 && c1 <= 90 ? c1 + 32 : c1;
  return (table[startKey(l0, l1)] & (1 << len)) !== 0;
}

/** `\p{L}` for BMP characters, filled on first use: 0 unknown, 1 yes, 2 no. */
const BMP_LETTER = new Uint8Array(0x10000);

/** Length in UTF-16 units of the letter (`\p{L}`, a surrogate pair read whole) at `i`; 0 if none. */
function letterLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 1 : 0;
  if (c !== c) return 0; // past the end
  if (c >= 0xd800 && c <= 0xdbff) {
    const lo = text.charCodeAt(i + 1);
    return lo >= 0xdc00 && lo <= 0xdfff && LETTER.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  let known = BMP_LETTER[c];
  if (known === 0) {
    known = LETTER.test(String.fromCharCode(c)) ? 1 : 2;
    BMP_LETTER[c] = known;
  }
  return known === 1 ? 1 : 0;
}

/**
 * Every date in the text, in order, not overlapping. The words are the matches
 * of `\p{L}+|\d+` (TOKEN), read by a character loop: a word that cannot start a
 * date is passed over without building its string.
 */
export function scanDates(text: string, options: ScanOptions = {}): DateMatch[] {
  const out: DateMatch[] = [];
  const names = dateNames();
  const table = nameStarts(names);
  const n = text.length;
  for (let i = 0; i < n; ) {
    const pos = i;
    let core: Core | undefined;
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      while (i < n && isDigitCode(text.charCodeAt(i))) i++;
      if (i - pos > 4) continue;
      core = dateAt(text, pos, options, true);
    } else {
      let len = letterLength(text, i);
      if (len === 0) {
        // Not a word: one code point on.
        const d = text.charCodeAt(i + 1);
        i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
        continue;
      }
      let ascii = true;
      while (len > 0) {
        if (text.charCodeAt(i) >= 0x80) ascii = false;
        i += len;
        len = letterLength(text, i);
      }
      if (i - pos > 13 || !mayBeName(text, pos, i - pos, ascii, table)) continue;
      // A month, weekday or ordinal name, or "twenty" / "thirty" ("twenty-first").
      if (!startWords!.has(text.slice(pos, i).toLowerCase())) continue;
      // "twenty-first": WORD takes the hyphenated word whole.
      const word = sticky(WORD, text, pos)![0];
      core = weekdayFirst(text, pos, word, options) ?? dateAt(text, pos, options, true);
    }
    if (!core) continue;
    const full = withTimeAndRange(text, core, options);
    out.push({ start: pos, ...full });
    i = full.end;
  }
  return out;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The first date written in `value` (for the generalize operator), if any. */
export function parseDate(value: string): DateMatch | undefined {
  return scanDates(value, { bareYears: true })[0];
}
