import { formatNumber } from './number-format.js';
import type { Span } from '../types.js';
import { countryName, countryPopulation, worldPopulation } from './countries.js';
import { resolvePlaceMention, type PlaceHints, type PlaceResolution } from './places.js';
import type { ReferencePopulation } from './types.js';

const US_ADDRESS = /\b[A-Z]{2}\s{1,3}\d{5}(?:-\d{4})?\b/;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s{0,2}\d[A-Z]{2}\b/;

/**
 * The population the elements of a document are judged in: configured, or the
 * country most of its places lie in, or else the world.
 */
/** `resolved` (optional) receives the resolution of each LOCATION span, for the estimators to reuse. */
export function inferReference(text: string, spans: readonly Span[], hints: PlaceHints, configured?: number, resolved?: Map<Span, PlaceResolution>): ReferencePopulation {
  // The countries voted for, in order of first vote (no map for the documents naming no place).
  let votes: Map<string, number> | undefined;
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i];
    const label = span.label;
    // Of the place labels, BIRTH gives no vote.
    let country: string | undefined;
    if (label === 'ADDRESS') {
      if (US_ADDRESS.test(span.text)) country = 'US';
      else if (UK_POSTCODE.test(span.text)) country = 'GB';
    } else if (label === 'LOCATION') {
      const place = resolvePlaceMention(span.text, text.slice(span.end, span.end + 40), hints, text.slice(Math.max(0, span.start - 60), span.start));
      resolved?.set(span, place);
      country = place.country;
    }
    if (country) {
      votes ??= new Map();
      votes.set(country, (votes.get(country) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  if (votes) for (const [country, n] of votes) if (!best || n > votes.get(best)!) best = country;
  if (configured !== undefined) {
    return { population: configured, country: best, basis: `configured base population ${formatNumber(configured)}` };
  }
  if (best) {
    const population = countryPopulation(best);
    return { population, country: best, basis: `${countryName(best)} (${formatNumber(population)}), where the places named lie` };
  }
  const world = worldPopulation();
  return { population: world, basis: `the world (${formatNumber(world)}): no place named` };
}
