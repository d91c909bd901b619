/**
 * en-US number formatting for the `basis` texts. `Number#toLocaleString('en-US')`
 * builds an ICU formatter on every call (the costliest part of the stage); one
 * shared Intl.NumberFormat gives the same text (the spec defines toLocaleString
 * through it), and a plain digit-grouping path covers the usual safe integers.
 */
// Built on first use: constructing it costs about 14 ms, at every process and worker start otherwise.
let enUs: Intl.NumberFormat | undefined;

/** Same text as `n.toLocaleString('en-US')`. */
export function formatNumber(n: number): string {
  // Safe non-negative integers (not -0): group the digits by hand.
  if (Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0)) {
    if (n < 1000) return String(n);
    const digits = String(n);
    const head = digits.length % 3 || 3;
    let out = digits.slice(0, head);
    for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
    return out;
  }
  return (enUs ??= new Intl.NumberFormat('en-US')).format(n);
}

/** Same text as `Math.round(n).toLocaleString('en-US')`. */
export function formatCount(n: number): string {
  return formatNumber(Math.round(n));
}
