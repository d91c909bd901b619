import { createRequire } from 'node:module';
import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from '../ids/cue-recognizer.js';

/**
 * BIC / SWIFT codes after their label: 4 bank letters, an ISO country code,
 * location and optional branch. A BIC names a bank branch rather than a person,
 * so it is scored low: a precision profile may drop it.
 */
let countries: Set<string> | undefined;
function isCountry(code: string): boolean {
  if (!countries) {
    const require = createRequire(import.meta.url);
    const iso = require('i18n-iso-countries/index.js') as { getAlpha2Codes(): Record<string, string> };
    countries = new Set(Object.keys(iso.getAlpha2Codes()));
  }
  return countries.has(code);
}

export function bicRecognizer(): Recognizer {
  return cueRecognizer('bic', ['FINANCIAL'], ['bic'], (value) =>
    /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value) && isCountry(value.slice(4, 6)) ? { label: 'FINANCIAL', score: 0.6 } : undefined,
  );
}
