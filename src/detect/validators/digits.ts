/** Keep only the ASCII digits of a string ("4147 2031-5566" → "414720315566"). */
export function digitsOf(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** Keep only ASCII letters and digits, upper-cased ("de22 7015" → "DE227015"). */
export function alnumUpper(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

const ASCII_DIGIT = /[0-9]/;

/**
 * True if the document of `ctx` holds an ASCII digit (what `\d` reads, with or
 * without the u flag). The recognizers of numbers ask this first and return
 * nothing on a text without one. Not memoised: the test stops at the first
 * digit, and costs less than a per-context WeakMap entry.
 */
export function hasAsciiDigit(ctx: { readonly text: string }): boolean {
  return ASCII_DIGIT.test(ctx.text);
}
