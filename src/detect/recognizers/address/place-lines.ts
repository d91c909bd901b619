import { blanksAt, isDigit, notLetterOrDigitAt, notLetterOrDigitBefore, codePointAt, isUpper } from './chars.js';
import { CA_POSTCODE, EIRCODE, IN_PIN, JP_POSTCODE, UK_POSTCODE, stateAlternatives } from './patterns.js';
import { placeEnds } from './place-ends.js';

/**
 * "Place, ST 12345" and "Place POSTCODE" lines, matched as the regular
 * expressions described below would match them, but without compiling PLACE and
 * the long state or postcode alternations into one regex (see place-ends.ts).
 * State names are literal strings, tried in the regex's alternation order.
 */

const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'];

let byFirstChar: Map<string, string[]> | undefined;

/** State alternatives grouped by first character, keeping their order. */
function statesStartingWith(ch: string): string[] | undefined {
  if (!byFirstChar) {
    byFirstChar = new Map();
    for (const s of stateAlternatives()) {
      const list = byFirstChar.get(s[0]);
      if (list) list.push(s);
      else byFirstChar.set(s[0], [s]);
    }
  }
  return byFirstChar.get(ch);
}

/** `,?[ \t]{1,2}` before something that is not a blank: its end, or -1. */
function commaBlanks(text: string, pos: number): number {
  const i = text.charCodeAt(pos) === 44 ? pos + 1 : pos;
  const n = blanksAt(text, i, 2);
  return n > 0 ? i + n : -1;
}

/** `\d{5}(?:-\d{4})?` at `pos` followed by `(?![\p{L}\p{N}])`: its end, or -1. */
function zipEnd(text: string, pos: number): number {
  for (let k = 0; k < 5; k++) if (!isDigit(text, pos + k)) return -1;
  const five = pos + 5;
  if (text.charCodeAt(five) === 45 && isDigit(text, five + 1) && isDigit(text, five + 2) && isDigit(text, five + 3) && isDigit(text, five + 4) && notLetterOrDigitAt(text, five + 5)) return five + 5;
  return notLetterOrDigitAt(text, five) ? five : -1;
}

/**
 * `(?:(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT)[ \t]{1,2}\d{4}|STATE(?:,?[ \t]{1,2}US_ZIP)?)(?![\p{L}\p{N}])`
 * at `pos`: its end, or -1.
 */
function stateTailEnd(text: string, pos: number): number {
  for (const au of AU_STATES) {
    if (!text.startsWith(au, pos)) continue;
    const i = pos + au.length;
    const n = blanksAt(text, i, 2);
    const d = i + n;
    if (n > 0 && isDigit(text, d) && isDigit(text, d + 1) && isDigit(text, d + 2) && isDigit(text, d + 3) && notLetterOrDigitAt(text, d + 4)) return d + 4;
  }
  const states = statesStartingWith(text[pos]);
  if (!states) return -1;
  for (const s of states) {
    if (!text.startsWith(s, pos)) continue;
    const end = pos + s.length;
    const zipStart = commaBlanks(text, end);
    if (zipStart >= 0) {
      const z = zipEnd(text, zipStart);
      if (z >= 0) return z;
    }
    if (notLetterOrDigitAt(text, end)) return end;
  }
  return -1;
}

/** Positions after `(?:[ \t]{1,2}|,[ \t]{0,2})` at `pos`, longest first. */
function separatorEnds(text: string, pos: number): number[] {
  if (text.charCodeAt(pos) === 44) {
    const n = blanksAt(text, pos + 1, 2);
    return n === 2 ? [pos + 3, pos + 2, pos + 1] : n === 1 ? [pos + 2, pos + 1] : [pos + 1];
  }
  const n = blanksAt(text, pos, 2);
  return n === 2 ? [pos + 2, pos + 1] : n === 1 ? [pos + 1] : [];
}

/**
 * Sticky `(?:PLACE(?:[ \t]{1,2}|,[ \t]{0,2}))?(?:AU-STATE[ \t]{1,2}\d{4}|STATE(?:,?[ \t]{1,2}US_ZIP)?)(?![\p{L}\p{N}])`:
 * "Toledo, OH 43606", "JERSEY CITY NJ 07305", "Minnesota 55901", "Ashgrove QLD 4060". End, or -1.
 */
