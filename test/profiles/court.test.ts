import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/detect/analyzer.js';
import type { Span } from '../../src/types.js';
import { JUDGMENT } from './judgment-fixture.js';

const court = new Analyzer({ profile: 'court' });
const spans = court.analyzeSync(JUDGMENT);

/** The label of the span covering every character of `value` (its n-th occurrence), or undefined. */
function labelOf(all: readonly Span[], value: string, occurrence = 0): string | undefined {
  let start = -1;
  for (let i = 0; i <= occurrence; i++) start = JUDGMENT.indexOf(value, start + 1);
  assert.ok(start >= 0, `fixture has "${value}"`);
  const s = all.find((x) => x.start <= start && x.end >= start + value.length);
  return s?.label;
}

test('court: application, case and register numbers', () => {
  assert.equal(labelOf(spans, '40817/07'), 'ID_NUMBER');
  assert.equal(labelOf(spans, '40817/07', 1), 'ID_NUMBER');
  assert.equal(labelOf(spans, '2-345/2004'), 'ID_NUMBER');
  assert.equal(labelOf(spans, '52/3'), 'ID_NUMBER');
  assert.equal(labelOf(spans, '77:01:0004012:1033'), 'ID_NUMBER');
  assert.equal(labelOf(spans, 'cell no. 14'), 'LOCATION');
});

test('court: dates, ranges, times and bare years', () => {
  assert.equal(labelOf(spans, '14 February 2012'), 'DATE');
  assert.equal(labelOf(spans, '3 September 2007'), 'DATE');
  assert.equal(labelOf(spans, '5-7 October 2004'), 'DATE');
  assert.equal(labelOf(spans, '21 September 2004 at 10.30 a.m.'), 'DATE');
  assert.equal(labelOf(spans, '2006'), 'DATE');
  // A date of birth stays BIRTH.
  assert.equal(labelOf(spans, '1961'), 'BIRTH');
});

test('court: sums awarded and sentence lengths', () => {
  assert.equal(labelOf(spans, 'EUR 9,600'), 'QUANTITY');
  assert.equal(labelOf(spans, '2,500 euros'), 'QUANTITY');
  assert.equal(labelOf(spans, 'RUB 1,200,000'), 'QUANTITY');
  assert.equal(labelOf(spans, 'four years and six months'), 'QUANTITY');
  assert.equal(labelOf(spans, '18 months'), 'QUANTITY');
});

test('court: parties and witnesses', () => {
  assert.equal(labelOf(spans, 'Halina Nowakowska'), 'PERSON_NAME');
  assert.equal(labelOf(spans, 'Rudolf Elphberg'), 'PERSON_NAME');
  assert.equal(labelOf(spans, 'T. Brzezinski'), 'PERSON_NAME');
});

test('the default profile finds application numbers but leaves dates, sums, durations and bare years', () => {
  const balanced = new Analyzer({ profile: 'balanced' }).analyzeSync(JUDGMENT);
  assert.equal(labelOf(balanced, '40817/07'), 'ID_NUMBER');
  assert.notEqual(labelOf(balanced, '12 March 2003'), 'DATE');
  assert.equal(labelOf(new Analyzer({ profile: 'recall' }).analyzeSync(JUDGMENT), '12 March 2003'), 'DATE');
  assert.notEqual(labelOf(balanced, 'EUR 9,600'), 'QUANTITY');
  assert.notEqual(labelOf(balanced, '18 months'), 'QUANTITY');
  assert.notEqual(labelOf(balanced, '2006'), 'DATE');
});

test('the spec profile finds exactly the 14 categories: no DATE, no QUANTITY', () => {
  const spec = new Analyzer({ profile: 'spec' }).analyzeSync(JUDGMENT);
  assert.ok(spec.length > 0);
  assert.deepEqual(spec.filter((s) => s.label === 'DATE' || s.label === 'QUANTITY'), []);
  assert.equal(labelOf(spec, '40817/07'), 'ID_NUMBER');
});
