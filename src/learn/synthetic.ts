import * as fakerLocales from '@faker-js/faker';
import { Faker } from '@faker-js/faker';
import { readDataJson, readDataLines } from '../lexicons/data-files.js';
import type { Label } from '../taxonomy.js';
import { SeededRandom } from './random.js';
import { NAME_LOCALES } from './lexicons.js';

/**
 * Synthetic training documents with distant labels: templates of several genres
 * (letters, notes, chats, forms, CVs, biographies, news, HR, legal, finance;
 * data/synthetic/templates.txt) filled from Faker's name and place generators of
 * many locales and small vocabularies (data/synthetic/vocabulary.json). Each slot
 * knows its label, so the labels come for free. No real corpus text is used.
 */
export interface LabelledSpan {
  start: number;
  end: number;
  label: Label;
}

export interface SyntheticDocument {
  genre: string;
  text: string;
  spans: LabelledSpan[];
}

const SLOT_LABELS: Record<string, Label | null> = {
  FIRST: 'PERSON_NAME', FIRST2: 'PERSON_NAME', LAST: 'PERSON_NAME', FULL: 'PERSON_NAME', FULL2: 'PERSON_NAME',
  CITY: 'LOCATION', STATE: 'LOCATION', COUNTRY: 'LOCATION', LANDMARK: 'LOCATION',
  JOB: 'EMPLOYMENT_EDUCATION', EMPLOYER: 'EMPLOYMENT_EDUCATION', SCHOOL: 'EMPLOYMENT_EDUCATION', DEGREE: 'EMPLOYMENT_EDUCATION',
  HOSPITAL: 'MEDICAL', CONDITION: 'MEDICAL', MEDICATION: 'MEDICAL',
  AGE: 'DEMOGRAPHIC', NATIONALITY: 'DEMOGRAPHIC', RELIGION: 'DEMOGRAPHIC',
  DOB: 'BIRTH', PHONE: 'CONTACT', EMAIL: 'CONTACT', HANDLE: 'CONTACT',
  ID: 'ID_NUMBER', ACCOUNT: 'FINANCIAL', ADDRESS: 'ADDRESS', ORG: 'ORGANIZATION',
  EVENT: 'EVENT', ACHIEVEMENT: 'ACHIEVEMENT', TRAIT: 'TRAIT',
  YEAR: null, YEAR2: null, DATE: null, THING: null,
};


type Vocabulary = Record<string, string[]>;

/**
 * "Now" for Faker's date generators (birth dates, past dates). Faker counts
 * from the current time by default, so the corpus — and the trained model —
 * used to change with the day it was generated.
 */
export const REFERENCE_DATE = Date.UTC(2025, 0, 1);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A date as written in US or British text, from its UTC fields: no locale data
 * (ICU builds differ) and no time zone (the same instant is another day elsewhere).
 */
export function formatDate(date: Date, locale: 'en-US' | 'en-GB', month: 'long' | '2-digit'): string {
  const y = date.getUTCFullYear();
  const d = date.getUTCDate();
  const m = date.getUTCMonth();
  if (month === 'long') return locale === 'en-US' ? `${MONTHS[m]} ${d}, ${y}` : `${d} ${MONTHS[m]} ${y}`;
  const mm = String(m + 1).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  return locale === 'en-US' ? `${mm}/${dd}/${y}` : `${dd}/${mm}/${y}`;
}

interface Template {
  genre: string;
  body: string;
}

export class SyntheticCorpus {
  private readonly rng: SeededRandom;
  private readonly fakers: Faker[];
  private readonly templates: Template[];
  private readonly vocab: Vocabulary;

  constructor(seed: number) {
    this.rng = new SeededRandom(seed);
    const all = fakerLocales as unknown as Record<string, Faker>;
    // Own instances built from the locales' definitions: the shared module-level
    // Faker objects may be seeded or advanced by other code in the same process.
    this.fakers = NAME_LOCALES.map((name) => all[name])
      .filter(Boolean)
      .map((shared, i) => {
        const own = new Faker({ locale: shared.rawDefinitions });
        own.seed(seed + i);
        own.setDefaultRefDate(new Date(REFERENCE_DATE));
        return own;
      });
    this.templates = readDataLines('synthetic/templates.txt').map((line) => {
      const bar = line.indexOf('|');
      return { genre: line.slice(0, bar).trim(), body: line.slice(bar + 1).trim().replace(/\\n/g, '\n') };
    });
    this.vocab = readDataJson<Vocabulary>('synthetic/vocabulary.json');
  }

  *documents(count: number): Generator<SyntheticDocument> {
    for (let i = 0; i < count; i++) yield this.document();
  }

