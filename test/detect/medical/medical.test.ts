import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { medicalRecognizers } from '../../../src/detect/recognizers/medical/index.js';
import { finder } from '../found.js';

const recognizers = medicalRecognizers({ profile: 'balanced' });

const found = finder(recognizers);

test('conditions with qualifiers and procedures', () => {
  const spans = found('History of type 2 diabetes and a left knee replacement in 2019.');
  assert.ok(spans.includes('type 2 diabetes'));
  assert.ok(spans.includes('left knee replacement'));
  assert.ok(found('Dx: chronic kidney disease stage 3b.').includes('chronic kidney disease stage 3b'));
});

test('medications by lexicon and by drug-class ending', () => {
  const spans = found('Continue lisinopril 20 mg daily; started on candesartan 8 mg.');
  assert.ok(spans.includes('lisinopril'));
  assert.ok(spans.includes('candesartan'));
});

test('head-noun phrases and injuries', () => {
  assert.ok(found('She has thyroid eye disease.').includes('thyroid eye disease'));
  assert.ok(found('He was seen with a fractured left wrist.').includes('fractured left wrist'));
});

test('provider names', () => {
  assert.ok(found('She was taken to Wolf Creek Community Hospital overnight.').includes('Wolf Creek Community Hospital'));
  assert.ok(found('Call Westgate Pharmacy about the refill.').includes('Westgate Pharmacy'));
});

test('everyday words need a medical cue', () => {
  assert.deepEqual(found('She had a cold drink and felt the pressure of the deadline.'), []);
  assert.ok(found('Past history of stroke in 2020.').includes('stroke'));
  assert.deepEqual(found('What a stroke of luck.'), []);
});

test('near misses: departments, mustard, months', () => {
  assert.deepEqual(found('The Cardiology department moved to the east wing.'), []);
  assert.deepEqual(found('Add Dijon mustard in March and May.'), []);
  assert.deepEqual(found('She presented to the Emergency Department at noon.'), []);
});
