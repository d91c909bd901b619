import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CueScanner } from '../../../src/detect/recognizers/employment/cue-scan.js';
import { DetectionContext } from '../../../src/detect/context.js';
import { tokensOf } from '../../../src/detect/recognizers/employment/tokens.js';
import { tokenIds, WordSet, WordFlags } from '../../../src/detect/recognizers/employment/word-ids.js';

/** Each pattern's own exec loop: what CueScanner must reproduce. */
function separately(patterns: RegExp[], text: string): Array<Array<[number, string]>> {
  return patterns.map((p) => {
    const re = new RegExp(p.source, p.flags);
    const out: Array<[number, string]> = [];
    for (let m = re.exec(text); m; m = re.exec(text)) out.push([m.index, m[0]]);
    return out;
  });
}

function together(scanner: CueScanner, text: string): Array<Array<[number, string]>> {
  return scanner.scan(text).map((ms) => ms.map((m): [number, string] => [m.index, m[0]]));
}

test('CueScanner gives each pattern the matches of its own scan, overlaps included', () => {
  const patterns = [
    /\b(?:works?|worked|working)\s+(?:at|for)\s+/g,
    /\b(?:joined|founded|runs)\s+/g,
    // Overlaps the first: "at" inside "works at" starts a match of this one too.
    /\b(?:at|for)\s+(?:the\s+)?/g,
    /\b(?:employer|company)\s*:[ \t]*/g,
  ];
  const text = 'she works at the harbour office and joined the board; employer: Norvik Ltd. he worked for them, then runs a shop at the pier.';
  const scanner = new CueScanner(patterns, '\\b');
  const got = together(scanner, text);
  assert.deepEqual(got, separately(patterns, text));
  assert.deepEqual(got[0].map(([i]) => text.slice(i, i + 5)), ['works', 'worke']);
  assert.equal(got[2].length, 3);
  assert.deepEqual(got[3], [[54, 'employer: ']]);
});

test('CueScanner keeps a pattern from matching inside its own previous match', () => {
  // A global scan moves on from the end of a match: "a a a" gives two matches of "a a", not three.
  const patterns = [/\ba a/g, /\ba/g];
  const text = 'a a a a a';
  assert.deepEqual(together(new CueScanner(patterns, '\\b'), text), separately(patterns, text));
  assert.equal(new CueScanner(patterns, '\\b').scan(text)[0].length, 2);
});

test('CueScanner reads unicode patterns a code point at a time', () => {
  const patterns = [/(?<![\p{L}\p{N}])(?:serial|s\/n)[ \t]*[:#]?[ \t]*(?=[\p{L}\p{N}])/giu, /(?<![\p{L}\p{N}])imei[ \t]*(?=\d)/giu];
  const text = '𝐀serial 12 — Serial: QX-77, 😀imei 3569 and S/N #A1 (xserial 9)';
  const got = together(new CueScanner(patterns, '(?<![\\p{L}\\p{N}])'), text);
  assert.deepEqual(got, separately(patterns, text));
  assert.equal(got[0].length, 2);
  assert.equal(got[1].length, 1);
});

test('CueScanner refuses patterns it cannot join', () => {
  assert.throws(() => new CueScanner([/\ba/g, /\bb/gi], '\\b'), /share their flags/);
  assert.throws(() => new CueScanner([/\b(a)\1/g], '\\b'), /back-references/);
  assert.throws(() => new CueScanner([/a/g], '\\b'), /does not start/);
});

test('word ids: a token is in a WordSet exactly when its lower-case form is', () => {
  const nurses = new WordSet(['nurse', 'o\'neil', 'charge']);
  const flags = new WordFlags([['nurse', 1], ['charge', 2], ['nurse', 4]]);
  const ctx = new DetectionContext('Charge NURSE Ann O\u2019Neil met a nursery teacher.');
  const tokens = tokensOf(ctx);
  const ids = tokenIds(ctx);
  const inSet = tokens.filter((_, i) => nurses.hasId(ids.lower[i])).map((t) => t.text);
  assert.deepEqual(inSet, ['Charge', 'NURSE']);
  // The key form reads typographic apostrophes as "'".
  const byKey = tokens.filter((_, i) => nurses.hasId(ids.key[i])).map((t) => t.text);
  assert.deepEqual(byKey, ['Charge', 'NURSE', 'O\u2019Neil']);
  assert.equal(flags.get(ids.lower[1]), 5);
  assert.equal(flags.get(ids.lower[0]), 2);
  assert.equal(flags.get(ids.lower[tokens.findIndex((t) => t.text === 'nursery')]), 0);
});

test('word ids stay exact when the vocabulary grows past its table', () => {
  // Far more words than the first table holds: the table is rebuilt, ids stay the same.
  const words = Array.from({ length: 40_000 }, (_, k) => `qzv${k.toString(36)}`);
  const before = new WordSet(['tracer']);
  const many = new WordSet(words);
  const ctx = new DetectionContext(`tracer ${words[7]} ${words[39_999]} qzvnope ${words[20_000]}`);
  const ids = tokenIds(ctx).lower;
  assert.deepEqual([...ids].map((id) => many.hasId(id)), [false, true, true, false, true]);
  assert.deepEqual([...ids].map((id) => before.hasId(id)), [true, false, false, false, false]);
});

test('word ids of many documents stay their own (shared slabs), and a word registered later is found on the next call', () => {
  const set = new WordSet(['welder', 'plumber']);
  const contexts = Array.from({ length: 3000 }, (_, k) => new DetectionContext(k % 2 ? `the welder met plumber ${k}` : `a plumber ${k} and welder`));
  const all = contexts.map((ctx) => tokenIds(ctx).lower);
  contexts.forEach((ctx, k) => {
    const tokens = tokensOf(ctx);
    assert.deepEqual(
      tokens.filter((_, i) => set.hasId(all[k][i])).map((t) => t.text),
      k % 2 ? ['welder', 'plumber'] : ['plumber', 'welder'],
    );
  });
  const ctx = new DetectionContext('Glazier and welder');
  const first = tokenIds(ctx).lower;
  assert.equal(first[0], 0);
  const later = new WordSet(['glazier']);
  const again = tokenIds(ctx).lower;
  assert.ok(later.hasId(again[0]));
  assert.ok(set.hasId(again[2]));
  // The earlier array is left as it was.
  assert.equal(first[0], 0);
});
