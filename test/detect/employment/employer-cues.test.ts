import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';
import { employmentRecognizers } from '../../../src/detect/recognizers/employment/index.js';
import { finder } from '../found.js';

const recognizers = employmentRecognizers({ profile: 'balanced' });
const analyzer = new Analyzer({ profile: 'balanced' });

const found = finder(recognizers);

/** Final spans labelled EMPLOYMENT_EDUCATION after resolution against every other recognizer. */
function employment(text: string): string[] {
  return analyzer.analyzeSync(text).filter((s) => s.label === 'EMPLOYMENT_EDUCATION').map((s) => s.text);
}

test('unknown occupation after "works as a" and the employer after it win over ORGANIZATION', () => {
  const spans = employment('She works as a senior hydrologist at Great Lakes Water Authority and lives in Ohio.');
  assert.ok(spans.includes('senior hydrologist'));
  assert.ok(spans.includes('Great Lakes Water Authority'));
});

test('occupational endings after strong and weak cues', () => {
  assert.ok(found('He worked as a glassblower for twenty years.').includes('glassblower'));
  assert.ok(found('Her job as night auditor ended in May.').includes('night auditor'));
  const weak = found('She is a volcanologist at Kettle Ridge Observatory.');
  assert.ok(weak.includes('volcanologist'));
  assert.ok(weak.includes('Kettle Ridge Observatory'));
});

test('weak cue without an employer, or with a non-job noun, gives no title', () => {
  assert.deepEqual(found('He is a dreamer.'), []);
  assert.ok(!found('He is a member at Pine Valley Golf Club.').includes('member'));
  assert.ok(!found('The two teams worked as a unit all season.').includes('unit'));
  assert.deepEqual(found('She is a regular customer at Rosie Diner.'), []);
});

test('hard negatives: generic roles, home, holidays, patients', () => {
  assert.deepEqual(found('The applicant and the employee spoke to our manager.'), []);
  assert.deepEqual(found('He works at home on Fridays and we met at Christmas.'), []);
  assert.deepEqual(employment('She is a patient at Mercy Hospital since March.'), []);
  assert.deepEqual(found('My therapist at Centerway Counseling thinks I should move out.'), []);
  assert.deepEqual(found('He sees a therapist at Brightpath Family Counseling each month.'), []);
  assert.deepEqual(found('Please ask your manager before leaving.'), []);
});

test('legal-form employers outrank a person name read over the same words', () => {
  const spans = employment('He has worked since 2019 as a CNC machinist at Karl Weber GmbH in Stuttgart.');
  assert.ok(spans.includes('CNC machinist'));
  assert.ok(spans.includes('Karl Weber GmbH'));
});

test('pay papers and phone calls name the employer', () => {
  assert.ok(found('I attached a W-2 from Fremont Valley Unified School District for 2023.').includes('Fremont Valley Unified School District'));
  assert.ok(found('Hi, this is Corinne calling from Eastbrook Pharmacy about your refill.').includes('Eastbrook Pharmacy'));
  assert.ok(found('Thanks for contacting Bluewing Air, my name is Lu.').includes('Bluewing Air'));
  assert.ok(found('He brought his separation letter from Keystone Foods to the office.').includes('Keystone Foods'));
});

test('lower-case title followed by "of <Organisation>"', () => {
  const spans = found('He has been pastor of Our Lady of Mercy Parish since 2004.');
  assert.ok(spans.includes('pastor'));
  assert.ok(spans.includes('Our Lady of Mercy Parish'));
  assert.ok(found('He is a director of the Harwood Marine Group.').includes('Harwood Marine Group'));
});

test('résumé lines "Employer — Title" and signature blocks', () => {
  const resume = found('EMPLOYMENT HISTORY\n1. Harbor Trust Bank — Assistant Branch Manager, 2019–2022\n2. Keller Foods — Shift Supervisor');
  assert.ok(resume.includes('Harbor Trust Bank'));
  assert.ok(resume.includes('Keller Foods'));
  const signature = found('Sincerely,\nJane Doe\nDirector of Collections Management\nOakridge Science Museum\n100 Main St.');
  assert.ok(signature.includes('Oakridge Science Museum'));
  // A hospital heading a clinician's letter is the provider, left to the medical recognizer.
  assert.ok(!found('Yours,\nDr. Ann Fitz\nConsultant Orthopaedic Surgeon\nBon Secours Hospital\n').includes('Bon Secours Hospital'));
});

test('appositive titles of named people', () => {
  assert.ok(found('She lives in Oslo with her partner, the composer Lars Berg, and two cats.').includes('composer'));
  const spans = found('He was born to Ahmad Yusof, a fisheries officer, and Siti Awang, a teacher.');
  assert.ok(spans.includes('fisheries officer'));
  assert.ok(found('Contact our volunteer coordinator, Ann Lee, at the front desk.').includes('volunteer coordinator'));
  // The person named after the comma is not an employer.
  assert.ok(!found('Contact our volunteer coordinator, Ann Lee, at the front desk.').includes('Ann Lee'));
  // Someone's own service provider stays unmarked.
  assert.ok(!found('It was signed by your property manager, Lionel Eke, in 2021.').includes('property manager'));
});

test('field values keep a capitalised first word; "Our Lady" and grammar schools', () => {
  assert.ok(found('Occupation: School bus driver, Pawtucket Public Schools').includes('School bus driver'));
  assert.ok(found('Employment: clinical pharmacist, Lakeshore Medical Center, 3 years').includes('Lakeshore Medical Center'));
  assert.ok(found('I was at Holmfirth Grammar until I was fifteen.').includes('Holmfirth Grammar'));
  assert.deepEqual(found('The grammar school on Main Street closed.'), []);
  assert.ok(found('She is a Portuguese painter and installation artist whose pieces fill warehouses.').includes('installation artist'));
});
