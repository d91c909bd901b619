import type { Label } from '../taxonomy.js';
import type { Span } from '../types.js';
import type { PlaceResolution } from './places.js';

/**
 * What an element says about a person. Elements of the same kind describe one
 * attribute (one age, one occupation); different kinds are combined as
 * independent attributes in the k-anonymity estimate (see k-anonymity.ts).
 */
export type AttributeKind =
  | 'direct'
  | 'name'
  | 'place'
  | 'birthplace'
  | 'birth-date'
  | 'occupation'
  | 'employer'
  | 'school'
  | 'degree'
  | 'age'
  | 'sex'
  | 'gender-identity'
  | 'ethnicity'
  | 'religion'
  | 'nationality'
  | 'demographic'
  | 'medical'
  | 'provider'
  | 'organization'
  | 'achievement'
  | 'trait'
  | 'event';

/**
 * How many people share a value, in one of three measures:
 * - place: an absolute population living there (it caps the base population);
 * - count: an absolute number of people (employees, alumni, award holders);
 * - share: a fraction of any population (an age, an occupation, a religion).
 */
export type Estimate = { kind: AttributeKind; basis: string } & (
  | { measure: 'place'; population: number; country?: string }
  | { measure: 'count'; population: number }
  | { measure: 'share'; share: number }
);

/** The population every element is judged in: the country the document is set in, or the world. */
export interface ReferencePopulation {
  population: number;
  /** ISO alpha-2 code when the document is set in one country. */
  country?: string;
  basis: string;
}

/** What estimators may look at besides the element itself. */
export interface EstimateContext {
  text: string;
  reference: ReferencePopulation;
  /** US state codes and country codes mentioned anywhere in the document (for place disambiguation). */
  mentionedStates: ReadonlySet<string>;
  mentionedCountries: ReadonlySet<string>;
  /** Whether the document names a place (for "date of birth combined with a place"). */
  hasPlace: boolean;
  /** LOCATION spans already resolved with these hints (by inferReference), to reuse. */
  resolvedPlaces?: ReadonlyMap<Span, PlaceResolution>;
}

/** Why the `identifying` redaction policy removes an element, or keeps it. */
export type Verdict =
  | 'direct-identifier'
  | 'identifying-alone'
  | 'high-significance'
  | 'identifying-in-combination'
  | 'kept';

export interface ElementAssessment {
  /** Index of the span in DocumentAssessment.spans. */
  index: number;
  label: Label;
  start: number;
  end: number;
  kind: AttributeKind;
  /** Estimated number of people sharing the value, in the reference population. */
  population: number;
  /** One line: how the estimate was made and from which source. */
  basis: string;
  /** The element alone singles a person out of the pool: population < pool size (whatever its category). */
  identifying: boolean;
  /** Same as `identifying` (the name of earlier versions). */
  identifyingAlone: boolean;
  /**
   * Identifying alone, or together with the other elements of the document that
   * are not identifying alone: the greedy step would have to remove it to lift k
   * to the pool size (judged on the estimates, whatever the categories).
   */
  identifyingInCombination: boolean;
  /** Whether `--policy identifying` redacts it (direct identifier, identifying, HIGH category, or removed in combination). */
  redact: boolean;
  /** Why the policy redacts it ("category HIGH is always redacted"); absent when it is kept in clear. */
  redactReason?: string;
  /** The policy's decision as a code (the reason `redactReason` words). */
  verdict: Verdict;
}
