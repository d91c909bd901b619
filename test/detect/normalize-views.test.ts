import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalize, toOriginalRange } from '../../src/detect/normalize.js';

test('a text with nothing to fold keeps its offsets (identity maps, built on demand)', () => {
  for (const original of ['Call Zorvath on Tuesday.', 'She said \u2018fine\u2019 \u2022 caf\u00e9 at noon.']) {
    const view = normalize(original);
    assert.equal(view.text, original);
    assert.equal(view.evasive, false);
    assert.deepEqual(toOriginalRange(view, 5, 12), [5, 12]);
    assert.deepEqual(toOriginalRange(view, 3, 3), [3, 3]);
    assert.equal(view.toOriginal.length, original.length + 1);
    assert.equal(view.toOriginal[original.length], original.length);
    assert.deepEqual([...view.toOriginalEnd].slice(0, 3), [1, 2, 3]);
  }
});

test('a look-alike letter is replaced in place: the maps stay one for one', () => {
  const original = 'Ask J\u043ehn Quillan';
  const view = normalize(original);
  assert.equal(view.text, 'Ask John Quillan');
  assert.equal(view.evasive, true);
  assert.deepEqual(toOriginalRange(view, 4, 8), [4, 8]);
});

test('plain addresses and prose are left alone; obfuscated dots and signs are folded', () => {
  assert.equal(normalize('write to jane.quill@example.com today').text, 'write to jane.quill@example.com today');
  assert.equal(normalize('meet me at the station at 5.').text, 'meet me at the station at 5.');
  assert.equal(normalize('jane.quill@example [dot] com').text, 'jane.quill@example.com');
  assert.equal(normalize('jane [dot] quill@example.com').text, 'jane.quill@example.com');
  assert.equal(normalize('jane%2equill@example.com').text, 'jane.quill@example.com');
  assert.equal(normalize('ping j.quill@mail.example.\ncom now').text, 'ping j.quill@mail.example.com now');
  // An address ending a sentence at a line end stays as it is; one whose domain runs on to the next line is joined.
  assert.equal(normalize('write to jane.quill@example.com.\nNext week then.').text, 'write to jane.quill@example.com.\nNext week then.');
  assert.equal(normalize('write to jane.quill@example.\ncom today').text, 'write to jane.quill@example.com today');
  assert.equal(normalize('mail z o r v a t h @ e x a m p l e . o r g now').text, 'mail zorvath@example.org now');
  assert.equal(normalize('call 4 1 5 5 5 5 0 1 9 2 today').text, 'call 4155550192 today');
  assert.equal(normalize('rooms 1 2 3 4 5 6 and 7').text, 'rooms 1 2 3 4 5 6 and 7');
  const view = normalize('reach tom . lee@example.com');
  assert.equal(view.text, 'reach tom.lee@example.com');
  assert.deepEqual(toOriginalRange(view, 6, 25), [6, 27]);
});

test('one-for-one folds (dashes, no-break spaces, full-width letters) keep identity offsets; drops and expansions do not', () => {
  const dashes = normalize('Call Zorvath\u00a0on 415\u2013555\u20130192.');
  assert.equal(dashes.text, 'Call Zorvath on 415-555-0192.');
  assert.equal(dashes.evasive, false);
  assert.deepEqual(toOriginalRange(dashes, 16, 28), [16, 28]);
  assert.equal(dashes.toOriginal[dashes.text.length], 29);
  const wide = normalize('user \uff4a\uff41\uff4e\uff45 here');
  assert.equal(wide.text, 'user jane here');
  assert.equal(wide.evasive, true);
  assert.deepEqual(toOriginalRange(wide, 5, 9), [5, 9]);
  // A combining mark after a full-width letter follows the folded ASCII letter: dropped, so the maps move.
  const marked = normalize('x \uff4a\u0301ane y');
  assert.equal(marked.text, 'x jane y');
  assert.deepEqual(toOriginalRange(marked, 2, 6), [2, 7]);
  // "\u2026" becomes three dots: the offsets after it shift by two.
  const ellipsis = normalize('wait\u2026 call 415\u2013555\u20130192');
  assert.equal(ellipsis.text, 'wait... call 415-555-0192');
  assert.deepEqual(toOriginalRange(ellipsis, 13, 25), [11, 23]);
});

test('letters in numbers: only words of digits and O, o, I, l change, judged with the digit groups joined to them', () => {
  assert.equal(normalize('ref 7l3.555.Ol82 and 18lo and hello 2O').text, 'ref 713.555.0182 and 18lo and hello 2O');
  assert.equal(normalize('code 9O99 or 9O9O, then Oslo 12').text, 'code 9099 or 9O9O, then Oslo 12');
  // A word longer than the word pattern's bound (200) is cut there: the part after the cut is a word of its own.
  const long = `${'x'.repeat(200)}4O7 end`;
  assert.equal(normalize(long).text, `${'x'.repeat(200)}407 end`);
  assert.equal(normalize(`${'x'.repeat(199)}4O7 end`).text, `${'x'.repeat(199)}4O7 end`);
});
