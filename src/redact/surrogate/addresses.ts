import { readDataLines } from '../../lexicons/data-files.js';
import { isCommonWord } from '../../lexicons/english-words.js';
import { lookupPlace, usStateByCode } from '../../lexicons/gazetteer.js';
import type { Keyed } from './keyed.js';
import { countryCode, divisionFor, placeInfo, similarCity, similarUsState, surrogatePlace, type Reject } from './places.js';
import { fold, namePools, type PoolPlace } from './pools.js';
import { likeCase, reshape } from './shape.js';

/**
 * Address surrogates in the same format and country: the address is cut into
 * its lines / comma-separated parts and every part keeps its shape. House and
 * unit numbers get other digits of the same length; street-name words become
 * family names of the country's language; street types, unit words, directions
 * and the country stay; the town becomes a town of similar size in the same
 * country and the state (code or name, as written) follows it; a US ZIP code
 * becomes a ZIP of the new state (data/geo/zip3-population.tsv), other postcodes
 * keep their letter-and-digit pattern.
 */
let keepWords: Set<string> | undefined;

function keep(): Set<string> {
  if (!keepWords) {
    keepWords = new Set<string>();
    for (const f of ['address/street-suffixes.txt', 'address/unit-designators.txt', 'address/building-words.txt', 'address/street-prefixes.txt']) {
      for (const line of readDataLines(f)) keepWords.add(fold(line.replace(/\.$/, '')));
    }
    for (const w of ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw', 'north', 'south', 'east', 'west', 'po', 'p.o', 'box', 'the', 'of', 'and', 'rr', 'hc', 'apo', 'fpo', 'dpo', 'psc', 'cmr', 'usns', 'uss', 'ext', 'no', 'nr', 'via', 'strasse', 'straße', 'gasse', 'weg', 'platz', 'allee', 'ring', 'gata', 'gatan', 'vej', 'vägen', 'katu', 'tie', 'straat', 'laan', 'plein', 'rua', 'calle', 'avenida', 'rue', 'piazza', 'viale', 'corso', 'ulica', 'ul']) keepWords.add(w);
  }
  return keepWords;
}

/** The language of street names by country (the origin of the family names drawn for them). */
const COUNTRY_ORIGIN: Record<string, string> = {
  US: 'anglo', GB: 'anglo', IE: 'anglo', AU: 'anglo', NZ: 'anglo', CA: 'anglo', ZA: 'anglo',
  DE: 'german', AT: 'german', CH: 'german', FR: 'french', BE: 'french', LU: 'french', ES: 'hispanic', MX: 'hispanic', AR: 'hispanic', CO: 'hispanic', CL: 'hispanic', PE: 'hispanic', UY: 'hispanic',
  PT: 'lusophone', BR: 'lusophone', IT: 'italian', NL: 'dutch', DK: 'nordic', NO: 'nordic', SE: 'nordic', FI: 'finnish', PL: 'polish', CZ: 'czech-slovak', SK: 'czech-slovak',
  HR: 'south-slavic', SI: 'south-slavic', RS: 'south-slavic', HU: 'hungarian', RO: 'romanian', LV: 'baltic', TR: 'turkic', NG: 'west-african', GH: 'west-african', IN: 'south-asian', ID: 'indonesian', VN: 'vietnamese',
};

let zip3ByState: Map<string, string[]> | undefined;

function zip3sOf(state: string): string[] {
  if (!zip3ByState) {
    zip3ByState = new Map();
    for (const line of readDataLines('geo/zip3-population.tsv')) {
      const [zip3, population, st] = line.split('\t');
      if (Number(population) < 20_000) continue;
      let list = zip3ByState.get(st);
      if (!list) zip3ByState.set(st, (list = []));
      list.push(zip3);
    }
  }
  return zip3ByState.get(state) ?? [];
}

const US_ZIP = /^(\d{5})(-\d{4})?$/;

interface Context {
  keyed: Keyed;
  reject: Reject;
  attempt: number;
  country?: string;
  usState?: string;
  newCity?: PoolPlace;
  newState?: string;
}

/** Stand-in for one ADDRESS span. */
export function surrogateAddress(text: string, keyed: Keyed, reject: Reject, attempt: number): string {
  const ctx: Context = { keyed, reject, attempt };
  const parts = text.split(/(\s*[,\n]\s*)/);
  // The country and US state first: they decide the language of street names and the ZIP.
  for (const part of parts) {
    const trimmed = part.trim().replace(/\s+\d[\d-]*$/, '').replace(/^\d[\d-]*\s+/, '');
    if (!trimmed) continue;
    const code = countryCode(trimmed);
    if (code && !ctx.country) ctx.country = code;
    for (const w of part.split(/\s+/)) if (/^[A-Z]{2}$/.test(w) && usStateByCode(w)) ctx.usState = w;
  }
  if (ctx.usState && !ctx.country) ctx.country = 'US';
  return parts.map((part, i) => (i % 2 === 1 ? part : surrogatePart(part, ctx))).join('');
}

function surrogatePart(part: string, ctx: Context): string {
  if (!part.trim()) return part;
  const words = part.split(/(\s+)/);
  const bare = words.filter((w, i) => i % 2 === 0 && w && !/\d/.test(w) && !(/^[A-Z]{2}$/.test(w) && usStateByCode(w))).join(' ');
  const hasDigits = /\d/.test(part);
  // A whole part naming a country stays (same country).
  if (bare && countryCode(bare) && !hasDigits) return part;
  // A street part: a number first, a street or unit word after the first word ("St Georges" is a town), or a compound street name.
  const street = /^\s*\d/.test(part) || words.some((w, i) => i % 2 === 0 && ((i > 0 && keep().has(fold(w.replace(/[.,]$/, '')))) || streetEnding(w) !== undefined));
  if (!street && bare) {
    // The town (or state, or region): the longest leading run of its words that the gazetteer knows.
    const names = bare.split(' ');
    for (let n = Math.min(4, names.length); n >= 1; n--) {
      const run = names.slice(0, n).join(' ');
      const at = part.indexOf(run);
      if (at < 0) continue;
      const rest = (t: string) => standInWords(t, ctx);
      const places = lookupPlace(run);
      const city = places.find((p) => p.kind === 'city');
      const state = places.find((p) => p.kind === 'state');
      if (state && !city) return rest(part.slice(0, at)) + likeCase(run, newStateName(ctx, state.admin, false)) + rest(part.slice(at + run.length));
      if (city && (!ctx.country || city.country === ctx.country)) {
        const p = similarCity(city.country, city.population, ctx.keyed.stream('address-city', `${city.country}|${fold(run)}`, ctx.attempt), ctx.reject, run);
        if (p) {
          ctx.newCity ??= p;
          return rest(part.slice(0, at)) + likeCase(run, p.name) + rest(part.slice(at + run.length));
        }
      }
      const region = placeInfo(run);
      if (region.kind === 'division' || region.kind === 'us-state') return rest(part.slice(0, at)) + surrogatePlace(run, ctx.keyed.stream('address-region', fold(run), ctx.attempt), ctx.reject, ctx.country) + rest(part.slice(at + run.length));
    }
    // A town the gazetteer does not know ("FÜRLING"): a small town of the same country.
    const first = names[0];
    if (names.length <= 3 && /^\p{L}/u.test(first) && !keep().has(fold(first)) && names.some((w) => w.length > 3) && !names.every((w) => isCommonWord(fold(w)))) {
      const p = similarCity(ctx.country, 3_000, ctx.keyed.stream('address-town', fold(bare), ctx.attempt), ctx.reject, bare);
      const at = part.indexOf(bare);
      if (p && at >= 0) return standInWords(part.slice(0, at), ctx) + likeCase(bare, p.name) + standInWords(part.slice(at + bare.length), ctx);
    }
  }
  return standInWords(part, ctx);
}

let endings: string[] | undefined;

/** The street-type ending of a compound street name ("Søndergade" → "gade"), or undefined. */
function streetEnding(word: string): string | undefined {
  endings ??= [...readDataLines('address/compound-street-endings.txt').map((e) => e.toLowerCase()), 'katu', 'tie', 'vegen', 'gränd', 'stig', 'steeg', 'dreef', 'hof'].sort((a, b) => b.length - a.length);
  const lower = word.toLowerCase().replace(/[.,]$/, '');
  return endings.find((e) => lower.length >= e.length + 3 && lower.endsWith(e));
}

function standInWords(text: string, ctx: Context): string {
  return text
    .split(/(\s+)/)
    .map((w, i) => (i % 2 === 1 ? w : wordStandIn(w, ctx)))
    .join('');
}

/** The state code or name that follows the new town (or a similar state when the town stayed). */
function newStateName(ctx: Context, original: string, asCode: boolean): string {
  if (ctx.newCity && ctx.newCity.country === 'US') {
    ctx.newState ??= ctx.newCity.admin;
    const written = divisionFor({ ...ctx.newCity, admin: ctx.newState }, asCode);
    if (written) return written;
  }
  if (!ctx.newState) {
    const s = similarUsState(original, ctx.keyed.stream('address-state', original, ctx.attempt), ctx.reject);
    ctx.newState = s?.[0] ?? original;
  }
  return asCode ? ctx.newState : (usStateByCode(ctx.newState)?.name ?? ctx.newState);
}

function wordStandIn(word: string, ctx: Context): string {
  if (!word) return word;
  if (/^[A-Z]{2}$/.test(word) && usStateByCode(word)) return newStateName(ctx, word, true);
  const zip = US_ZIP.exec(word);
  if (zip && (ctx.country === 'US' || ctx.usState)) return newZip(ctx, zip[2] !== undefined);
  if (/\d/.test(word)) return reshape(word, ctx.keyed.stream('address-number', word, ctx.attempt), { keepLetters: !/^[A-Z0-9]+$/.test(word) || /^\d+(?:st|nd|rd|th)$/i.test(word) });
  const core = word.replace(/[.,;:#]+$/, '');
  const tail = word.slice(core.length);
  const k = fold(core);
  if (!/\p{L}/u.test(core) || keep().has(k) || core.length <= 2) return word;
  // Lower-case words: connectors and ordinary words stay ("and", "near"), names do not ("marke").
  if (core === core.toLowerCase() && (core.length <= 3 || isCommonWord(k))) return word;
  if (countryCode(core)) return word;
  // "Søndergade" → "<name>gade": the street-type ending stays.
  const ending = streetEnding(core);
  if (ending) {
    const own = core.slice(core.length - ending.length);
    return likeCase(core.slice(0, -ending.length), streetWord(core, ctx)) + (core === core.toUpperCase() ? own.toUpperCase() : own) + tail;
  }
  return likeCase(core, streetWord(core, ctx)) + tail;
}

function streetWord(word: string, ctx: Context): string {
  const origin = (ctx.country && COUNTRY_ORIGIN[ctx.country]) || 'anglo';
  const pools = namePools().pools;
  const pool = [...(pools.get(`family|${origin}|g`) ?? []), ...(pools.get(`family|${origin}|m`) ?? [])];
  const list = pool.length ? pool : (pools.get('family|anglo|g') ?? []);
  const rng = ctx.keyed.stream('street', `${origin}|${fold(word)}`, ctx.attempt);
  for (let i = 0; i < 8; i++) {
    const s = rng.pick(list);
    if (!ctx.reject(s) && fold(s) !== fold(word)) return s;
  }
  throw new Error('surrogate: no street stand-in clears the leak guard');
}

function newZip(ctx: Context, plus4: boolean): string {
  const state = ctx.newState ?? ctx.newCity?.admin ?? ctx.usState ?? 'NY';
  ctx.newState ??= state;
  const rng = ctx.keyed.stream('zip', state, ctx.attempt);
  const zip3s = zip3sOf(state);
  const zip3 = zip3s.length ? rng.pick(zip3s) : String(100 + rng.int(900));
  const zip = zip3 + rng.digit() + rng.digit();
  return plus4 ? `${zip}-${rng.digit()}${rng.digit()}${rng.digit()}${rng.digit()}` : zip;
}
