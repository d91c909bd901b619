import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attributeKey, attributeRule } from '../../src/kg/attributes.js';
import { isGenericKey } from '../../src/kg/generic.js';
import { normalizeKey } from '../../src/kg/normalize.js';
import { countryForms, dateForms, nameForms, parseDate, surfaceForms } from '../../src/kg/variants.js';

const keys = (forms: string[]) => forms.map(normalizeKey);

test('dates: parsed from ISO, Wikidata and written forms; expanded to every common written form', () => {
  assert.deepEqual(parseDate('1985-03-14'), { year: 1985, month: 3, day: 14 });
  assert.deepEqual(parseDate('+1985-03-14T00:00:00Z'), { year: 1985, month: 3, day: 14 });
  assert.deepEqual(parseDate('14th of March, 1985'), { year: 1985, month: 3, day: 14 });
  assert.deepEqual(parseDate('Mar. 14, 1985'), { year: 1985, month: 3, day: 14 });
  assert.deepEqual(parseDate('1985-03'), { year: 1985, month: 3, day: undefined });
  assert.equal(parseDate('1985-02-30'), undefined);
  assert.equal(parseDate('14/03/1985'), undefined);
  const forms = keys(dateForms({ year: 1985, month: 3, day: 4 }));
  for (const f of ['1985-03-04', '4 march 1985', 'march 4, 1985', 'mar. 4, 1985', '4th of march 1985', '04/03/1985', '03/04/1985', '4.3.1985', 'march 1985', 'march 4', '1985']) {
    assert.ok(forms.includes(f), f);
  }
});

test('names: full form, given + family, initials, inverted, each part alone; titles and particles handled', () => {
  const forms = keys(nameForms('Maria Elena Okafor'));
  for (const f of ['maria elena okafor', 'maria okafor', 'm. okafor', 'm okafor', 'm. e. okafor', 'maria e. okafor', 'okafor, maria', 'okafor', 'maria']) assert.ok(forms.includes(f), f);
  const particle = keys(nameForms('Dr. Pieter van Dijk'));
  for (const f of ['pieter van dijk', 'p. van dijk', 'van dijk', 'dijk', 'pieter dijk']) assert.ok(particle.includes(f), f);
  assert.ok(keys(nameForms('Okafor, Maria')).includes('maria okafor'));
});

test('country and nationality stand for each other', () => {
  const nigeria = keys(countryForms('Nigeria'));
  assert.ok(nigeria.includes('nigerian'));
  assert.ok(keys(countryForms('Nigerian')).includes('nigeria'));
  const uk = keys(countryForms('United Kingdom'));
  assert.ok(uk.includes('british') && uk.includes('great britain'));
  assert.ok(!uk.includes('uk'), 'two-letter aliases are ordinary words');
  assert.deepEqual(countryForms('Springfield'), []);
});

test('surface forms follow the attribute kind', () => {
  assert.ok(keys(surfaceForms('Lyon, France', 'place')).includes('lyon'));
  assert.ok(keys(surfaceForms('Lyon, France', 'place')).includes('french'));
  assert.ok(keys(surfaceForms('1990-07-02', 'text')).includes('2 july 1990'));
  assert.deepEqual(surfaceForms('female', 'ignore'), []);
});

test('attribute names map to kinds and categories, by their words when not listed', () => {
  assert.equal(attributeKey('dateOfBirth'), 'date_of_birth');
  assert.deepEqual(attributeRule('dateOfBirth'), { kind: 'date', label: 'BIRTH' });
  assert.deepEqual(attributeRule('http://schema.org/birthDate'), { kind: 'date', label: 'BIRTH' });
  assert.deepEqual(attributeRule('P27'), { kind: 'nationality', label: 'DEMOGRAPHIC' });
  assert.deepEqual(attributeRule('mother_name'), { kind: 'name', label: 'PERSON_NAME' });
  assert.deepEqual(attributeRule('home city'), { kind: 'place', label: 'LOCATION' });
  assert.equal(attributeRule('sex or gender').kind, 'ignore');
  assert.deepEqual(attributeRule('favourite_band'), { kind: 'text', label: 'TRAIT' });
});

test('generic terms are never indexed', () => {
  assert.ok(isGenericKey('male'));
  assert.ok(isGenericKey('human'));
  assert.ok(isGenericKey('location'), 'the word of a redaction tag');
  assert.ok(isGenericKey('12'), 'short bare numbers');
  assert.ok(isGenericKey('x'));
  assert.ok(!isGenericKey('1985'));
  assert.ok(!isGenericKey('okafor'));
});
