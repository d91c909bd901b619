import { ageBands } from './tables.js';

/**
 * Share of a population at an age or in an age range: one year of age is about
 * 1.2-1.4% below 65 and falls steeply after 75 (data/assess-age-distribution.json).
 */
export function shareAtAge(age: number): number {
  for (const [from, to, share] of ageBands()) if (age >= from && age <= to) return share;
  return 0;
}

export function shareInRange(from: number, to: number): number {
  let total = 0;
  for (let a = Math.max(0, Math.floor(from)); a <= Math.min(125, Math.floor(to)); a++) total += shareAtAge(a);
  return total;
}

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const DECADE_WORDS: Record<string, number> = { twenties: 20, thirties: 30, forties: 40, fifties: 50, sixties: 60, seventies: 70, eighties: 80, nineties: 90, teens: 13 };

export interface AgeReading {
  from: number;
  to: number;
  /** Fraction of a year when the age is in months, weeks or days. */
  fraction: number;
  describe: string;
}

const NUMBER_WORD = /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](one|two|three|four|five|six|seven|eight|nine))?\b|\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b/;
const DECADE = /\b(early|mid|late)?[- ]?(?:(\d)0s|(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|teens))\b/;
const RANGE = /\b(\d{1,3})\s{0,2}(?:-|–|to|and)\s{0,2}(\d{1,3})\b/;
const NUMBER = /\b(\d{1,3})(?:\.\d)?\b/;
const SUB_YEAR = /\b(month|week|day)s?\b/;

/** Read an age phrase ("42-year-old", "aged 42", "in her late forties", "18 months old"), or undefined. */
export function readAge(text: string): AgeReading | undefined {
  const t = text.toLowerCase();
  const unit = SUB_YEAR.exec(t)?.[1];
  const fraction = unit === 'month' ? 1 / 12 : unit === 'week' ? 1 / 52 : unit === 'day' ? 1 / 365 : 1;
  const range = RANGE.exec(t);
  if (range && Number(range[2]) > Number(range[1]) && fraction === 1) {
    return { from: Number(range[1]), to: Number(range[2]), fraction, describe: `ages ${range[1]}-${range[2]}` };
  }
  const decade = DECADE.exec(t);
  if (decade) {
    const base = decade[2] ? Number(decade[2]) * 10 : DECADE_WORDS[decade[3]];
    const part = decade[1];
    if (base === 13) return { from: 13, to: 19, fraction: 1, describe: 'teens' };
    const [from, to] = part === 'early' ? [base, base + 3] : part === 'mid' ? [base + 3, base + 6] : part === 'late' ? [base + 6, base + 9] : [base, base + 9];
    return { from, to, fraction: 1, describe: `${part ? `${part} ` : ''}${base}s` };
  }
  const num = NUMBER.exec(t);
  if (num) {
    const age = Number(num[1]);
    if (fraction < 1) return { from: 0, to: 0, fraction: Math.min(1, fraction), describe: `${age} ${unit}s` };
    return { from: age, to: age, fraction, describe: `age ${age}` };
  }
  const word = NUMBER_WORD.exec(t);
  if (word) {
    const age = word[1] ? TENS[word[1]] + (word[2] ? UNITS[word[2]] : 0) : UNITS[word[3]];
    if (fraction < 1) return { from: 0, to: 0, fraction, describe: `${age} ${unit}s` };
    return { from: age, to: age, fraction, describe: `age ${age}` };
  }
  if (/\b(?:newborn|infant|baby)\b/.test(t)) return { from: 0, to: 0, fraction: 1, describe: 'infant' };
  if (/\btoddler\b/.test(t)) return { from: 1, to: 3, fraction: 1, describe: 'toddler' };
  if (/\b(?:teen|teenager|adolescent)\b/.test(t)) return { from: 13, to: 19, fraction: 1, describe: 'teenager' };
  if (/\b(?:centenarian)\b/.test(t)) return { from: 100, to: 125, fraction: 1, describe: 'centenarian' };
  if (/\b(?:elderly|senior|retiree)\b/.test(t)) return { from: 65, to: 100, fraction: 1, describe: 'elderly' };
  return undefined;
}
