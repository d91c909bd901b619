import { Kept } from './kept.js';
import { formatCount } from './number-format.js';
import { startsUpper } from './letters.js';
import { lookupPlace, resolvePlace, usStateByCode, type Place } from '../lexicons/gazetteer.js';
import { countryCode, countryCodeOfTrimmed, countryName, countryPopulation } from './countries.js';
import { countyTable, divisionTable, landmarkTable, neighbourhoodTable, placeKey, zctaPopulation, type County, type Division } from './place-data.js';
import { priorTable } from './tables.js';
import { mayBePlace } from './place-filter.js';

/**
 * How many people live in a place named in the text. In order: ZIP code areas
 * (Census ZCTAs), counties ("X County" in the US: Census; elsewhere second-level
 * divisions), regions, US states, countries, curated neighbourhoods and
 * landmarks, GeoNames cities and first-level divisions worldwide (states,
 * provinces, regions), then natural features (the population around them) and
 * neighbourhoods named as such; documented priors for the rest.
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
const ZIP = /^(\d{5})(?:-\d{4})?$/;
const US_COUNTY = /^(.{2,60}?)\s+(county|parish|borough|census area|municipality)$/i;
const COUNTY_FIRST = /^county\s+(.{2,40})$/i;
const SECOND_LEVEL = /\b(?:county|parish|borough|shire|township|district|prefecture|province|department|d[ée]partement|kreis|landkreis|oblast|raion|municipality|commune|canton)\b/i;
const GEOGRAPHIC_FEATURE =
  /\b(?:lake|lakes|loch|creek|river|brook|stream|pond|mount|mt|mountain|mountains|peak|hill|hills|ridge|valley|canyon|gorge|falls|beach|bay|cove|harbor|harbour|island|islands|forest|woods|park|trail|reservoir|glacier|spring|springs|desert|plains|meadow|marsh|swamp|cape|point|bridge|tower|square|monument|memorial|museum|cathedral|castle|stadium|plaza|statue|lighthouse|pier|boardwalk|dam|quarry|national park|state park|preserve|wilderness|bluff|mesa|butte|rapids|dunes)\b/i;
const FEATURE_WORDS_FOR_REMAINDER =
  /\b(?:lake|loch|creek|river|brook|mount|mt\.?|mountains?|peak|hills?|valley|canyon|falls|beach|bay|harbor|harbour|island|forest|woods|park|trail|reservoir|springs?|national|state|memorial|museum|cathedral|castle|stadium|plaza|pier|bridge|tower|square|dam|common|commons|waterfront|river ?walk)\b\.?/gi;
// "the Back Bay neighborhood", "a district of", "borough of"
const NEIGHBOURHOOD_AFTER = /^\s{0,2}(?:neighbou?rhood|district|quarter|section|borough|area of town|part of town)\b/i;
// NEIGHBOURHOOD_BEFORE needs one of its words or a possessive: checked first (its Unicode classes cost V8 milliseconds to compile).
const NEIGHBOURHOOD_CUE = /neighbou?rhood|district|quarter|borough|['’]s/;
const NEIGHBOURHOOD_BEFORE = /(?:\b(?:neighbou?rhood|district|quarter|borough)\s+of|\b([A-Z][\p{L}.]+(?:\s[A-Z][\p{L}.]+){0,2})['’]s)\s{0,3}(?:the\s)?$/u;

/** A US county's median population (Census 2020, 3,143 counties); a second-level division elsewhere. */
const FOREIGN_SECOND_LEVEL = 150_000;

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

function fromDivision(d: Division, how: string): PlaceResolution {
  return {
    population: d.population,
    country: d.country,
    basis: `first-level division ${d.name} (${countryName(d.country)}): at least ${fmt(d.population)} people (its GeoNames / SimpleMaps towns)${how}`,
  };
}

function fromCounty(c: County, how: string): PlaceResolution {
  return { population: c.population, country: 'US', state: c.state, basis: `${c.name} (${c.state}, US): ${fmt(c.population)} people (Census via SimpleMaps)${how}` };
}

/** The state or country a qualifier ("MA", "Illinois", "France") names, or undefined. */
function qualifierKind(q: string): 'state' | 'country' | undefined {
  if (usStateByCode(q) && /^[A-Z]{2}$/.test(q)) return 'state';
  if (lookupPlace(q).some((p) => p.kind === 'state')) return 'state';
  if (countryCode(q)) return 'country';
  return undefined;
}

