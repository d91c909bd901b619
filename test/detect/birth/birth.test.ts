import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { birthRecognizers } from '../../../src/detect/recognizers/birth/index.js';

const [recognizer] = birthRecognizers({ profile: 'balanced' });

function found(text: string): string[] {
  const out = recognizer.detect(new DetectionContext(text));
  if (out instanceof Promise) throw new Error('birth recognizer must be synchronous');
  return out.map((c) => text.slice(c.start, c.end)).sort();
}

test('dates of birth in numeric forms after DOB-like cues', () => {
  assert.deepEqual(found('Patient: R. Alvarez   DOB: 03/14/1972   Admitted: 11/02/2023'), ['03/14/1972']);
  assert.deepEqual(found('D.O.B. 1981-09-30, MRN 00123'), ['1981-09-30']);
  assert.deepEqual(found('Geburtsdatum: 07.03.1985'), ['07.03.1985']);
  assert.deepEqual(found('(dob 6/2/58) asked about refills'), ['6/2/58']);
});

test('dates of birth written out', () => {
  assert.deepEqual(found('Date of birth: 9 October 1990'), ['9 October 1990']);
  assert.deepEqual(found('We have your birth date as April 3rd, 1966, is that right?'), ['April 3rd, 1966']);
  assert.deepEqual(found('Grandad was born on November 2, 1929 and loved boats.'), ['November 2, 1929']);
});

test('born with date and place together', () => {
  assert.deepEqual(found('Okafor (born 12 May 1975 in Onitsha) is a Nigerian architect.'), ['12 May 1975', 'Onitsha']);
  assert.deepEqual(found('3. Ellen Gray, b. 1861, Portree; died 1930.'), ['1861', 'Portree']);
});

test('places of birth', () => {
  assert.deepEqual(found('He was born in Kumasi, Ghana, and moved to Leeds in 1999.'), ['Kumasi, Ghana']);
  assert.deepEqual(found('Place of birth: Cebu City, Cebu, Philippines\nNationality: Filipino'), ['Cebu City, Cebu, Philippines']);
  assert.deepEqual(found('Born and raised in Tulsa, Oklahoma, she studied law.'), ['Tulsa, Oklahoma']);
  assert.deepEqual(found('She was born in Salta, in northern Argentina.'), ['Argentina', 'Salta']);
  assert.deepEqual(found('a native of County Clare'), ['County Clare']);
});

test('dates that are not dates of birth, and "born again"', () => {
  assert.deepEqual(found('Admitted 04/12/2024, discharged 04/15/2024. Follow-up on May 3.'), []);
  assert.deepEqual(found('She felt born again after the retreat in June.'), []);
  assert.deepEqual(found('The company was founded on 1 March 1999.'), []);
});
