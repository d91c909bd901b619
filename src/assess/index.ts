import { formatCount } from './number-format.js';
import { significanceOf } from '../taxonomy.js';
import type { Span } from '../types.js';
import { estimateElement } from './estimate-element.js';
import { statedGender } from './gender-context.js';
import { estimateK, greedyRemoval, groupTerms, type Group } from './k-anonymity.js';
import { collectPlaceHints, type PlaceResolution } from './places.js';
import { inferReference } from './reference.js';
import type { ElementAssessment, Estimate, EstimateContext, ReferencePopulation, Verdict } from './types.js';
import { uniquenessCue } from './uniqueness-cues.js';
import { fieldSize, uniqueRole } from './roles.js';

export type { AttributeKind, ElementAssessment, Estimate, ReferencePopulation, Verdict } from './types.js';
export { estimateK, greedyRemoval, type Group } from './k-anonymity.js';

export type RedactionScope = 'all' | 'identifying';

export const DEFAULT_POOL_SIZE = 10_000;

export interface AssessOptions {
  /** Pool size an element must single a person out of (default 10,000). */
  poolSize?: number;
  /** Population the document's person is drawn from (default: the country of the places named, else the world). */
  basePopulation?: number;
  /**
   * The policy redacts HIGH-significance elements (names, addresses, contacts,
   * IDs, financial, employment and education) whatever their estimate (default
   * true: the guidelines define HIGH as "readily identifies"). Their
   * `identifying` verdict is the estimate's either way.
   */
  highAlwaysIdentifying?: boolean;
}

export interface DocumentAssessment {
  /** The input spans with identifying / identifyingInCombination / redact / redactReason / population / basis filled in. */
  spans: Span[];
  /** One per span, same order. */
  elements: ElementAssessment[];
  poolSize: number;
  reference: ReferencePopulation;
  /** Information in clear that is not PII but narrows the estimate (gender from pronouns). */
  context: string[];
  k: {
    /** Everything in clear, direct identifiers included. */
    all: number;
    /** The elements not identifying alone, whatever their category (before the greedy step). */
    notAlone: number;
    /** The elements the policy keeps before the greedy step (not identifying alone, not HIGH by default). */
    kept: number;
    /** After the greedy step removed what it had to. */
    final: number;
  };
  /** True when the kept elements single a person out together (k.kept < poolSize). */
  identifyingInCombination: boolean;
  /** Element indices the greedy step marked identifying. */
  removedInCombination: number[];
  /** False when even removing every removable element leaves k under the pool size. */
  reached: boolean;
}

const PLACE_LABELS = new Set(['LOCATION', 'ADDRESS', 'BIRTH']);
const fmt = (n: number) => (n < 1 ? '<1' : formatCount(n));

/**
 * The assess stage: for each span, roughly how many people share its value
 * (with the reasoning) and whether it singles one out of a pool of
 * `poolSize`; then the document's k estimate over the elements kept, and the
 * fewest further elements whose removal lifts k to the pool size (greedy).
 * The README section "Identifiability (assess)" gives the model and its limits.
 */