/** US state code a qualifier names ("MA", "Massachusetts"), or undefined. */
function qualifierState(q: string | undefined): string | undefined {
  if (!q) return undefined;
  if (/^[A-Z]{2}$/.test(q) && usStateByCode(q)) return q;
  return lookupPlace(q).find((p) => p.kind === 'state')?.admin;
}

function qualifierCountry(q: string | undefined): string | undefined {
  if (!q) return undefined;
  if (qualifierState(q)) return 'US';
  return countryCode(q) ?? (/^[A-Z]{2}$/.test(q) ? q : undefined);
}

/** The answers kept for place texts (see Kept): how many, and the longest text kept. */
const KNOWN_PLACES_KEPT = 4096;
const KNOWN_PLACE_CHARS = 64;

/**
 * Resolve one place mention. `followingText` is the original text right after
 * the span (for "Springfield, IL" written as a span and a qualifier);
 * `precedingText` the text right before it ("Boston's Back Bay").
 */
export function resolvePlaceMention(spanText: string, followingText = '', hints: PlaceHints = NO_HINTS, precedingText = ''): PlaceResolution {
  // Without a qualifier after the span and without states or countries named, the resolution reads
  // the text around only for a neighbourhood: otherwise it depends on the span's text alone and is
  // kept for the last few thousand short texts (place names come back). Nothing changes a resolution.
  const alone = spanText.length <= KNOWN_PLACE_CHARS && followingText.charCodeAt(0) !== 0x2c && hints.mentionedStates.size === 0 && hints.mentionedCountries.size === 0;
  if (!alone) return resolveMention(spanText, followingText, hints, precedingText);
  const kept = placesAlone.get(spanText);
  if (kept !== undefined) return kept;
  readAround = false;
  const place = resolveMention(spanText, followingText, hints, precedingText);
  return readAround ? place : placesAlone.keep(spanText, place);
}

const placesAlone = new Kept<PlaceResolution>(KNOWN_PLACES_KEPT, KNOWN_PLACE_CHARS);
/** Set when resolveMention read the text around the span for a neighbourhood. */
let readAround = false;

