import { formatCount } from './number-format.js';
import { significanceOf } from '../taxonomy.js';
import type { Span } from '../types.js';
import { estimateElement } from './estimate-element.js';
import { statedGender } from './gender-context.js';
import { estimateK, estimateKOfTerms, greedyRemoval, type Group } from './k-anonymity.js';
import { collectPlaceHints, type PlaceHints, type PlaceResolution } from './places.js';
import { inferReference } from './reference.js';
import type { AttributeKind, ElementAssessment, Estimate, EstimateContext, ReferencePopulation, Verdict } from './types.js';
import { cueWordEnds, mayHaveCue, uniquenessCue } from './uniqueness-cues.js';
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
  /**
   * Fill the assessment into the given span objects instead of copies (the pipeline's own
   * spans, which nothing else holds: one record per span fewer on long documents).
   */
  inPlace?: boolean;
  /**
   * Keep no `basis` text: each span's is worked out again (the estimate is deterministic) when
   * it is first read. For very long documents, whose explanations nobody may read (redaction):
   * about 200 bytes per span fewer. Otherwise the text computed with the estimate is kept.
   */
  explainLater?: boolean;
  /** Called between the steps of the stage (the pipeline collects garbage there on long documents); it must not assess another document. */
  betweenSteps?: () => void;
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

