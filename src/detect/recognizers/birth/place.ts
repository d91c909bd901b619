import { addressLexicon } from '../address/lexicon.js';

/**
 * A place-of-birth phrase starting at a position: capitalised words ("Enugu",
 * "Quezon City", "Cần Thơ"), an optional lower-case division word ("Jaghori
 * district"), and up to two ", Region" parts when they name a country, state or
 * province ("Kumasi, Ghana", "Nagpur, Maharashtra, India"). In a labelled field
 * ("Place of birth: …") every comma part of the field is taken.
 */

/** A capitalised word; a full stop only after short abbreviations ("St.", "Mt."), so "Tromsø. Also" ends at the name. */
const WORD = String.raw`(?:(?:St|Ste|Mt|Ft|Pt)\.|[\p{Lu}][\p{L}\p{M}'’\-]{0,30})`;
const CONNECT = String.raw`(?:[ \t](?:de|del|da|do|dos|di|la|le|el|al|of|upon|am|sur|on|an[ \t]der))`;
const NAME = String.raw`${WORD}(?:(?:[ \t]|${CONNECT}[ \t])${WORD}){0,3}(?:[ \t](?:district|province|county|region|state|village|town|city|prefecture|oblast|governorate|parish))?`;
const NAME_AT = new RegExp(NAME + String.raw`(?![\p{L}\p{N}])`, 'yu');
/** "Ghazni province": a part that names its own kind of division. */
const DIVISION_END = /[ \t](?:district|province|county|region|state|oblast|prefecture|governorate|parish)$/;
const ARTICLE = /the[ \t]+/iy;
const PART = /,[ \t]{1,2}/y;

/** Capitalised words that start something other than a place. */
const NOT_PLACE = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|I|He|She|They|We|It|The|His|Her|My|Our|Their|A|An|In|On|At|And|But|When|While|After|Before|Since|Then|Mr|Mrs|Ms|Dr|Born)\b/;

function nameAt(text: string, pos: number): number {
  NAME_AT.lastIndex = pos;
  const m = NAME_AT.exec(text);
  if (!m || NOT_PLACE.test(m[0])) return 0;
  let len = m[0].length;
  // "Manila." at a sentence end: the full stop is not part of the place.
  if (m[0].endsWith('.') && !/(?:^|[ \t])\p{Lu}\p{L}?\.$/u.test(m[0])) len--;
  return len;
}

function isRegion(name: string): boolean {
  const lex = addressLexicon();
  const key = name.toLowerCase();
  return lex.countries.has(key) || lex.regionNames.has(key) || lex.ieCounties.has(key);
}

/** [start, end) of the place of birth at or just after `pos` (an article is skipped), or undefined. */
export function birthPlaceAt(text: string, pos: number, labelled: boolean): [number, number] | undefined {
  ARTICLE.lastIndex = pos;
  const art = ARTICLE.exec(text);
  const start = art ? pos + art[0].length : pos;
  const len = nameAt(text, start);
  if (!len) return undefined;
  let end = start + len;
  for (let i = 0; i < 3; i++) {
    PART.lastIndex = end;
    const sep = PART.exec(text);
    if (!sep) break;
    const next = end + sep[0].length;
    const l = nameAt(text, next);
    if (!l) break;
    const part = text.slice(next, next + l);
    if (!labelled && !isRegion(part) && !DIVISION_END.test(part)) break;
    end = next + l;
  }
  return [start, end];
}

/** "…, in south-west Nigeria" / "…, in the Philippines" after a place: the country, or undefined. */
const IN_COUNTRY = /,?[ \t]+in[ \t]+(?:the[ \t]+)?(?:[\p{Ll}\-]{3,20}[ \t]+)?/uy;
export function trailingCountry(text: string, end: number): [number, number] | undefined {
  IN_COUNTRY.lastIndex = end;
  const m = IN_COUNTRY.exec(text);
  if (!m) return undefined;
  const start = end + m[0].length;
  const len = nameAt(text, start);
  if (!len || !addressLexicon().countries.has(text.slice(start, start + len).toLowerCase())) return undefined;
  return [start, start + len];
}
