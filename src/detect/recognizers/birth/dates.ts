/**
 * Written dates as they appear in dates of birth: "03/19/1958", "19.03.1958",
 * "1964-07-22", "22 July 1964", "July 22nd, 1964", "June 14", "2 June",
 * "March 1966" and, where the cue allows it, a bare year ("born 1938").
 * Matched by a sticky pattern at a given position, then checked for a real
 * calendar day. (chrono-node reads these forms too, but at several milliseconds a
 * call it would dominate the engine's time budget.)
 */

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?`;
const YEAR4 = String.raw`(?:1[89]|20)\d\d`;

const FULL_DATE = new RegExp(
  String.raw`(?:${YEAR4}-[01]?\d-[0-3]?\d|\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{4}|\d{2})|${DAY}(?:[ \t]of)?[ \t]${MONTH},?[ \t]${YEAR4}|${MONTH}[ \t]${DAY},?[ \t]${YEAR4}|${DAY}(?:[ \t]of)?[ \t]${MONTH}|${MONTH}[ \t]${DAY}|${MONTH},?[ \t]${YEAR4})(?![\p{L}\p{N}]|[/.\-]\d)`,
  'iyu',
);
const YEAR_ONLY = new RegExp(String.raw`${YEAR4}(?![\p{L}\p{N}]|s|'s)`, 'yu');

const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Length of the date starting exactly at `pos`, or 0. `allowYear`: a bare year counts. */
export function dateAt(text: string, pos: number, allowYear: boolean): number {
  FULL_DATE.lastIndex = pos;
  const m = FULL_DATE.exec(text);
  if (m && plausible(m[0])) return m[0].length;
  if (!allowYear) return 0;
  YEAR_ONLY.lastIndex = pos;
  const y = YEAR_ONLY.exec(text);
  return y && Number(y[0]) <= new Date().getFullYear() ? y[0].length : 0;
}

const MONTH_WORD = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const DAY_NUMBER = /(?:^|[ \t])(\d{1,2})(?:st|nd|rd|th)?(?!\d)/;

function plausible(value: string): boolean {
  const years = value.match(/\d{4}/);
  if (years && (Number(years[0]) < 1850 || Number(years[0]) > new Date().getFullYear())) return false;
  const numeric = /^(\d{1,2})[/.\-](\d{1,2})[/.\-]\d{2,4}$/.exec(value);
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    // Day and month in either order (US or European writing).
    return a >= 1 && b >= 1 && a <= 31 && b <= 31 && (a <= 12 || b <= 12);
  }
  const iso = /^\d{4}-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return Number(iso[1]) >= 1 && Number(iso[1]) <= 12 && Number(iso[2]) >= 1 && Number(iso[2]) <= 31;
  // Written-out month: the day must exist in that month ("February 30" does not).
  const month = MONTH_WORD.exec(value);
  const day = DAY_NUMBER.exec(value);
  if (!month || !day) return true;
  return Number(day[1]) >= 1 && Number(day[1]) <= DAYS_IN_MONTH[MONTH_INDEX.indexOf(month[1].toLowerCase())];
}