function resolveMention(spanText: string, followingText: string, hints: PlaceHints, precedingText: string): PlaceResolution {
  const raw = singleSpaced(spanText);
  let head = raw;
  let qualifier: string | undefined;
  // Without a comma the split is [raw] (or nothing when raw is empty): head is raw, no qualifier.
  if (raw.includes(',')) {
    const parts = raw.split(COMMA_SPACED).filter(Boolean);
    head = parts[0] ?? raw;
    qualifier = parts.length > 1 ? parts[parts.length - 1] : undefined;
  }
  // FOLLOWING_QUALIFIER starts with a comma.
  if (!qualifier && followingText.charCodeAt(0) === 0x2c) {
    const m = FOLLOWING_QUALIFIER.exec(followingText);
    if (m && qualifierKind(m[1])) qualifier = m[1];
  }
  const bare = withoutThe(head);
  const lowerRaw = raw.toLowerCase();
  // placeKey is the lower-case text for most places: the same string then keys the lookups (one hash).
  let key = placeKey(head);
  if (head === raw && key === lowerRaw) key = lowerRaw;
  const priors = priorTable();

  // ZIP starts with a digit.
  const first = bare.charCodeAt(0);
  const zip = first >= 0x30 && first <= 0x39 ? ZIP.exec(bare) : null;
  if (zip) return zipArea(zip[1]);

  const county = resolveCounty(bare, qualifier, hints);
  if (county) return county;

  const region = priors.regions.get(lowerRaw) ?? (head === raw ? undefined : priors.regions.get(head.toLowerCase()));
  if (region !== undefined) {
    return { population: region, country: regionCountry(head), basis: `region ${head}: about ${fmt(region)} people (UN WPP 2022 / Census 2020)` };
  }

  if (head.length === 2 && TWO_LETTER_CODE.test(head)) {
    const state = usStateByCode(head);
    if (state) return fromPlace(state, '');
  }

  const headPlaces = usable(lookupPlace(head));
  // Without a leading "the", bare is head: its places are headPlaces (no second lookup).
  const candidates = headPlaces.length || bare === head ? headPlaces : usable(lookupPlace(bare));
  if (qualifier && candidates.length) {
    const place = resolvePlace(headPlaces.length ? head : bare, qualifier);
    if (place && place.kind === 'city' && place.population > 0) return fromPlace(place, `, narrowed by "${qualifier}"`);
  }

  const state = candidates.find((p) => p.kind === 'state');
  if (state) return fromPlace(state, '');

  const country = head === raw ? countryCodeOfTrimmed(head, lowerRaw) : countryCode(head);
  if (country) {
    const population = countryPopulation(country);
    return { population, country, basis: `country ${countryName(country)}: ${fmt(population)} inhabitants (UN WPP 2022)` };
  }

  const neighbourhood = neighbourhoodTable().get(key);
  if (neighbourhood) {
    return { population: neighbourhood.population, basis: `neighbourhood ${neighbourhood.name} (${neighbourhood.city}): about ${fmt(neighbourhood.population)} residents (city neighbourhood profiles, curated)` };
  }
  const landmark = landmarkTable().get(key);
  if (landmark) {
    return {
      population: landmark.population,
      basis: `${landmark.kind} ${landmark.name}: identifies only through the people around it, ${landmark.area}: ${fmt(landmark.population)} (curated landmark table)`,
    };
  }

  const divisions = divisionTable().get(key) ?? [];
  // Whether it names a natural feature or landmark: read only where the answer matters.
  let featureValue: boolean | undefined;
  const feature = (): boolean => (featureValue ??= GEOGRAPHIC_FEATURE.test(raw));
  if (candidates.length || divisions.length) {
    const qCountry = qualifierCountry(qualifier);
    const division =
      (qCountry && divisions.find((d) => d.country === qCountry)) ||
      divisions.find((d) => hints.mentionedCountries.has(d.country)) ||
      divisions[0];
    const preferred =
      candidates.find((p) => p.country === 'US' && hints.mentionedStates.has(p.admin)) ??
      candidates.find((p) => hints.mentionedCountries.has(p.country) && !(p.country === 'US' && hints.mentionedStates.size > 0));
    const city = preferred ?? candidates[0];
    // A first-level division against a town of the same name: the qualifier's country, then
    // the places the text names, then the larger of the two.
    let useDivision = false;
    if (division && !city) useDivision = true;
    else if (division && city) {
      if (qCountry) useDivision = division.country === qCountry;
      else if (preferred) useDivision = hints.mentionedCountries.has(division.country) && division.population >= preferred.population;
      else useDivision = division.population >= city.population;
    }
    if (division && useDivision) return fromDivision(division, divisions.length > 1 ? `; ${divisions.length} divisions share the name` : '');
    if (city) {
      if (city.population < 10_000 && !preferred && feature()) {
        return { population: city.population, country: city.country, basis: `landmark or natural feature "${head}": the people around it, as in the town of that name ${cityBasis(city, '')}` };
      }
      if (preferred) return fromPlace(preferred, candidates.length > 1 ? ', chosen by the state/country named in the text' : '');
      return fromPlace(city, candidates.length > 1 ? `; ${candidates.length} places share the name, the largest is assumed` : '');
    }
  }

  if (feature()) return featureNearby(head, raw);

  readAround = true;
  const neighbourhoodOf = neighbourhoodCity(followingText, precedingText, qualifier);
  if (neighbourhoodOf !== undefined) return neighbourhoodPrior(head, neighbourhoodOf);

  if (SECOND_LEVEL.test(raw)) {
    return { population: FOREIGN_SECOND_LEVEL, basis: `second-level division (district, province, county) not in the tables: typically ${fmt(FOREIGN_SECOND_LEVEL)}+ people (prior)` };
  }
  return { population: priors.unknownPlace, basis: `not in GeoNames (which lists places of 1,000+) nor the division tables: a village or hamlet, ${fmt(priors.unknownPlace)} people (prior)` };
}

const TWO_LETTER_CODE = /^[A-Z]{2}$/;
const SPACING_TO_NORMALISE = /[^\S ]| {2}/;
const SPACE_RUNS = /\s+/g;
const LEADING_THE = /^the\s+/i;

/** `text.trim().replace(/\s+/g, ' ')`, without the replace when every space is already single. */
function singleSpaced(text: string): string {
  const trimmed = text.trim();
  return SPACING_TO_NORMALISE.test(trimmed) ? trimmed.replace(SPACE_RUNS, ' ') : trimmed;
}

/** `text.replace(/^the\s+/i, '')`, the regex only when the text starts with a t. */
function withoutThe(text: string): string {
  return (text.charCodeAt(0) | 0x20) === 0x74 ? text.replace(LEADING_THE, '') : text;
}

