/**
 * Character-class tests the estimators ask of every element, answered by a character test
 * for ASCII and by the Unicode pattern otherwise (same answers). A `\p{Lu}` class costs V8
 * milliseconds to compile on its first use, and a regex call per word costs more than a
 * comparison.
 */
const STARTS_UPPER = /^\p{Lu}/u;
const HAS_UPPER = /\p{Lu}/u;
const STARTS_UPPER_DIGIT_AMP = /^[\p{Lu}\p{N}&]/u;

/** `/^\p{Lu}/u.test(text)`. */
export function startsUpper(text: string): boolean {
  if (text.length === 0) return false;
  const c = text.charCodeAt(0);
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  return STARTS_UPPER.test(text);
}

/** `/\p{Lu}/u.test(text)`. */
export function hasUpper(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return HAS_UPPER.test(text);
    if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}

/** `/^[\p{Lu}\p{N}&]/u.test(text)` (a capital, a digit or "&" first). */
export function startsUpperDigitOrAmpersand(text: string): boolean {
  if (text.length === 0) return false;
  const c = text.charCodeAt(0);
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x26;
  return STARTS_UPPER_DIGIT_AMP.test(text);
}