  document(): SyntheticDocument {
    const template = this.rng.pick(this.templates);
    const person = this.person();
    const other = this.person();
    const spans: LabelledSpan[] = [];
    let text = '';
    const slot = /\{([A-Z0-9]+)(?:@([A-Z_]+))?\}/g;
    let cursor = 0;
    for (let m = slot.exec(template.body); m; m = slot.exec(template.body)) {
      text += template.body.slice(cursor, m.index);
      const value = this.fill(m[1], person, other);
      const label = (m[2] as Label | undefined) ?? SLOT_LABELS[m[1]];
      if (label) spans.push({ start: text.length, end: text.length + value.length, label });
      text += value;
      cursor = m.index + m[0].length;
    }
    text += template.body.slice(cursor);
    return { genre: template.genre, text: this.rng.next() < 0.15 ? text.toUpperCase() : text, spans };
  }

  private person(): { first: string; last: string; faker: Faker } {
    const faker = this.rng.pick(this.fakers);
    return { first: faker.person.firstName(), last: faker.person.lastName(), faker };
  }

  private fill(slotName: string, p: { first: string; last: string; faker: Faker }, q: { first: string; last: string }): string {
    const en = this.fakers[0];
    const year = String(this.rng.int(1950, 2024));
    const pattern = (name: string) => this.expand(this.rng.pick(this.vocab[name]), p);
    switch (slotName) {
      case 'FIRST': return p.first;
      case 'FIRST2': return q.first;
      case 'LAST': return p.last;
      case 'FULL': return this.rng.next() < 0.2 ? `${p.first} ${p.faker.person.middleName().slice(0, 1)}. ${p.last}` : `${p.first} ${p.last}`;
      case 'FULL2': return `${q.first} ${q.last}`;
      case 'CITY': return p.faker.location.city();
      case 'STATE': return en.location.state();
      case 'COUNTRY': return en.location.country();
      case 'LANDMARK': return this.rng.pick(this.vocab.LANDMARK).replace(/^the /, '');
      case 'JOB': return this.rng.next() < 0.7 ? this.rng.pick(this.vocab.JOB) : en.person.jobTitle();
      case 'EMPLOYER': return this.rng.next() < 0.5 ? en.company.name() : pattern('EMPLOYER_PATTERN');
      case 'SCHOOL': return pattern('SCHOOL_PATTERN');
      case 'DEGREE': return this.rng.pick(this.vocab.DEGREE);
      case 'HOSPITAL': return pattern('HOSPITAL_PATTERN');
      case 'ORG': return pattern('ORG_PATTERN');
      case 'EVENT': return pattern('EVENT_PATTERN');
      case 'ACHIEVEMENT': return pattern('ACHIEVEMENT');
      case 'TRAIT': case 'CONDITION': case 'MEDICATION': case 'NATIONALITY': case 'RELIGION': case 'THING':
        return this.rng.pick(this.vocab[slotName]);
      case 'AGE': return this.rng.pick(this.vocab.AGE_PATTERN).replace('{N}', String(this.rng.int(18, 95)));
      case 'DOB': {
        const born = en.date.birthdate();
        const locale = this.rng.next() < 0.5 ? 'en-US' : 'en-GB';
        return formatDate(born, locale, this.rng.next() < 0.5 ? 'long' : '2-digit');
      }
      case 'PHONE': return en.phone.number();
      case 'EMAIL': return en.internet.email({ firstName: p.first, lastName: p.last });
      case 'HANDLE': return `@${en.internet.username({ firstName: p.first }).replace(/[^A-Za-z0-9_.]/g, '')}`;
      case 'ID': return en.string.alphanumeric({ length: this.rng.int(6, 10), casing: 'upper' });
      case 'ACCOUNT': return en.finance.accountNumber(this.rng.int(8, 12));
      case 'ADDRESS': return `${en.location.streetAddress(this.rng.next() < 0.3)}, ${en.location.city()}, ${en.location.state({ abbreviated: true })} ${en.location.zipCode('#####')}`;
      case 'YEAR': return year;
      case 'YEAR2': return String(this.rng.int(Number(year), 2025));
      case 'DATE': return formatDate(en.date.past({ years: 5 }), 'en-US', 'long');
      default: throw new Error(`unknown template slot {${slotName}}`);
    }
  }

  /** Fill the {CITY}-style placeholders inside vocabulary patterns. */
  private expand(pattern: string, p: { first: string; last: string; faker: Faker }): string {
    return pattern.replace(/\{([A-Z_0-9]+)\}/g, (_, name: string) => {
      switch (name) {
        case 'CITY': return p.faker.location.city();
        case 'LASTNAME': return p.faker.person.lastName();
        case 'LASTNAME2': return p.faker.person.lastName();
        case 'FIRSTNAME': return p.faker.person.firstName();
        case 'STATE_NAME': return this.fakers[0].location.state();
        case 'YEAR': return String(this.rng.int(1990, 2024));
        case 'EVENT': return this.expand(this.rng.pick(this.vocab.EVENT_PATTERN), p);
        default: throw new Error(`unknown vocabulary placeholder {${name}}`);
      }
    });
  }
}
