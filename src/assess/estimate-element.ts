import { Kept } from './kept.js';
import type { Span } from '../types.js';
import { formatNumber } from './number-format.js';
import { estimateDemographic, formatShare } from './demographics.js';
import { estimateEmployment } from './employment.js';
import { estimateMedical } from './medical.js';
import { cleanName, estimateName, nameTokens } from './names.js';
import { estimateAchievement, estimateAddress, estimateEvent, estimateOrganization, estimateTrait } from './other-elements.js';
import { knownPlacePopulation, resolvePlaceMention } from './places.js';
import { wordsKey } from './phrase-match.js';
import { nameTable, organizationTable } from './tables.js';
import { surnameCounts } from './place-data.js';
import { shareAtAge } from './ages.js';
import { estimateExtension } from './extensions.js';
import type { Estimate, EstimateContext } from './types.js';

/** The anonymity-set estimate of one element, by category (before uniqueness cues). */
export function estimateElement(span: Span, ctx: EstimateContext): Estimate {
  switch (span.label) {
    case 'CONTACT':
      return { kind: 'direct', measure: 'count', population: 1, basis: 'contact detail: direct identifier' };
    case 'ID_NUMBER':
      return { kind: 'direct', measure: 'count', population: 1, basis: 'identification number: direct identifier' };
    case 'FINANCIAL':
      return { kind: 'direct', measure: 'count', population: 1, basis: 'financial account number: direct identifier' };
    case 'ADDRESS':
      return keptEstimate(addressEstimates, span.text, estimateAddress);
    case 'PERSON_NAME': {
      const reading = nameReading(span.text);
      // The text around is read only for a name that may be a place.
      if (reading.placeWithoutCue || (reading.placeWithCue && placeCueOf(span, ctx))) return placeEstimate(span, ctx, 'a place, not a person');
      return reading.estimate;
    }
    case 'EMPLOYMENT_EDUCATION':
      return keptEstimate(employmentEstimates, span.text, estimateEmployment);
    case 'LOCATION': {
      const other = relabelledLocation(span.text);
      if (other) return other;
      const place = ctx.resolvedPlaces?.get(span) ?? resolvePlaceMention(span.text, ctx.text.slice(span.end, span.end + 40), ctx, ctx.text.slice(Math.max(0, span.start - 60), span.start));
      return { kind: 'place', measure: 'place', population: place.population, country: place.country, basis: place.basis };
    }
    case 'BIRTH':
      return estimateBirth(span, ctx);
    case 'MEDICAL':
      return keptEstimate(medicalEstimates, span.text, estimateMedical);
    case 'DEMOGRAPHIC': {
      // The estimate reads the reference population's country too.
      const key = `${ctx.reference.country ?? ''}|${span.text}`;
      return demographicEstimates.get(key) ?? demographicEstimates.keep(key, Object.freeze(estimateDemographic(span.text, ctx.reference)));
    }
    case 'ORGANIZATION':
      return keptEstimate(organizationEstimates, span.text, estimateOrganization);
    case 'ACHIEVEMENT':
      return keptEstimate(achievementEstimates, span.text, estimateAchievement);
    case 'TRAIT':
      return keptEstimate(traitEstimates, span.text, estimateTrait);
    case 'EVENT':
      return keptEstimate(eventEstimates, span.text, estimateEvent);
    case 'DATE':
    case 'QUANTITY':
      return estimateExtension(span);
  }
}

/**
 * The estimate of a label whose estimator reads the element's text only, kept per label for the
 * last few thousand short texts, and frozen: a kept estimate is handed to every later element
 * with this text, so no one may change it. (DEMOGRAPHIC is kept the same way, keyed by the
 * reference population's country too.)
 */
function keptEstimate(estimates: Kept<Estimate>, text: string, estimate: (text: string) => Estimate): Estimate {
  return estimates.get(text) ?? estimates.keep(text, Object.freeze(estimate(text)));
}

const KEPT_PER_LABEL = 2048;
const KEPT_TEXT_CHARS = 64;
const addressEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
const employmentEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
const medicalEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
const organizationEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
const achievementEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
const traitEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
const eventEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);
/** Keyed by the reference country (or nothing) and the text: `${country}|${text}`. */
const demographicEstimates = new Kept<Estimate>(KEPT_PER_LABEL, KEPT_TEXT_CHARS);

