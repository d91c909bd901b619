import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalize, toOriginalRange } from '../../src/detect/normalize.js';

/** The original text behind a range of the normalised view. */
function back(original: string, start: number, end: number): string {
  const [s, e] = toOriginalRange(normalize(original), start, end);
  return original.slice(s, e);
}

test('zero-width characters and soft hyphens are dropped, offsets still map back', () => {
  const original = 'Call Ma\u200Bria at home, ex\u00ADtension';
  const view = normalize(original);
  assert.equal(view.text, 'Call Maria at home, extension');
  const i = view.text.indexOf('Maria');
  assert.equal(back(original, i, i + 5), 'Ma\u200Bria');
  assert.equal(view.toOriginal.length, view.text.length + 1);
  assert.equal(view.toOriginal[view.text.length], original.length);
});

test('full-width ASCII, Unicode dashes and spaces are folded', () => {
  assert.equal(normalize('ＡＢＣ１２３').text, 'ABC123');
  assert.equal(normalize('413\u2013555\u20140182').text, '413-555-0182');
  assert.equal(normalize('a\u00A0b\u2009c\u3000d').text, 'a b c d');
});

test('bracketed and word forms of "at" and "dot" in e-mail addresses collapse', () => {
  assert.equal(normalize('john [at] gmail [dot] com').text, 'john@gmail.com');
  assert.equal(normalize('john(at)gmail(dot)com').text, 'john@gmail.com');
  assert.equal(normalize('mail rosa at example dot org now').text, 'mail rosa@example.org now');
  assert.equal(normalize('mail rosa at mail dot example dot org').text, 'mail rosa@mail.example.org');
  assert.equal(normalize('write jo at gmail.com').text, 'write jo@gmail.com');
});

test('the word "at" in prose is left alone', () => {
  const prose = 'We met at noon. Visit us at acme.com or stay at home dot.';
  assert.equal(normalize(prose).text, prose);
});

test('runs of single spaced digits close up; each digit keeps its own offset', () => {
  const original = 'call 4 1 3 5 5 5 0 1 8 2 now';
  const view = normalize(original);
  assert.equal(view.text, 'call 4135550182 now');
  const i = view.text.indexOf('4135550182');
  assert.equal(back(original, i, i + 10), '4 1 3 5 5 5 0 1 8 2');
});

test('short digit lists and multi-digit groups are not closed up', () => {
  assert.equal(normalize('numbers 3, 11 and 1 2 3 4').text, 'numbers 3, 11 and 1 2 3 4');
  assert.equal(normalize('+353 86 555 0193').text, '+353 86 555 0193');
});

test('an empty string maps to an empty view', () => {
  const view = normalize('');
  assert.equal(view.text, '');
  assert.deepEqual([...view.toOriginal], [0]);
});

test('100 KB of adversarial input normalises in one pass', { timeout: 20_000 }, () => {
  const chunks = ['1 '.repeat(20_000), ' at '.repeat(5_000), '[at]'.repeat(5_000), '\u200B'.repeat(10_000), 'x dot '.repeat(5_000)];
  for (const chunk of chunks) {
    const view = normalize(chunk);
    assert.equal(view.toOriginal.length, view.text.length + 1);
  }
});
