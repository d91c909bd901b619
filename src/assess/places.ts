import { formatCount } from './number-format.js';
import { lookupPlace, resolvePlace, usStateByCode, type Place } from '../lexicons/gazetteer.js';
import { countryCode, countryName, countryPopulation } from './countries.js';
import { priorTable } from './tables.js';

/**
 * How many people live in a place named in the text: GeoNames cities and US
 * states through the gazetteer, countries, regions, and documented priors for
 * what the gazetteer does not list (counties, villages, geographic features).
 */
export interface PlaceResolution {
  population: number;
  /** ISO alpha-2 country code when known. */
  country?: string;
  /** US state code when the place is a US state or lies in one. */
  state?: string;
  basis: string;
}

export interface PlaceHints {
  mentionedStates: ReadonlySet<string>;
  mentionedCountries: ReadonlySet<string>;
}

const NO_HINTS: PlaceHints = { mentionedStates: new Set(), mentionedCountries: new Set() };

// ", MA" or ", Massachusetts" written right after a place name.
const FOLLOWING_QUALIFIER = /^,[ \t]{0,3}([A-Z]{2}\b|[A-Z][a-z]{2,20}(?: [A-Z][a-z]{2,20})?)/;
const COUNTY = /\b(?:county|parish|borough|shire|township|district)\b/i;
const GEOGRAPHIC_FEATURE =
  /\b(?:lake|creek|river|brook|stream|pond|mount|mt|mountain|mountains|peak|hill|hills|ridge|valley|canyon|gorge|falls|beach|bay|cove|harbor|harbour|island|islands|forest|woods|park|trail|reservoir|glacier|spring|springs|desert|plains|meadow|marsh|swamp|cape|point|bridge|tower|square|monument|memorial|museum|cathedral|castle|stadium|plaza|statue|lighthouse|pier|boardwalk|dam|quarry)\b/i;

const fmt = formatCount;

function cityBasis(place: Place, how: string): string {
  const where = place.country === 'US' ? `${place.admin}, US` : countryName(place.country);
  return `${place.kind} ${place.name} (${where}): ${fmt(place.population)} inhabitants (GeoNames${place.kind === 'state' ? '/Census' : ''})${how}`;
}

function fromPlace(place: Place, how: string): PlaceResolution {
  return {
    population: place.population,
    country: place.country,
    state: place.country === 'US' ? place.admin : undefined,
    basis: cityBasis(place, how),
  };
}

/** The state or country a qualifier ("MA", "Illinois", "France") names, or undefined. */
function qualifierKind(q: string): 'state' | 'country' | undefined {
  if (usStateByCode(q) && /^[A-Z]{2}$/.test(q)) return 'state';
  if (lookupPlace(q).some((p) => p.kind === 'state')) return 'state';
  if (countryCode(q)) return 'country';
  return undefined;
}

/**
 * Resolve one place mention. `followingText` is the original text right after
 * the span (for "Springfield, IL" written as a span and a qualifier).
 */
export function resolvePlaceMention(spanText: string, followingText = '', hints: PlaceHints = NO_HINTS): PlaceResolution {
  const raw = spanText.trim().replace(/\s+/g, ' ');
  const parts = raw.split(/\s*,\s*/).filter(Boolean);
  const head = parts[0] ?? raw;
  let qualifier = parts.length > 1 ? parts[1] : undefined;
  if (!qualifier) {
    const m = FOLLOWING_QUALIFIER.exec(followingText);
    if (m && qualifierKind(m[1])) qualifier = m[1];
  }
  const bare = head.replace(/^the\s+/i, '');
  const lower = raw.toLowerCase();
  const priors = priorTable();

  const region = priors.regions.get(lower) ?? priors.regions.get(head.toLowerCase());
  if (region !== undefined) {
    return { population: region, country: regionCountry(head), basis: `region ${head}: about ${fmt(region)} people` };
  }

  if (/^[A-Z]{2}$/.test(head)) {
    const state = usStateByCode(head);
    if (state) return fromPlace(state, '');
  }

  const headPlaces = lookupPlace(head);
  const candidates = headPlaces.length ? headPlaces : lookupPlace(bare);
  if (qualifier && candidates.length) {
    const place = resolvePlace(headPlaces.length ? head : bare, qualifier);
    if (place && place.kind === 'city') return fromPlace(place, `, narrowed by "${qualifier}"`);
  }

  const state = candidates.find((p) => p.kind === 'state');
  if (state) return fromPlace(state, '');

  const country = countryCode(head);
  if (country) {
    const population = countryPopulation(country);
    return { population, country, basis: `country ${countryName(country)}: ${fmt(population)} inhabitants (UN WPP 2022)` };
  }

  if (candidates.length) {
    const preferred =
      candidates.find((p) => p.country === 'US' && hints.mentionedStates.has(p.admin)) ??
      candidates.find((p) => hints.mentionedCountries.has(p.country) && !(p.country === 'US' && hints.mentionedStates.size > 0));
    if (preferred) return fromPlace(preferred, candidates.length > 1 ? ', chosen by the state/country named in the text' : '');
    return fromPlace(candidates[0], candidates.length > 1 ? `; ${candidates.length} places share the name, the largest is assumed` : '');
  }

  if (COUNTY.test(raw)) {
    return { population: priors.county, basis: `county or district: US median county population ${fmt(priors.county)} (Census 2020)` };
  }
  if (GEOGRAPHIC_FEATURE.test(raw)) {
    return { population: priors.geographicFeature, basis: `landmark or geographic feature: counts as small (${fmt(priors.geographicFeature)} people around it)` };
  }
  return { population: priors.unknownPlace, basis: `not in GeoNames (which lists places of 1,000+): a village or neighbourhood, ${fmt(priors.unknownPlace)} people` };
}

function regionCountry(name: string): string | undefined {
  const n = name.toLowerCase().replace(/^the\s+/, '');
  if (/^(?:us|u\.s\.?|usa|u\.s\.a\.?|united states|america|states|new england|midwest|south|west coast|east coast|northeast|southwest|pacific northwest|bay area|silicon valley|long island|manhattan|brooklyn|queens|bronx|staten island|cape cod|berkshires|upstate new york|southern california|northern california)$/.test(n)) return 'US';
  if (/^(?:uk|u\.k\.?|england|scotland|wales|northern ireland)$/.test(n)) return 'GB';
  return undefined;
}

/** State codes and countries a text names in its place-like spans, to disambiguate the others. */
export function collectPlaceHints(placeTexts: readonly string[]): PlaceHints {
  const mentionedStates = new Set<string>();
  const mentionedCountries = new Set<string>();
  for (const text of placeTexts) {
    for (const m of text.matchAll(/\b[A-Z]{2}\b/g)) {
      if (usStateByCode(m[0])) {
        mentionedStates.add(m[0]);
        mentionedCountries.add('US');
      }
    }
    for (const part of text.split(/\s*,\s*/)) {
      const state = lookupPlace(part).find((p) => p.kind === 'state');
      if (state) {
        mentionedStates.add(state.admin);
        mentionedCountries.add('US');
        continue;
      }
      const country = countryCode(part);
      if (country) mentionedCountries.add(country);
    }
  }
  return { mentionedStates, mentionedCountries };
}
