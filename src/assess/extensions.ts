import type { Span } from '../types.js';
import type { Estimate } from './types.js';

/**
 * Anonymity-set estimates for the extension categories (DATE, QUANTITY), which
 * the specification does not grade. Deliberately rough and on the side of
 * caution: a full date tied to a person is shared by about one in 365 of the
 * people who had that kind of event that year, a month by one in 12; a sum
 * awarded or a sentence length by about one in a hundred.
 */
const MONTH = /\b(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz]|janv|f[ée]v|avr|juin|juil|ao[uû]|d[ée]c|ene|abr|ago|dic|gen|mag|giu|lug|set|ott|mrt|mei|fev|out)/i;
const DAY_AND_MONTH = /\d{1,2}\D{1,4}\d{1,2}\D{1,4}\d{2,4}|\b\d{1,2}(?:st|nd|rd|th|er|\.)?\s+\p{L}/iu;

export function estimateExtension(span: Span): Estimate {
  if (span.label === 'DATE') {
    const full = DAY_AND_MONTH.test(span.text);
    const share = full ? 1 / 365 : MONTH.test(span.text) ? 1 / 12 : 1;
    const what = full ? 'full date' : share < 1 ? 'month' : 'year';
    return { kind: 'event', measure: 'share', share, basis: `${what} of an event in the person's life` };
  }
  return { kind: 'trait', measure: 'share', share: 0.01, basis: 'amount or duration tied to the person' };
}
