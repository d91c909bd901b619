import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupPlace, placeFacts, resolvePlace, startsPlaceName, usStateByCode } from '../../../src/lexicons/gazetteer.js';
import { placeFactsNamed, placesNamed } from '../../../src/lexicons/place-lookup.js';

// The gazetteer keeps its ~135k cities in compact tables; these tests pin what
// its callers (recognizers, identifiability estimates) rely on.

test('places of a name come largest first, with their country and admin codes', () => {
  const springfields = lookupPlace('Springfield');
  assert.ok(springfields.length > 5);
  assert.ok(springfields.every((p) => p.name === 'Springfield' && p.kind === 'city'));
  for (let i = 1; i < springfields.length; i++) assert.ok(springfields[i - 1].population >= springfields[i].population);
  assert.deepEqual(
    springfields.slice(0, 3).map((p) => `${p.country}-${p.admin}`),
    ['US-MO', 'US-MA', 'US-IL'],
  );
});

test('lookups ignore case, accents and extra spaces; "City" may be dropped', () => {
  assert.equal(lookupPlace('São Paulo')[0].country, 'BR');
  assert.deepEqual(lookupPlace('sao paulo'), lookupPlace('SÃO PAULO'));
  assert.deepEqual(lookupPlace('  rio   de janeiro '), lookupPlace('Rio de Janeiro'));
  const newYork = lookupPlace('New York');
  assert.equal(newYork[0].kind, 'state');
  assert.ok(newYork.some((p) => p.kind === 'city' && p.name === 'New York City'));
  assert.deepEqual(lookupPlace('Qwxzzvillebergshire'), []);
});

test('US states by code and qualified resolution', () => {
  assert.equal(usStateByCode('ma')?.name, 'Massachusetts');
  assert.equal(usStateByCode('XX'), undefined);
  assert.equal(resolvePlace('Springfield', 'IL')?.admin, 'IL');
  assert.equal(resolvePlace('Springfield', 'Illinois')?.admin, 'IL');
  assert.equal(resolvePlace('Paris', 'FR')?.country, 'FR');
  assert.equal(resolvePlace('Paris')?.country, 'FR');
});

test('placeFacts agrees with lookupPlace without building places', () => {
  for (const name of ['Springfield', 'New York', 'Boston', 'Georgia', 'Lagos', 'Florence', 'Anna', 'Nowhere At All']) {
    const places = lookupPlace(name);
    const facts = placeFacts(name);
    assert.equal(facts.known, places.length > 0, name);
    assert.equal(facts.population, places.length > 0 ? places[0].population : 0, name);
    assert.equal(facts.hasState, places.some((p) => p.kind === 'state'), name);
    assert.deepEqual(placeFactsNamed(name), facts);
    assert.deepEqual(placesNamed(name), places);
  }
});

test('first words of multi-word place names', () => {
  assert.ok(startsPlaceName('san'));
  assert.ok(startsPlaceName('new'));
  assert.equal(startsPlaceName('qwxzz'), false);
});

test('placeFactsNamed answers as placeFacts for places, non-places and names the place filter cannot judge', () => {
  // Plain ASCII names (the filter turns most non-places away before the memo) and others that it
  // leaves to the gazetteer: accents, other scripts, doubled or edge spaces, all capitals.
  const names = ['Springfield', 'springfield', 'SPRINGFIELD', 'New York', 'Georgia', 'Lagos', 'São Paulo', 'Sao Paulo', 'Zürich', 'New  York', ' Boston', 'Boston ', 'Quenbyvale Tor', 'Ostravel', 'Maroway-on-Zend', 'Dr Anna Quenby', '東京', 'x', ''];
  let known = 0;
  for (let round = 0; round < 2; round++) {
    for (const name of names) {
      const facts = placeFacts(name);
      if (facts.known) known++;
      assert.deepEqual(placeFactsNamed(name), facts, JSON.stringify(name));
    }
  }
  assert.ok(known >= 16, `known ${known}`);
  assert.equal(placeFactsNamed('Quenbyvale Tor').known, false);
});
