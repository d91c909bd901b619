import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findMasks, normalizeWord, viewText } from '../../src/reid/text.js';

const words = (text: string, masks: { start: number; end: number }[] = []) => viewText(text, masks).tokens.map((t) => t.norm);

test('words are normalised: case, accents, apostrophes and possessives', () => {
  assert.equal(normalizeWord('Örge'), 'orge');
  assert.equal(normalizeWord("O'Connell"), 'oconnell');
  assert.equal(normalizeWord('Vell’s'), 'vell');
  assert.deepEqual(words('Jean-Luc Marlow’s café, 1985.'), ['jean', 'luc', 'marlow', 'cafe', '1985']);
});

test("every kind of Splice mask is ignored: tags, keyed hashes, blocks, bare digests", () => {
  const text = '[PERSON_NAME] met ████████ and [PERSON_NAME:3f9a0c1b2d4e] in <mask> on *** near XXX 9f86d081884c7d65 Lyon';
  assert.deepEqual(words(text), ['met', 'and', 'in', 'on', 'near', 'lyon']);
  assert.equal(findMasks(text).length, 7);
  // A hex-looking ordinary word or a plain number is not a digest.
  assert.deepEqual(words('deadbeefcafe 555014277123'), ['deadbeefcafe', '555014277123']);
});

test('surrogates marked by the caller are ignored too; words never join across a mask', () => {
  const text = 'Ada Vell moved to Porto in 2019.';
  const view = viewText(text, [{ start: 4, end: 8 }]);
  assert.deepEqual(view.tokens.map((t) => t.norm), ['ada', 'moved', 'to', 'porto', 'in', '2019']);
  assert.equal(view.tokens[1].breakBefore, true, 'the word after a mask starts a new run');
  assert.equal(view.tokens[2].breakBefore, false);
  assert.equal(view.tokens[0].breakBefore, true, 'the first word starts a run');
  // A word partly inside a mask is dropped whole.
  assert.deepEqual(words('Marlowe', [{ start: 0, end: 3 }]), []);
  // Offsets are UTF-16 indices into the original text.
  const t = viewText('😀 Ada').tokens[0];
  assert.deepEqual([t.start, t.end], [3, 6]);
});