export function assessDocument(text: string, spans: Span[], options: AssessOptions = {}): DocumentAssessment {
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (!(poolSize >= 1)) throw new Error(`invalid pool size ${poolSize}`);
  const highFloor = options.highAlwaysIdentifying ?? true;

  const placeTexts = spans.filter((s) => PLACE_LABELS.has(s.label)).map((s) => `${s.text}${text.slice(s.end, s.end + 20).match(/^,\s{0,3}[A-Z][A-Za-z]{1,20}/)?.[0] ?? ''}`);
  const hints = collectPlaceHints(placeTexts);
  const resolvedPlaces = new Map<Span, PlaceResolution>();
  const reference = inferReference(text, spans, hints, options.basePopulation, resolvedPlaces);
  const ctx: EstimateContext = {
    resolvedPlaces,
    text,
    reference,
    mentionedStates: hints.mentionedStates,
    mentionedCountries: hints.mentionedCountries,
    hasPlace: spans.some((s) => s.label === 'LOCATION' || s.label === 'ADDRESS' || (s.label === 'BIRTH' && !/\d/.test(s.text))),
  };

  const estimates = spans.map((span) => withCue(text, span, estimateElement(span, ctx)));
  const elements: ElementAssessment[] = spans.map((span, index) => {
    const estimate = estimates[index];
    const population = populationAlone(estimate, reference.population);
    const direct = estimate.kind === 'direct';
    const alone = direct || population < poolSize;
    const high = highFloor && significanceOf(span.label) === 'HIGH';
    const verdict: Verdict = direct ? 'direct-identifier' : alone ? 'identifying-alone' : high ? 'high-significance' : 'kept';
    const element: ElementAssessment = {
      index,
      label: span.label,
      start: span.start,
      end: span.end,
      kind: estimate.kind,
      population,
      basis: estimate.basis,
      identifying: alone,
      identifyingAlone: alone,
      identifyingInCombination: alone,
      redact: verdict !== 'kept',
      verdict,
    };
    if (verdict === 'direct-identifier') element.redactReason = 'direct identifier';
    else if (verdict === 'identifying-alone') element.redactReason = `identifying alone: ~${fmt(population)} people < pool ${fmt(poolSize)}`;
    else if (verdict === 'high-significance') element.redactReason = 'category HIGH is always redacted';
    return element;
  });

  const valueIds = valueIdsOf(elements, estimates, spans, reference.population);
  const allGroups = groupElements(elements, valueIds, estimates, reference.population, () => true);
  const keptGroups = groupElements(elements, valueIds, estimates, reference.population, (e) => !e.redact);
  const context: string[] = [];
  let contextShare = 1;
  const gender = statedGender(text);
  if (gender && !elements.some((e) => e.kind === 'sex')) {
    contextShare = 0.5;
    context.push(`gender stated in clear (${gender} pronouns or words): ×0.5`);
  }
  const kAll = estimateK(allGroups, reference.population, contextShare);
  const removal = greedyRemoval(keptGroups, reference.population, poolSize, contextShare);
  // The same question on the estimates alone (HIGH elements not set aside): which elements
  // identify together with the others. Identical to the policy's run when no HIGH element
  // was set aside by its category only.
  const categoryOnly = elements.some((e) => e.verdict === 'high-significance');
  const merit = categoryOnly
    ? greedyRemoval(groupElements(elements, valueIds, estimates, reference.population, (e) => !e.identifying), reference.population, poolSize, contextShare)
    : removal;
  for (const group of merit.removed) for (const i of group.members) elements[i].identifyingInCombination = true;
  const removedInCombination: number[] = [];
  for (const group of removal.removed) {
    for (const i of group.members) {
      const e = elements[i];
      e.identifyingInCombination = true;
      e.redact = true;
      e.verdict = 'identifying-in-combination';
      e.redactReason = `identifying in combination: the elements kept give k≈${fmt(removal.kBefore)} < ${fmt(poolSize)}; the greedy step removes it (k after: ${fmt(removal.kAfter)})`;
      removedInCombination.push(i);
    }
  }
  removedInCombination.sort((a, b) => a - b);

  const outSpans = spans.map((span, i) => {
    const e = elements[i];
    // Object.assign, not `{ ...span, identifying, … }`: same properties in the same order, but
    // V8 (Node 20) turns a spread followed by further properties into a slow dictionary-mode copy.
    const assessed = Object.assign({}, span, {
      identifying: e.identifying,
      identifyingInCombination: e.identifyingInCombination,
      redact: e.redact,
      population: e.population,
      basis: e.basis,
    }) as Span;
    if (e.redactReason !== undefined) assessed.redactReason = e.redactReason;
    return assessed;
  });
  return {
    spans: outSpans,
    elements,
    poolSize,
    reference,
    context,
    k: { all: kAll, notAlone: merit.kBefore, kept: removal.kBefore, final: removal.kAfter },
    identifyingInCombination: removal.kBefore < poolSize,
    removedInCombination,
    reached: removal.reached,
  };
}

