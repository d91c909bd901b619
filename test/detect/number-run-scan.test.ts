import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUN, runMatches } from '../../src/detect/recognizers/evasion/number-runs.js';

/**
 * The number-run scan tries its pattern only at digits, "+", "(" and words
 * that are digit words or start with "plus": the same runs as the global
 * pattern, which tried its alternation of digit words at every position.
 */
function globalMatches(re: RegExp, text: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ index: m.index, value: m[0] });
  return out;
}

test('same runs as the global pattern on realistic sentences', () => {
  const texts = [
    'Call four one three, five five five, zero one eight two or +1 (415) 555-0192 before Twenty-Three hundred.',
    'My SSN is 123 / 45 / 6789; card 4111·1111·1111·1111; plus forty-four double oh seven triple five.',
    'Seventeenth of May, theone, oneself and often: none of these are numbers; ſix ſeven and PLUSone 2 are.',
  ];
  let found = 0;
  for (const text of texts) {
    const expected = globalMatches(RUN, text);
    found += expected.length;
    assert.deepEqual(runMatches(text), expected, text);
  }
  assert.ok(found >= 5, `${found} runs`);
});

test('same runs as the global pattern on random text built from number pieces', () => {
  let seed = 99;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pieces = ['one', 'Two', 'THREE', 'o', 'oh', 'ten', 'twenty', 'hundred', 'double', 'plus', 'PLUS', '+', '(', ')', '4', '15', '0192', ' ', '  ', '-', '/', ' dash ', '\n', 'x', 'the', 'often', 'ſix', '\u212A', 'é', '𝐀', '.', ','];
  for (let doc = 0; doc < 1500; doc++) {
    let text = '';
    const length = 2 + Math.floor(next() * 30);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(next() * pieces.length)];
    assert.deepEqual(runMatches(text), globalMatches(RUN, text), JSON.stringify(text));
  }
});
