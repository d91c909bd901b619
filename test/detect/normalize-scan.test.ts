import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AT_FORM, atFormMatches, normalize } from '../../src/detect/normalize.js';

/**
 * The "@" forms of obfuscated addresses are found from their cores ("@",
 * "(at)", "%40", the word "at") with the blanks around them added by hand:
 * the same matches as the global AT_FORM pattern.
 */
function globalMatches(re: RegExp, text: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ index: m.index, value: m[0] });
  return out;
}

test('"@" forms: same matches as the global pattern', () => {
  const texts = [
    'Write to john [at] gmail [dot] com, rosa at example dot org, or pjones42 at yahoo.com tonight.',
    'Reply to jane.doe @ example.com\nor to j.d\n  at\r\n   example . org (at the latest by noon) %40 x',
    'We met at the station at 5; the quote ( @ ) and <at> and {AT} and __at__ and éat stay.',
  ];
  let found = 0;
  for (const text of texts) {
    const expected = globalMatches(AT_FORM, text);
    found += expected.length;
    assert.deepEqual(atFormMatches(text), expected, text);
  }
  assert.ok(found >= 10);
  let seed = 777;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pieces = ['at', 'AT', 'At', '@', '(at)', '[@]', '%40', ' ', '  ', '    ', '\t', '\n', '\r\n', '\r', 'x', 'jo', 'é', '_', '.', 'dot'];
  for (let doc = 0; doc < 1500; doc++) {
    let text = '';
    const length = 2 + Math.floor(next() * 30);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(next() * pieces.length)];
    assert.deepEqual(atFormMatches(text), globalMatches(AT_FORM, text), JSON.stringify(text));
  }
});

test('typographic characters alone do not start the look-alike word pass; real look-alikes and letters in numbers still fold', () => {
  // Curly quotes and dashes only: nothing changes, the text is not evasive.
  const plain = normalize('She said “call me” – it’s fine • really');
  assert.equal(plain.text, 'She said “call me” - it’s fine • really');
  assert.equal(plain.evasive, false);
  // Letters in a number still become digits next to typographic characters.
  assert.equal(normalize('It’s 4l5-555-O182 – call').text, 'It’s 415-555-0182 - call');
  // A Cyrillic "о" inside a Latin name is folded, and marks the text evasive.
  const cyrillic = normalize('Dear J\u043Ehn Smith, it’s done');
  assert.equal(cyrillic.text, 'Dear John Smith, it’s done');
  assert.equal(cyrillic.evasive, true);
});
