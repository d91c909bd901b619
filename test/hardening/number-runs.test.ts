import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../src/detect/context.js';
import { numberRunRecognizer } from '../../src/detect/recognizers/evasion/number-runs.js';

/** [label, found text] of every candidate of the number-run recognizer. */
function runs(text: string): Array<[string, string]> {
  const ctx = new DetectionContext(text);
  return (numberRunRecognizer().detect(ctx) as Array<{ start: number; end: number; label: string }>).map((c) => [c.label, text.slice(c.start, c.end)]);
}

test('phone numbers spoken in words, alone or mixed with digits', () => {
  assert.deepEqual(runs('call four one three, five five five, zero one eight two'), [['CONTACT', 'four one three, five five five, zero one eight two']]);
  assert.deepEqual(runs('my number is four one three five five five oh one eight two.'), [['CONTACT', 'four one three five five five oh one eight two']]);
  assert.deepEqual(runs('ring me on 413 five five five 0182'), [['CONTACT', '413 five five five 0182']]);
  assert.deepEqual(runs('text 4one3-555-01eight2 tonight'), [['CONTACT', '4one3-555-01eight2']]);
  assert.deepEqual(runs('the number is (four one three) five five five - zero one eight two'), [['CONTACT', '(four one three) five five five - zero one eight two']]);
  assert.deepEqual(runs('call four thirteen, five fifty-five, zero one eighty-two'), [['CONTACT', 'four thirteen, five fifty-five, zero one eighty-two']]);
  assert.deepEqual(runs('call four one three, triple five, zero one eight two'), [['CONTACT', 'four one three, triple five, zero one eight two']]);
  assert.deepEqual(runs('text me: one eight hundred five five five zero one nine nine'), [['CONTACT', 'one eight hundred five five five zero one nine nine']]);
  assert.deepEqual(runs('four one three dash five five five dash zero one eight two'), [['CONTACT', 'four one three dash five five five dash zero one eight two']]);
  assert.deepEqual(runs('plus one four one three five five five zero one eight two'), [['CONTACT', 'plus one four one three five five five zero one eight two']]);
  assert.deepEqual(runs('4 one 3 5 5 5 0 1 8 2'), [['CONTACT', '4 one 3 5 5 5 0 1 8 2']]); // digits and words mixed
  assert.deepEqual(runs('call me on oh seven seven double oh nine double oh one two three'), [['CONTACT', 'oh seven seven double oh nine double oh one two three']]);
  assert.deepEqual(runs('whatsapp plus four four seven seven double oh nine double oh one two three'), [['CONTACT', 'plus four four seven seven double oh nine double oh one two three']]);
});

test('phone, SSN and card digits behind separators of every kind', () => {
  for (const sep of ['/', '\\', '_', '|', '\u00B7', '\u2022', '~', '\t', '\u30FB', ' . ']) {
    assert.deepEqual(runs(`Call 413${sep}555${sep}0182 after lunch`), [['CONTACT', `413${sep}555${sep}0182`]], JSON.stringify(sep));
    assert.deepEqual(runs(`file 538${sep}29${sep}6174`), [['ID_NUMBER', `538${sep}29${sep}6174`]], JSON.stringify(sep));
    assert.deepEqual(runs(`paid 4929${sep}8810${sep}3672${sep}5516`), [['FINANCIAL', `4929${sep}8810${sep}3672${sep}5516`]], JSON.stringify(sep));
  }
  assert.deepEqual(runs('Card 4929.8810.3672.5516 expires 09/27'), [['FINANCIAL', '4929.8810.3672.5516']]);
  assert.deepEqual(runs('Card 4929 8810\n3672 5516'), [['FINANCIAL', '4929 8810\n3672 5516']]);
  assert.deepEqual(runs('SSN 538-29-\n6174'), [['ID_NUMBER', '538-29-\n6174']]);
});

test('pairs and odd groupings after a cue', () => {
  assert.deepEqual(runs('SSN 53 82 96 17 4 (private)'), [['ID_NUMBER', '53 82 96 17 4']]);
  assert.deepEqual(runs('Her social is 219 634 480.'), [['ID_NUMBER', '219 634 480']]);
  assert.deepEqual(runs('Visa 49 29 88 10 36 72 55 16 exp 09/27'), [['FINANCIAL', '49 29 88 10 36 72 55 16']]);
  assert.deepEqual(runs('mobile 41/35/55/01/82 anytime'), [['CONTACT', '41/35/55/01/82']]);
  assert.deepEqual(runs('ssn five three eight two nine six one seven four'), [['ID_NUMBER', 'five three eight two nine six one seven four']]);
});

test('numbers in folded characters are found at their original offsets', () => {
  const text = 'card \uFF14\uFF19\uFF12\uFF19 8810 \u2462\u2465\u2466\u2461 5516 ok';
  assert.deepEqual(runs(text), [['FINANCIAL', '\uFF14\uFF19\uFF12\uFF19 8810 \u2462\u2465\u2466\u2461 5516']]);
  assert.deepEqual(runs('card 4 9 2 9 8 8 1 0 3 6 7 2 5 5 1 6 thanks'), [['FINANCIAL', '4 9 2 9 8 8 1 0 3 6 7 2 5 5 1 6']]);
});

test('numbers the plain recognizers read as written are left to them', () => {
  // A dashed SSN, a grouped card, a 3-3-4 phone with blanks: found by ssn, payment-card and phone.
  assert.deepEqual(runs('SSN 538-29-6174, card 4929 8810 3672 5516, call 413 555 0182'), []);
  // An identifier label right before a phone-shaped number: the phone recognizer's judgement stands.
  assert.deepEqual(runs('MRN 413/555/0182'), []);
});

test('dates, times, counts, money and lists are not numbers to redact', () => {
  for (const text of [
    'Seen on 2024/05/17 at 14:32:08, again 2024-06-01 09:15',
    'the meeting runs 10:30-12:45, rooms 201, 305 and 410',
    'I have one son and two daughters, aged seven and nine',
    'Revenue grew from 4,135,550 to 9,182,331 in 2023',
    'Counting: one two three four five six seven eight nine ten',
    'scores 12 / 15 / 18 / 20 / 11 / 9',
    'we sold five hundred fifty units for $4,135.50',
    'version 4.1.3.5.5.5.0.1.8.2 of the tool',
    '10/03/2024, 4:15\u20135:30 pm, call back',
    'page 413 of 555, line 0182',
  ]) {
    assert.deepEqual(runs(text), [], text);
  }
});

test('an invalid checksum or number range is not taken without a cue', () => {
  assert.deepEqual(runs('ref 4929/8810/3672/5517'), []); // Luhn fails
  assert.deepEqual(runs('ref 666/12/3456'), []); // area 666 is never issued
  assert.deepEqual(runs('ref 113/555/0182'), []); // NANP area codes start with 2-9
});
