import { assessDocument } from '../../assess/index.js';
import { shareAtAge, shareInRange } from '../../assess/ages.js';
import { estimateK, type Group } from '../../assess/k-anonymity.js';
import type { AttributeKind } from '../../assess/types.js';
import { readDataJson, readDataLines } from '../../lexicons/data-files.js';
import { lookupPlace, resolvePlace, usStateByCode } from '../../lexicons/gazetteer.js';
import { parseDate } from '../../detect/recognizers/dates/scanner.js';
import type { Span } from '../../types.js';
import { generalize, OLDEST_AGE_BAND, type DateGranularity } from '../generalize.js';
import { zip3Population } from '../zip3.js';
import { occupationOf, groupShare } from './occupations.js';
import { industryOf } from './organizations.js';
import { countryCode, countryName } from './places.js';
import { adminName, fold } from './pools.js';

/**
 * Generalisation levels: for each value a ladder of coarser and coarser
 * replacements, ending in the tag, built around the `generalize` operator of
 * generalize.ts (whose output is the ladder's default rung, so fixed-level
 * generalisation is unchanged) and extending it to the categories it tagged:
 *
 *   DATE                  (month and year) → year → decade → tag
 *   BIRTH date            (month and year) → year (or "Y or earlier") → decade → tag
 *   LOCATION, BIRTH place town → region (first-level division: "Auvergne-Rhône-Alpes",
 *                         "Pennsylvania") → country → tag
 *   ADDRESS               state and ZIP3 → state → country → tag
 *   DEMOGRAPHIC age       ten-year band → twenty-year band → under 18 / 18-64 / 65+ → tag
 *   EMPLOYMENT_EDUCATION  job title → occupation group (SOC major group: "healthcare
 *                         practitioner") → broad group ("professional") → tag;
 *                         employer → industry ("a health-care organisation", NAICS
 *                         sector) → sector ("a private-sector employer") → tag;
 *                         school → "a university" / "a school" → "an educational
 *                         institution" → tag; degree → its level → tag
 *   ORGANIZATION, MEDICAL provider → industry → sector → tag
 *
 * `chooseLevels` is the identifiability stage's choice (src/assess): starting
 * from the least general rung, it raises the rung of the most identifying value
 * (fewest people sharing it) one step at a time until the document's k estimate
 * (assess/k-anonymity.ts, the same model as `splice assess`) reaches the pool
 * size, or every value is at its tag.
 */
export interface Rung {
  text: string;
  /** What the rung says about the person, in the k model's terms; absent for the tag (removed). */
  kind?: AttributeKind;
  share?: number;
  placePopulation?: number;
}

export interface Ladder {
  rungs: Rung[];
  /** The rung fixed-level generalisation writes (generalize.ts's output where it has one). */
  defaultRung: number;
}

const tagOf = (span: Span): Rung => ({ text: `[${span.label}]` });

let countryPops: Record<string, number> | undefined;
function countryPopulation(code: string): number | undefined {
  countryPops ??= readDataJson<{ countries: Record<string, number> }>('assess-country-populations.json').countries;
  return countryPops[code];
}

let divisionPops: Map<string, number> | undefined;
function divisionPopulation(country: string, name: string): number | undefined {
  if (!divisionPops) {
    divisionPops = new Map();
    for (const line of readDataLines('assess/admin1.tsv')) {
      const [c, n, pop] = line.split('\t');
      divisionPops.set(`${c}|${fold(n)}`, Number(pop));
    }
  }
  return divisionPops.get(`${country}|${fold(name)}`);
}

function usState(code: string): { name: string; population: number } | undefined {
  const s = usStateByCode(code);
  return s ? { name: s.name, population: s.population } : undefined;
}

/** Rungs above a country: the tag only. */
function countryRung(code: string, kind: AttributeKind): Rung | undefined {
  const name = countryName(code);
  const pop = countryPopulation(code);
  if (!name || !pop) return undefined;
  return { text: name, kind, placePopulation: pop };
}

