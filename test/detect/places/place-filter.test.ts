import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupKeys } from '../../../src/lexicons/gazetteer.js';
import { countryNames } from '../../../src/lexicons/countries.js';
import { wordSet } from '../../../src/lexicons/word-lists.js';
import { compilePlaceFilter, mayBePlacePhrase, mayStartPlaceName, placeFilterBits } from '../../../src/lexicons/place-filter.js';

const plain = (s: string) => /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/.test(s);
const titleCase = (s: string) => s.replace(/(^| )([a-z])/g, (_m, sp: string, c: string) => sp + c.toUpperCase());

test('every plain gazetteer key, country and region passes the filter, in any case', () => {
  const names = [...lookupKeys(), ...countryNames(), ...wordSet('places-regions.txt')].filter(plain);
  assert.ok(names.length > 100_000);
  for (const name of names) {
    assert.ok(mayBePlacePhrase(name), name);
    assert.ok(mayBePlacePhrase(titleCase(name)), name);
    assert.ok(mayBePlacePhrase(name.toUpperCase()), name);
    const space = name.indexOf(' ');
    if (space > 0) assert.ok(mayStartPlaceName(name.slice(0, space)), name);
  }
});

test('the filter turns away most phrases that are no place', () => {
  const invented = ['Qwzrt Plonkville', 'Zzyxq', 'Blorptastic', 'Frumious Bandersnatchia', 'Xylokrat', 'Vexmoor Quandry Hall', 'Snorbleton', 'Quixmire', 'Trellovax', 'Gwimbly Dunes Yard', 'Plaxotrum', 'Zentravik'];
  const passed = invented.filter((p) => mayBePlacePhrase(p)).length;
  assert.ok(passed <= 3, `${passed} of ${invented.length} passed`);
  const firstWords = ['qwzrt', 'blorptastic', 'xylokrat', 'snorbleton', 'quixmire', 'trellovax', 'plaxotrum', 'zentravik'];
  assert.ok(firstWords.filter((w) => mayStartPlaceName(w)).length <= 2);
});

test('phrases not in the plain form are always passed on to the look-up', () => {
  for (const p of ['New  York', ' Boston', 'Boston ', 'São Paulo', 'Köln', 'New\tYork', '']) assert.equal(mayBePlacePhrase(p), true, JSON.stringify(p));
});

test('the bits in use (compiled at build time, or built in-process) are the bits built from the lists', () => {
  const inUse = placeFilterBits();
  const built = compilePlaceFilter().body;
  assert.equal(inUse.length, built.length);
  assert.ok(Buffer.from(inUse.buffer, inUse.byteOffset, inUse.byteLength).equals(built));
});
