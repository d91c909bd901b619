import type { DetectionContext } from '../../context.js';
import { codePointBefore, isBlank, isLetterOrDigit, nextAccepted } from './chars.js';
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
const YEAR = /^(?:1[89]|20)\d\d$/;

export function numberFirstCores(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const { streetPrefixes } = addressLexicon();
  const out: Array<[number, number]> = [];
  HOUSE_NUMBER.lastIndex = 0;
  for (let m = nextAccepted(HOUSE_NUMBER, text, houseNumberMayStart); m; m = nextAccepted(HOUSE_NUMBER, text, houseNumberMayStart)) {
    const start = m.index;
    let pos = start + m[0].length;
    let names = 0;
    let prefixType = false;
    let coreEnd = -1;
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
    if (YEAR.test(m[0]) && YEAR_CUE_BEFORE.test(before)) continue;
    // A trailing "." that ends the sentence is not part of the abbreviation's span.
    if (text[coreEnd - 1] === '.' && /^(?:[ \t]*$|[ \t]*\r?\n|[ \t]+\p{Lu})/u.test(text.slice(coreEnd, coreEnd + 3))) coreEnd--;
    out.push([start, coreEnd]);
    HOUSE_NUMBER.lastIndex = coreEnd;
  }
  return out;
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
 * ends with a street ending, or a name-first prefix occurs in the window.
 */
function mayEndNameFirstStreet(text: string, from: number, end: number): boolean {
  const { endings, prefixes } = nameFirstWords();
  let wordEnd = end;
  for (let k = 0; k < 2 && wordEnd > from && isBlank(text, wordEnd - 1); k++) wordEnd--;
  for (const e of endings) if (text.endsWith(e, wordEnd)) return true;
  const window = text.slice(from, end);
  for (const p of prefixes) if (window.includes(p)) return true;
  return false;
}

let nameFirstWordLists: { endings: string[]; prefixes: string[] } | undefined;

/** Street endings as written in the name-first pattern (attached and capitalised), and its prefixes. */
function nameFirstWords(): { endings: string[]; prefixes: string[] } {
  if (nameFirstWordLists) return nameFirstWordLists;
  const { compoundEndings, nameFirstPrefixes } = addressLexicon();
  const endings = [...compoundEndings, ...compoundEndings.map((e) => e[0].toUpperCase() + e.slice(1))];
  nameFirstWordLists = { endings, prefixes: nameFirstPrefixes };
  return nameFirstWordLists;
}

export function nameFirstCores(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const re = nameFirstPattern();
  const out: Array<[number, number]> = [];
  NUMBER_AFTER_WORD.lastIndex = 0;
  for (let m = nextAccepted(NUMBER_AFTER_WORD, text, afterWord); m; m = nextAccepted(NUMBER_AFTER_WORD, text, afterWord)) {
    // "Spring 2019", "Boxing 1920": years are not house numbers.
    if (YEAR.test(m[0])) continue;
    const from = Math.max(0, m.index - 110);
    if (!mayEndNameFirstStreet(text, from, m.index)) continue;
    const street = re.exec(text.slice(from, m.index));
    if (street) out.push([from + street.index, m.index + m[0].length]);
  }
  return out;
}