function placeLadder(span: Span, text: string, kind: AttributeKind): Rung[] {
  const [name, qualifier] = text.split(/,\s*/);
  const rungs: Rung[] = [];
  const code = countryCode(name.trim());
  if (code) return rungs; // a country: only the tag is coarser
  const place = resolvePlace(name.trim(), qualifier?.trim()) ?? lookupPlace(name.trim())[0];
  if (!place) return rungs;
  if (place.kind === 'state') {
    const us = countryRung('US', kind);
    return us ? [us] : [];
  }
  if (place.country === 'US') {
    const st = usState(place.admin);
    if (st) rungs.push({ text: st.name, kind, placePopulation: st.population });
  } else {
    const region = adminName(place.country, place.admin);
    const pop = region ? divisionPopulation(place.country, region) : undefined;
    if (region && pop) rungs.push({ text: region, kind, placePopulation: pop });
  }
  const c = countryRung(place.country, kind);
  if (c) rungs.push(c);
  return rungs;
}

const AGE = /(?<!\d)(\d{1,3})(?!\d)/;

function ageLadder(text: string): Rung[] {
  const m = AGE.exec(text);
  if (!m) return [];
  const age = Number(m[1]);
  if (age > 130) return [];
  const write = (band: string) => text.slice(0, m.index) + band + text.slice(m.index + m[1].length);
  const rungs: Rung[] = [];
  const ten = Math.floor(age / 10) * 10;
  if (age >= OLDEST_AGE_BAND) rungs.push({ text: write(`${OLDEST_AGE_BAND}+`), kind: 'age', share: shareInRange(OLDEST_AGE_BAND, 125) });
  else {
    rungs.push({ text: write(`${ten}-${ten + 9}`), kind: 'age', share: shareInRange(ten, ten + 9) });
    const twenty = Math.floor(age / 20) * 20;
    rungs.push({ text: write(`${twenty}-${twenty + 19}`), kind: 'age', share: shareInRange(twenty, twenty + 19) });
  }
  const [lo, hi, label] = age < 18 ? [0, 17, 'under 18'] : age < 65 ? [18, 64, '18-64'] : [65, 125, '65+'];
  rungs.push({ text: write(label), kind: 'age', share: shareInRange(lo, hi) });
  return rungs;
}

function dateLadder(span: Span, granularity: DateGranularity, birth: boolean): Rung[] {
  const d = parseDate(span.text);
  if (!d || d.year === undefined) return [];
  const kind: AttributeKind = birth ? 'birth-date' : 'event';
  const perYear = birth ? shareAtAge(40) : 1;
  const rungs: Rung[] = [];
  const month = generalize(span, 'month');
  if (granularity === 'month' && !month.startsWith('[') && d.month !== undefined) rungs.push({ text: month, kind, share: birth ? perYear / 12 : 1 / 12 });
  const year = generalize(span, 'year');
  if (!year.startsWith('[')) rungs.push({ text: year, kind, share: birth && / or earlier$/.test(year) ? shareInRange(OLDEST_AGE_BAND, 125) : perYear });
  const decade = Math.floor(d.year / 10) * 10;
  if (!/ or earlier$/.test(year)) rungs.push({ text: `the ${decade}s`, kind, share: Math.min(1, perYear * 10) });
  return rungs;
}

