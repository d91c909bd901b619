import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detect } from './helpers.js';

/**
 * 100 KB inputs built to trigger backtracking: long runs of digits, dots, '@',
 * dashes, spaces, masks, capitalised words and repeated labels. A linear-time
 * engine finishes each in milliseconds; the generous timeout only catches a
 * catastrophic (exponential) pattern, so the test does not measure speed.
 */
const SIZE = 100_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const INPUTS: Record<string, string> = {
  digits: fill('1234567890'),
  'digits and spaces': fill('4111 '),
  'digits and dashes': fill('12-'),
  dots: fill('.'),
  'at signs': fill('@a'),
  dashes: fill('-'),
  spaces: fill(' '),
  masks: fill('*X '),
  'capitalised words': fill('Member Policy Claim Case '),
  'labels without values': fill('MRN: No. # ID Ref '),
  'labels with endless codes': 'Claim no.: ' + fill('AB-12 '),
  'IBAN-like': fill('DE89 3704 '),
  'letters and digits': fill('A1'),
  'ending in': fill('card ending in '),
};

for (const [name, text] of Object.entries(INPUTS)) {
  test(`adversarial input, ${name}: completes`, { timeout: 20_000 }, () => {
    const spans = detect(text);
    assert.ok(Array.isArray(spans));
  });
}
