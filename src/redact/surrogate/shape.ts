import type { KeyedStream } from './keyed.js';

/**
 * Writing-form helpers shared by the surrogate generators: case patterns
 * ("MARIA", "maria", "Maria"), possessive endings ("Lopez's"), and character-
 * class reshaping of codes (digit for digit, letter for letter, separators kept).
 */
export type CasePattern = 'upper' | 'lower' | 'title' | 'mixed';

export function casePattern(word: string): CasePattern {
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (!letters) return 'mixed';
  if (letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return letters.length === 1 ? 'title' : 'upper';
  if (letters === letters.toLowerCase()) return 'lower';
  if (letters[0] === letters[0].toUpperCase() && letters.slice(1) === letters.slice(1).toLowerCase()) return 'title';
  return 'mixed';
}

/** Writes `word` in `pattern` ('mixed' and 'title' keep the word's own capitals). */
export function applyCase(word: string, pattern: CasePattern): string {
  if (pattern === 'upper') return word.toUpperCase();
  if (pattern === 'lower') return word.toLowerCase();
  return word;
}

/** Same case as `original` (an upper-case original gets an upper-case stand-in, and so on). */
export function likeCase(original: string, replacement: string): string {
  const pattern = casePattern(original);
  // Title case: a stand-in with capitals of its own keeps them ("Seventh-day Adventist"); a lower-case one gets a capital.
  if (pattern === 'title') return replacement === replacement.toLowerCase() ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
  return applyCase(replacement, pattern);
}

export function titleCase(word: string): string {
  return word.replace(/(^|[\s-])(\p{L})(\p{L}*)/gu, (_m, sep: string, first: string, rest: string) => sep + first.toUpperCase() + (rest === rest.toUpperCase() && rest.length > 1 ? rest.toLowerCase() : rest));
}

const POSSESSIVE = /(?:['’][sS]|[sS]['’]|['’])$/u;

/** "Lopez's" → ["Lopez", "'s"]; "Jones'" → ["Jones", "'"]; anything else → [text, ""]. */
export function splitPossessive(text: string): [string, string] {
  const m = POSSESSIVE.exec(text);
  if (!m || m.index === 0) return [text, ''];
  const tail = m[0];
  if (/^[sS]['’]$/.test(tail)) return [text.slice(0, -1), tail.slice(1)];
  return [text.slice(0, m.index), tail];
}

/** "Ruiz" + "'s" → "Ruiz's"; a name ending in s takes a bare apostrophe if the original did. */
export function joinPossessive(name: string, tail: string): string {
  if (!tail) return name;
  const apostrophe = tail.includes('’') ? '’' : "'";
  if (tail.length === 1) return /s$/i.test(name) ? name + apostrophe : `${name}${apostrophe}s`;
  return `${name}${apostrophe}${tail.endsWith('S') ? 'S' : 's'}`;
}

const VOWELS = 'aeiou';
const CONSONANTS = 'bcdfghjklmnprstvz';

/** Scripts whose letters a reshaped code keeps ("ΑΒ 1234" stays Greek); any other letter becomes a Latin one. */
const SCRIPTS = [/\p{Script=Greek}/u, /\p{Script=Cyrillic}/u, /\p{Script=Hebrew}/u, /\p{Script=Arabic}/u, /\p{Script=Armenian}/u, /\p{Script=Georgian}/u, /\p{Script=Devanagari}/u, /\p{Script=Thai}/u, /\p{Script=Hangul}/u, /\p{Script=Hiragana}/u, /\p{Script=Katakana}/u, /\p{Script=Han}/u];
const LETTER = /^\p{L}$/u;

/** Another letter of the same script and case as `ch` (a non-Latin letter), or undefined when `ch` is Latin or none is found near it. */
function sameScriptLetter(ch: string, rng: KeyedStream): string | undefined {
  const script = SCRIPTS.find((re) => re.test(ch));
  if (!script) return undefined;
  const cp = ch.charCodeAt(0);
  const upper = ch !== ch.toLowerCase();
  for (let i = 0; i < 24; i++) {
    const offset = rng.int(33) - 16;
    if (offset === 0 || cp + offset < 0x80 || cp + offset > 0xffff) continue;
    const c = String.fromCharCode(cp + offset);
    if (LETTER.test(c) && script.test(c) && (c !== c.toLowerCase()) === upper) return c;
  }
  return undefined;
}

/**
 * Replaces every digit with a random digit and every letter with a random
 * letter of the same case (and, for Greek, Cyrillic, Hebrew and other scripts,
 * of the same script), keeping everything else (separators, spaces). With
 * `pronounceable`, letter runs alternate consonants and vowels ("xq7" → "ba3").
 * A leading digit stays non-zero when it was.
 */
export function reshape(text: string, rng: KeyedStream, options: { pronounceable?: boolean; keepLetters?: boolean } = {}): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch >= '0' && ch <= '9') {
      const leading = i === 0 || !/[0-9]/.test(text[i - 1]);
      out += rng.digit(leading && ch !== '0');
      run = 0;
    } else if (/\p{L}/u.test(ch) && !options.keepLetters) {
      const upper = ch !== ch.toLowerCase();
      let letter: string;
      const other = ch.charCodeAt(0) >= 0x370 ? sameScriptLetter(ch, rng) : undefined;
      if (other !== undefined) {
        out += other;
        run++;
        continue;
      }
      if (options.pronounceable) letter = run % 2 === 0 ? CONSONANTS[rng.int(CONSONANTS.length)] : VOWELS[rng.int(VOWELS.length)];
      else letter = rng.letter();
      out += upper ? letter.toUpperCase() : letter;
      run++;
    } else {
      out += ch;
      run = 0;
    }
  }
  return out;
}

/**
 * Writes `digits` into the digit positions of `template` ("(212) 555-0142" with
 * "4155550199" → "(415) 555-0199"). The digit counts must agree.
 */
export function fillDigits(template: string, digits: string): string {
  let k = 0;
  let out = '';
  for (const ch of template) {
    if (ch >= '0' && ch <= '9') out += digits[k++] ?? '';
    else out += ch;
  }
  if (k !== digits.length) throw new Error('digit count mismatch');
  return out;
}

/** Same for letters and digits together (an IBAN written in groups). */
export function fillAlnum(template: string, alnum: string, lowerCase = false): string {
  let k = 0;
  let out = '';
  for (const ch of template) {
    if (/[0-9A-Za-z]/.test(ch)) {
      const c = alnum[k++] ?? '';
      out += lowerCase ? c.toLowerCase() : c;
    } else out += ch;
  }
  if (k !== alnum.length) throw new Error('character count mismatch');
  return out;
}

export function digitsOnly(text: string): string {
  return text.replace(/[^0-9]/g, '');
}