/** ", Ohio" written right after a place. */
const QUALIFIER_AFTER = /^,\s{0,3}[A-Z][A-Za-z]{1,20}/;
const DIGIT = /\d/;
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
  if (spans.length === 0) return withoutElements(text, poolSize, options.basePopulation);

  // One loop for the place texts (with the qualifier written after them) and whether a place is named.
  const placeTexts: string[] = [];
  let hasPlace = false;
  let hasLocation = false;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    const label = s.label;
    if (label === 'LOCATION') hasLocation = true;
    const location = label === 'LOCATION' || label === 'ADDRESS';
    if (location || label === 'BIRTH') {
      // QUALIFIER_AFTER starts with a comma: read only where one follows.
      const qualifier = s.end < text.length && text.charCodeAt(s.end) === 0x2c ? QUALIFIER_AFTER.exec(text.slice(s.end, s.end + 20)) : null;
      placeTexts.push(qualifier ? `${s.text}${qualifier[0]}` : `${s.text}`);
      if (!hasPlace) hasPlace = location || !DIGIT.test(s.text);
    }
  }
  // No place text: no hints (the empty sets of NO_HINTS, which nothing writes to).
  const hints = placeTexts.length > 0 ? collectPlaceHints(placeTexts) : NO_HINTS;
  // Only LOCATION spans are resolved by inferReference (no map for the documents without one).
  const resolvedPlaces = hasLocation ? new Map<Span, PlaceResolution>() : undefined;
  const reference = inferReference(text, spans, hints, options.basePopulation, resolvedPlaces);
  const ctx: EstimateContext = {
    resolvedPlaces,
    text,
    reference,
    mentionedStates: hints.mentionedStates,
    mentionedCountries: hints.mentionedCountries,
    hasPlace,
  };
  // What a span's `basis` is recomputed from when it is read (the same context without the cache).
  const explainLater = options.explainLater === true;
  const lazyCtx: LazyContext | undefined = explainLater ? { text, reference, mentionedStates: hints.mentionedStates, mentionedCountries: hints.mentionedCountries, hasPlace: ctx.hasPlace, cueEnds: undefined, oneOf: undefined } : undefined;
  // Every field from the start: one shape for every document.
  const cues: CueDocument = { text, cueEnds: undefined, oneOf: undefined };

  // Per element, in the stage's scratch arrays (reused from document to document: no array per
  // document, see Scratch). No record per element is kept: see `elements` below.
  const n = spans.length;
  const kinds: AttributeKind[] = new Array(n);
  const s = scratchFor(n);
  const { populations, termShares, termPlaces, valueIds, isPlace, verdicts, flags, idTerms, firstOf } = s;
  // Group ids: per kind, the value's id for the first terms number met with it (idTerms[id]);
  // another terms number for the same kind and value (rare) gets its id from `moreIds`.
  let byKind: Map<AttributeKind, Map<string, number>> | undefined;
  let moreIds: Map<number, Map<number, number>> | undefined;
  let nextId = 0;
  // Short documents: the group values, worked out when needed (see below), and each place's country.
  const values = n <= SCAN_GROUPS_UP_TO ? s.values : undefined;
  const placeCountries = values ? s.placeCountries : undefined;
  // Read before written (groupValue keeps what it works out): emptied first, whatever an earlier document left.
  values?.fill(undefined, 0, n);
  const referencePopulation = reference.population;
  const bases = explainLater ? undefined : s.bases;
  /** Whether an element is set aside by its HIGH category only (verdict HIGH). */
  let categoryOnly = false;
  for (let i = 0; i < n; i++) {
    const span = spans[i];
    const estimate = withCue(cues, span, estimateElement(span, ctx));
    if (bases) bases[i] = estimate.basis;
    const kind = estimate.kind;
    kinds[i] = kind;
    const population = populationAlone(estimate, referencePopulation);
    populations[i] = population;
    const direct = kind === 'direct';
    const alone = direct || population < poolSize;
    const high = highFloor && significanceOf(span.label) === 'HIGH';
    const verdict = direct ? DIRECT : alone ? ALONE : high ? HIGH : KEPT;
    verdicts[i] = verdict;
    if (verdict === HIGH) categoryOnly = true;
    flags[i] = alone ? IDENTIFYING | IN_COMBINATION : 0;
    // groupTerms, inline.
    let share: number;
    if (estimate.measure === 'place') {
      isPlace[i] = 1;
      termPlaces[i] = estimate.population;
      share = 1;
    } else {
      isPlace[i] = 0;
      termPlaces[i] = 0;
      share = estimate.measure === 'count' ? Math.min(1, estimate.population / referencePopulation) : Math.min(1, estimate.share);
    }
    termShares[i] = share;
    // Elements with the same kind, value and terms form one group: each element gets the id
    // of its (kind, value, terms), numbered in order of first appearance. The terms number is
    // matched as a number (as Map keys are: SameValueZero), not printed into a key.
    const termsNumber = isPlace[i] ? termPlaces[i] : share;
    if (values) {
      // A short document: the groups so far compared one by one (at most SCAN_GROUPS_UP_TO²
      // comparisons), each value worked out only when the kind and terms match another's.
      placeCountries![i] = isPlace[i] ? (estimate as { country?: string }).country ?? '' : undefined;
      let id = -1;
      for (let g = 0; g < nextId; g++) {
        const e = firstOf[g];
        const other = idTerms[g];
        if (kinds[e] !== kind || !(other === termsNumber || (other !== other && termsNumber !== termsNumber))) continue;
        if (groupValue(values, e, spans, isPlace, termPlaces, placeCountries!) === groupValue(values, i, spans, isPlace, termPlaces, placeCountries!)) {
          id = g;
          break;
        }
      }
      if (id < 0) {
        id = nextId++;
        idTerms[id] = termsNumber;
        firstOf[id] = i;
      }
      valueIds[i] = id;
      continue;
    }
    const value = groupValue(undefined, i, spans, isPlace, termPlaces, undefined, estimate);
    let byValue = (byKind ??= new Map()).get(kind);
    if (!byValue) byKind.set(kind, (byValue = new Map()));
    const first = byValue.get(value);
    let id: number;
    if (first === undefined) {
      byValue.set(value, (id = nextId++));
      idTerms[id] = termsNumber;
      firstOf[id] = i;
    } else if (idTerms[first] === termsNumber || (idTerms[first] !== idTerms[first] && termsNumber !== termsNumber)) id = first;
    else {
      let more = (moreIds ??= new Map()).get(first);
      if (!more) moreIds.set(first, (more = new Map()));
      const known = more.get(termsNumber);
      if (known === undefined) {
        more.set(termsNumber, (id = nextId++));
        idTerms[id] = termsNumber;
        firstOf[id] = i;
      } else id = known;
    }
    valueIds[i] = id;
  }
  // The group values and countries are not kept (the scratch arrays would hold the strings).
  if (values) {
    values.fill(undefined, 0, n);
    placeCountries!.fill(undefined, 0, n);
  }
  byKind?.clear();
  moreIds = undefined;
  options.betweenSteps?.();

  const group = (include: (i: number) => boolean): Group[] => groupElements(n, spans, valueIds, kinds, termShares, termPlaces, isPlace, include);
  const context: string[] = [];
  let contextShare = 1;
  const gender = statedGender(text);
  if (gender && !kinds.includes('sex')) {
    contextShare = 0.5;
    context.push(`gender stated in clear (${gender} pronouns or words): ×0.5`);
  }
  // k over everything in clear: one group per id, in id order, with the terms of its first
  // element (estimateKOfTerms: no Group objects; a long document has about one per element).
  let nanShare = false;
  for (let id = 0; id < nextId && !nanShare; id++) nanShare = !isPlace[firstOf[id]] && termShares[firstOf[id]] !== termShares[firstOf[id]];
  const kAll = nanShare
    ? estimateK(group(() => true), referencePopulation, contextShare)
    : estimateKOfTerms(nextId, firstOf, kinds, isPlace, termPlaces, termShares, referencePopulation, contextShare);
  const removal = greedyRemoval(group((i) => verdicts[i] === KEPT), referencePopulation, poolSize, contextShare);
  // The same question on the estimates alone (HIGH elements not set aside): which elements
  // identify together with the others. Identical to the policy's run when no HIGH element
  // was set aside by its category only.
  const merit = categoryOnly ? greedyRemoval(group((i) => (flags[i] & IDENTIFYING) === 0), referencePopulation, poolSize, contextShare) : removal;
  for (const g of merit.removed) for (const i of g.members) flags[i] |= IN_COMBINATION;
  const removedInCombination: number[] = [];
  for (const g of removal.removed) {
    for (const i of g.members) {
      flags[i] |= IN_COMBINATION;
      verdicts[i] = IN_COMBINATION_VERDICT;
      removedInCombination.push(i);
    }
  }
  removedInCombination.sort((a, b) => a - b);
  options.betweenSteps?.();

  // What the element records are built from when read (see ElementSource): the per-element codes
  // and populations copied out of the scratch arrays, which the next document reuses.
  const combinationReason = removal.removed.length > 0 ? `identifying in combination: the elements kept give k≈${fmt(removal.kBefore)} < ${fmt(poolSize)}; the greedy step removes it (k after: ${fmt(removal.kAfter)})` : '';
  const source = new ElementSource(spans, kinds, poolSize, combinationReason);
  const outSpans = source.outSpans;
  const inPlace = options.inPlace === true;
  for (let i = 0; i < n; i++) {
    const span = spans[i];
    const f = flags[i];
    const verdict = verdicts[i];
    const population = populations[i];
    source.populations[i] = population;
    source.codes[i] = verdict | (f << FLAG_SHIFT);
    const redact = verdict !== KEPT;
    let assessed: Span;
    if (inPlace) {
      assessed = span;
      assessed.identifying = (f & IDENTIFYING) !== 0;
      assessed.identifyingInCombination = (f & IN_COMBINATION) !== 0;
      assessed.redact = redact;
      assessed.population = population;
    } else {
      // Object.assign, not `{ ...span, identifying, … }`: same properties in the same order, but
      // V8 (Node 20) turns a spread followed by further properties into a slow dictionary-mode copy.
      assessed = Object.assign({}, span);
      assessed.identifying = (f & IDENTIFYING) !== 0;
      assessed.identifyingInCombination = (f & IN_COMBINATION) !== 0;
      assessed.redact = redact;
      assessed.population = population;
    }
    if (bases) {
      assessed.basis = bases[i];
      bases[i] = undefined;
    } else defineLazyBasis(assessed, lazyCtx!);
    const reason = reasonOf(source, verdict, population);
    if (reason !== undefined) assessed.redactReason = reason;
    else if (inPlace && assessed.redactReason !== undefined) delete assessed.redactReason;
    outSpans[i] = assessed;
  }
  releaseScratch(s);

  // `elements` is an accessor in second place, as a literal `get elements()` would make it, but
  // with one getter for every result (a literal's accessor costs V8 microseconds per object).
  const result = { spans: outSpans } as LazyAssessment;
  Object.defineProperty(result, 'elements', ELEMENTS_ACCESSOR);
  // One hidden slot (each defineProperty is a runtime call): the records' source, then the records.
  HIDDEN_SLOT.value = source;
  Object.defineProperty(result, ELEMENTS, HIDDEN_SLOT);
  HIDDEN_SLOT.value = undefined;
  result.poolSize = poolSize;
  result.reference = reference;
  result.context = context;
  result.k = { all: kAll, notAlone: merit.kBefore, kept: removal.kBefore, final: removal.kAfter };
  result.identifyingInCombination = removal.kBefore < poolSize;
  result.removedInCombination = removedInCombination;
  result.reached = removal.reached;
  return result;
}

