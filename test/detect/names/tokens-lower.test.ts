import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldKey, tokenize } from '../../../src/detect/recognizers/names/tokens.js';
import { generator, piecesText } from '../../seeded-text.js';
import { sameLengthLower } from '../../../src/detect/context.js';

// The tokenizer counts each token's capitals and small letters while it scans, and slices the
// keys of ASCII words with capitals from the lower-case text when it is given one. Shapes and
// keys must be those of the definitions: foldKey for the key, and for the shape the first
// letter's case, the length and whether any small letter is left.

const PIECES = ['Ann', 'ann', 'ANN', 'O', "'", '\u2019', 's', 'S', '-', 'Mc', 'x', ' ', '. ', '\u0130', 'é', 'É', '\u0301', 'İstanbul', '9', 'JAMES', "'s ", '\u2019s', 'Z', 'q'];

function shapeOf(word: string): string {
  if (!/^\p{Lu}/u.test(word)) return 'lower';
  if (word.length === 1) return 'initial';
  if (/^[\p{Lu}\p{M}'\u2019\-]+$/u.test(word)) return 'upper';
  return /\p{Ll}/u.test(word) ? 'title' : 'other';
}

test('keys and shapes are those of their definitions, with and without the lower-case text', () => {
  const next = generator(99);
  let capitals = 0;
  for (let n = 0; n < 5000; n++) {
    const text = piecesText(next, PIECES, 12);
    const plain = tokenize(text);
    const sliced = tokenize(text, sameLengthLower(text));
    assert.deepEqual(sliced, plain, JSON.stringify(text));
    for (const t of plain) {
      assert.equal(t.key, foldKey(t.text), JSON.stringify(text));
      assert.equal(t.shape, shapeOf(t.text), JSON.stringify(text));
      if (t.shape !== 'lower') capitals++;
    }
  }
  assert.ok(capitals > 3000, `only ${capitals} capitalised tokens`);
});

test('a possessive "s" is no small letter of a word in capitals', () => {
  const text = "JAMES's car and O'NEIL\u2019s dog met Ann's cat";
  const tokens = tokenize(text, sameLengthLower(text));
  assert.deepEqual(
    tokens.map((t) => [t.text, t.key, t.shape]),
    [
      ['JAMES', 'james', 'upper'],
      ['car', 'car', 'lower'],
      ['and', 'and', 'lower'],
      ["O'NEIL", "o'neil", 'upper'],
      ['dog', 'dog', 'lower'],
      ['met', 'met', 'lower'],
      ['Ann', 'ann', 'title'],
      ['cat', 'cat', 'lower'],
    ],
  );
});
