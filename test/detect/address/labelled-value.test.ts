import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { labelledAddresses } from '../../../src/detect/recognizers/address/labelled.js';

/**
 * The value of an address label stops at a sentence end on the same line. The
 * sentence end is looked for only up to the value's end (and the blanks and
 * the character after it), so a long form without full stops is not searched
 * to its end once per label.
 */
const values = (text: string) => labelledAddresses(new DetectionContext(text)).map(([s, e]) => text.slice(s, e));

test('a sentence after the address on the same line ends the value', () => {
  assert.deepEqual(values('Home address: 2200 Monroe Street, Springfield, WA 98075. Purchase price was agreed.'), ['2200 Monroe Street, Springfield, WA 98075']);
});

test('a short abbreviation keeps its full stop even when blanks and a capital follow', () => {
  assert.deepEqual(values('Address: 14 Oak Ave.   Then we left'), ['14 Oak Ave.']);
});

test('a value ended by two blanks before the next field is unchanged', () => {
  assert.deepEqual(values('Mailing address: 77 Birch Lane, Dayton, OH 45402   Phone: none'), ['77 Birch Lane, Dayton, OH 45402']);
});

test('many labels on one long line without full stops: each value found', () => {
  const line = Array.from({ length: 200 }, (_, k) => `Address: ${k + 1} Elm Road, Leeds LS8 5AJ`).join('  |  ');
  const found = values(line);
  assert.equal(found.length, 200);
  assert.equal(found[0], '1 Elm Road, Leeds LS8 5AJ');
  assert.equal(found[199], '200 Elm Road, Leeds LS8 5AJ');
});
