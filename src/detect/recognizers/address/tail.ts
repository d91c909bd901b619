import { codePointAt, isUpper } from './chars.js';
import { addressLexicon } from './lexicon.js';
import { addressPatterns } from './patterns.js';
import { cityPostcodeEnd, cityStateZipEnd } from './place-lines.js';

/**
 * Extends an address core ("2200 Monroe Street") forward over the parts that
 * follow it on the same line, or on the next line when that line is clearly a
 * "City, ST 12345" / "London W11 2JD" line: units, city, state, ZIP, postcode,
 * county, country. Plain capitalised words ("Kendal") are weak: they are kept
 * only when they end at a clause boundary, at most two in a row.
 */

const MAX_TAIL = 220;
const COMMA = /,[ \t]{0,3}/y;
const SPACE = /[ \t]{1,2}/y;
const NEWLINE = /,?[ \t]*\r?\n[ \t]*/y;
/** What may follow a weak (plain place-name) segment. */
const HARD_BOUNDARY = /(?:[ \t]*(?:[,;.)\]\n]|$)|[ \t]{2}|[ \t]+[—–·|(])/y;

type Strength = 'strong' | 'weak';

function matchAt(re: RegExp, text: string, pos: number): number {
  re.lastIndex = pos;
  const m = re.exec(text);
  return m ? pos + m[0].length : -1;
}

/*
 * Necessary conditions for the sticky patterns at `pos`, read from their first characters,
 * so that a pattern runs (and, in a fresh process, is compiled) only where it could match.
 */

/** unit: "#", a digit ("3rd floor"), or a unit word ("Apt", "SUITE") followed by ".", ":", a blank or "#". */
function mayStartUnit(text: string, pos: number): boolean {
  const c = text.charCodeAt(pos);
  if (c === 35 || (c >= 48 && c <= 57) || longestUnitWord() <= 0) return true;
  // The unit words are ASCII letters matched case-insensitively, so also by "ſ" (s) and the Kelvin sign (k).
  let end = pos;
  let word = '';
  for (;;) {
    const u = text.charCodeAt(end);
    if ((u >= 65 && u <= 90) || (u >= 97 && u <= 122)) word += String.fromCharCode(u | 32);
    else if (u === 0x17f) word += 's';
    else if (u === 0x212a) word += 'k';
    else break;
    end++;
    if (end - pos > longestUnitWord()) return false;
  }
  const after = text.charCodeAt(end);
  return (after === 46 || after === 58 || after === 32 || after === 9 || after === 35) && addressLexicon().unitWords.has(word);
}

let unitWordMax = -1;
function longestUnitWord(): number {
  if (unitWordMax < 0) for (const w of addressLexicon().unitWords) unitWordMax = Math.max(unitWordMax, w.length);
  return unitWordMax;
}

/** postcodeCity: a digit, or a one- or two-letter country prefix and "-" ("D-80331"). */
function mayStartPostcodeCity(text: string, pos: number): boolean {
  return isDigitAt(text, pos) || text.charCodeAt(pos + 1) === 45 || text.charCodeAt(pos + 2) === 45;
}

/** county: "Co.", "County", "COUNTY", "CO.". */
function mayStartCounty(text: string, pos: number): boolean {
  return text.startsWith('Co', pos) || text.startsWith('CO', pos);
}

/** barePostcode: a ZIP starts with a digit, a UK, Canadian or Irish postcode has one second or third, or is "GIR 0AA". */
function mayStartBarePostcode(text: string, pos: number): boolean {
  return isDigitAt(text, pos) || isDigitAt(text, pos + 1) || isDigitAt(text, pos + 2) || text.startsWith('GIR', pos);
}

/** directional: "N", "S", "E", "W" and the words they start. */
function mayStartDirectional(text: string, pos: number): boolean {
  const c = text.charCodeAt(pos);
  return c === 78 || c === 83 || c === 69 || c === 87;
}

/** locality and place: a capital (`[\p{Lu}]`, the first letter of a place word, "Sector", "Block" …) or, for locality, a digit ("3rd Cross"). */
function mayStartCapital(text: string, pos: number, orDigit: boolean): boolean {
  return (orDigit && isDigitAt(text, pos)) || isUpper(codePointAt(text, pos));
}

function isDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** A segment starting exactly at `pos`: its end and strength, or undefined. */
function segmentAt(text: string, pos: number, afterSpaceOnly: boolean): { end: number; strength: Strength } | undefined {
  const p = addressPatterns();
  let end = mayStartUnit(text, pos) ? matchAt(p.unit, text, pos) : -1;
  if (end > 0) return { end, strength: 'strong' };
  end = cityStateZipEnd(text, pos);
  if (end > 0) return { end, strength: 'strong' };
  end = cityPostcodeEnd(text, pos);
  if (end > 0) return { end, strength: 'strong' };
  if (afterSpaceOnly) {
    end = mayStartDirectional(text, pos) ? matchAt(p.directional, text, pos) : -1;
    if (end > 0) return { end, strength: 'strong' };
    return undefined;
  }
  end = mayStartPostcodeCity(text, pos) ? matchAt(p.postcodeCity, text, pos) : -1;
  if (end > 0) return { end, strength: 'strong' };
  end = mayStartCounty(text, pos) ? matchAt(p.county, text, pos) : -1;
  if (end > 0) return { end, strength: 'strong' };
  end = mayStartBarePostcode(text, pos) ? matchAt(p.barePostcode, text, pos) : -1;
  if (end > 0) return { end, strength: 'strong' };
  end = mayStartCapital(text, pos, true) ? matchAt(p.locality, text, pos) : -1;
  if (end > 0) return { end, strength: 'strong' };
  end = mayStartCapital(text, pos, false) ? matchAt(p.place, text, pos) : -1;
  if (end > 0) {
    const words = text.slice(pos, end);
    const lex = addressLexicon();
    if (lex.countries.has(words.toLowerCase())) return { end, strength: 'strong' };
    if (lex.nonPlaceWords.has(words.split(/[ \t]/)[0].toLowerCase())) return undefined;
    if (matchAt(HARD_BOUNDARY, text, end) > 0 || end === text.length) return { end, strength: 'weak' };
  }
  return undefined;
}

/** Country after a city line, then the end of the line: ", Canada". */
const LINE_REST = /([ \t]*,[ \t]*[\p{Lu}][\p{L} .]{1,30}?)?[ \t]*(?=\r?\n|$)/uy;

/** If the line starting at `pos` is a city / state / postcode line, its end; else -1. */
function cityLineEnd(text: string, pos: number): number {
  const p = addressPatterns();
  for (let k = 0; k < 3; k++) {
    const end = k === 0 ? cityStateZipEnd(text, pos) : k === 1 ? cityPostcodeEnd(text, pos) : mayStartPostcodeCity(text, pos) ? matchAt(p.postcodeCity, text, pos) : -1;
    if (end < 0) continue;
    LINE_REST.lastIndex = end;
    const m = LINE_REST.exec(text);
    if (m) return end + (m[1]?.length ?? 0);
  }
  return -1;
}

/** Returns the end of the address whose core ends at `coreEnd`. */
export function extendTail(text: string, coreEnd: number): number {
  const limit = Math.min(text.length, coreEnd + MAX_TAIL);
  let committed = coreEnd;
  let pos = coreEnd;
  let weakRun = 0;
  let tentative = coreEnd;
  while (pos < limit) {
    let seg: { end: number; strength: Strength } | undefined;
    let next = matchAt(COMMA, text, pos);
    if (next > 0) seg = segmentAt(text, next, false);
    if (!seg && weakRun === 0) {
      next = matchAt(SPACE, text, pos);
      if (next > 0) seg = segmentAt(text, next, true);
    }
    if (!seg && weakRun === 0 && /[\p{L}\p{N}.]/u.test(text[pos - 1] ?? '')) {
      next = matchAt(NEWLINE, text, pos);
      if (next > 0 && text.slice(pos, next).split('\n').length === 2) {
        const end = cityLineEnd(text, next);
        if (end > 0) seg = { end, strength: 'strong' };
      }
    }
    if (!seg) break;
    pos = seg.end;
    if (seg.strength === 'strong') {
      committed = pos;
      weakRun = 0;
    } else {
      weakRun++;
      if (weakRun > 2) break;
      tentative = pos;
    }
  }
  if (weakRun > 0 && weakRun <= 2 && tentative > committed) committed = tentative;
  // "…, USA." at the end of a sentence: the full stop is not part of the address.
  if (committed > coreEnd && text[committed - 1] === '.' && /(?:^|[ \t,])\p{L}{2,}\.$/u.test(text.slice(committed - 12, committed)) && /^(?:\s|$)/.test(text.slice(committed, committed + 1))) committed--;
  return committed;
}