/** GeoNames entries with population 0 are places whose size GeoNames does not know: ignored when others exist. */
function usable(places: readonly Place[]): readonly Place[] {
  let allKnown = true;
  for (let i = 0; i < places.length && allKnown; i++) allKnown = places[i].population > 0;
  if (allKnown) return places;
  const known = places.filter((p) => p.population > 0);
  return known.length ? known : [];
}

export function zipArea(zip: string): PlaceResolution {
  const population = zctaPopulation(zip);
  if (population !== undefined) return { population, country: 'US', basis: `ZIP code area ${zip}: ${fmt(population)} residents (Census ACS, ZCTA)` };
  // Not a residential ZCTA: a PO-box, business or single-building ZIP code.
  return { population: 1_000, country: 'US', basis: `ZIP code ${zip} has no Census tabulation area (PO boxes, one business or building): about 1,000 people (prior)` };
}

function resolveCounty(bare: string, qualifier: string | undefined, hints: PlaceHints): PlaceResolution | undefined {
  // COUNTY_FIRST starts with "county", US_COUNTY ends with one of its words (y, h or a last): ASCII
  // letters in any case (no other character folds to them without the u flag).
  const c0 = bare.charCodeAt(0) | 0x20;
  const first = c0 === 0x63 ? COUNTY_FIRST.exec(bare) : null;
  if (first) {
    // "County Kerry", "County Antrim": Irish and Northern Irish counties.
    const name = placeKey(first[1]);
    const d = (divisionTable().get(name) ?? []).find((x) => x.country === 'IE' || x.country === 'GB');
    if (d) return fromDivision(d, '');
    return { population: FOREIGN_SECOND_LEVEL, basis: `county ${first[1]} (Ireland / UK style): not in the tables, typically ${fmt(FOREIGN_SECOND_LEVEL)}+ people (prior)` };
  }
  const last = bare.charCodeAt(bare.length - 1) | 0x20;
  const m = last === 0x79 || last === 0x68 || last === 0x61 ? US_COUNTY.exec(bare) : null;
  if (!m) return undefined;
  const { full, bare: byBare } = countyTable();
  const list = full.get(placeKey(bare)) ?? byBare.get(placeKey(m[1])) ?? [];
  const state = qualifierState(qualifier);
  const qCountry = qualifierCountry(qualifier);
  if (list.length) {
    const chosen =
      (state && list.find((c) => c.state === state)) || list.find((c) => hints.mentionedStates.has(c.state));
    if (chosen) return fromCounty(chosen, list.length > 1 ? `, chosen by the state named in the text` : '');
    const foreign = (qCountry && qCountry !== 'US') || (hints.mentionedCountries.size > 0 && !hints.mentionedCountries.has('US'));
    if (!foreign) return fromCounty(list[0], list.length > 1 ? `; ${list.length} counties share the name, the largest is assumed` : '');
  }
  // Counties elsewhere (Kenya, Ireland, Norway, China…) are first- or second-level divisions.
  const divisions = divisionTable().get(placeKey(m[1])) ?? divisionTable().get(placeKey(bare)) ?? [];
  const d = divisions.find((x) => x.country === qCountry || hints.mentionedCountries.has(x.country));
  if (d) return fromDivision(d, '');
  if (state || (!qCountry && (hints.mentionedStates.size > 0 || hints.mentionedCountries.has('US') || hints.mentionedCountries.size === 0))) {
    const median = priorTable().county;
    return { population: median, country: 'US', basis: `${bare}: not in the county table, US median county population ${fmt(median)} (Census 2020)` };
  }
  return { population: FOREIGN_SECOND_LEVEL, basis: `${bare}: a county or district outside the US, typically ${fmt(FOREIGN_SECOND_LEVEL)}+ people (prior)` };
}

/**
 * A natural feature or landmark not in the tables: the people around it. When
 * its name holds a larger place ("Boston Harbor", "Lake Michigan") that place's
 * population; otherwise a small local feature.
 */
