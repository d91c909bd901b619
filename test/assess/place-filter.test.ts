import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupKeys, lookupPlace } from '../../src/lexicons/gazetteer.js';
import { countryCode, countryNameKeys } from '../../src/assess/countries.js';
import { countyTable, divisionTable, landmarkTable, neighbourhoodTable, placeKey } from '../../src/assess/place-data.js';
import { mayBePlace, mayBeTablePlace, skeletonHash } from '../../src/assess/place-filter.js';
import { knownPlacePopulation } from '../../src/assess/places.js';
import { priorTable } from '../../src/assess/tables.js';

/**
 * The assess place pre-filter must have no false negatives: every key of every place table,
 * in the forms a text can take for it, gets "maybe".
 */

const title = (k: string) => k.replace(/\b[a-z]/g, (c) => c.toUpperCase());
const isAscii = (k: string) => !/[^\x00-\x7f]/.test(k);

test('every gazetteer key, as written in a text, passes the filter', () => {
  let checked = 0;
  for (const k of lookupKeys()) {
    if (!isAscii(k)) continue;
    for (const form of [k, title(k), k.toUpperCase()]) {
      // The gazetteer finds the form (its key is the lower case): the filter must let it through.
      if (!mayBePlace(form)) assert.fail(`filtered out a gazetteer place: ${form}`);
    }
    checked++;
  }
  assert.ok(checked > 100_000, `only ${checked} keys`);
});

test('every key of the stage tables, with "the", case and spacing changed, passes the filter', () => {
  const keys = [
    ...priorTable().regions.keys(),
    ...countryNameKeys(),
    ...neighbourhoodTable().keys(),
    ...landmarkTable().keys(),
    ...divisionTable().keys(),
    ...countyTable().full.keys(),
  ];
  assert.ok(keys.length > 5_000);
  for (const k of keys) {
    if (!isAscii(k)) continue;
    for (const form of [k, title(k), k.toUpperCase(), `The ${title(k)}`, `the  ${k}`, `  ${k.replace(/ /g, '  ')}\t`, `THE\tTHE ${k}`]) {
      if (!mayBeTablePlace(form)) assert.fail(`filtered out a table key: ${JSON.stringify(form)}`);
    }
  }
});

test('the skeleton is the same through every key normalisation of the place tables', () => {
  let s = 12345;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const parts = ['the', 'The', 'THE', ' ', '  ', '\t', 'a', 'Z', 'st.', "o'", '-', '9', 'x', 'new', ',', '\n'];
  for (let i = 0; i < 20_000; i++) {
    let text = '';
    const n = 1 + Math.floor(next() * 8);
    for (let j = 0; j < n; j++) text += parts[Math.floor(next() * parts.length)];
    const h = skeletonHash(text);
    const trimmed = text.trim();
    assert.equal(skeletonHash(placeKey(text)), h, JSON.stringify(text));
    assert.equal(skeletonHash(text.toLowerCase().replace(/\s+/g, ' ').trim()), h, JSON.stringify(text));
    assert.equal(skeletonHash(trimmed.replace(/^the\s+/i, '')), h, JSON.stringify(text));
  }
});

test('invented person names are answered by the filter, places still read from the tables', () => {
  // Invented names that are no place: the filter says so (no table is read for them).
  const names = ['Quorwin Baxtell', 'Ysolde Prandergast', 'Tamsin Vorlecki', 'Odran Felsweather'];
  for (const name of names) {
    assert.equal(mayBePlace(name), false, name);
    assert.equal(knownPlacePopulation(name, 1_000), undefined);
  }
  // Real places still get their population.
  assert.ok(lookupPlace('Springfield').length > 0);
  assert.ok((knownPlacePopulation('Springfield', 1_000) ?? 0) > 1_000);
  assert.equal(countryCode('the Netherlands'), 'NL');
  assert.ok((knownPlacePopulation('The Netherlands', 10_000) ?? 0) > 10_000_000);
  assert.equal(mayBePlace('The  Netherlands'), true);
  // A text outside ASCII is always let through (its keys fold Unicode).
  assert.equal(mayBeTablePlace('Zürich Ödland'), true);
});
