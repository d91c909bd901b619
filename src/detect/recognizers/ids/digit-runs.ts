/** RUNS[k]: k ASCII digits in a row. */
const RUNS: RegExp[] = [];

/**
 * True if the document of `ctx` holds k ASCII digits in a row (what `\d{k}`
 * reads, with or without the u flag). A number recognizer whose every match
 * holds `\d{k}` returns nothing otherwise: most documents have no long digit
 * run, and this plain pattern (no look-behind, stops at the first run) costs
 * far less than the full ones, whose look-behinds are tried at every position.
 */
export function hasDigitRun(ctx: { readonly text: string }, k: number): boolean {
  return (RUNS[k] ??= new RegExp(`[0-9]{${k}}`)).test(ctx.text);
}
