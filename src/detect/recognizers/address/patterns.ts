import { addressLexicon } from './lexicon.js';

/**
 * Regular-expression building blocks for postal addresses. Every repetition is
 * bounded and every token class is followed by a separator outside it, so the
 * patterns run in linear time. Compiled once, on first use.
 */

/** One capitalised place word: "Toledo", "Saint-Denis", "Meguro-ku", "Chih.", "Konak/İzmir". */
export const PLACE_WORD = String.raw`[\p{Lu}][\p{L}\p{M}'’.\-/]{0,24}`;
/** A capitalised place name of one to four words ("Grand Rapids", "Frankfurt am Main"). */
export const PLACE = String.raw`${PLACE_WORD}(?:[ \t]${PLACE_WORD}){0,3}(?:[ \t](?:am|upon|sur|im|an[ \t]der)[ \t]${PLACE_WORD})?`;

export const US_ZIP = String.raw`\d{5}(?:-\d{4})?`;
export const UK_POSTCODE = String.raw`(?:GIR 0AA|[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2})`;
export const CA_POSTCODE = String.raw`[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \t-]?\d[ABCEGHJ-NPRSTV-Z]\d`;
export const EIRCODE = String.raw`(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]?[0-9AC-FHKNPRTV-Y]{4}`;
export const IN_PIN = String.raw`[1-9]\d{2}[ \t]?\d{3}`;
export const JP_POSTCODE = String.raw`\d{3}-\d{4}`;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (xs: Iterable<string>) => [...xs].sort((a, b) => b.length - a.length).map(esc).join('|');
const titleCase = (s: string) => s.replace(/(^|[ \t-])(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());

export interface AddressPatterns {
  /** Secondary unit: "Apt 3B", "Suite 200", "UNIT B", "#4", "3rd Floor". */
  unit: RegExp;
  /** Postcode then city (continental Europe, Mexico): "10115 Berlin", "31-147 Kraków", "D-80331 München". */
  postcodeCity: RegExp;
  /** Irish county: "Co. Cork", "County Kildare R56 W2K8". */
  county: RegExp;
  /** A bare postcode: UK, Canadian, Irish. */
  barePostcode: RegExp;
  /** A capitalised place phrase (checked against the country list or accepted as a weak segment). */
  place: RegExp;
  /** Locality parts of Indian addresses and similar: "3rd Cross", "5th Block", "Sector 14", "Hosur Road". */
  locality: RegExp;
  /** A compass direction after a street: "NW", "S", "North". */
  directional: RegExp;
  /** Route letters or numbers after "County Road": "QQ", "12". */
  routeDesignator: RegExp;
  /** Global: something shaped like a ZIP or postcode (test `(?<![\p{L}\p{N}])` before it in code). */
  postcodeScan: RegExp;
  /** Global: a UK or Canadian postcode on its own (test `(?<![\p{L}\p{N}])` before it in code). */
  barePostcodeAnywhere: RegExp;
}

let compiled: AddressPatterns | undefined;
let states: string[] | undefined;

/**
 * State, province and region names and codes as literal strings, in the order of
 * the regex alternation they replace: codes, then title-case and upper-case names,
 * each group longest first (see place-lines.ts).
 */
export function stateAlternatives(): string[] {
  if (states) return states;
  const lex = addressLexicon();
  const byLength = (xs: Iterable<string>) => [...xs].sort((a, b) => b.length - a.length);
  const names = [...lex.regionNames].flatMap((n) => [titleCase(n), n.toUpperCase()]);
  states = [...byLength(lex.regionCodes), ...byLength(names)];
  return states;
}

export function addressPatterns(): AddressPatterns {
  if (compiled) return compiled;
  const lex = addressLexicon();
  const units = alternation(lex.unitWords);
  const end = String.raw`(?![\p{L}\p{N}])`;
  const unitId = String.raw`(?:\d{1,6}[A-Za-z]{0,2}|[A-Za-z](?:-?\d{1,5}[A-Za-z]?)?)`;
  compiled = {
    unit: new RegExp(
      String.raw`(?:#[ \t]?${unitId}|\d{1,3}(?:st|nd|rd|th)[ \t](?:floor|fl)\.?|(?:${units})(?:\.:?[ \t]{0,2}|:?[ \t]{1,2}|[ \t]?#)(?:no\.?[ \t]?|#[ \t]?)?${unitId})${end}`,
      'iyu',
    ),
    postcodeCity: new RegExp(String.raw`(?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{2}-\d{3})[ \t]{1,2}${PLACE}${end}`, 'yu'),
    county: new RegExp(String.raw`(?:Co\.|County|COUNTY|CO\.)[ \t]${PLACE_WORD}(?:[ \t]${EIRCODE})?${end}`, 'yu'),
    barePostcode: new RegExp(String.raw`(?:${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE}|${US_ZIP})${end}`, 'yu'),
    place: new RegExp(PLACE + end, 'yu'),
    locality: new RegExp(
      String.raw`(?:(?:${PLACE_WORD}[ \t]){0,2}\d{1,3}(?:st|nd|rd|th)?[ \t](?:Cross|Main|Block|Stage|Phase|Sector|Avenue|Road|Street|Lane)|(?:Sector|Phase|Block|Stage)[ \t]\d{1,3}[A-Z]?|(?:${PLACE_WORD}[ \t]){1,3}(?:Nagar|Colony|Layout|Road|Marg|Extension|Enclave|Vihar|Bagh|Puram)(?:[ \t](?:Phase|Sector|Block|Stage)[ \t]\d{1,3})?)${end}`,
      'yu',
    ),
    directional: /(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West|NORTH|SOUTH|EAST|WEST)\.?(?![\p{L}\p{N}])/uy,
    routeDesignator: /(?:[A-Z]{1,2}|\d{1,4})(?![\p{L}\p{N}])/uy,
    postcodeScan: new RegExp(
      String.raw`(?:${US_ZIP}|${IN_PIN}|${JP_POSTCODE}|${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE})${end}`,
      'gu',
    ),
    barePostcodeAnywhere: new RegExp(String.raw`(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[ABD-HJLNP-UW-Z]{2}|${CA_POSTCODE})${end}`, 'gu'),
  };
  return compiled;
}

/** True if `word` (any case, optional trailing ".") is a street type written after the name. */
export function isStreetSuffix(word: string): boolean {
  return addressLexicon().streetSuffixes.has(word.replace(/\.$/, '').toLowerCase());
}