/**
 * What an assessment's element records are built from when first read (the redact path never
 * reads them): a small record rather than a closure, which would keep the whole stage's
 * context alive with its result. `codes[i]`: the verdict code | the flags << FLAG_SHIFT.
 */
class ElementSource {
  readonly outSpans: Span[];
  readonly populations: number[];
  readonly codes: number[];
  /** The reasons, one text per distinct wording (an element keeps a reference to it). */
  aloneReasons: Map<number, string> | undefined = undefined;

  constructor(
    readonly spans: readonly Span[],
    readonly kinds: readonly AttributeKind[],
    readonly poolSize: number,
    readonly combinationReason: string,
  ) {
    const n = spans.length;
    this.outSpans = new Array(n);
    this.populations = new Array(n);
    this.codes = new Array(n);
  }
}

const FLAG_SHIFT = 3;

/** Why the policy redacts an element with this verdict code, or undefined when it is kept. */
function reasonOf(source: ElementSource, verdict: number, population: number): string | undefined {
  switch (verdict) {
    case DIRECT:
      return 'direct identifier';
    case ALONE: {
      let reason = (source.aloneReasons ??= new Map()).get(population);
      if (reason === undefined) source.aloneReasons.set(population, (reason = `identifying alone: ~${fmt(population)} people < pool ${fmt(source.poolSize)}`));
      return reason;
    }
    case HIGH:
      return 'category HIGH is always redacted';
    case IN_COMBINATION_VERDICT:
      return source.combinationReason;
    default:
      return undefined;
  }
}

