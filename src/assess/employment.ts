import { formatCount } from './number-format.js';
import { hasUpper, startsUpper, startsUpperDigitOrAmpersand } from './letters.js';
import { lookupPlace } from '../lexicons/gazetteer.js';
import { longestPhrase, words } from './phrase-match.js';
import { degreeTable, occupationTable, organizationTable } from './tables.js';
import type { Estimate } from './types.js';

/**
 * EMPLOYMENT_EDUCATION elements: employee / student IDs (direct), degrees
 * (attainment shares), schools and employers (size classes: listed large ones
 * vs unknown, which count as small) and job titles (BLS headcounts).
 */
const fmt = formatCount;

const ID_LIKE = /\d.{0,40}\d|^[A-Z]{0,4}[-#]?\d{3,}/;
const DEGREE_CUE =
  /\b(?:bachelor'?s?|master'?s?|doctorate|doctoral|ph\.?\s?d|mba|m\.b\.a|associate'?s? degree|degree|diploma|ged|certificate|certification|b\.?sc?|m\.?sc?|b\.a|m\.a|bsn|msn|pharm\.?d|j\.d|m\.d|dds|dvm)\b/i;
const SCHOOL_CUE = /\b(?:university|college|school|institute|academy|polytechnic|conservatory|seminary|gymnasium|lyc[eé]e)\b/i;
const EMPLOYER_CUE =
  /\b(?:inc|llc|ltd|llp|plc|corp|corporation|company|co|group|holdings|department|dept|hospital|clinic|center|centre|bank|agency|firm|associates|partners|foundation|services|systems|technologies|solutions|council|office|bureau|district|authority|ministry|police|fire|army|navy|restaurant|cafe|store|shop|market|factory|labs?|studio|media|news|press|times|airlines?|railways?|church|county|city of|town of)\b/i;

export function estimateEmployment(text: string): Estimate {
  const trimmed = text.trim();
  // Each cue is tested at most once (the decision tree below asks some twice).
  let degreeCue: boolean | undefined;
  let schoolCue: boolean | undefined;
  const hasDegreeCue = () => (degreeCue ??= DEGREE_CUE.test(trimmed));
  const hasSchoolCue = () => (schoolCue ??= SCHOOL_CUE.test(trimmed));
  if (ID_LIKE.test(trimmed) && !hasDegreeCue()) {
    return { kind: 'direct', measure: 'count', population: 1, basis: 'employee or student ID: direct identifier' };
  }
  const tokens = words(trimmed);
  const orgs = organizationTable();
  const key = tokens.join(' ');
  const listed = orgs.phrases.byPhrase.get(key);
  if (listed !== undefined) {
    const kind = hasSchoolCue() || /\b(?:mit|ucla|nyu|usc|harvard|yale|stanford|princeton|oxford|cambridge)\b/i.test(trimmed) ? 'school' : 'employer';
    return { kind, measure: 'count', population: listed, basis: `listed large ${kind === 'school' ? 'school (alumni and students)' : 'organisation (staff)'}: about ${fmt(listed)} people` };
  }
  const capitalised = startsUpper(trimmed) && tokens.length > 0;
  if (hasDegreeCue() && !(capitalised && hasSchoolCue() && !/\bdegree\b/i.test(trimmed))) return estimateDegree(trimmed, tokens);
  if (hasSchoolCue()) {
    if (!hasUpper(trimmed)) return estimateDegree(trimmed, tokens);
    const large = largeUniversity(trimmed);
    if (large) return { kind: 'school', measure: 'count', population: LARGE_UNIVERSITY, basis: `${large}: a large public university, about ${fmt(LARGE_UNIVERSITY)} alumni and students (order of magnitude of the listed ones)` };
    return { kind: 'school', measure: 'count', population: orgs.unknownSchool, basis: `school not in the large-university list: counts as small (${fmt(orgs.unknownSchool)} people)` };
  }
  if (EMPLOYER_CUE.test(trimmed) && hasUpper(trimmed)) return unknownEmployer();
  const occupation = longestPhrase(occupationTable().phrases, tokens);
  if (occupation) return estimateJobTitle(key, occupation.value, occupation.phrase);
  // A capitalised name that is no listed title: an employer's name.
  if (tokens.length > 0 && trimmed.split(/\s+/).every(startsUpperDigitOrAmpersand) && !/^(?:Chief|Head|Director|Senior|Lead|Vice|Manager)\b/.test(trimmed)) return unknownEmployer();
  return estimateJobTitle(key, occupationTable().unknownTitleHeadcount, undefined);
}

function unknownEmployer(): Estimate {
  const n = organizationTable().unknownEmployer;
  return { kind: 'employer', measure: 'count', population: n, basis: `employer not in the large-employer list: counts as small (${fmt(n)} staff)` };
}

function estimateDegree(text: string, tokens: readonly string[]): Estimate {
  const table = degreeTable();
  const match = longestPhrase(table.phrases, tokens);
  let share = match?.value ?? 0.1;
  let basis = match ? `degree "${match.phrase}": ${(share * 100).toFixed(1)}% of people (ACS 2022)` : 'degree: 10% of people (ACS 2022 graduate-level prior)';
  if (/\b(?:in|of)\s+\p{L}/iu.test(text) && !/\b(?:bachelor|master|doctor) of (?:arts|science)\b$/i.test(text)) {
    share /= table.fieldDivisor;
    basis += `, in a named field /${table.fieldDivisor}`;
  }
  return { kind: 'degree', measure: 'share', share, basis };
}

/** The seniority words with their divisors, and each word between spaces (searched for in the title). */
let seniority: Array<[string, number, string]> | undefined;
function seniorityEntries(): Array<[string, number, string]> {
  return (seniority ??= Object.entries(occupationTable().seniorityDivisor).map(([word, d]): [string, number, string] => [word, d, ` ${word} `]));
}

/** `key`: the title's words joined by single spaces. */
function estimateJobTitle(key: string, headcount: number, phrase: string | undefined): Estimate {
  const data = occupationTable();
  let divisor = 1;
  let rank = '';
  const joined = ` ${key} `;
  for (const [word, d, spaced] of seniorityEntries()) {
    if (d > divisor && joined.includes(spaced) && !(phrase && phrase.includes(word))) {
      divisor = d;
      rank = word;
    }
  }
  const count = headcount / divisor;
  const share = count / data.usPopulation;
  const what = phrase ? `occupation "${phrase}": ${fmt(headcount)} in the US (BLS OEWS 2023)` : `unlisted job title: a median-size occupation, ${fmt(headcount)} in the US`;
  return { kind: 'occupation', measure: 'share', share, basis: `${what}${rank ? `, rank "${rank}" /${divisor}` : ''}` };
}

/** Living alumni plus students of a large public university (the listed state flagships hold 300,000–750,000). */
const LARGE_UNIVERSITY = 200_000;
const UNIVERSITY_OF = /^(?:the\s+)?University\s+of\s+([\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,2})(?:,\s{0,3}[\p{Lu}][\p{L}.'’ -]{1,40}|\s+(?:at|in|[-–])\s+.{1,40})?$/u;
const UNIVERSITY_OF_WORDS = /University\s+of\s/u;
const STATE_UNIVERSITY = /^(?:the\s+)?([\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,2})\s+State\s+University\b/u;

/**
 * "University of <US state or large city>", "<US state> State University", "University of
 * California, Davis": a state or city university, large whatever its campus. Undefined otherwise.
 */
function largeUniversity(name: string): string | undefined {
  // Each pattern is tried only when the words it needs are there (the first use of each
  // compiles four Unicode classes).
  if (!name.includes('University')) return undefined;
  const state = name.includes('State') ? STATE_UNIVERSITY.exec(name) : null;
  if (state && lookupPlace(state[1]).some((p) => p.kind === 'state')) return `${state[1]} State University`;
  const of = UNIVERSITY_OF_WORDS.test(name) ? UNIVERSITY_OF.exec(name) : null;
  if (!of) return undefined;
  const places = lookupPlace(of[1]);
  if (places.some((p) => p.kind === 'state')) return `University of ${of[1]} (a US state university)`;
  const city = places[0];
  if (city && city.population >= 500_000) return `University of ${of[1]} (a large city's university)`;
  return undefined;
}
