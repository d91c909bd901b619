import { readDataLines } from '../../../lexicons/data-files.js';

/**
 * Month and weekday names of English, French, German, Spanish, Italian, Dutch
 * and Portuguese (data/dates/date-names.tsv, from the Unicode CLDR), and day
 * ordinals written in words (data/dates/day-ordinals.tsv). Keys are lower case.
 */
export interface MonthName {
  month: number;
  /** An abbreviation ("Sept", "janv", "Okt"). */
  short: boolean;
  /** Also an ordinary word or name in one of the languages ("may", "march", "set", "out"). */
  ambiguous: boolean;
  /** English: an English month name, which may come before the day ("March 12"). */
  english: boolean;
}

export interface DateNames {
  months: ReadonlyMap<string, MonthName>;
  /** Weekday names; the value tells whether the name is an abbreviation. */
  weekdays: ReadonlyMap<string, boolean>;
  ordinals: ReadonlyMap<string, number>;
}

/**
 * Month names that are also common words ("may", "march", Spanish "mar", Italian
 * and Portuguese "set", "out", "ago") and bare abbreviations: taken only in a full
 * date (day, month and year), written with a dot ("Okt."), or, for the English
 * ones, capitalised ("May 2019", "Jun 12").
 */
const AMBIGUOUS = new Set(['may', 'march', 'mar', 'set', 'out', 'ago', 'gen', 'mag', 'ene', 'dic', 'giu', 'jun', 'jul', 'aug', 'dec', 'oct', 'nov', 'sept', 'sep', 'feb', 'jan', 'apr', 'abr', 'fev', 'dez', 'okt', 'ott', 'lug', 'mrt', 'mär']);

let names: DateNames | undefined;

export function dateNames(): DateNames {
  if (names) return names;
  const months = new Map<string, MonthName>();
  const weekdays = new Map<string, boolean>();
  for (const line of readDataLines('dates/date-names.tsv')) {
    const [lang, kind, number, name] = line.split('\t');
    if (!name) throw new Error(`data/dates/date-names.tsv: malformed line "${line}"`);
    if (kind === 'month' || kind === 'month-short') {
      const prev = months.get(name);
      const short = kind === 'month-short' && (prev ? prev.short : true);
      months.set(name, { month: Number(number), short, ambiguous: AMBIGUOUS.has(name), english: lang === 'en' || (prev?.english ?? false) });
    } else if (kind === 'weekday' || kind === 'weekday-short') {
      // Two-letter abbreviations ("Mo", "di", "za") are ordinary words too often.
      if (name.length < 3) continue;
      weekdays.set(name, kind === 'weekday-short' && (weekdays.get(name) ?? true));
    }
  }
  const ordinals = new Map<string, number>();
  for (const line of readDataLines('dates/day-ordinals.tsv')) {
    const [day, word] = line.split('\t');
    ordinals.set(word, Number(day));
  }
  names = { months, weekdays, ordinals };
  return names;
}
