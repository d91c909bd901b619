import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { DetectionContext } from '../../../src/detect/context.js';
import { addressRecognizers } from '../../../src/detect/recognizers/address/index.js';
import { addressLexicon } from '../../../src/detect/recognizers/address/lexicon.js';

/**
 * The cheap tests that let the address patterns skip a text or a position (a digit, a
 * word of the pattern, the first characters of a tail part) must never hide a match.
 */
const [recognizer] = addressRecognizers({ profile: 'balanced' });

function found(text: string): string[] {
  const out = recognizer.detect(new DetectionContext(text));
  if (out instanceof Promise) throw new Error('address recognizer must be synchronous');
  return out.map((c) => text.slice(c.start, c.end));
}

test('a text without a digit has no address; the same text with a house number has one', () => {
  assert.deepEqual(found('Her home address is on Church Lane, near the old mill.'), []);
  assert.deepEqual(found('Her home address is 7 Church Lane, near the old mill.'), ['7 Church Lane']);
});

test('PO boxes and postcode labels in any case, and with a long s, are still found', () => {
  assert.deepEqual(found('Send it to PO BOX 991, Helena, MT 59604.'), ['PO BOX 991, Helena, MT 59604']);
  assert.deepEqual(found('Mail it to Postfach 4417, 80331 München.'), ['Postfach 4417, 80331 München']);
  // "ſ" matches "s" in the case-insensitive pattern, though the lower-case view keeps it.
  assert.deepEqual(found('Mail it to Poſtfach 4417, 80331 München.'), ['Poſtfach 4417, 80331 München']);
  assert.deepEqual(found('Boîte postale 218, Lyon'), ['Boîte postale 218, Lyon']);
  assert.deepEqual(found('ZIP CODE: 90210 please'), ['90210']);
});

test('labelled addresses in capitals and with a long s in the label', () => {
  assert.deepEqual(found('HOME ADDRESS: 12 Elm St, Dayton, OH 45402'), ['12 Elm St, Dayton, OH 45402']);
  assert.deepEqual(found('Home Addreſs: 4 Oak Rd, Leeds LS8 5AJ'), ['4 Oak Rd, Leeds LS8 5AJ']);
  assert.deepEqual(found('Location of incident: 40 Canal Street, Manchester M1 3WB'), ['40 Canal Street, Manchester M1 3WB']);
});

test('tail parts after a comma: units in any case, counties, prefixed postcodes', () => {
  assert.deepEqual(found('Office at 42 Harbour Road, SUITE 12, Dover'), ['42 Harbour Road, SUITE 12, Dover']);
  assert.deepEqual(found('Deliver to 14 Mill Lane, ste 3, Leeds LS8 5AJ'), ['14 Mill Lane, ste 3, Leeds LS8 5AJ']);
  assert.deepEqual(found('221 Baker Street, Apt. 4, London NW1 6XE'), ['221 Baker Street, Apt. 4, London NW1 6XE']);
  assert.deepEqual(found('Shipped to 18 Church Lane, Co. Cork'), ['18 Church Lane, Co. Cork']);
  assert.deepEqual(found('Meet at 5 Ash Grove, D-80331 München'), ['5 Ash Grove, D-80331 München']);
});

test('the country list holds every English name and alias of i18n-iso-countries', () => {
  const require = createRequire(import.meta.url);
  const iso = require('i18n-iso-countries/index.js') as {
    registerLocale(locale: unknown): void;
    getNames(lang: string, opts: { select: 'all' }): Record<string, string[]>;
  };
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const names = Object.values(iso.getNames('en', { select: 'all' })).flat();
  assert.ok(names.length > 250);
  const countries = addressLexicon().countries;
  for (const name of names) assert.ok(countries.has(name.toLowerCase()), name);
  assert.ok(countries.has('united kingdom') && countries.has('germany'));
});
