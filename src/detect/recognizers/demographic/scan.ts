import { codePointBefore, nextAccepted } from '../address/chars.js';

export { nextAccepted };
/**
 * Scanning helpers: a regex whose leading lookbehind is tested in code only at
 * the positions where the rest of it matches. V8 evaluates a leading lookbehind
 * at every position of the text, which made such scans the slowest part here.
 */

const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;


/** `(?<![\p{L}])` at `i`. */
export function notLetterBefore(text: string, i: number): boolean {
  const cp = codePointBefore(text, i);
  if (cp < 0x80) return !((cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122));
  return !LETTER.test(String.fromCodePoint(cp));
}

/** `(?<![\p{L}\p{N}])` at `i`. */
export function notLetterOrDigitBefore(text: string, i: number): boolean {
  const cp = codePointBefore(text, i);
  if (cp < 0x80) return !((cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57));
  return !LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
}

/** `(?<![\p{L}\p{N}.,/-])` at `i`. */
export function notNumberPartBefore(text: string, i: number): boolean {
  const cp = codePointBefore(text, i);
  if (cp === 46 || cp === 44 || cp === 47 || cp === 45) return false;
  return notLetterOrDigitBefore(text, i);
}

/** A lookbehind given as a sticky zero-width regex, tested at `i`. */
export function assertionAt(assertion: RegExp): (text: string, i: number) => boolean {
  return (text, i) => {
    assertion.lastIndex = i;
    return assertion.test(text);
  };
}

