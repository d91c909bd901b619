import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanWords } from '../../../src/detect/recall/tokens.js';
import { TitleCaseLines } from '../../../src/detect/recall/classify.js';
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

test('title-case lines (headings) are told apart whatever order their words are asked about', () => {
  const running = 'the committee met on a wet Tuesday and the minutes were read aloud by the clerk before noon, '.repeat(4);
  const text = `Annual Review Of Grants\n${running}\nClosing Remarks From Quenby\nnotes follow here\n${'x '.repeat(130)}Late Heading Words`;
  const words = scanWords(text).filter((t) => t.capitalised);
  const inOrder = new TitleCaseLines(text);
  const forward = words.map((t) => inOrder.has(t));
  const backward = new TitleCaseLines(text);
  const reverse = words.slice().reverse().map((t) => backward.has(t)).reverse();
  const alone = words.map((t) => new TitleCaseLines(text).has(t));
  assert.deepEqual(reverse, forward);
  assert.deepEqual(alone, forward);
  const heading = (w: string) => forward[words.findIndex((t) => t.text === w)];
  assert.equal(heading('Annual'), true);
  assert.equal(heading('Grants'), true);
  assert.equal(heading('Tuesday'), false); // running text longer than 240 characters
  assert.equal(heading('Quenby'), true);
  // A title-case line after 260 characters of lower-case words on the same line is running text.
  assert.equal(heading('Late'), false);
});

test('title-case lines count words the same in plain ASCII and in other scripts', () => {
  // Each line: is it a heading (60% or more of its letter runs capitalised)? The reference counts
  // /\p{L}+/gu words, as the heading rule is written.
  const lines = [
    'Ward Rounds With Dr Ilvane', // all capitalised (ASCII)
    'Notes on the Orbel case', // 2 of 5
    'Ström Clinic Visit Log', // not ASCII: 4 of 4
    'Škoda lent to the Brenwick family', // not ASCII: 2 of 6
    "O'Hara-Vance And Co", // punctuation inside words: O, Hara, Vance, And, Co
    'Q3 Plan B2B Sales 2024', // digits split letter runs: Q, Plan, B, B, Sales
  ];
  const text = lines.join('\n');
  const reference = (line: string) => {
    const words = line.match(/\p{L}+/gu) ?? [];
    return words.length > 0 && words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length >= 0.6;
  };
  const headings = new TitleCaseLines(text);
  let at = 0;
  for (const line of lines) {
    assert.equal(headings.hasAt(at), reference(line), line);
    at += line.length + 1;
  }
  assert.deepEqual(lines.map(reference), [true, false, true, false, true, true]);
});