function buildElements(source: ElementSource): ElementAssessment[] {
  const { spans, outSpans, kinds, populations, codes } = source;
  const n = spans.length;
  const list: ElementAssessment[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const span = spans[i];
    const verdict = codes[i] & VERDICT_MASK;
    const f = codes[i] >> FLAG_SHIFT;
    const alone = (f & IDENTIFYING) !== 0;
    const element = { index: i, label: span.label, start: span.start, end: span.end, kind: kinds[i], population: populations[i] } as ElementAssessment;
    Object.defineProperty(element, 'basis', ELEMENT_BASIS_ACCESSOR);
    HIDDEN_SLOT.value = outSpans[i];
    Object.defineProperty(element, ELEMENT_SPAN, HIDDEN_SLOT);
    HIDDEN_SLOT.value = undefined;
    element.identifying = alone;
    element.identifyingAlone = alone;
    element.identifyingInCombination = (f & IN_COMBINATION) !== 0;
    element.redact = verdict !== KEPT;
    element.verdict = VERDICTS[verdict];
    const reason = reasonOf(source, verdict, populations[i]);
    if (reason !== undefined) element.redactReason = reason;
    list[i] = element;
  }
  return list;
}

const VERDICT_MASK = (1 << FLAG_SHIFT) - 1;

