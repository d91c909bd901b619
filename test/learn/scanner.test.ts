import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanTokens, shape, tokenize } from '../../src/learn/tokens.js';

/**
 * The tagger's character scanner must cut exactly the tokens of tokenize()'s regex,
 * on ordinary text and on odd characters: other scripts, letters and digits outside
 * the BMP, emoji, lone surrogates, combining marks, both apostrophes, Unicode spaces.
 */
const PIECES = [
  'Amara', "O'Neil", 'd’Arc', "rock'n'roll", "'", '’', "x'", "x'2", "x'é", 'Zoe\u0308', 'Θεσσαλονίκη', '東京', 'İstanbul',
  '\u{1D400}\u{1D401}', '\u{1D7CE}7', '😀', '\uD800', '\uDC00', 'a\uD83D', '\uDE00b', 'Ⅻ', '²', '½', '42', '3.14', 'A-7',
  ' ', '\u00a0', '\u2028', '\ufeff', '\u3000', '\t', '\n', '\r\n', '.', ',', '|', '@', '#', '—', '-', '\u0000', 'ß', 'ǅ',
];

function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('scanTokens cuts the same tokens as tokenize', () => {
  const next = generator(7);
  let tokens = 0;
  for (let i = 0; i < 2000; i++) {
    let text = '';
    for (let k = Math.floor(next() * 30); k > 0; k--) text += PIECES[Math.floor(next() * PIECES.length)];
    const want = tokenize(text);
    const got = scanTokens(text);
    assert.equal(got.count, want.length, JSON.stringify(text));
    for (let t = 0; t < got.count; t++) {
      assert.equal(got.starts[t], want[t].start, JSON.stringify(text));
      assert.equal(got.ends[t], want[t].end, JSON.stringify(text));
    }
    tokens += got.count;
  }
  assert.ok(tokens > 10_000);
  const s = scanTokens("Dr. O'Neil-Haddad, 42");
  assert.deepEqual([...s.starts.subarray(0, s.count)], [0, 2, 4, 10, 11, 17, 19]);
});

test('scanTokens into reused bounds grows them and gives the tokens of a fresh scan, long text after short and back', () => {
  const into = { starts: new Int32Array(2), ends: new Int32Array(2), count: 0 };
  const texts = ['Ms. Lindqvist', 'Amara Okonkwo, 12 Juniper Hollow Road, Flagstaff. '.repeat(40), 'ok', '', 'Kofi Mensah (406) 555-0142'];
  for (const text of texts) {
    const fresh = scanTokens(text);
    const got = scanTokens(text, into);
    assert.equal(got, into);
    assert.equal(got.count, fresh.count);
    assert.deepEqual([...got.starts.subarray(0, got.count)], [...fresh.starts.subarray(0, fresh.count)]);
    assert.deepEqual([...got.ends.subarray(0, got.count)], [...fresh.ends.subarray(0, fresh.count)]);
  }
  assert.ok(into.starts.length >= 400);
});

/** The shape function as first written (one string per character): the table-driven one must agree. */
function referenceShape(word: string): string {
  let out = '';
  let last = '';
  for (let k = 0; k < word.length && out.length < 6; k++) {
    const ch = word[k];
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    const code = ch.charCodeAt(0);
    const c = code >= 48 && code <= 57 ? 'd' : lower !== upper ? (ch === upper ? 'X' : 'x') : ch;
    if (c !== last || (c !== 'x' && c !== 'd' && c !== 'X')) out += c;
    last = c;
  }
  return out;
}

test('shape gives the shapes of the reference definition, on odd characters too', () => {
  const next = generator(11);
  const seen = new Set<string>();
  for (let i = 0; i < 3000; i++) {
    let word = '';
    for (let k = 1 + Math.floor(next() * 4); k > 0; k--) word += PIECES[Math.floor(next() * PIECES.length)];
    const got = shape(word);
    assert.equal(got, referenceShape(word), JSON.stringify(word));
    seen.add(got);
  }
  assert.ok(seen.size > 200);
  assert.equal(shape('Ørsted-2B'), 'Xx-dX');
});
