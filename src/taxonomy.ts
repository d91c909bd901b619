/**
 * The 14 PII categories of the annotation guidelines (the specification), with
 * their fixed significance levels and the miss-rate (FNR) target of each level,
 * and the extension categories beside them (DATE, QUANTITY): found by some
 * profiles, never scored as one of the 14.
 */
export type Significance = 'HIGH' | 'MEDIUM' | 'LOW';

export const LABELS = [
  'PERSON_NAME',
  'ADDRESS',
  'CONTACT',
  'ID_NUMBER',
  'FINANCIAL',
  'EMPLOYMENT_EDUCATION',
  'BIRTH',
  'MEDICAL',
  'DEMOGRAPHIC',
  'LOCATION',
  'ORGANIZATION',
  'ACHIEVEMENT',
  'TRAIT',
  'EVENT',
] as const;

/** One of the 14 categories of the specification. */
export type SpecLabel = (typeof LABELS)[number];

/**
 * Extension categories: what anonymisation practice (HIPAA Safe Harbor, court
 * judgments) removes beyond the 14. Off in the `spec` profile; `splice eval`
 * never counts them as one of the 14 (see src/eval/classes.ts).
 */
export const EXTENSION_LABELS = ['DATE', 'QUANTITY'] as const;

export type ExtensionLabel = (typeof EXTENSION_LABELS)[number];

/** Every label a span can carry: the 14 of the specification and the extensions. */
export type Label = SpecLabel | ExtensionLabel;

export const ALL_LABELS: readonly Label[] = [...LABELS, ...EXTENSION_LABELS];

export interface CategoryInfo {
  label: Label;
  description: string;
  significance: Significance;
  /** The specification's maximum miss rate for this category's level. */
  targetFnr: number;
}

export const LEVELS: readonly Significance[] = ['HIGH', 'MEDIUM', 'LOW'];

/** Miss-rate targets per level: HIGH < 5%, MEDIUM < 20%, LOW < 50%. */
export const TARGET_FNR: Record<Significance, number> = { HIGH: 0.05, MEDIUM: 0.2, LOW: 0.5 };

const SIGNIFICANCE_RANK: Record<Significance, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };

function category(label: Label, significance: Significance, description: string): CategoryInfo {
  return { label, significance, description, targetFnr: TARGET_FNR[significance] };
}

export const TAXONOMY: Record<Label, CategoryInfo> = {
  PERSON_NAME: category('PERSON_NAME', 'HIGH', 'names of people: full names, last names, first names used alone, initials used as names, nicknames'),
  ADDRESS: category('ADDRESS', 'HIGH', 'physical addresses: street number and name, unit, PO box, ZIP / postal code (a full address is ONE span, city and state included)'),
  CONTACT: category('CONTACT', 'HIGH', 'email addresses, phone and fax numbers, social media account names, usernames, IP addresses, personal URLs'),
  ID_NUMBER: category('ID_NUMBER', 'HIGH', "identification numbers: social security, employer identification, driver's licence, passport, vehicle registration / licence plate, VIN, membership numbers, health insurance ID, medical record number, case / claim / account reference tied to the person"),
  FINANCIAL: category('FINANCIAL', 'HIGH', 'bank account numbers, routing numbers, IBANs, credit / debit card numbers'),
  EMPLOYMENT_EDUCATION: category('EMPLOYMENT_EDUCATION', 'HIGH', "the person's job title, employer name, employee ID, school or academic institution attended, degree earned, student / school ID"),
  BIRTH: category('BIRTH', 'MEDIUM', 'date of birth and place of birth'),
  MEDICAL: category('MEDICAL', 'MEDIUM', 'provider / hospital / clinic names, and medical history: diagnoses, conditions, procedures, medications, disabilities'),
  DEMOGRAPHIC: category('DEMOGRAPHIC', 'MEDIUM', 'age, ethnicity, race, nationality, religious affiliation, non-binary or transgender gender identity'),
  LOCATION: category('LOCATION', 'MEDIUM', 'specific places that are not part of an address: cities, towns, neighbourhoods, counties, states, countries, landmarks, geographic sites (mountains, lakes, rivers, plains, creeks, beaches)'),
  ORGANIZATION: category('ORGANIZATION', 'MEDIUM', "officially registered or widely recognised entities that are not the person's employer or school and not a medical provider: companies, clubs, churches, agencies, teams"),
  ACHIEVEMENT: category('ACHIEVEMENT', 'MEDIUM', 'specific, verifiable accomplishments: a medal won in a named race, a rare summit climbed, an award received'),
  TRAIT: category('TRAIT', 'LOW', 'unique personal traits, features, characteristics: a special tattoo, a birthmark, a rare physical feature, a distinctive habit'),
  EVENT: category('EVENT', 'LOW', 'official, named events: "the 2021 Met Gala", "the 2024 Super Bowl", "the Boston Marathon"'),
  DATE: category('DATE', 'MEDIUM', 'extension: dates other than dates of birth (full dates, month and year, day and month, ranges, dates with times, dates in words; in the court profile also years)'),
  QUANTITY: category('QUANTITY', 'LOW', 'extension: amounts and durations tied to a person: sums awarded or claimed, sentence and detention lengths (court profile)'),
};

export function significanceOf(label: Label): Significance {
  return TAXONOMY[label].significance;
}

export function significanceRank(level: Significance): number {
  return SIGNIFICANCE_RANK[level];
}

/** Any label, the 14 of the specification or an extension. */
export function isLabel(value: unknown): value is Label {
  return typeof value === 'string' && (ALL_LABELS as readonly string[]).includes(value);
}

/** One of the 14 categories of the specification. */
export function isSpecLabel(value: unknown): value is SpecLabel {
  return typeof value === 'string' && (LABELS as readonly string[]).includes(value);
}

export function isExtensionLabel(value: unknown): value is ExtensionLabel {
  return typeof value === 'string' && (EXTENSION_LABELS as readonly string[]).includes(value);
}