export function cityStateZipEnd(text: string, pos: number): number {
  for (const p of placeEnds(text, pos)) {
    for (const q of separatorEnds(text, p)) {
      const end = stateTailEnd(text, q);
      if (end >= 0) return end;
    }
  }
  return stateTailEnd(text, pos);
}

const POSTCODE_AFTER_PLACE = new RegExp(
  String.raw`(?:[ \t]?\([\p{L} .'\-]{2,30}\))?,?[ \t]{1,2}(?:[-–][ \t]?)?(?:${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE}|${IN_PIN}|${JP_POSTCODE})(?![\p{L}\p{N}])`,
  'yu',
);

/**
 * Sticky `PLACE(?:[ \t]?\([\p{L} .'\-]{2,30}\))?,?[ \t]{1,2}(?:[-–][ \t]?)?(?:UK|CA|EIRCODE|IN_PIN|JP)(?![\p{L}\p{N}])`:
 * "London W11 2JD", "Montréal (Québec) H2X 3J6", "Bengaluru 560041". End, or -1.
 */
export function cityPostcodeEnd(text: string, pos: number): number {
  for (const p of placeEnds(text, pos)) {
    POSTCODE_AFTER_PLACE.lastIndex = p;
    const m = POSTCODE_AFTER_PLACE.exec(text);
    if (m) return p + m[0].length;
  }
  return -1;
}

/** `,?[ \t]{1,2}STATE,?[ \t]{1,2}US_ZIP$` at `pos`. */
function usRestAt(text: string, pos: number): boolean {
  const q = commaBlanks(text, pos);
  if (q < 0) return false;
  const states = statesStartingWith(text[q]);
  if (!states) return false;
  for (const s of states) {
    if (!text.startsWith(s, q)) continue;
    const z = commaBlanks(text, q + s.length);
    if (z < 0) continue;
    const len = text.length - z;
    if (len !== 5 && len !== 10) continue;
    let ok = true;
    for (let k = 0; k < 5 && ok; k++) ok = isDigit(text, z + k);
    if (ok && len === 10) {
      ok = text.charCodeAt(z + 5) === 45;
      for (let k = 6; k < 10 && ok; k++) ok = isDigit(text, z + k);
    }
    if (ok) return true;
  }
  return false;
}

const INTL_REST = new RegExp(String.raw`(?:[ \t]?\([\p{L} .'\-]{2,30}\))?,?[ \t]{1,2}(?:${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE}|${JP_POSTCODE})$`, 'yu');
const IN_REST = new RegExp(String.raw`,?[ \t]{1,2}(?:[-–][ \t]?)?${IN_PIN}$`, 'yu');

function stickyTest(re: RegExp, text: string, pos: number): boolean {
  re.lastIndex = pos;
  return re.test(text);
}

export type AnchorKind = 'us' | 'intl' | 'in';

/**
 * For a line that ends with a postcode, the start of the leftmost place that
 * begins an anchored "Place, ST 12345" (us), "Place POSTCODE" (intl) or "Place
 * PIN" (in) match reaching the end of `line`; -1 if none. Equivalent to the
 * index of `(?<![\p{L}\p{N}])PLACE…$`.exec(line).
 */
export function anchorStarts(line: string): (kind: AnchorKind) => number {
  const starts: number[] = [];
  const ends: number[][] = [];
  for (let i = 0; i < line.length; i++) {
    const cp = codePointAt(line, i);
    if (!isUpper(cp) || !notLetterOrDigitBefore(line, i)) continue;
    const e = placeEnds(line, i);
    if (e.length === 0) continue;
    starts.push(i);
    ends.push(e);
  }
  return (kind) => {
    for (let k = 0; k < starts.length; k++) {
      for (const p of ends[k]) {
        const ok = kind === 'us' ? usRestAt(line, p) : stickyTest(kind === 'intl' ? INTL_REST : IN_REST, line, p);
        if (ok) return starts[k];
      }
    }
    return -1;
  };
}
