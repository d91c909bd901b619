import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { contactRecognizers } from '../../../src/detect/recognizers/contact/index.js';

/**
 * Every contact pattern must run in linear time. These inputs (about 100 KB
 * each) target the patterns' repetitions; the generous timeout only guards
 * against a catastrophic (exponential or quadratic) regression.
 */
const SIZE = 100_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const INPUTS: Record<string, string> = {
  digits: fill('4'),
  spacedDigits: fill('4 '),
  dottedDigits: fill('12.'),
  dashedDigits: fill('55-'),
  ats: fill('@'),
  atWords: fill('a@'),
  emailish: fill('a.b@c.'),
  colons: fill('ab:'),
  hexColons: fill('f:'),
  slashes: fill('a/'),
  urls: fill('www.'),
  handles: fill('@a_'),
  capitalised: fill('Username Handle Login '),
  obfuscated: fill('x [at] y [dot] '),
  plus: fill('+1 '),
  parens: fill('(1) '),
  ext: fill('5 ext 5 '),
};

for (const [name, input] of Object.entries(INPUTS)) {
  test(`contact recognizers finish on 100 KB of ${name}`, { timeout: 30_000 }, () => {
    const ctx = new DetectionContext(input);
    for (const recognizer of contactRecognizers({ profile: 'balanced' })) {
      const found = recognizer.detect(ctx);
      assert.ok(Array.isArray(found));
    }
  });
}