function featureNearby(head: string, raw: string): PlaceResolution {
  const rest = head.replace(FEATURE_WORDS_FOR_REMAINDER, ' ').replace(/^the\s+/i, '').replace(/\s+/g, ' ').trim();
  if (rest && rest.length >= 3 && startsUpper(rest)) {
    const state = lookupPlace(rest).find((p) => p.kind === 'state');
    if (state) return { population: state.population, country: 'US', state: state.admin, basis: `landmark or natural feature "${raw}" named after ${cityBasis(state, '')}: the people around it` };
    const country = countryCode(rest);
    if (country) return { population: countryPopulation(country), country, basis: `landmark or natural feature "${raw}" named after ${countryName(country)}: the people around it` };
    const city = usable(lookupPlace(rest))[0];
    if (city && city.population >= 50_000) {
      return { population: city.population, country: city.country, basis: `landmark or natural feature "${raw}" in or by ${cityBasis(city, '')}: the people around it` };
    }
  }
  const n = priorTable().geographicFeature;
  return { population: n, basis: `local landmark or natural feature "${raw}" not in the landmark table: the people around it, counted as small (${fmt(n)}, prior)` };
}

/** The city a neighbourhood is said to lie in ("Boston's X", "X, Boston", "the X neighborhood"): its population, 0 when unknown; undefined when no cue. */
function neighbourhoodCity(following: string, preceding: string, qualifier: string | undefined): number | undefined {
  const window = preceding.slice(-60);
  const before = NEIGHBOURHOOD_CUE.test(window) ? NEIGHBOURHOOD_BEFORE.exec(window) : null;
  if (before) {
    const city = before[1] ? usable(lookupPlace(before[1]))[0] : undefined;
    if (before[1] && !city) return undefined;
    return city?.population ?? 0;
  }
  if (qualifier && !qualifierKind(qualifier)) {
    const city = usable(lookupPlace(qualifier))[0];
    if (city && city.population >= 100_000) return city.population;
  }
  if (NEIGHBOURHOOD_AFTER.test(following)) {
    const m = /^\s{0,2}\S+\s+(?:of|in)\s+([A-Z][\p{L}.]+(?:\s[A-Z][\p{L}.]+){0,2})/u.exec(following);
    const city = m ? usable(lookupPlace(m[1]))[0] : undefined;
    return city?.population ?? 0;
  }
  return undefined;
}

/** A neighbourhood not in the tables: a share of its city (city neighbourhoods hold 10,000–50,000 people). */
function neighbourhoodPrior(head: string, cityPopulation: number): PlaceResolution {
  const population = cityPopulation >= 1_000_000 ? 30_000 : cityPopulation >= 200_000 ? 15_000 : cityPopulation > 0 ? Math.max(500, Math.round(cityPopulation / 10)) : 15_000;
  const of = cityPopulation > 0 ? `of a city of ${fmt(cityPopulation)}` : 'of a city';
  return { population, basis: `neighbourhood ${head} ${of}: about ${fmt(population)} residents (prior: neighbourhoods of large cities hold 10,000–50,000)` };
}

function regionCountry(name: string): string | undefined {
  const n = name.toLowerCase().replace(/^the\s+/, '');
  if (/^(?:us|u\.s\.?|usa|u\.s\.a\.?|united states|america|states|new england|midwest|south|west coast|east coast|northeast|southwest|pacific northwest|bay area|silicon valley|long island|manhattan|brooklyn|queens|bronx|staten island|cape cod|berkshires|upstate new york|southern california|northern california)$/.test(n)) return 'US';
  if (/^(?:uk|u\.k\.?|england|scotland|wales|northern ireland|yorkshire|midlands|east anglia|home counties|west country)$/.test(n)) return 'GB';
  return undefined;
}

const TWO_CAPITALS = /\b[A-Z]{2}\b/g;
const COMMA_SPACED = /\s*,\s*/;

/** State codes and countries a text names in its place-like spans, to disambiguate the others. */
export function collectPlaceHints(placeTexts: readonly string[]): PlaceHints {
  const mentionedStates = new Set<string>();
  const mentionedCountries = new Set<string>();
  for (const text of placeTexts) {
    TWO_CAPITALS.lastIndex = 0;
    for (let m = TWO_CAPITALS.exec(text); m; m = TWO_CAPITALS.exec(text)) {
      if (usStateByCode(m[0])) {
        mentionedStates.add(m[0]);
        mentionedCountries.add('US');
      }
    }
    if (!text.includes(',')) hintOf(text, mentionedStates, mentionedCountries);
    else for (const part of text.split(COMMA_SPACED)) hintOf(part, mentionedStates, mentionedCountries);
  }
  return { mentionedStates, mentionedCountries };
}

