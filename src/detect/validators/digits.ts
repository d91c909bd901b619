/** Keep only the ASCII digits of a string ("4147 2031-5566" → "414720315566"). */
export function digitsOf(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** Keep only ASCII letters and digits, upper-cased ("de22 7015" → "DE227015"). */
export function alnumUpper(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

const digitFacts = new WeakMap<{ readonly text: string }, boolean>();
const ASCII_DIGIT = /[0-9]/;

/**
 * True if the document of `ctx` holds an ASCII digit (what `\d` reads, with or
 * without the u flag). The recognizers of numbers ask this first and return
 * nothing on a text without one; the answer is kept per context (a WeakMap: no
 * text outlives its document), as some twenty of them ask it in a row.
 */
export function hasAsciiDigit(ctx: { readonly text: string }): boolean {
  let known = digitFacts.get(ctx);
  if (known === undefined) {
    known = ASCII_DIGIT.test(ctx.text);
    digitFacts.set(ctx, known);
  }
  return known;
}
