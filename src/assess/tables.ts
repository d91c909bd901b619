import { readDataJson } from '../lexicons/data-files.js';
import { phraseTable, type PhraseTable } from './phrase-match.js';

/**
 * The curated tables of the assessment (data/assess-*.json, sources written in
 * each file), loaded once on first use.
 */
type Entries = Array<[number, string[]]>;

function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export const countryTable = lazy(() => readDataJson<{ world: number; countries: Record<string, number> }>('assess-country-populations.json'));

export const nationalityTable = lazy(() => new Map(Object.entries(readDataJson<{ demonyms: Record<string, string> }>('assess-nationalities.json').demonyms)));

export const demographicShares = lazy(() => new Map(Object.entries(readDataJson<{ shares: Record<string, [number, number]> }>('assess-demographic-shares.json').shares)));

export const ageBands = lazy(() => readDataJson<{ bands: Array<[number, number, number]> }>('assess-age-distribution.json').bands);

export interface OccupationData {
  usPopulation: number;
  unknownTitleHeadcount: number;
  seniorityDivisor: Record<string, number>;
  phrases: PhraseTable<number>;
}
export const occupationTable = lazy((): OccupationData => {
  const raw = readDataJson<{ usPopulation: number; unknownTitleHeadcount: number; seniorityDivisor: Record<string, number>; occupations: Entries }>('assess-occupations.json');
  return { ...raw, phrases: phraseTable(raw.occupations) };
});

export interface OrganizationData {
  unknownEmployer: number;
  unknownSchool: number;
  unknownOrganization: number;
  phrases: PhraseTable<number>;
}
export const organizationTable = lazy((): OrganizationData => {
  const raw = readDataJson<{ unknownEmployer: number; unknownSchool: number; unknownOrganization: number; organizations: Entries }>('assess-large-organizations.json');
  return { ...raw, phrases: phraseTable(raw.organizations) };
});

export interface NameData {
  usPopulation: number;
  unknownSurnameShare: number;
  unknownGivenNameShare: number;
  surnames: Map<string, number>;
  givenNames: Map<string, number>;
}
export const nameTable = lazy((): NameData => {
  const raw = readDataJson<{ usPopulation: number; unknownSurnameShare: number; unknownGivenNameShare: number; surnames: Record<string, number>; givenNames: Record<string, number> }>('assess-name-frequency.json');
  return { ...raw, surnames: new Map(Object.entries(raw.surnames)), givenNames: new Map(Object.entries(raw.givenNames)) };
});

export interface MedicalData {
  unknownConditionShare: number;
  rareCueShare: number;
  providerCatchment: { hospital: number; practice: number; unknown: number };
  phrases: PhraseTable<number>;
}
export const medicalTable = lazy((): MedicalData => {
  const raw = readDataJson<{ unknownConditionShare: number; rareCueShare: number; providerCatchment: MedicalData['providerCatchment']; conditions: Entries }>('assess-medical-prevalence.json');
  return { ...raw, phrases: phraseTable(raw.conditions) };
});

export interface DegreeData {
  fieldDivisor: number;
  phrases: PhraseTable<number>;
}
export const degreeTable = lazy((): DegreeData => {
  const raw = readDataJson<{ fieldDivisor: number; degrees: Entries }>('assess-degrees.json');
  return { fieldDivisor: raw.fieldDivisor, phrases: phraseTable(raw.degrees) };
});

export interface PriorData {
  unknownPlace: number;
  geographicFeature: number;
  county: number;
  regions: Map<string, number>;
  achievements: PhraseTable<number>;
  achievementDefault: number;
  traits: PhraseTable<number>;
  traitDefault: number;
  events: PhraseTable<number>;
  eventDefault: number;
}
export const priorTable = lazy((): PriorData => {
  const raw = readDataJson<{
    unknownPlace: number;
    geographicFeature: number;
    county: number;
    regions: Record<string, number>;
    achievementCommon: Entries;
    achievementDefault: number;
    traitCommon: Entries;
    traitDefault: number;
    eventClasses: Entries;
    eventDefault: number;
  }>('assess-value-priors.json');
  return {
    unknownPlace: raw.unknownPlace,
    geographicFeature: raw.geographicFeature,
    county: raw.county,
    regions: new Map(Object.entries(raw.regions)),
    achievements: phraseTable(raw.achievementCommon),
    achievementDefault: raw.achievementDefault,
    traits: phraseTable(raw.traitCommon),
    traitDefault: raw.traitDefault,
    events: phraseTable(raw.eventClasses),
    eventDefault: raw.eventDefault,
  };
});