/** What one part of a place text says: a US state (and so the US), or a country. */
function hintOf(part: string, mentionedStates: Set<string>, mentionedCountries: Set<string>): void {
  const hint = partHint(part);
  if (hint.state) {
    mentionedStates.add(hint.code!);
    mentionedCountries.add('US');
  } else if (hint.code) mentionedCountries.add(hint.code);
}

/** A part of a place text names a US state (`code`: its state code) or not (`code`: the country it names, if any). */
interface PartHint {
  state: boolean;
  code: string | undefined;
}

const NO_PART_HINT: PartHint = { state: false, code: undefined };

/**
 * The hint of a part, kept for the last few thousand short parts (place names come back, within
 * and across documents; the hint depends on the part and the tables only).
 */
function partHint(part: string): PartHint {
  return partHints.get(part) ?? partHints.keep(part, readPartHint(part));
}

const partHints = new Kept<PartHint>(KNOWN_PLACES_KEPT, KNOWN_PLACE_CHARS);

function readPartHint(part: string): PartHint {
  const state = firstState(lookupPlace(part));
  if (state) return { state: true, code: state.admin };
  const country = countryCode(part);
  return country ? { state: false, code: country } : NO_PART_HINT;
}

/** `places.find((p) => p.kind === 'state')`. */
function firstState(places: readonly Place[]): Place | undefined {
  for (let i = 0; i < places.length; i++) if (places[i].kind === 'state') return places[i];
  return undefined;
}

/**
 * The population of the best-known reading of a name as a place (gazetteer town of
 * `minTown`+ people, US state, country, region, first-level division, US county,
 * curated landmark or neighbourhood), or undefined when it is no known place.
 * Used to re-read a span a detector labelled as a person's name.
 */
export function knownPlacePopulation(name: string, minTown = 10_000): number | undefined {
  // The same names come back (a person is named several times, common names in many documents):
  // the answer, which depends on the name and the tables only, is kept for the last few thousand.
  // Short names only (no long text is kept).
  if (name.length > KNOWN_PLACE_CHARS) return readPlacePopulation(name, minTown);
  // One map per threshold for the two the stage passes (the name itself is the key, no text to
  // build per call); `${minTown}|${name}` for any other.
  const kept = minTown === 10_000 ? knownPlacesOf10k : minTown === 1_000 ? knownPlacesOf1k : knownPlaces;
  const key = kept === knownPlaces ? `${minTown}|${name}` : name;
  // null (no known place) is an answer kept too: only undefined means not kept.
  const known = kept.get(key);
  if (known !== undefined) return known ?? undefined;
  return kept.keep(key, readPlacePopulation(name, minTown) ?? null) ?? undefined;
}

/** name → population, or null for no known place: for towns of 10,000+, of 1,000+, and (`${minTown}|${name}`) any other threshold. */
const knownPlacesOf10k = new Kept<number | null>(KNOWN_PLACES_KEPT, KNOWN_PLACE_CHARS);
const knownPlacesOf1k = new Kept<number | null>(KNOWN_PLACES_KEPT, KNOWN_PLACE_CHARS);
const knownPlaces = new Kept<number | null>(KNOWN_PLACES_KEPT, KNOWN_PLACE_CHARS + 8);

function readPlacePopulation(name: string, minTown: number): number | undefined {
  const trimmed = singleSpaced(name);
  // Most names read here (two-word person names) are in no place table: the exact pre-filter
  // answers for them without reading the tables, each a cache miss in a grouped run (see place-filter.ts).
  if (!mayBePlace(trimmed)) return undefined;
  const lower = trimmed.toLowerCase();
  // placeKey is the lower-case text for most names: the same string then keys every lookup (one hash).
  let key = placeKey(trimmed);
  if (key === lower) key = lower;
  if (!key) return undefined;
  const region = priorTable().regions.get(lower);
  if (region !== undefined) return region;
  const country = countryCodeOfTrimmed(trimmed, lower);
  if (country) return countryPopulation(country);
  const places = usable(lookupPlace(trimmed));
  const state = firstState(places);
  if (state) return state.population;
  const neighbourhood = neighbourhoodTable().get(key);
  if (neighbourhood) return neighbourhood.population;
  const landmark = landmarkTable().get(key);
  if (landmark) return landmark.population;
  const division = divisionTable().get(key)?.[0];
  if (division && division.population >= minTown) return division.population;
  const county = countyTable().full.get(key)?.[0];
  if (county) return county.population;
  const town = places[0];
  if (town && town.population >= minTown) return town.population;
  return undefined;
}
