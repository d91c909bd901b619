import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUN, nextRun } from '../../../src/detect/recognizers/names/spelled-names.js';
import { findLeetNames, nextMixed, readings } from '../../../src/detect/recognizers/names/leet-names.js';
import { findSpelledNames } from '../../../src/detect/recognizers/names/spelled-names.js';
import { QUOTED, QuotedMatches } from '../../../src/detect/recognizers/names/informal-names.js';
import { generator, piecesText } from '../../seeded-text.js';
import { DetectionContext } from '../../../src/detect/context.js';

// The spelled-name and leetspeak finders look for their spots with scans of character codes
// instead of running an expression at every position; the expressions are their definitions.

// Letters, digits, blanks, every kind of separator (ASCII and not), marks, astral letters, lone surrogates.
const PIECES = [
  'a', 'I', 'J', 'o', 'h', 'n', 'Ana', 'cat', ' ', '  ', '   ', '    ', '\t', '-', '.', '_', '*', '|', '/', '\\', ',', '+', '~', ':', ';', "'",
  '\u00B7', '\u2022', '\u2013', '\u2212', '\u0301', '\u00E9', '\uD835\uDC00', '\uD835', '\n', '4', '0', '@', '$', '!', 'x1', 'J0', 'é',
  // Pieces of spelled-out words, so that runs are frequent.
  'J-', 'O-', 'H ', 'N ', 'A.', 'B. ', 'k_', 'd \u00B7 ', 'e -', 'M\u0301 ', '\u00C9 ', 'x :',
];

function randomText(next: () => number): string {
  return piecesText(next, PIECES, 14);
}

test('nextRun finds the matches of the spelled-run expression, in order', () => {
  const next = generator(7771);
  let runs = 0;
  for (let n = 0; n < 20000; n++) {
    const s = randomText(next);
    const expected: Array<[number, string]> = [];
    RUN.lastIndex = 0;
    for (let m = RUN.exec(s); m; m = RUN.exec(s)) expected.push([m.index, m[0]]);
    const found: Array<[number, string]> = [];
    for (let m = nextRun(s, 0); m; m = nextRun(s, m.index + m[0].length)) found.push([m.index, m[0]]);
    assert.deepEqual(found, expected, JSON.stringify(s));
    runs += expected.length;
  }
  assert.ok(runs > 1000, `only ${runs} runs generated`);
});

test('nextRun from any position finds what the expression finds from there', () => {
  // Starting inside a word, on a separator, on a surrogate pair's second half: nextRun's spots start at `from`.
  const next = generator(9013);
  let runs = 0;
  for (let n = 0; n < 20000; n++) {
    const s = randomText(next);
    const from = Math.floor(next() * (s.length + 1));
    RUN.lastIndex = from;
    const m = RUN.exec(s);
    const found = nextRun(s, from);
    assert.deepEqual(found && [found.index, found[0]], m && [m.index, m[0]], JSON.stringify([s, from]));
    if (m) runs++;
  }
  assert.ok(runs > 300, `only ${runs} runs generated`);
});

test('nextMixed finds the spots where a letter meets a digit or sign, in order', () => {
  const MIXED = /[A-Za-z][0-9@$!|]|[0-9@$!|][A-Za-z]/g;
  const next = generator(4242);
  let spots = 0;
  for (let n = 0; n < 20000; n++) {
    const s = randomText(next);
    const from = Math.floor(next() * 4);
    MIXED.lastIndex = from;
    const m = MIXED.exec(s);
    assert.equal(nextMixed(s, from), m ? m.index : -1, JSON.stringify(s));
    if (m) spots++;
  }
  assert.ok(spots > 1000, `only ${spots} spots generated`);
});

test('spelled and leetspeak names are still found in plain sentences', () => {
  const spelled = 'Please note it is spelled O-K-O-R-O, then call back; a cat sat by a mat.';
  const found = findSpelledNames(new DetectionContext(spelled), 'balanced').map((c) => spelled.slice(c.start, c.end));
  assert.deepEqual(found, ['O-K-O-R-O']);
  const leet = 'msg from J0hn Sm1th at 5pm re: the B12 shots';
  const names = findLeetNames(new DetectionContext(leet), 'balanced').map((c) => leet.slice(c.start, c.end));
  assert.deepEqual(names, ['J0hn', 'Sm1th']);
});

test('leet readings are those of their definition: every combination of the options, in order', () => {
  const LEET: Record<string, string[]> = {
    '0': ['o'], '1': ['i', 'l'], '3': ['e'], '4': ['a'], '5': ['s'], '6': ['g', 'b'], '7': ['t'], '8': ['b'], '9': ['g'], '@': ['a'], $: ['s'], '!': ['i'], '|': ['l'],
  };
  // The definition: prefixes grown character by character, none past eight.
  const definition = (word: string): string[] => {
    let out = [''];
    for (const ch of word.toLowerCase()) {
      const options = LEET[ch] ?? (/[a-z]/.test(ch) ? [ch] : undefined);
      if (!options) return [];
      out = out.flatMap((prefix) => options.map((o) => prefix + o));
      if (out.length > 8) return [];
    }
    return out;
  };
  const CHARS = 'aBcJoHnMsZ0123456789@$!|';
  const next = generator(9090);
  let many = 0;
  for (let n = 0; n < 20000; n++) {
    let word = '';
    const length = 3 + Math.floor(next() * 8);
    for (let k = 0; k < length; k++) word += CHARS[Math.floor(next() * CHARS.length)];
    const expected = definition(word);
    assert.deepEqual(readings(word), expected, word);
    if (expected.length > 1) many++;
  }
  assert.ok(many > 1000, `only ${many} words with several readings`);
  assert.deepEqual(readings('M1L6'), ['milg', 'milb', 'mllg', 'mllb']);
  assert.deepEqual(readings('R2D2'), []);
});

test('QuotedMatches finds the quoted nicknames of the expression, in order, from any position', () => {
  const QUOTE_PIECES = ['"', '\u201C', '\u201D', 'Boots', 'Fitz', ' the ', ' of ', ' ', 'x', '.', ',', '!', 'Ro', '\u00C9mile', '\uD835\uDC00', "'", '-'];
  const next = generator(5150);
  let found = 0;
  for (let n = 0; n < 20000; n++) {
    const s = piecesText(next, QUOTE_PIECES, 12);
    const from = Math.floor(next() * 3);
    const expected: Array<[number, string]> = [];
    QUOTED.lastIndex = from;
    for (let m = QUOTED.exec(s); m; m = QUOTED.exec(s)) expected.push([m.index, m[0]]);
    const got: Array<[number, string]> = [];
    const quoted = new QuotedMatches(s);
    for (let m = quoted.next(from); m; m = quoted.next(m.index + m[0].length)) got.push([m.index, m[0]]);
    assert.deepEqual(got, expected, JSON.stringify([s, from]));
    found += expected.length;
  }
  assert.ok(found > 300, `only ${found} matches generated`);
});
