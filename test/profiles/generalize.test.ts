import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generalize } from '../../src/redact/generalize.js';
import { parsePolicy } from '../../src/redact/policy.js';
import { redactText } from '../../src/redact/redactor.js';
import { safeHarborZip3, zip3Population } from '../../src/redact/zip3.js';
import type { Span } from '../../src/types.js';
import type { Label } from '../../src/taxonomy.js';

function span(label: Label, text: string): Span {
  return { start: 0, end: text.length, label, text, score: 0.9, source: 'test', significance: 'MEDIUM' };
}

test('generalize: a date to its year, or with generalize-month to its month', () => {
  assert.equal(generalize(span('DATE', '12 March 2019 at 10.30 a.m.'), 'year'), '2019');
  assert.equal(generalize(span('DATE', '12 March 2019'), 'month'), 'March 2019');
  assert.equal(generalize(span('DATE', '12 de marzo de 2019'), 'month'), 'March 2019');
  assert.equal(generalize(span('DATE', '1998/99'), 'year'), '1998–1999');
  assert.equal(generalize(span('DATE', 'March-May 2018'), 'month'), 'March–May 2018');
  // No year to keep: the value is tagged, never left.
  assert.equal(generalize(span('DATE', '2 May'), 'year'), '[DATE]');
  assert.equal(generalize(span('DATE', 'the day after'), 'year'), '[DATE]');
});

test('generalize: an age to a ten-year band, 90 and over to one category', () => {
  assert.equal(generalize(span('DEMOGRAPHIC', '47-year-old'), 'year'), '40-49-year-old');
  assert.equal(generalize(span('DEMOGRAPHIC', 'aged 93'), 'year'), 'aged 90+');
  assert.equal(generalize(span('DEMOGRAPHIC', '89 years old'), 'year'), '80-89 years old');
  assert.equal(generalize(span('DEMOGRAPHIC', 'Hispanic'), 'year'), '[DEMOGRAPHIC]');
});

test('generalize: a place to its region where known', () => {
  assert.equal(generalize(span('LOCATION', 'Springfield, IL'), 'year'), 'Illinois');
  assert.equal(generalize(span('LOCATION', 'Lyon'), 'year'), 'France');
  assert.equal(generalize(span('LOCATION', 'Ohio'), 'year'), 'United States');
  assert.equal(generalize(span('LOCATION', 'Canada'), 'year'), '[LOCATION]');
  assert.equal(generalize(span('LOCATION', 'Qwxzv Hollow'), 'year'), '[LOCATION]');
  assert.equal(generalize(span('BIRTH', 'Toledo, Ohio'), 'year'), 'Ohio');
});

test('generalize: an address to its state and Safe Harbor ZIP3', () => {
  assert.equal(generalize(span('ADDRESS', '4417 Larkspur Lane, Dunmore, PA 18512'), 'year'), 'PA 185**');
  assert.equal(generalize(span('ADDRESS', '12 Orchard Road, Walpole, NH 03608'), 'year'), 'NH 000**');
  assert.equal(generalize(span('ADDRESS', '18512'), 'year'), 'PA 185**');
});

test('ZIP3 populations: big areas keep their digits, small, restricted and unknown ones become 000', () => {
  assert.ok(zip3Population('185')! > 20_000);
  assert.equal(safeHarborZip3('18512'), '185');
  assert.equal(safeHarborZip3('05901'), '000'); // a small Vermont area (and on the HHS list)
  assert.equal(safeHarborZip3('06320'), '000'); // on the HHS 2000 list, whatever today's figure
  assert.equal(zip3Population('002'), undefined);
  assert.equal(safeHarborZip3('00299'), '000'); // no such area: fail closed
});

test('the policy accepts generalize per category and as generalize:month', () => {
  const policy = parsePolicy('DATE=generalize:month,DEMOGRAPHIC=generalize');
  assert.equal(policy.DATE, 'generalize-month');
  assert.equal(policy.DEMOGRAPHIC, 'generalize');
  assert.equal(policy.PERSON_NAME, 'tag');
  const text = 'Ann, 47, came on 3 May 2021.';
  const spans: Span[] = [
    { start: 0, end: 3, label: 'PERSON_NAME', text: 'Ann', score: 0.9, source: 't', significance: 'HIGH' },
    { start: 5, end: 7, label: 'DEMOGRAPHIC', text: '47', score: 0.9, source: 't', significance: 'MEDIUM' },
    { start: 17, end: 27, label: 'DATE', text: '3 May 2021', score: 0.9, source: 't', significance: 'MEDIUM' },
  ];
  assert.equal(redactText(text, spans, { policy }), '[PERSON_NAME], 40-49, came on May 2021.');
  assert.throws(() => parsePolicy('DATE=blur'), /unknown operator "blur" \(tag, mask, remove, hash, generalize, generalize-month, surrogate, neighbour\)/);
});
