import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generator, piecesText } from '../../seeded-text.js';
import { hasRelationCue, relationPattern } from '../../../src/detect/recognizers/names/cues.js';

// hasRelationCue reads the relation phrases with a flat trie from the end of the text; the
// regular expression is its definition. Both must answer alike on any text, letters outside
// the BMP (one code point to the expression, two code units to the trie) included.

const PIECES = [
  'wife', 'my wife', 'survived  by', 'survived by', 'son', 'daughter', 'fiancé', 'brother', 'of', ' of', ',', ' ', '  ', '\t', '"', '\u201C', "'",
  'x', 'step', 'god', '(', ')', '.', '\n', 'é', '\uD835\uDC00', '\uD83D\uDE00', '\uD835', '\uDC00', 'ab', '-', 'mother', 'aunt', 'named',
];

test('the relation trie answers as the relation expression, surrogate pairs included', () => {
  const next = generator(20240611);
  const pattern = relationPattern();
  let agreedTrue = 0;
  for (let n = 0; n < 20000; n++) {
    const s = piecesText(next, PIECES, 6);
    const expected = pattern.test(s);
    assert.equal(hasRelationCue(s), expected, JSON.stringify(s));
    if (expected) agreedTrue++;
  }
  // The generated texts hit the phrases often enough for the comparison to mean something.
  assert.ok(agreedTrue > 1000, `only ${agreedTrue} texts with a cue`);
});

test('a letter outside the BMP right before a phrase is a letter; other astral characters are not', () => {
  assert.ok(!hasRelationCue('met \uD835\uDC00wife '));
  assert.ok(hasRelationCue('met \uD83D\uDE00wife '));
  // A lone surrogate (a slice cut inside a pair) is no letter.
  assert.ok(hasRelationCue('\uDC00wife '));
  assert.ok(hasRelationCue('\uD835wife '));
});
