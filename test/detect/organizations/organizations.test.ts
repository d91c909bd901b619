import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';

const analyzer = new Analyzer({ labels: ['ORGANIZATION'] });
const orgs = (text: string) => analyzer.analyzeSync(text).filter((s) => s.label === 'ORGANIZATION').map((s) => s.text);

test('names ending in an organisation word', () => {
  assert.deepEqual(orgs('He owns six buildings through Pruitt Holdings LLC.'), ['Pruitt Holdings LLC']);
  assert.deepEqual(orgs('She was treasurer of the Key Club and sang at St. Anne Parish.'), ['Key Club', 'St. Anne Parish']);
  assert.deepEqual(orgs('Bea is an associate at SGV & Co. in Taguig.'), ['SGV & Co.']);
  assert.deepEqual(orgs('The claim went to Badger Farmers Insurance last week.'), ['Badger Farmers Insurance']);
});

test('"X of Y" names, teams, known organisations and acronyms', () => {
  assert.deepEqual(orgs('The mortgage is held by Bank of America.'), ['Bank of America']);
  assert.deepEqual(orgs('He never missed a game of the Boston Red Sox.'), ['Boston Red Sox']);
  assert.deepEqual(orgs('Volunteers from the Red Cross arrived.'), ['Red Cross']);
  assert.deepEqual(orgs('Her loans are serviced by MOHELA since 2019.'), ['MOHELA']);
});

test('negatives: medical providers, headings, vital signs', () => {
  assert.deepEqual(orgs('She was admitted to Mercy General Hospital and seen at Lakeside Family Clinic.'), []);
  assert.deepEqual(orgs('COUNSELING SERVICES – CONFIDENTIAL NOTE'), []);
  assert.deepEqual(orgs('Vitals: HR 98, BP 104/62 at rest.'), []);
  assert.deepEqual(orgs('Dear Admissions Committee, I write to apply.'), []);
});
