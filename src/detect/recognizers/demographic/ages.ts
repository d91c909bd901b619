import type { DetectionContext } from '../../context.js';
import { demographicLexicon, numberWordValue } from './lexicon.js';
import { nextAccepted, notLetterBefore, notLetterOrDigitBefore, notNumberPartBefore } from './scan.js';

/**
 * Ages, marked as the number with the unit words joined to it (GUIDELINES):
 * "47-year-old", "47 years old", "68 y/o", "45yo", "Age: 65 YRS", "aged 47",
 * "at the age of eleven", "I'm 34", "when I was six", "Arif, 68, was",
 * "Hamza (14)", "(26F)", "in his forties", "mid-20s".
 */

interface AgePatterns {
  yearsOld: RegExp;
  yearsOldBefore: RegExp;
  appositiveBefore: RegExp;
  parentheticalBefore: RegExp;
  shortUnit: RegExp;
  cue: RegExp;
  subject: RegExp;
  appositive: RegExp;
  parenthetical: RegExp;
  sexAge: RegExp;
  decade: RegExp;
  /** A decade word (decades.txt) or a digit: what every `decade` match holds. */
  decadeWord: RegExp;
}

let compiled: AgePatterns | undefined;

export function patterns(): AgePatterns {
  if (compiled) return compiled;
  const { numberWords, decades } = demographicLexicon();
  const words = [...numberWords.keys()].filter((w) => w !== 'hundred');
  const tens = words.filter((w) => (numberWords.get(w) ?? 0) >= 20);
  const units = words.filter((w) => (numberWords.get(w) ?? 0) < 10);
  const num = String.raw`(?:\d{1,3}|(?:${tens.join('|')})(?:[- ](?:${units.join('|')}))?|${words.join('|')}|a[ \t]hundred)`;
  const B = String.raw`(?<![\p{L}\p{N}.,/-])`;
  // The leading lookbehinds of shortUnit, cue, subject and decade are tested in code (scan.ts).
  const E = String.raw`(?![\p{L}\p{N}]|[.,:]\d)`;
  const unit = String.raw`(?:[ \t]?(?:years?|yrs?|y/o|y\.o\.?|yo)(?:[ \t-]old)?|[ \t](?:months?|weeks?|mos?)(?:[ \t-]old)?)`;
  /** What may follow an age said in a clause: punctuation, end, or a small set of words. */
  const after = String.raw`(?=[ \t]*(?:[,.!?;:)\n]|$|[—–-][ \t]|(?:now|when|and|but|so|at|in|this|next|last|today|tomorrow|on|with|or|years?|yrs?|y/o|yo|soon|already|then|though|too|i|he|she|we|they|you|my|his|her|our|their|everyone)\b))`;
  compiled = {
    // Scanned from the literal "old"; the number before it is checked with yearsOldBefore.
    yearsOld: /[- \t](?:years?|yrs?|months?|weeks?|days?)[- \t]old(?![\p{L}\p{N}])/giu,
    yearsOldBefore: new RegExp(String.raw`${B}${num}$`, 'iu'),
    shortUnit: new RegExp(String.raw`\d{1,3}[ \t]?(?:y/o|y\.o\.|yo|yrs?[ \t]old|yr-old)(?![\p{L}\p{N}])`, 'giu'),
    cue: new RegExp(
      String.raw`(?:(?:age|aged|ages|at[ \t]age|at[ \t]the[ \t]age[ \t]of|died[ \t]at)[ \t]*[:#]?[ \t]*(${num}${unit}?)(?:[ \t]and[ \t](${num}))?${E}|(?:turned|turns|turning)[ \t]+(${num})${E}${after})`,
      'dgiu',
    ),
    subject: new RegExp(
      String.raw`(?:i(?:'m|’m|[ \t]am|[ \t]was)|(?:he|she|they|we|you)(?:'s|’s|'re|’re|[ \t]is|[ \t]are|[ \t]was|[ \t]were)|(?:i|he|she|they|we|you)(?:'ll|’ll|[ \t]will)[ \t]be|(?:is|am)[ \t]now|now[ \t]i[ \t]am|(?:him|her)[ \t]only)[ \t]+(?:only[ \t]|just[ \t]|now[ \t]|almost[ \t]|nearly[ \t]|barely[ \t]|about[ \t])?(${num}${unit}?)${E}${after}`,
      'dgiu',
    ),
    // "Arif, 68, was": scanned from ", 68," and checked for a name or role word before it.
    appositive: /,[ \t](\d{1,3})(?=[ \t]?[,)]|[ \t]·)/gu,
    appositiveBefore: /(?:(?<![\p{L}])[\p{Lu}][\p{L}'’\-]{1,30}|\b(?:bride|groom|mother|father|son|daughter|wife|husband|brother|sister|friend|spouse|aunt|uncle|grandmother|grandfather|partner|widow|widower|boy|girl|man|woman|child|patient|driver|victim|suspect|owner|tenant|client))[ \t]?$/u,
    // "Hamza (14)": scanned from "(14)" and checked for a capitalised word before it.
    parenthetical: /\((\d{1,3})\)/gu,
    parentheticalBefore: /(?<![\p{L}])[\p{Lu}][\p{L}'’-]{1,30}[ \t]$/u,
    sexAge: /\((\d{1,2})[ \t]?[MF]\)/gu,
    decadeWord: new RegExp(String.raw`\d|${[...decades].join('|')}`, 'iu'),
    decade: new RegExp(
      String.raw`(?:(?:(?:in|into)[ \t](?:his|her|their|my|your|our)[ \t])((?:(?:early|mid|late)[- \t])?(?:${[...decades].join('|')}|\d0s|\d0's))|((?:early|mid|late)[- \t]?(?:${[...decades].join('|')}|\d0s|\d0's)))${E}`,
      'giu',
    ),
  };
  return compiled;
}

/*
 * Cheap tests before the scans: each is a literal that every match of its scan
 * contains, under the same flags (so the same case folding). A text that
 * fails one cannot match that scan; short texts then skip (and a first
 * document need not compile) the large patterns.
 */
const DIGIT = /\d/;
/*
 * yearsOld needs "old"; cue needs "age" (age, aged, ages, at age, at the age of), "died" or
 * "turn" (turned, turns, turning). Looked for in the lower-cased text, as plain string searches
 * (cheaper than case-insensitive Unicode scans): under the `iu` flags a character matches an
 * ASCII letter only if it lower-cases to that letter, except the long s "ſ" (it matches "s" and
 * stays "ſ"), and none of these words holds an "s". So a search finds its word wherever the
 * pattern `/old/iu` or `/age|died|turn/iu` would.
 */
function mayHoldOld(lower: string): boolean {
  return lower.includes('old');
}
function mayHoldCue(lower: string): boolean {
  return lower.includes('age') || lower.includes('died') || lower.includes('turn');
}
/** subject: "i" + apostrophe or blank (i'm, i am, i was, i'll, i will), "he" (he, she, they, her), "we", "you", "now", "him". */
const SUBJECT_WORD = /i['’ \t]|he|we|you|now|him/iu;

/** Words before a parenthesised number that make it a reference, not an age. */
const NOT_AGE_BEFORE = /(?:Section|Chapter|Table|Figure|Fig|Appendix|Note|Step|Item|Rule|Article|Schedule|Part|Unit|Grade|Level|Box|Question|Form|Page|Exhibit|Clause|Paragraph|Annex|Footnote|Round|Group|Team|Class|Room|Line|Version|Phase|Stage|Year|Week|Day|Lot|Ward|Bed|Floor|Gate|Total|Count|Score|Votes|Points|Goals)[ \t]\($/;

function plausibleAge(value: string): boolean {
  const digits = /^\d+/.exec(value);
  if (digits) return Number(digits[0]) <= 120;
  const word = /^[a-z]+(?:[- ][a-z]+)?/i.exec(value)?.[0] ?? '';
  const v = numberWordValue(word) ?? numberWordValue(word.split(/[- ]/)[0]);
  return /^a[ \t]hundred/i.test(value) || (v !== undefined && v <= 120);
}

export function findAges(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const p = patterns();
  const out: Array<[number, number]> = [];
  const add = (start: number, value: string) => {
    if (plausibleAge(value)) out.push([start, start + value.length]);
  };
  const digit = DIGIT.test(text);
  p.shortUnit.lastIndex = 0;
  for (let m = digit ? nextAccepted(p.shortUnit, text, notNumberPartBefore) : null; m; m = nextAccepted(p.shortUnit, text, notNumberPartBefore)) add(m.index, m[0]);
  p.yearsOld.lastIndex = 0;
  for (let m = mayHoldOld(ctx.lower) ? p.yearsOld.exec(text) : null; m; m = p.yearsOld.exec(text)) {
    const n = p.yearsOldBefore.exec(text.slice(Math.max(0, m.index - 14), m.index));
    if (n) add(m.index - n[0].length, n[0] + m[0]);
  }
  for (const re of [p.cue, p.subject]) {
    if (!(re === p.cue ? mayHoldCue(ctx.lower) : SUBJECT_WORD.test(text))) continue;
    re.lastIndex = 0;
    for (let m = nextAccepted(re, text, notLetterBefore); m; m = nextAccepted(re, text, notLetterBefore)) {
      if (m[1]) add(m.indices![1][0], m[1]);
      if (m[2]) add(m.indices![2][0], m[2]);
      if (m[3]) add(m.indices![3][0], m[3]);
    }
  }
  // ", 68," and "(14)", "(26F)": a comma or a parenthesis too (string searches, cheaper than the scans).
  const comma = digit && text.includes(',');
  const paren = digit && text.includes('(');
  p.appositive.lastIndex = 0;
  for (let m = comma ? p.appositive.exec(text) : null; m; m = p.appositive.exec(text)) {
    if (p.appositiveBefore.test(text.slice(Math.max(0, m.index - 32), m.index))) add(m.index + m[0].length - m[1].length, m[1]);
    p.appositive.lastIndex = m.index + m[0].length; // "(mother, 34); Dorian Weekes (6)"
  }
  p.sexAge.lastIndex = 0;
  for (let m = paren ? p.sexAge.exec(text) : null; m; m = p.sexAge.exec(text)) add(m.index + 1, m[1]);
  p.parenthetical.lastIndex = 0;
  for (let m = paren ? p.parenthetical.exec(text) : null; m; m = p.parenthetical.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 32), m.index);
    if (!p.parentheticalBefore.test(before) || NOT_AGE_BEFORE.test(before + '(')) continue;
    add(m.index + 1, m[1]);
  }
  p.decade.lastIndex = 0;
  for (let m = digit || p.decadeWord.test(text) ? nextAccepted(p.decade, text, notLetterOrDigitBefore) : null; m; m = nextAccepted(p.decade, text, notLetterOrDigitBefore)) {
    const v = m[1] ?? m[2];
    out.push([m.index + m[0].length - v.length, m.index + m[0].length]);
  }
  return out;
}
