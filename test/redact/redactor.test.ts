import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText } from '../../src/redact/redactor.js';
import { parsePolicy } from '../../src/redact/policy.js';
import { resolve } from '../../src/resolve/resolver.js';

const text = 'Patient Maria Gonzalez-Reyes, phone (413) 555-0182, saw Dr. Maria Gonzalez-Reyes again.';
const spans = resolve(text, [
  { start: 8, end: 28, label: 'PERSON_NAME', score: 0.9 },
  { start: 36, end: 50, label: 'CONTACT', score: 0.99 },
  { start: text.lastIndexOf('Maria'), end: text.lastIndexOf('Maria') + 20, label: 'PERSON_NAME', score: 0.9 },
]);

test('tag operator names the category and keeps the surrounding text', () => {
  assert.equal(redactText(text, spans), 'Patient [PERSON_NAME], phone [CONTACT], saw Dr. [PERSON_NAME] again.');
});

test('mask is fixed-width, so the length of the original does not leak', () => {
  const out = redactText(text, spans, { policy: parsePolicy('mask') });
  assert.equal(out, 'Patient ████████, phone ████████, saw Dr. ████████ again.');
  assert.ok(!out.includes('Maria') && !out.includes('555'));
});

test('remove deletes the value', () => {
  assert.equal(redactText(text, spans, { policy: parsePolicy('remove') }), 'Patient , phone , saw Dr.  again.');
});

test('hash is keyed and consistent: same value, same token; other key, other token', () => {
  const a = redactText(text, spans, { policy: parsePolicy('hash'), settings: { hashKey: 'k1' } });
  const tokens = a.match(/\[PERSON_NAME:[0-9a-f]{12}\]/g) ?? [];
  assert.equal(tokens.length, 2);
  assert.equal(tokens[0], tokens[1]);
  const b = redactText(text, spans, { policy: parsePolicy('hash'), settings: { hashKey: 'k2' } });
  assert.notEqual(a, b);
  assert.throws(() => redactText(text, spans, { policy: parsePolicy('hash') }), /needs a key/);
});

test('per-category policy and bad policies', () => {
  const out = redactText(text, spans, { policy: parsePolicy('CONTACT=mask') });
  assert.equal(out, 'Patient [PERSON_NAME], phone ████████, saw Dr. [PERSON_NAME] again.');
  assert.throws(() => parsePolicy('PERSON=mask'), /unknown category/);
  assert.throws(() => parsePolicy('shred'), /unknown operator/);
});

test('keep() leaves chosen spans in clear', () => {
  const out = redactText(text, spans, { keep: (s) => s.label === 'CONTACT' });
  assert.ok(out.includes('(413) 555-0182'));
  assert.ok(!out.includes('Maria'));
});