/**
 * The per-element working arrays of assessDocument, kept between documents and grown as needed
 * (the stage runs one document at a time and nothing it calls re-enters it: a `betweenSteps`
 * callback must not assess). Typed arrays: one element kind whatever the document. A very long
 * document's arrays are dropped after it. Nothing read from them outlives the call (ElementSource).
 */
interface Scratch {
  capacity: number;
  populations: Float64Array;
  /** The k-model's terms (groupTerms): the share, and for places the place population. */
  termShares: Float64Array;
  termPlaces: Float64Array;
  /** Group id of each element; exact in a double. */
  valueIds: Float64Array;
  isPlace: Uint8Array;
  verdicts: Uint8Array;
  /** Bit 1: identifying alone; bit 2: identifying in combination. */
  flags: Uint8Array;
  /** Per group id: its terms number, and its first element (ids are numbered in order of first appearance). */
  idTerms: Float64Array;
  firstOf: Int32Array;
  /** Short documents: the group values and places' countries (emptied after each document). */
  values: Array<string | undefined>;
  placeCountries: Array<string | undefined>;
  /** The estimates' `basis` texts until they are set on the spans (emptied as they are). */
  bases: Array<string | undefined>;
}

/** Scratch capacity kept between documents; a longer document gets arrays of its own. */
const SCRATCH_KEPT = 4096;
/** Created on first use (module constants it reads are declared further down). */
let scratch: Scratch | undefined;

function newScratch(capacity: number): Scratch {
  const numbers = new Float64Array(5 * capacity);
  const codes = new Uint8Array(3 * capacity);
  const strings = (): Array<string | undefined> => new Array<string | undefined>(Math.min(capacity, SCAN_GROUPS_UP_TO + 1)).fill(undefined);
  return {
    capacity,
    populations: numbers.subarray(0, capacity),
    termShares: numbers.subarray(capacity, 2 * capacity),
    termPlaces: numbers.subarray(2 * capacity, 3 * capacity),
    valueIds: numbers.subarray(3 * capacity, 4 * capacity),
    idTerms: numbers.subarray(4 * capacity, 5 * capacity),
    firstOf: new Int32Array(capacity),
    isPlace: codes.subarray(0, capacity),
    verdicts: codes.subarray(capacity, 2 * capacity),
    flags: codes.subarray(2 * capacity, 3 * capacity),
    values: strings(),
    placeCountries: strings(),
    bases: new Array<string | undefined>(capacity).fill(undefined),
  };
}

function scratchFor(n: number): Scratch {
  if (scratch === undefined || n > scratch.capacity) scratch = newScratch(Math.max(n, 2 * (scratch?.capacity ?? 32)));
  return scratch;
}

function releaseScratch(s: Scratch): void {
  if (s.capacity > SCRATCH_KEPT) scratch = undefined;
}

/** The element records' source until they are built or set, then the records (a hidden, non-enumerable slot of a result). */
const ELEMENTS = Symbol('splice.assess.elements');
type LazyAssessment = DocumentAssessment & { [ELEMENTS]: ElementAssessment[] | ElementSource };
const ELEMENTS_ACCESSOR: PropertyDescriptor = {
  get(this: LazyAssessment): ElementAssessment[] {
    const slot = this[ELEMENTS];
    if (!(slot instanceof ElementSource)) return slot;
    const built = buildElements(slot);
    this[ELEMENTS] = built;
    return built;
  },
  set(this: LazyAssessment, value: ElementAssessment[]) {
    this[ELEMENTS] = value;
  },
  enumerable: true,
  configurable: true,
};

const NO_SPANS: readonly Span[] = [];
const NO_HINTS: PlaceHints = { mentionedStates: new Set(), mentionedCountries: new Set() };
const NO_NUMBERS: readonly number[] = [];
const NO_KINDS: readonly AttributeKind[] = [];
const NO_GROUPS: readonly Group[] = [];

