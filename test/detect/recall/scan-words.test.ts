import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanWords } from '../../../src/detect/recall/tokens.js';
import { recallFirstCandidates } from '../../../src/detect/recall/stage.js';

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

test('scanWords reads the same words as /[\\p{L}\\p{N}\\p{M}]+/gu, across scripts, marks and surrogates', () => {
  const texts = [
    'Zorvath Quillan, 42 Brindlemoor Rd.',
    'Café naïve cafe\u0301 ŁÓDŹ ǅemal',
    'Жанна и 中文字 ٤١٣ and x²',
    'math \ud835\udc03\ud835\udc04 emoji \ud83d\ude00 lone \ud800 and \udc00 end',
    'trail\ud800',
    '',
  ];
  for (const text of texts) {
    const expected = [...text.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length, m[0]]);
    assert.deepEqual(
      scanWords(text).map((t) => [t.start, t.end, t.text]),
      expected,
      JSON.stringify(text),
    );
  }
  const [latin, digits] = scanWords('Quillan 4471');
  assert.equal(latin.capitalised, true);
  assert.equal(latin.key, 'quillan');
  assert.equal(digits.hasDigit, true);
  assert.equal(scanWords('Жанна')[0].nonLatin, true);
});

test('recall-first leaves words a recognizer claimed whether the claims come sorted or not', () => {
  const text = 'Yesterday Zorvath met Quillan near Brindlemoor.';
  const zorvath = { start: 10, end: 17, label: 'PERSON_NAME' as const, score: 0.9, source: 'test' };
  const quillan = { start: 22, end: 29, label: 'PERSON_NAME' as const, score: 0.9, source: 'test' };
  const sorted = recallFirstCandidates(text, [zorvath, quillan], 'balanced');
  const unsorted = recallFirstCandidates(text, [quillan, zorvath], 'balanced');
  assert.deepEqual(unsorted, sorted);
  // The unclaimed invented place is still flagged; the claimed names are not flagged again.
  assert.deepEqual(sorted.map((c) => text.slice(c.start, c.end)), ['Brindlemoor']);
  const none = recallFirstCandidates(text, [], 'balanced').map((c) => text.slice(c.start, c.end));
  assert.ok(none.includes('Zorvath') && none.includes('Quillan'), `found ${none.join(', ')}`);
});
