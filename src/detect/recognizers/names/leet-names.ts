import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { FAMILY_NAME, GIVEN_NAME, NAME_STOPWORD, nameKeyFlags } from '../../../lexicons/names.js';
import { wordTier } from '../../recall/vocabulary.js';

/**
 * Names in leetspeak: "J0hn Sm1th", "m4ri4 g0nz4l3z", "$arah", "m@ria". A word of
 * letters and look-alike digits or signs is read back (0 o, 1 i or l, 3 e, 4 a,
 * 5 s, 6 g or b, 7 t, 8 b, 9 g, @ a, $ s, ! i, | l) and taken when the result is
 * a known given or family name that is not an everyday English word. Words with
 * a digit that stands for no letter ("B12", "4th") are left alone. Handles with
 * a sigil ("@s4r4h") are the handle recognizer's.
 */
/** A whole word of letters, digits and signs, tried (sticky) at the start of each word that holds a mixed spot. */
const LEET_WORD = /(?<![\p{L}\p{N}_@.#/\\-])[A-Za-z0-9@$!|]{3,24}(?![\p{L}\p{N}_@])/uy;
/**
 * Where a letter meets a digit or sign: the matches of /[A-Za-z][0-9@$!|]|[0-9@$!|][A-Za-z]/g (two
 * characters each). Digits and signs are rarer than letters: nextMixed finds each with a native
 * search (DIGIT_OR_SIGN) and looks at the letters beside it.
 */
const DIGIT_OR_SIGN = /[0-9@$!|]/g;

/** Start of the first match of the expression above at or after `from`, or -1. */
export function nextMixed(text: string, from: number): number {
  const n = text.length;
  DIGIT_OR_SIGN.lastIndex = from;
  while (DIGIT_OR_SIGN.test(text)) {
    const q = DIGIT_OR_SIGN.lastIndex - 1;
    // A letter before it (within the search) starts a match one earlier than a letter after it.
    if (q > from && isAsciiLetter(text.charCodeAt(q - 1))) return q - 1;
    if (q + 1 < n && isAsciiLetter(text.charCodeAt(q + 1))) return q;
  }
  return -1;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
/** A character of LEET_WORD: [A-Za-z0-9@$!|]. */
function isLeetChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 64 || c === 36 || c === 33 || c === 124;
}
const QUANTITY = /^\d+(?:am|pm|a|p|h|hr|hrs|min|mins|s|sec|st|nd|rd|th|x|k|m|kg|mg|mcg|ml|lb|lbs|yo|yr|yrs|ft|in|cm|mm|km|mi|mph|day|days|wk|wks|mo|mos)$/i;
const LEET: Record<string, string[]> = {
  '0': ['o'], '1': ['i', 'l'], '3': ['e'], '4': ['a'], '5': ['s'], '6': ['g', 'b'], '7': ['t'], '8': ['b'], '9': ['g'], '@': ['a'], $: ['s'], '!': ['i'], '|': ['l'],
};

/**
 * The readings of a word of LEET_WORD's characters, as its definition gives them: each character
 * lower-cased and read as its options (a letter as itself), every combination in order (the first
 * two-way character varies slowest); none when a character reads as no letter ("2") or when there
 * would be more than eight. Counted first, then built: no list of prefixes per character.
 */
export function readings(word: string): string[] {
  let count = 1;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c === 50) return []; // "2" reads as no letter
    if (c === 49 || c === 54) count *= 2; // "1" and "6" read two ways
  }
  if (count > 8) return [];
  const lower = word.toLowerCase();
  const out = new Array<string>(count);
  for (let r = 0; r < count; r++) {
    let reading = '';
    // The two-way characters take the bits of r, the first one the highest.
    let bit = count;
    for (let k = 0; k < lower.length; k++) {
      const ch = lower[k];
      const options = LEET[ch];
      if (options === undefined) reading += ch;
      else if (options.length === 1) reading += options[0];
      else {
        bit >>= 1;
        reading += options[(r & bit) !== 0 ? 1 : 0];
      }
    }
    out[r] = reading;
  }
  return out;
}

function inLexicon(key: string): boolean {
  if (key.length < 3) return false;
  const flags = nameKeyFlags(key);
  return (flags & NAME_STOPWORD) === 0 && (flags & (GIVEN_NAME | FAMILY_NAME)) !== 0;
}

/** word.replace(/[^A-Za-z]/g, '').length, counted. */
function asciiLetterCount(word: string): number {
  let letters = 0;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
  }
  return letters;
}

/** A known name that is no everyday English word ("smith" alone is not enough, "j0hn sm1th" is: see below). */
function isName(key: string): boolean {
  const tier = wordTier(key);
  return inLexicon(key) && (tier === 0 || tier > 20);
}

export function findLeetNames(ctx: DetectionContext, profile: Profile): Candidate[] {
  if (profile === 'precision') return [];
  const text = ctx.text;
  // Each leet word read as a name: strongly (a name that is no everyday word) or weakly (any known name).
  // Only words holding a letter beside a digit or sign are looked at: found from those spots, not from every word.
  const found: Array<{ start: number; end: number; strong: boolean }> = [];
  let lastStart = -1;
  // `from`: where the next spot is looked for (the expression's lastIndex: past the last spot, or past the word read there).
  let from = 0;
  for (let at = nextMixed(text, 0); at >= 0; at = nextMixed(text, from)) {
    from = at + 2;
    let start = at;
    while (start > 0 && start > at - 24 && isLeetChar(text.charCodeAt(start - 1))) start--;
    if (start === lastStart) continue;
    lastStart = start;
    LEET_WORD.lastIndex = start;
    const w = LEET_WORD.exec(text);
    if (!w) continue;
    from = Math.max(from, start + w[0].length);
    const word = w[0];
    const letters = asciiLetterCount(word);
    if (letters < 2 || letters === word.length) continue;
    // Capitals and digits only: a code ("AF1", "B52") unless three letters or more.
    if (letters < 3 && !/[a-z]/.test(word)) continue;
    // A sign at the edge is punctuation, not a letter ("Anna!", "$5").
    if (/^[$@!|]|[$@!|]$/.test(word) && !/^\$[a-z]/i.test(word)) continue;
    // Times, ordinals and quantities: "5am", "4th", "2day", "10x".
    if (QUANTITY.test(word)) continue;
    const keys = readings(word);
    if (keys.some(isName)) found.push({ start, end: start + word.length, strong: true });
    else if (keys.some(inLexicon)) found.push({ start, end: start + word.length, strong: false });
  }
  if (found.length === 0) return [];
  // A weak reading counts next to a strong one: "J0hn Sm1th".
  const next = (k: number) => found[k + 1] !== undefined && found[k + 1].strong && /^[ \t]$/.test(text.slice(found[k].end, found[k + 1].start));
  const prev = (k: number) => found[k - 1] !== undefined && found[k - 1].strong && /^[ \t]$/.test(text.slice(found[k - 1].end, found[k].start));
  return found
    .filter((f, k) => f.strong || next(k) || prev(k))
    .map((f) => ({ start: f.start, end: f.end, label: 'PERSON_NAME' as const, score: 0.7 }));
}