/**
 * assessDocument of a document without elements (most short texts): the same steps on nothing,
 * without the per-element arrays, maps and closures.
 */
function withoutElements(text: string, poolSize: number, basePopulation: number | undefined): DocumentAssessment {
  const reference = inferReference(text, NO_SPANS, NO_HINTS, basePopulation);
  const context: string[] = [];
  let contextShare = 1;
  const gender = statedGender(text);
  if (gender) {
    contextShare = 0.5;
    context.push(`gender stated in clear (${gender} pronouns or words): ×0.5`);
  }
  const kAll = estimateKOfTerms(0, NO_NUMBERS, NO_KINDS, NO_NUMBERS, NO_NUMBERS, NO_NUMBERS, reference.population, contextShare);
  // No element is HIGH: the estimates' run is the policy's.
  const removal = greedyRemoval(NO_GROUPS, reference.population, poolSize, contextShare);
  return {
    spans: [],
    elements: [],
    poolSize,
    reference,
    context,
    k: { all: kAll, notAlone: removal.kBefore, kept: removal.kBefore, final: removal.kAfter },
    identifyingInCombination: removal.kBefore < poolSize,
    removedInCombination: [],
    reached: removal.reached,
  };
}

// Verdict codes (VERDICTS[code] is the Verdict) and element flags.
const DIRECT = 0;
const ALONE = 1;
const HIGH = 2;
const IN_COMBINATION_VERDICT = 3;
const KEPT = 4;
const VERDICTS: readonly Verdict[] = ['direct-identifier', 'identifying-alone', 'high-significance', 'identifying-in-combination', 'kept'];
const IDENTIFYING = 1;
const IN_COMBINATION = 2;

/**
 * With `explainLater`, `basis` (an explanation, read by reports and `--explain`-style outputs
 * only) is recomputed from the span and its document (the estimate is deterministic) when
 * first read, then kept. It is an ordinary enumerable property to every reader (JSON, spread, deepEqual);
 * the document it is computed from sits in a hidden (symbol, non-enumerable) slot, which the
 * text replaces once computed. One getter for every span, so that V8 keeps their shapes shared.
 */
const LAZY_BASIS = Symbol('splice.assess.basis');
/** The estimate context without the place cache; it is also the CueDocument of withCue. */
type LazyContext = EstimateContext & CueDocument;
type LazySpan = Span & { [LAZY_BASIS]?: LazyContext | string };
const HIDDEN_SLOT: PropertyDescriptor = { value: undefined, writable: true, enumerable: false, configurable: true };
const BASIS_ACCESSOR: PropertyDescriptor = { get: basisGetter, set: basisSetter, enumerable: true, configurable: true };

function basisGetter(this: LazySpan): string | undefined {
  const slot = this[LAZY_BASIS];
  if (slot === undefined || typeof slot === 'string') return slot;
  const basis = withCue(slot, this, estimateElement(this, slot)).basis;
  this[LAZY_BASIS] = basis;
  return basis;
}

/** An element record's `basis`: its span's (the same text, computed once for both). */
const ELEMENT_SPAN = Symbol('splice.assess.elementSpan');
const ELEMENT_BASIS_ACCESSOR: PropertyDescriptor = {
  get(this: { [ELEMENT_SPAN]: Span }) {
    return this[ELEMENT_SPAN].basis;
  },
  set: basisSetter,
  enumerable: true,
  configurable: true,
};

function basisSetter(this: object, value: unknown): void {
  Object.defineProperty(this, 'basis', { value, writable: true, enumerable: true, configurable: true });
}

function defineLazyBasis(span: LazySpan, slot: LazyContext): void {
  Object.defineProperty(span, 'basis', BASIS_ACCESSOR);
  if (Object.prototype.hasOwnProperty.call(span, LAZY_BASIS)) span[LAZY_BASIS] = slot;
  else {
    HIDDEN_SLOT.value = slot;
    Object.defineProperty(span, LAZY_BASIS, HIDDEN_SLOT);
    HIDDEN_SLOT.value = undefined;
  }
}

