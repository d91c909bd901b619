import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessDocument } from '../../src/assess/index.js';
import type { Label } from '../../src/taxonomy.js';
import { spansIn } from './helpers.js';

/** The basis of one element marked in an invented sentence. */
function basisOf(text: string, value: string, label: Label): string {
  return assessDocument(text, spansIn(text, [[value, label]])).spans[0].basis!;
}

test('a name read again keeps its place reading tied to the text around it, in either order', () => {
  const cued = 'We drove to Fairhope on Friday.';
  const bare = 'Fairhope called back later.';
  for (const order of [[cued, bare], [bare, cued], [cued, bare]]) {
    for (const text of order) {
      const basis = basisOf(text, 'Fairhope', 'PERSON_NAME');
      if (text === cued) assert.match(basis, /a place, not a person.*Fairhope/);
      else assert.match(basis, /surname/);
    }
  }
  // The same full name, twice in one document and again in another: the same name estimate.
  const text = 'Maria Lopez phoned; Maria Lopez will call again.';
  const spans = assessDocument(text, spansIn(text, [['Maria Lopez', 'PERSON_NAME'], ['Maria Lopez', 'PERSON_NAME']])).spans;
  assert.match(spans[0].basis!, /full name/);
  assert.equal(spans[1].basis, spans[0].basis);
  assert.equal(basisOf('A note from Maria Lopez.', 'Maria Lopez', 'PERSON_NAME'), spans[0].basis);
});

test('estimates kept by text stay apart per label and per text', () => {
  const nurse = basisOf('The night shift was covered by a nurse from the agency.', 'nurse', 'EMPLOYMENT_EDUCATION');
  assert.match(nurse, /occupation "nurse/);
  const walmart = basisOf('He stocks shelves at Walmart on weekends.', 'Walmart', 'EMPLOYMENT_EDUCATION');
  assert.match(walmart, /listed large organisation/);
  assert.equal(basisOf('Her cousin is a nurse too.', 'nurse', 'EMPLOYMENT_EDUCATION'), nurse);
  // The same text under another label gets that label's estimate.
  assert.match(basisOf('He stocks shelves at Walmart on weekends.', 'Walmart', 'ORGANIZATION'), /^listed large organisation: .* members or staff/);
});

test('a role after a possessive written with either apostrophe identifies; without one it does not', () => {
  for (const text of ["The town's sheriff retired in May.", 'The town’s sheriff retired in May.']) {
    const span = assessDocument(text, spansIn(text, [['sheriff', 'EMPLOYMENT_EDUCATION']])).spans[0];
    assert.equal(span.population, 1, text);
    assert.match(span.basis!, /role "The town.s sheriff"/);
  }
  const plain = 'The sheriff retired in May.';
  assert.doesNotMatch(basisOf(plain, 'sheriff', 'EMPLOYMENT_EDUCATION'), /role/);
});

test('a demographic term read again follows the country each document is set in', () => {
  const inOhio = 'The client, who lives in Ohio, is Mexican.';
  const nowhere = 'The client is Mexican.';
  for (const text of [inOhio, nowhere, inOhio, nowhere]) {
    const marks: Array<[string, Label]> = text === inOhio ? [['Ohio', 'LOCATION'], ['Mexican', 'DEMOGRAPHIC']] : [['Mexican', 'DEMOGRAPHIC']];
    const basis = assessDocument(text, spansIn(text, marks)).spans.at(-1)!.basis!;
    if (text === inOhio) assert.match(basis, /^Mexico nationals abroad/);
    else assert.match(basis, /^nationality Mexico: .* of the world population/);
  }
});

test('a place named again is disambiguated by the states and countries each document names', () => {
  const expected: Array<[string, RegExp]> = [
    ['Illinois', /^city Springfield \(IL, US\).*chosen by the state/],
    ['Massachusetts', /^city Springfield \(MA, US\).*chosen by the state/],
    ['Illinois', /^city Springfield \(IL, US\)/],
    ['France', /places share the name, the largest is assumed/],
  ];
  for (const [named, basis] of expected) {
    const text = `Springfield is home now; she grew up in ${named}.`;
    const spans = assessDocument(text, spansIn(text, [['Springfield', 'LOCATION'], [named, 'LOCATION']])).spans;
    assert.match(spans[0].basis!, basis, named);
  }
});

test('a place read again as a neighbourhood follows the text around it each time', () => {
  const cases: Array<[string, RegExp]> = [
    ['We walked around Quillby Row all day.', /^not in GeoNames.*a village or hamlet/],
    ["We walked around Chicago's Quillby Row all day.", /^neighbourhood Quillby Row of a city of 2,/],
    ['We walked around Quillby Row all day.', /^not in GeoNames.*a village or hamlet/],
    ['The Quillby Row neighborhood was quiet.', /^neighbourhood Quillby Row of a city: about 15,000/],
    ['We walked around Quillby Row all day.', /^not in GeoNames.*a village or hamlet/],
  ];
  for (const [text, basis] of cases) assert.match(basisOf(text, 'Quillby Row', 'LOCATION'), basis, text);
});
