import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PhoneRecognizer } from '../../src/detect/recognizers/contact/phone.js';
import { Analyzer } from '../../src/detect/analyzer.js';
import { finder } from '../detect/found.js';

/**
 * Regression (issue 17): a phone number was left in clear when an identifier
 * word (MRN, id, policy, account, member ...) stood anywhere in the 40
 * characters before it, even when that word labelled another value.
 */
const phones = finder([new PhoneRecognizer()]);

test('an identifier label that belongs to another value no longer hides the phone number', () => {
  assert.deepEqual(phones('MRN 4821337. If questions, (413) 555-0182.'), ['(413) 555-0182']);
  assert.deepEqual(phones('Policy holder: Dana Reyes (212) 555-0147'), ['(212) 555-0147']);
  assert.deepEqual(phones('Your policy renews in May. Questions? (413) 555-0182'), ['(413) 555-0182']);
  assert.deepEqual(phones('Member ID 77812, home 413-555-0182'), ['413-555-0182']);
});

test('an identifier label attached to a phone-shaped number still marks it as an identifier', () => {
  assert.deepEqual(phones('MRN: 413-555-0182'), []);
  assert.deepEqual(phones('Policy no. 413-555-0182'), []);
  assert.deepEqual(phones('account number is 413 555 0182'), []);
});

test('the default profile redacts the phone number after an unrelated MRN', () => {
  const text = 'MRN 4821337. If questions, (413) 555-0182.';
  const spans = new Analyzer().analyzeSync(text);
  const phone = spans.find((s) => s.text === '(413) 555-0182');
  assert.ok(phone, 'phone number redacted as one span');
  assert.equal(phone.label, 'CONTACT');
});