/** A document as withCue reads it: its text, where its cue words end, and whether it holds "one … of" anywhere (each read once). */
interface CueDocument {
  text: string;
  cueEnds?: readonly number[];
  oneOf?: boolean;
}

/** fieldSize needs "one of" (any case, up to three spaces between) in the 80 characters before the element. */
const ONE_OF_ANYWHERE = /one\s{1,3}of/i;

/** What the text around the element says about how many people it fits: "the only …", "mayor of …", "one of three …". */
function withCue(doc: CueDocument, span: Span, estimate: Estimate): Estimate {
  if (estimate.kind === 'direct') return estimate;
  const text = doc.text;
  // As int32 (offsets are): the spans' offset fields hold doubles, which calls would box.
  const start = span.start | 0;
  const end = span.end | 0;
  const cue = mayHaveCue((doc.cueEnds ??= cueWordEnds(text)), start, end) ? uniquenessCue(text, start, end) : undefined;
  if (cue) return { kind: estimate.kind, measure: 'count', population: 1, basis: `uniqueness cue "${cue}": 1 person (value alone: ${estimate.basis})` };
  const label = span.label;
  if (label !== 'EMPLOYMENT_EDUCATION' && label !== 'ACHIEVEMENT' && label !== 'DEMOGRAPHIC' && label !== 'MEDICAL' && label !== 'TRAIT') return estimate;
  const field = (doc.oneOf ??= ONE_OF_ANYWHERE.test(text)) ? fieldSize(text, start) : undefined;
  if (field) return { kind: estimate.kind, measure: 'count', population: field.count, basis: `${field.basis} (value alone: ${estimate.basis})` };
  if (label === 'EMPLOYMENT_EDUCATION' || label === 'ACHIEVEMENT') {
    const role = uniqueRole(text, start, end);
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

/** Up to this many elements, group ids are found by comparing with the groups so far (no maps). */
const SCAN_GROUPS_UP_TO = 64;

/**
 * The value element i is grouped by: a place's population and country, otherwise its text in
 * lower case with single spaces. Kept in `values` when given; `estimate` gives a place's country
 * where `countries` is not given.
 */
function groupValue(
  values: Array<string | undefined> | undefined,
  i: number,
  spans: readonly Span[],
  isPlace: ArrayLike<number>,
  termPlaces: ArrayLike<number>,
  countries: ReadonlyArray<string | undefined> | undefined,
  estimate?: Estimate,
): string {
  let value = values?.[i];
  if (value !== undefined) return value;
  if (isPlace[i]) value = `${termPlaces[i]}|${countries ? countries[i] : ((estimate as { country?: string }).country ?? '')}`;
  else {
    value = spans[i].text.toLowerCase();
    if (SPACING_TO_NORMALISE.test(value)) value = value.replace(/\s+/g, ' ');
  }
  if (values) values[i] = value;
  return value;
}

function groupElements(
  n: number,
  spans: readonly Span[],
  valueIds: ArrayLike<number>,
  kinds: readonly AttributeKind[],
  termShares: ArrayLike<number>,
  termPlaces: ArrayLike<number>,
  isPlace: ArrayLike<number>,
  include: (i: number) => boolean,
): Group[] {
  // Group ids are 0 … n - 1: each id's group at its index; the groups in order of their first
  // included member (as a Map's insertion order would give them).
  const byId: Array<Group | undefined> = [];
  const groups: Group[] = [];
  for (let i = 0; i < n; i++) {
    if (!include(i)) continue;
    const id = valueIds[i];
    const chars = spans[i].end - spans[i].start;
    const group = byId[id];
    if (group) {
      group.members.push(i);
      group.chars += chars;
    } else {
      const created: Group = { members: [i], kind: kinds[i], placePopulation: isPlace[i] ? termPlaces[i] : undefined, share: termShares[i], chars };
      byId[id] = created;
      groups.push(created);
    }
  }
  return groups;
}