const MONTH = /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;
const FULL_NUMERIC_DATE = /\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b/;
const YEAR = /\b(?:1[89]|20)\d{2}\b/;
const DAY = /\b\d{1,2}(?:st|nd|rd|th)?\b/;

/** A date of birth (share of people born that day / month / year) or a place of birth (share of people born there). */
function estimateBirth(span: Span, ctx: EstimateContext): Estimate {
  const t = span.text;
  const isDate = FULL_NUMERIC_DATE.test(t) || MONTH.test(t) || /^\s*(?:in\s+)?(?:1[89]|20)\d{2}\s*$/.test(t);
  if (!isDate) {
    const place = resolvePlaceMention(t, ctx.text.slice(span.end, span.end + 40), ctx, ctx.text.slice(Math.max(0, span.start - 60), span.start));
    const share = Math.min(1, place.population / ctx.reference.population);
    return { kind: 'birthplace', measure: 'share', share, basis: `born in: ${place.basis}` };
  }
  const full = FULL_NUMERIC_DATE.test(t) || (MONTH.test(t) && DAY.test(t.replace(YEAR, '')) && YEAR.test(t));
  if (full && ctx.hasPlace) return { kind: 'direct', measure: 'count', population: 1, basis: 'date of birth combined with a place named in the text: direct identifier' };
  const perYear = shareAtAge(40);
  const share = full ? perYear / 365 : MONTH.test(t) ? perYear / 12 : perYear;
  const what = full ? 'full date of birth' : MONTH.test(t) ? 'month and year of birth' : 'year of birth';
  return { kind: 'birth-date', measure: 'share', share, basis: `${what}: ${formatShare(share)} of people` };
}

// A detector's label can be wrong: a city, a health system or a club written as two
// capitalised words reads like a person's name. The estimate follows what the text is.
const ORGANISATION_TAIL =
  /\s(?:Health|Healthcare|Health\s+System|Health\s+Services|Medicine|Medical(?:\s+Center|\s+Group)?|Clinic|Hospitals?|United|FC|AFC|CF|SC|Athletic|Athletics|Rovers|Wanderers|Albion|Hotspur|Celtic|Rangers|Club|Society|Foundation|Association|Church|Bank|Group|Partners|Inc\.?|LLC|Ltd\.?|Corp\.?|Company)$/;
const PLACE_PREPOSITION_BEFORE = /\b(?:in|from|to|near|at|outside|around|of|into|toward|towards|via|through|across|visiting|visited|moved|lives|lived|living|based)\s{1,3}(?:the\s{1,3})?$/i;
const PLACE_TAIL = /\s(?:County|Parish|City|Town|Village|Township|Springs|Falls|Beach|Heights|Park|Hills|Valley|Harbor|Harbour|Island)$/;

const FOLLOWED_BY_PLACE = /^,\s{0,3}(?:[A-Z]{2}\b|[A-Z][a-z]{2,20})/;

/**
 * What a PERSON_NAME span's text says on its own: its estimate unless it is read as a place, and
 * whether it is read as one where the text around treats it as a place ("from X", "X, Ohio":
 * placeCueOf) and where it does not. (`placeWithoutCue` implies `placeWithCue`.)
 */
interface NameReading {
  estimate: Estimate;
  placeWithCue: boolean;
  placeWithoutCue: boolean;
}

/**
 * The reading of a name's text, kept for the last few thousand short texts (the same names come
 * back, within a document and across documents; the reading depends on the text and the tables only).
 */
function nameReading(text: string): NameReading {
  const kept = nameReadings.get(text);
  if (kept !== undefined) return kept;
  const reading = readName(text);
  Object.freeze(reading.estimate);
  return nameReadings.keep(text, reading);
}

const nameReadings = new Kept<NameReading>(4096, KEPT_TEXT_CHARS);

/**
 * A detector's label can be wrong: a listed organisation, a place or a club written like a
 * person's name is estimated as what it is (`spanText`: the span's text as written).
 */