const LEGAL_FORM = /\b(?:inc|llc|ltd|plc|gmbh|ag|sa|corp|corporation|co|company|limited|llp|bv|nv)\b\.?/i;
const SCHOOL = /\b(?:university|college|school|institute|academy|polytechnic|conservatory|seminary|gymnasium|lyc[eé]e)\b/i;
const DEGREE = /\b(?:bachelor|master|doctor|ph\.?\s?d|mba|degree|diploma|b\.?sc?|m\.?sc?|b\.a|m\.a|associate)\b/i;
const ID_LIKE = /\d.{0,40}\d|^[A-Z]{0,4}[-#]?\d{3,}/;

function capitalisedLike(original: string, text: string): string {
  return /^\p{Lu}/u.test(original.trim()) && !/^an? /.test(text) ? text[0].toUpperCase() + text.slice(1) : text;
}

function employmentLadder(text: string): Rung[] {
  const t = text.trim();
  if (ID_LIKE.test(t) && !DEGREE.test(t)) return [];
  if (DEGREE.test(t) && !(SCHOOL.test(t) && /^\p{Lu}/u.test(t) && !/\bdegree\b/i.test(t))) {
    const level = /master|m\.?sc?\b|m\.a\b|mba/i.test(t) ? "a master's degree" : /doctor|ph\.?\s?d/i.test(t) ? 'a doctorate' : /bachelor|b\.?sc?\b|b\.a\b/i.test(t) ? "a bachelor's degree" : 'a degree';
    return [{ text: level, kind: 'degree', share: level === 'a degree' ? 0.4 : level === 'a doctorate' ? 0.02 : level === "a master's degree" ? 0.1 : 0.23 }];
  }
  if (SCHOOL.test(t) && /\p{Lu}/u.test(t)) {
    const what = /university|college|polytechnic/i.test(t) ? 'a university' : /high school/i.test(t) ? 'a high school' : 'a school';
    return [
      { text: what, kind: 'school', share: 0.3 },
      { text: 'an educational institution', kind: 'school', share: 0.6 },
    ];
  }
  const occ = occupationOf(t);
  if (occ && !/\p{Lu}{2}/u.test(t) && !LEGAL_FORM.test(t)) {
    return [
      { text: capitalisedLike(t, occ.group), kind: 'occupation', share: groupShare(occ) },
      { text: capitalisedLike(t, occ.broad === 'military' ? 'member of the armed forces' : `${occ.broad} worker`.replace('professional worker', 'professional')), kind: 'occupation', share: groupShare(occ, true) },
    ];
  }
  // Lower case and no company word: a job title of no known group ("lighthouse keeper").
  if (!/\p{Lu}/u.test(t) && !industryOf(t)) return [{ text: 'worker', kind: 'occupation', share: 0.6 }];
  return organisationLadder(t, 'employer');
}

function organisationLadder(text: string, kind: AttributeKind): Rung[] {
  const industry = industryOf(text);
  if (industry) {
    return [
      { text: industry.label, kind, share: 0.05 },
      { text: industry.sector, kind, share: 0.5 },
    ];
  }
  return [{ text: LEGAL_FORM.test(text) ? 'a company' : 'an organisation', kind, share: 0.5 }];
}

function addressLadder(span: Span): Rung[] {
  const rungs: Rung[] = [];
  const first = generalize(span, 'year');
  if (first.startsWith('[')) return rungs;
  const zip = /(\d{3})\*\*$/.exec(first);
  const state = /^([A-Z]{2})\b/.exec(first)?.[1];
  if (zip) rungs.push({ text: first, kind: 'place', placePopulation: zip[1] === '000' ? 20_000 : (zip3Population(zip[1]) ?? 20_000) });
  else rungs.push({ text: first, kind: 'place', placePopulation: usState(first)?.population ?? countryPopulation(countryCode(first) ?? '') ?? 1_000_000 });
  if (state && usState(state)) rungs.push({ text: usState(state)!.name, kind: 'place', placePopulation: usState(state)!.population });
  if (state) rungs.push(countryRung('US', 'place')!);
  return rungs;
}

/** The ladder of one span (see the module comment). */
export function ladderOf(span: Span, granularity: DateGranularity): Ladder {
  const fixed = generalize(span, granularity);
  let rungs: Rung[] = [];
  switch (span.label) {
    case 'DATE':
      rungs = dateLadder(span, granularity, false);
      break;
    case 'BIRTH':
      rungs = parseDate(span.text) ? dateLadder(span, granularity, true) : placeLadder(span, span.text, 'birthplace');
      break;
    case 'DEMOGRAPHIC':
      rungs = fixed.startsWith('[') ? [] : ageLadder(span.text);
      break;
    case 'LOCATION':
      rungs = placeLadder(span, span.text, 'place');
      break;
    case 'ADDRESS':
      rungs = addressLadder(span);
      break;
    case 'EMPLOYMENT_EDUCATION':
      rungs = employmentLadder(span.text);
      break;
    case 'ORGANIZATION':
      rungs = organisationLadder(span.text, 'organization');
      break;
    case 'MEDICAL':
      rungs = /\b(?:hospital|clinic|infirmary|medical cent(?:er|re)|health|pharmacy|hospice|practice)\b/i.test(span.text) ? organisationLadder(span.text, 'provider') : [];
      break;
    default:
      rungs = [];
  }
  // Rungs that repeat the value or each other go.
  const seen = new Set<string>([fold(span.text.trim())]);
  rungs = rungs.filter((r) => !seen.has(fold(r.text)) && seen.add(fold(r.text)));
  rungs.push(tagOf(span));
  const at = fixed.startsWith('[') ? 0 : rungs.findIndex((r) => r.text === fixed);
  if (at < 0) {
    // generalize.ts wrote a rung the ladder lacks: it becomes the default, before the coarser ones.
    rungs.unshift({ text: fixed, kind: rungs[0].kind, share: rungs[0].share, placePopulation: rungs[0].placePopulation });
    return { rungs, defaultRung: 0 };
  }
  return { rungs, defaultRung: at };
}

/** The replacement at a rung (clamped to the ladder). */
export function generalizeAt(span: Span, granularity: DateGranularity, level: number): string {
  const { rungs } = ladderOf(span, granularity);
  return rungs[Math.max(0, Math.min(level, rungs.length - 1))].text;
}

export interface LevelChoice {
  /** Rung per generalised span. */
  levels: Map<Span, number>;
  /** The k estimate with the chosen rungs. */
  k: number;
  /** Whether k reached the pool size. */
  reached: boolean;
}

/**
 * Chooses the least general rung for each span of `generalized` such that the
 * document's k estimate reaches `poolSize` (see the module comment). `kept`: spans
 * left in clear (they count in k as they are); every other span is removed.
 */
export function chooseLevels(
  text: string,
  spans: readonly Span[],
  generalized: (span: Span) => DateGranularity | undefined,
  kept: (span: Span) => boolean,
  poolSize: number,
): LevelChoice {
  const assessment = assessDocument(text, [...spans], { poolSize });
  const reference = assessment.reference.population;
  const ladders = new Map<Span, Ladder>();
  const levels = new Map<Span, number>();
  const fixedGroups: Group[] = [];
  assessment.elements.forEach((e, i) => {
    const span = spans[i];
    const granularity = generalized(span);
    if (granularity) {
      const ladder = ladderOf(span, granularity);
      ladders.set(span, ladder);
      levels.set(span, 0);
    } else if (kept(span)) {
      fixedGroups.push(e.kind === 'place' ? { members: [i], kind: e.kind, placePopulation: e.population, share: 1, chars: 0 } : { members: [i], kind: e.kind, share: Math.min(1, e.population / reference), chars: 0 });
    }
  });
  const groupOf = (span: Span): Group | undefined => {
    const rung = ladders.get(span)!.rungs[levels.get(span)!];
    if (!rung.kind) return undefined;
    if (rung.placePopulation !== undefined && (rung.kind === 'place' || rung.kind === 'birthplace')) {
      return rung.kind === 'place' ? { members: [], kind: 'place', placePopulation: rung.placePopulation, share: 1, chars: 0 } : { members: [], kind: 'birthplace', share: Math.min(1, rung.placePopulation / reference), chars: 0 };
    }
    return { members: [], kind: rung.kind, share: Math.min(1, rung.share ?? 1), chars: 0 };
  };
  const kNow = () => estimateK([...fixedGroups, ...[...ladders.keys()].map(groupOf).filter((g): g is Group => g !== undefined)], reference);
  let k = kNow();
  // Each step raises one value one rung: at most the total ladder length steps.
  for (let guard = 0; k < poolSize && guard < 1000; guard++) {
    let pick: Span | undefined;
    let smallest = Infinity;
    for (const [span, ladder] of ladders) {
      const level = levels.get(span)!;
      if (level >= ladder.rungs.length - 1) continue;
      const g = groupOf(span);
      const people = g ? (g.placePopulation ?? g.share * reference) : Infinity;
      if (people < smallest) {
        smallest = people;
        pick = span;
      }
    }
    if (!pick) break;
    levels.set(pick, levels.get(pick)! + 1);
    k = kNow();
  }
  return { levels, k, reached: k >= poolSize };
}
