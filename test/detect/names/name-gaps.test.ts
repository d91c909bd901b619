import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinsName } from '../../../src/detect/recognizers/names/tokens.js';
import { isTitleGap } from '../../../src/detect/recognizers/names/person-names.js';

// The gap tests read character codes instead of running their expressions; every gap of up to
// five characters from the characters that matter is held to the expression.

const CHARS = ['.', ' ', '\t', ',', '\n', 'x', '-'];

function* gaps(maxLength: number): Generator<string> {
  yield '';
  let layer = [''];
  for (let n = 1; n <= maxLength; n++) {
    const nextLayer: string[] = [];
    for (const g of layer) for (const c of CHARS) nextLayer.push(g + c);
    yield* nextLayer;
    layer = nextLayer;
  }
}

test('joinsName answers as its definition on every short gap', () => {
  let joined = 0;
  for (const gap of gaps(5)) {
    const expected = gap === ' ' || gap === '. ' || gap === '.' || /^\.? {1,2}$/.test(gap);
    assert.equal(joinsName(gap), expected, JSON.stringify(gap));
    if (expected) joined++;
  }
  assert.equal(joined, 5); // ".", " ", "  ", ". ", ".  "
});

test('isTitleGap answers as /^\\.?[ \\t]{1,2}$/ on every short gap', () => {
  let titled = 0;
  for (const gap of gaps(5)) {
    const expected = /^\.?[ \t]{1,2}$/.test(gap);
    assert.equal(isTitleGap(gap), expected, JSON.stringify(gap));
    if (expected) titled++;
  }
  assert.equal(titled, 12);
});
