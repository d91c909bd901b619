import type { DetectionContext } from '../../context.js';
import { codePointBefore, isBlank, isDigit, isLetterOrDigit, wordsPattern } from './chars.js';
import { addressLexicon } from './lexicon.js';
import { isStreetSuffix } from './patterns.js';

/**
 * Street cores: the part of an address that names a street and a house number.
 *  - number first: "2200 Monroe Street", "N4521 County Road QQ", "615 SE 9TH AVE", "1189 rue Saint-Denis"
 *  - name first:   "Hauptstraße 12", "Hauptstätter Straße 112", "Kerkstraat 9", "Calle Río Bravo 318", "ul. Długa 17/4"
 * Each core is returned as [start, end); the caller extends it to the full address.
 */

/** A house number: "2200", "12A", "2-14-7", "17/4", "N4521" (Wisconsin grid). */
const HOUSE_NUMBER = /(?:\d{1,6}(?:[-/]\d{1,4}){0,2}[A-Za-z]?|[NSEW]\d{3,5})(?![\p{L}\p{N}%]|[.,]\d)/gu;
const NOT_BEFORE_HOUSE_NUMBER = new Set([...'/.,:$£€#-'].map((c) => c.charCodeAt(0)));
/** The lookbehind of HOUSE_NUMBER, `(?<![\p{L}\p{N}/.,:$£€#-])`, tested in code. */
function houseNumberMayStart(text: string, i: number): boolean {
  const cp = codePointBefore(text, i);
  return !isLetterOrDigit(cp) && !NOT_BEFORE_HOUSE_NUMBER.has(cp);
}
const TOKEN = /[ \t]{1,2}([\p{L}\p{N}][\p{L}\p{M}\p{N}'’.\-]{0,30})/uy;
const DIRECTION = /^(?:n|s|e|w|ne|nw|se|sw|north|south|east|west)\.?$/i;
const ORDINAL = /^\d{1,4}(?:st|nd|rd|th)$/i;
const CONNECTORS = new Set(['of', 'the', 'de', 'la', 'del', 'los', 'las', 'du', 'des', 'on', 'upon', 'and', 'da', 'do', 'dos']);
/** Words before a number that make it something other than a house number. */
const NOT_HOUSE_NUMBER_BEFORE = /\b(?:room|rm|ward|bed|gate|exit|route|highway|hwy|interstate|chapter|page|pp?|floor|grade|level|suite|apt|unit|flat|box|age|aged|over|about|around|only|than|circa|approximately|nearly|almost)\.?[ \t]+$/i;
const YEAR_CUE_BEFORE = /\b(?:in|since|by|until|from|of|during|before|after|the|early|late|mid)[ \t]+$/i;

let prefixInitials = -1;
/** Bit c - 97 set: a street prefix ("rue", "calle") starts with the ASCII letter c (the prefixes are lower-case keys). */
function streetPrefixInitials(prefixes: ReadonlySet<string>): number {
  if (prefixInitials < 0) {
    prefixInitials = 0;
    for (const p of prefixes) {
      const c = p.charCodeAt(0);
      if (c >= 97 && c <= 122) prefixInitials |= 1 << (c - 97);
    }
  }
  return prefixInitials;
}

/**
 * False when the first word after a house number ending at `pos` surely ends the street scan:
 * TOKEN finds none (no blank), or it starts with a lower-case ASCII letter that starts no
 * street prefix (neither a prefix, nor capitalised, nor an ordinal). Most numbers are
 * followed by such a word ("5 days"): no match, substring or lower-case copy for them.
 */
function mayFollowHouseNumber(text: string, pos: number, prefixes: ReadonlySet<string>): boolean {
  let c = text.charCodeAt(pos);
  if (c !== 32 && c !== 9) return false;
  c = text.charCodeAt(pos + 1);
  if (c === 32 || c === 9) c = text.charCodeAt(pos + 2);
  if (c >= 97 && c <= 122) return (streetPrefixInitials(prefixes) & (1 << (c - 97))) !== 0;
  return true;
}

export function numberFirstCores(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const { streetPrefixes } = addressLexicon();
  const out: Array<[number, number]> = [];
  for (let start = nextHouseNumber(text, 0); start >= 0; start = nextHouseNumber(text, HOUSE_NUMBER_AT.lastIndex)) {
    const numberEnd = HOUSE_NUMBER_AT.lastIndex;
    let pos = numberEnd;
    let names = 0;
    let prefixType = false;
    let coreEnd = -1;
    if (!mayFollowHouseNumber(text, pos, streetPrefixes)) continue;
    for (let i = 0; i < 8; i++) {
      TOKEN.lastIndex = pos;
      const t = TOKEN.exec(text);
      if (!t) break;
      const word = t[1];
      const lower = word.toLowerCase();
      const tokenEnd = pos + t[0].length;
      if (i === 0 && streetPrefixes.has(lower)) {
        prefixType = true;
      } else if (/^\p{Lu}/u.test(word) || ORDINAL.test(word)) {
        if (names > 0 && isStreetSuffix(word)) coreEnd = tokenEnd;
        else if (DIRECTION.test(word) && names === 0) {
          // a leading direction: "615 SE 9th Ave", "3820 N. Campbell Ave"
        } else {
          names++;
          if (prefixType) coreEnd = tokenEnd;
        }
      } else if (!((names > 0 || prefixType) && CONNECTORS.has(lower))) {
        break;
      }
      pos = tokenEnd;
      // "Manila." ends a sentence; "Ave." or "N." is an abbreviation inside the address.
      if (word.endsWith('.') && word.length > 5) break;
    }
    if (coreEnd < 0) continue;
    // "Room 512 ...", "In 1999 Main Street ...": not a house number.
    const before = text.slice(Math.max(0, start - 16), start);
    if (NOT_HOUSE_NUMBER_BEFORE.test(before)) continue;
    if (isYear(text, start, numberEnd) && YEAR_CUE_BEFORE.test(before)) continue;
    // A trailing "." that ends the sentence is not part of the abbreviation's span.
    if (text[coreEnd - 1] === '.' && /^(?:[ \t]*$|[ \t]*\r?\n|[ \t]+\p{Lu})/u.test(text.slice(coreEnd, coreEnd + 3))) coreEnd--;
    out.push([start, coreEnd]);
    HOUSE_NUMBER_AT.lastIndex = coreEnd;
  }
  return out;
}

/** HOUSE_NUMBER without its look-behind, sticky (see nextHouseNumber). */
const HOUSE_NUMBER_AT = new RegExp(HOUSE_NUMBER.source, 'uy');

/**
 * Where a match of HOUSE_NUMBER may start: a digit, or one of N, S, E, W before a digit. Only
 * the first character of each run found can pass the look-behind (the next one follows a digit
 * or a letter), so the scan jumps from run to run (a native scan, not a loop over characters).
 */
const HOUSE_NUMBER_RUN = /[NSEW]?\d+/g;

/**
 * Start of the next match of HOUSE_NUMBER (global, from `from`, with its look-behind) or -1; the
 * match ends at HOUSE_NUMBER_AT.lastIndex. Only the starts of HOUSE_NUMBER_RUN that pass the
 * look-behind are tried, and test() builds no match array (most numbers in a text are no house numbers).
 */
function nextHouseNumber(text: string, from: number): number {
  HOUSE_NUMBER_RUN.lastIndex = from;
  while (HOUSE_NUMBER_RUN.test(text)) {
    let i = digitsStart(text, from, HOUSE_NUMBER_RUN.lastIndex);
    // A direction letter before the digits ("N4521") is part of the match when it is at or after `from`.
    const c = text.charCodeAt(i - 1);
    if (i > from && (c === 78 || c === 83 || c === 69 || c === 87)) i--;
    if (!houseNumberMayStart(text, i)) continue;
    HOUSE_NUMBER_AT.lastIndex = i;
    if (HOUSE_NUMBER_AT.test(text)) return i;
  }
  return -1;
}

let nameFirst: RegExp | undefined;

/**
 * The name-first street pattern, anchored at the end: it is tried only on the
 * text before a "word 12" number (scanning every capitalised word with it was slow).
 */
function nameFirstPattern(): RegExp {
  if (nameFirst) return nameFirst;
  const { compoundEndings, nameFirstPrefixes } = addressLexicon();
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const endings = compoundEndings.map(esc).join('|');
  const separate = compoundEndings.map((e) => esc(e[0].toUpperCase() + e.slice(1))).join('|');
  const prefixes = nameFirstPrefixes.map(esc).join('|');
  const word = String.raw`[\p{Lu}][\p{L}\p{M}'’\-]{0,30}`;
  nameFirst = new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:[\p{Lu}][\p{L}\p{M}\-]{0,30}(?:${endings})|${word}(?:[ \t-]${word}){0,2}[ \t](?:${separate})|(?:${prefixes})[ \t]{1,2}${word}(?:[ \t]${word}){0,3})[ \t]{1,2}$`,
    'u',
  );
  return nameFirst;
}

/** A house number after a word: "…straße 12", "Długa 17/4", "Bravo 318", "Cad. No: 214". */
const NUMBER_AFTER_WORD = /(?:No\.?:?[ \t]?)?\d{1,4}[a-z]?(?:[-/]\d{1,4}[a-z]?)?(?![\p{L}\p{N}])/gu;

const isLetterOrDot = (cp: number) => cp === 46 || (cp >= 0 && (cp < 0x80 ? (cp | 32) >= 97 && (cp | 32) <= 122 : LETTER.test(String.fromCodePoint(cp))));
const LETTER = /\p{L}/u;

/** The lookbehind of NUMBER_AFTER_WORD, `(?<=[\p{L}.][ \t]{1,2})`, tested in code. */
function afterWord(text: string, i: number): boolean {
  if (!isBlank(text, i - 1)) return false;
  if (isLetterOrDot(codePointBefore(text, i - 1))) return true;
  return isBlank(text, i - 2) && isLetterOrDot(codePointBefore(text, i - 2));
}

/**
 * A cheap necessary condition for the name-first pattern to match the text
 * before `end` (which ends with one or two blanks): the word before the blanks
 * ends with a street ending, or a name-first prefix occurs in the window
 * [from, end) (`prefixes` answers that from the document's prefix occurrences).
 */
function mayEndNameFirstStreet(text: string, from: number, end: number, prefixes: PrefixOccurrences): boolean {
  const { endingsByLast } = nameFirstWords();
  let wordEnd = end;
  for (let k = 0; k < 2 && wordEnd > from && isBlank(text, wordEnd - 1); k++) wordEnd--;
  const endings = endingsByLast.get(text.charCodeAt(wordEnd - 1));
  if (endings) for (const e of endings) if (text.endsWith(e, wordEnd)) return true;
  return prefixes.within(from, end);
}

/**
 * Where the name-first prefixes occur in a document (every occurrence, in
 * order of start), asked for windows that move forward only: does one lie
 * wholly inside [from, end)? The same answer as `text.slice(from,
 * end).includes(prefix)` for some prefix, without a slice and a search per
 * prefix for every number in the text.
 */
class PrefixOccurrences {
  private starts: number[] = [];
  private ends: number[] = [];
  private next = 0;

  constructor(text: string, prefixes: readonly string[]) {
    const found: Array<[number, number]> = [];
    for (const p of prefixes) for (let i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + 1)) found.push([i, i + p.length]);
    found.sort((a, b) => a[0] - b[0]);
    for (const [s, e] of found) {
      this.starts.push(s);
      this.ends.push(e);
    }
  }

  /** `from` and `end` must not decrease from one call to the next. */
  within(from: number, end: number): boolean {
    while (this.next < this.starts.length && this.starts[this.next] < from) this.next++;
    for (let k = this.next; k < this.starts.length && this.starts[k] < end; k++) if (this.ends[k] <= end) return true;
    return false;
  }
}

interface NameFirstWords {
  endingsByLast: Map<number, string[]>;
  prefixes: string[];
  /** Finds any of the prefixes (one scan: most texts hold none). */
  anyPrefix: RegExp;
}

let nameFirstWordLists: NameFirstWords | undefined;

/** Street endings as written in the name-first pattern (attached and capitalised), by last character, and its prefixes. */
function nameFirstWords(): NameFirstWords {
  if (nameFirstWordLists) return nameFirstWordLists;
  const { compoundEndings, nameFirstPrefixes } = addressLexicon();
  const endings = [...compoundEndings, ...compoundEndings.map((e) => e[0].toUpperCase() + e.slice(1))];
  const endingsByLast = new Map<number, string[]>();
  for (const e of endings) {
    const last = e.charCodeAt(e.length - 1);
    endingsByLast.set(last, [...(endingsByLast.get(last) ?? []), e]);
  }
  nameFirstWordLists = { endingsByLast, prefixes: nameFirstPrefixes, anyPrefix: wordsPattern(nameFirstPrefixes) };
  return nameFirstWordLists;
}

export function nameFirstCores(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const re = nameFirstPattern();
  const out: Array<[number, number]> = [];
  let prefixes: PrefixOccurrences | undefined;
  let end = 0;
  for (let at = nextNumberAfterWord(text, 0); at >= 0; at = nextNumberAfterWord(text, end)) {
    end = NUMBER_AFTER_WORD_AT.lastIndex;
    // "Spring 2019", "Boxing 1920": years are not house numbers.
    if (isYear(text, at, end)) continue;
    const from = Math.max(0, at - 110);
    if (prefixes === undefined) {
      const words = nameFirstWords();
      prefixes = new PrefixOccurrences(text, words.anyPrefix.test(text) ? words.prefixes : []);
    }
    if (!mayEndNameFirstStreet(text, from, at, prefixes)) continue;
    const street = re.exec(text.slice(from, at));
    if (street) out.push([from + street.index, end]);
  }
  return out;
}

/** NUMBER_AFTER_WORD without its look-behind, sticky (see nextNumberAfterWord). */
const NUMBER_AFTER_WORD_AT = new RegExp(NUMBER_AFTER_WORD.source, 'uy');

/**
 * Where a match of NUMBER_AFTER_WORD may start: the "No" of "No. 12", or a run of digits, of which
 * only the first can pass the look-behind (the others follow a digit, not a blank).
 */
const NUMBER_AFTER_WORD_START = /No|\d+/g;

/**
 * Start of the next match of NUMBER_AFTER_WORD (global, from `from`, with its look-behind) or -1;
 * the match ends at NUMBER_AFTER_WORD_AT.lastIndex. Only the starts of NUMBER_AFTER_WORD_START
 * after a word are tried, and test() builds no match array.
 */
function nextNumberAfterWord(text: string, from: number): number {
  NUMBER_AFTER_WORD_START.lastIndex = from;
  while (NUMBER_AFTER_WORD_START.test(text)) {
    const end = NUMBER_AFTER_WORD_START.lastIndex;
    const i = isDigit(text, end - 1) ? digitsStart(text, from, end) : end - 2;
    if (!afterWord(text, i)) continue;
    NUMBER_AFTER_WORD_AT.lastIndex = i;
    if (NUMBER_AFTER_WORD_AT.test(text)) return i;
  }
  return -1;
}

/**
 * Start of the run of digits that ends at `end`, not before `from`: where a global scan from
 * `from` found it (test() gives only the end of a match; no match array is built).
 */
function digitsStart(text: string, from: number, end: number): number {
  let i = end;
  while (i > from && isDigit(text, i - 1)) i--;
  return i;
}

/** A year, `/^(?:1[89]|20)\d\d$/`, on text[start, end). */
function isYear(text: string, start: number, end: number): boolean {
  if (end - start !== 4) return false;
  const a = text.charCodeAt(start);
  const b = text.charCodeAt(start + 1);
  if (!((a === 49 && (b === 56 || b === 57)) || (a === 50 && b === 48))) return false;
  const c = text.charCodeAt(start + 2);
  const d = text.charCodeAt(start + 3);
  return c >= 48 && c <= 57 && d >= 48 && d <= 57;
}