const ROLE_LABELS = new Set(['EMPLOYMENT_EDUCATION', 'ACHIEVEMENT', 'DEMOGRAPHIC', 'MEDICAL', 'TRAIT']);

/** What the text around the element says about how many people it fits: "the only …", "mayor of …", "one of three …". */
function withCue(text: string, span: Span, estimate: Estimate): Estimate {
  if (estimate.kind === 'direct') return estimate;
  const cue = uniquenessCue(text, span.start, span.end);
  if (cue) return { kind: estimate.kind, measure: 'count', population: 1, basis: `uniqueness cue "${cue}": 1 person (value alone: ${estimate.basis})` };
  if (!ROLE_LABELS.has(span.label)) return estimate;
  const field = fieldSize(text, span.start);
  if (field) return { kind: estimate.kind, measure: 'count', population: field.count, basis: `${field.basis} (value alone: ${estimate.basis})` };
  if (span.label === 'EMPLOYMENT_EDUCATION' || span.label === 'ACHIEVEMENT') {
    const role = uniqueRole(text, span.start, span.end);
    if (role) return { kind: estimate.kind, measure: 'count', population: role.count, basis: `${role.basis} (value alone: ${estimate.basis})` };
  }
  return estimate;
}

function populationAlone(estimate: Estimate, reference: number): number {
  if (estimate.measure === 'place') return estimate.population;
  if (estimate.measure === 'count') return Math.max(1, Math.min(estimate.population, reference));
  return Math.max(1, Math.round(estimate.share * reference));
}

const SPACING_TO_NORMALISE = /[^\S ]| {2}/;

/**
 * Elements with the same kind, value and terms form one group: each element gets the id
 * of its (kind, value, terms), numbered in order of first appearance. The terms number is
 * matched as a number, not printed into a key: equal numbers print alike, and printing a
 * share costs more than the rest.
 */
function valueIdsOf(elements: readonly ElementAssessment[], estimates: readonly Estimate[], spans: readonly Span[], reference: number): number[] {
  const byKey = new Map<string, Map<number, number>>();
  let next = 0;
  return elements.map((e) => {
    const estimate = estimates[e.index];
    const terms = groupTerms(estimate, reference);
    let value: string;
    if (estimate.measure === 'place') value = `${estimate.population}|${estimate.country ?? ''}`;
    else {
      value = spans[e.index].text.toLowerCase();
      if (SPACING_TO_NORMALISE.test(value)) value = value.replace(/\s+/g, ' ');
    }
    const key = `${estimate.kind}|${value}`;
    const termsNumber = terms.placePopulation ?? terms.share;
    let byTerms = byKey.get(key);
    if (!byTerms) byKey.set(key, (byTerms = new Map()));
    let id = byTerms.get(termsNumber);
    if (id === undefined) byTerms.set(termsNumber, (id = next++));
    return id;
  });
}

function groupElements(
  elements: readonly ElementAssessment[],
  valueIds: readonly number[],
  estimates: readonly Estimate[],
  reference: number,
  include: (e: ElementAssessment) => boolean,
): Group[] {
  const byId = new Map<number, Group>();
  for (const e of elements) {
    if (!include(e)) continue;
    const id = valueIds[e.index];
    const group = byId.get(id);
    if (group) {
      group.members.push(e.index);
      group.chars += e.end - e.start;
    } else {
      const terms = groupTerms(estimates[e.index], reference);
      byId.set(id, { members: [e.index], kind: e.kind, placePopulation: terms.placePopulation, share: terms.share, chars: e.end - e.start });
    }
  }
  return [...byId.values()];
}
