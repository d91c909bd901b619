import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PackedWords } from '../../src/lexicons/packed-words.js';
import { compileEnglishWords } from '../../src/lexicons/english-words.js';
import { isEnglishWord, isCommonWord } from '../../src/lexicons/english-words.js';
import { lookupPlace, placeFacts, startsPlaceName, usStateByCode } from '../../src/lexicons/gazetteer.js';
import { wordTier } from '../../src/detect/recall/vocabulary.js';
import { loadCompiled } from '../../src/lexicons/compiled.js';

const WORDS = ['harbour', 'harbor', 'harbours', 'zebra', 'apple', 'apple pie', 'apple tree', 'ápple', 'straße', 'a', 'b', 'bb', 'naïve', 'café au lait', 'zz'];

test('PackedWords answers membership like a Set, for present, absent and near-miss words', () => {
  const packed = PackedWords.from([...WORDS, 'zebra', 'apple']);
  const set = new Set(WORDS);
  assert.equal(packed.size, set.size);
  const probes = [...WORDS, '', 'harbo', 'harbourss', 'Apple', 'apple ', 'appl', 'zebras', 'c', 'ba', 'naive', 'strasse', 'café', 'zzz'];
  for (const p of probes) assert.equal(packed.has(p), set.has(p), p);
  // Iteration gives the distinct words in code-unit order.
  assert.deepEqual([...packed], [...set].sort());
  assert.equal(packed.at(packed.indexOf('zebra')), 'zebra');
  assert.equal(packed.indexOf('zebr'), -1);
});

test('PackedWords prefix queries find phrases that start with a word', () => {
  const packed = PackedWords.from(WORDS);
  assert.equal(packed.hasPrefix('apple '), true);
  assert.equal(packed.hasPrefix('café '), true);
  assert.equal(packed.hasPrefix('zebra '), false);
  assert.equal(packed.hasPrefix('harb'), true);
  assert.equal(packed.hasPrefix('zzz'), false);
  assert.equal(packed.lowerBound('apple'), [...packed].indexOf('apple'));
});

test('an encoded PackedWords decodes to the same index, at any byte offset', () => {
  const packed = PackedWords.from(WORDS);
  const bytes = packed.encode();
  // Misaligned on purpose: the decoder copies its typed arrays out.
  const shifted = Buffer.concat([Buffer.from('xyz'), bytes]).subarray(3);
  const decoded = PackedWords.decode(shifted);
  assert.deepEqual([...decoded], [...packed]);
  for (const w of [...WORDS, 'nope', 'harbo']) assert.equal(decoded.has(w), packed.has(w), w);
  assert.throws(() => PackedWords.from(['ok', 'two\nlines']), /line break/);
});

test('the English word list compiled in-process answers as the loaded one', () => {
  const fresh = PackedWords.decode(compileEnglishWords().body);
  for (const w of ['house', 'running', 'quickly', 'xyzzyq', 'harbour', 'theodora']) assert.equal(fresh.has(w), isEnglishWord(w), w);
  assert.equal(isEnglishWord('house'), true);
  assert.equal(isEnglishWord('qwzxv'), false);
  assert.equal(isCommonWord('walk'), true);
});

test('the gazetteer merges US states with cities of the same name, largest first', () => {
  const places = lookupPlace('New York');
  assert.ok(places.length >= 2);
  for (let i = 1; i < places.length; i++) assert.ok(places[i - 1].population >= places[i].population);
  assert.ok(places.some((p) => p.kind === 'state' && p.admin === 'NY'));
  assert.ok(places.some((p) => p.kind === 'city' && p.country === 'US'));
  assert.equal(placeFacts('new york').hasState, true);
  assert.equal(placeFacts('Springfield').hasState, false);
  assert.equal(placeFacts('Qwzxv Town').known, false);
  assert.equal(usStateByCode('ma')?.name, 'Massachusetts');
  // "Rhode" starts a state name only; "san" starts many city names; a phrase is never a first word.
  assert.equal(startsPlaceName('rhode'), true);
  assert.equal(startsPlaceName('san'), true);
  assert.equal(startsPlaceName('san francisco'), false);
  assert.equal(startsPlaceName(''), false);
  assert.equal(wordTier('house'), 10);
  assert.equal(wordTier("house's"), 10);
  assert.equal(wordTier('qwzxv'), 0);
});

test('a missing or damaged compiled index is compiled in-process instead', () => {
  const index = PackedWords.from(['alder', 'birch', 'cedar']);
  const good = index.encode();
  // No such file: the compiler runs.
  const fromMissing = loadCompiled('no-such-index.bin', 'test/v0', PackedWords.decode, () => good);
  assert.deepEqual([...fromMissing], ['alder', 'birch', 'cedar']);
  // A truncated index does not decode.
  assert.throws(() => PackedWords.decode(good.subarray(0, good.length - 3)));
});
