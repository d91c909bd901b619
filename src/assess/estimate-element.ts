import type { Span } from '../types.js';
import { estimateDemographic, formatShare } from './demographics.js';
import { estimateEmployment } from './employment.js';
import { estimateMedical } from './medical.js';
import { estimateName } from './names.js';
import { estimateAchievement, estimateAddress, estimateEvent, estimateOrganization, estimateTrait } from './other-elements.js';
import { resolvePlaceMention } from './places.js';
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
      return estimateAddress(span.text);
    case 'PERSON_NAME':
      return estimateName(span.text);
    case 'EMPLOYMENT_EDUCATION':
      return estimateEmployment(span.text);
    case 'LOCATION': {
      const place = ctx.resolvedPlaces?.get(span) ?? resolvePlaceMention(span.text, ctx.text.slice(span.end, span.end + 40), ctx, ctx.text.slice(Math.max(0, span.start - 60), span.start));
      return { kind: 'place', measure: 'place', population: place.population, country: place.country, basis: place.basis };
    }
    case 'BIRTH':
      return estimateBirth(span, ctx);
    case 'MEDICAL':
      return estimateMedical(span.text);
    case 'DEMOGRAPHIC':
      return estimateDemographic(span.text, ctx.reference);
    case 'ORGANIZATION':
      return estimateOrganization(span.text);
    case 'ACHIEVEMENT':
      return estimateAchievement(span.text);
    case 'TRAIT':
      return estimateTrait(span.text);
    case 'EVENT':
      return estimateEvent(span.text);
    case 'DATE':
    case 'QUANTITY':
      return estimateExtension(span);
  }
}

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