function readName(spanText: string): NameReading {
  const tokens = nameTokens(spanText);
  if (tokens.length === 0) return { estimate: estimateName(spanText, tokens), placeWithCue: false, placeWithoutCue: false };
  // The first and last token as the name tables key them, for both readings.
  const firstKey = cleanName(tokens[0]);
  const lastKey = tokens.length === 1 ? firstKey : cleanName(tokens[tokens.length - 1]);
  const text = spanText.trim();
  const listed = organizationTable().phrases.byPhrase.get(wordsKey((text.charCodeAt(0) | 0x20) === 0x74 ? text.replace(LEADING_THE, '') : text));
  if (listed !== undefined) {
    const basis = `"${text}" is a listed organisation, not a person: about ${formatNumber(listed)} members or staff (label re-read)`;
    return { estimate: { kind: 'organization', measure: 'count', population: listed, basis }, placeWithCue: false, placeWithoutCue: false };
  }
  const names = nameTable();
  const given = names.givenNames.has(firstKey);
  const family = names.surnames.has(lastKey) || surnameCounts().has(lastKey);
  if (tokens.length >= 2) {
    // A known place of 1,000+ where the text treats it as a place; of 10,000+ elsewhere, and then
    // only when it is a weak name (a part not listed as a name, or a place-like last word).
    // (knownPlacePopulation of 10,000+ implies of 1,000+.)
    const placeWithCue = knownPlacePopulation(text, 1_000) !== undefined;
    const weakName = !given || !family || PLACE_TAIL.test(text);
    const placeWithoutCue = placeWithCue && weakName && knownPlacePopulation(text, 10_000) !== undefined;
    if (ORGANISATION_TAIL.test(text)) {
      const n = organizationTable().unknownOrganization;
      const basis = `"${text}" is an organisation (its last word), not a person: not in the large-organisation list, counts as small (${formatNumber(n)})`;
      return { estimate: { kind: 'organization', measure: 'count', population: n, basis }, placeWithCue, placeWithoutCue };
    }
    return { estimate: estimateName(spanText, tokens, firstKey, lastKey), placeWithCue, placeWithoutCue };
  }
  // One word: a place only where the text treats it as one ("from Brooklyn") and it is no common name.
  const placeWithCue = !given && !family && knownPlacePopulation(text, 10_000) !== undefined;
  return { estimate: estimateName(spanText, tokens, firstKey, lastKey), placeWithCue, placeWithoutCue: false };
}

const LEADING_THE = /^the\s+/i;

/** Whether the text around a span treats it as a place ("from X", "X, Ohio"). */
function placeCueOf(span: Span, ctx: EstimateContext): boolean {
  const text = ctx.text;
  // PLACE_PREPOSITION_BEFORE ends with a space (\s) right before the span, FOLLOWED_BY_PLACE starts
  // with a comma right after it: the regexes only where that character is there (or may be).
  const before = span.start > 0 ? text.charCodeAt(span.start - 1) : 0x41;
  const spaceBefore = before >= 0x80 || before === 0x20 || (before >= 0x09 && before <= 0x0d);
  return (
    (spaceBefore && PLACE_PREPOSITION_BEFORE.test(text.slice(Math.max(0, span.start - 30), span.start))) ||
    (text.charCodeAt(span.end) === 0x2c && FOLLOWED_BY_PLACE.test(text.slice(span.end, span.end + 20)))
  );
}

function placeEstimate(span: Span, ctx: EstimateContext, why: string): Estimate {
  const place = resolvePlaceMention(span.text, ctx.text.slice(span.end, span.end + 40), ctx, ctx.text.slice(Math.max(0, span.start - 60), span.start));
  return { kind: 'place', measure: 'place', population: place.population, country: place.country, basis: `${why} (label re-read): ${place.basis}` };
}

const EVENT_WORD = /\b(?:festival|marathon|half[- ]marathon|fair|expo|conference|convention|olympics|world cup|super bowl|championships?|parade|carnival|gala|tournament|triathlon|regatta|concert|fest)\b/i;

/** A LOCATION span that names an event ("Glastonbury Festival") is estimated as one. */
function relabelledLocation(text: string): Estimate | undefined {
  if (!EVENT_WORD.test(text) || knownPlacePopulation(text, 1_000) !== undefined) return undefined;
  const event = estimateEvent(text);
  return { ...event, basis: `an event, not a place (label re-read): ${event.basis}` };
}
