import { test } from 'node:test';
import assert from 'node:assert/strict';
import { medicalRecognizers } from '../../../src/detect/recognizers/medical/index.js';
import { finder } from '../found.js';

const recognizers = medicalRecognizers({ profile: 'balanced' });

const found = finder(recognizers);

test('symptoms count in a medical note, not in ordinary prose', () => {
  const note = found('Taking metformin and lisinopril for hypertension. New rash on both arms and a mild tremor.');
  assert.ok(note.includes('rash'));
  assert.ok(note.includes('tremor')); // severity words ("mild") stay out of the span
  assert.deepEqual(found('The roof lost half its shingles and the pain of the move was real.'), []);
});

test('negated findings are skipped', () => {
  const spans = found('History of asthma, on albuterol. Denies chest pain. No known drug allergies. No fever.');
  assert.ok(spans.includes('asthma'));
  assert.ok(!spans.includes('chest pain'));
  assert.ok(!spans.includes('allergies'));
  assert.ok(!spans.includes('fever'));
});

test('one-letter misspellings of known terms in lower case', () => {
  const spans = found('the doctor said it was diabetis and now i take losartin every morning');
  assert.ok(spans.includes('diabetis'));
  assert.ok(spans.includes('losartin'));
  assert.ok(!found('the marathon started at seven').some((s) => s === 'marathon'));
});

test('imaging, dental work and brand-name drugs', () => {
  assert.ok(found('An MRI of the knee showed a tear.').some((s) => s.startsWith('MRI')));
  assert.ok(found('Composite restoration #19, fluoride varnish applied.').includes('Composite restoration'));
  assert.ok(found('Uses his inhaler (ProAir) before practice.').includes('ProAir'));
  assert.ok(!found('Please add milk to the list.').includes('add'));
});

test('adjectives before and body parts after a condition', () => {
  assert.ok(found('Diagnosed with metastatic pancreatic adenocarcinoma.').includes('metastatic pancreatic adenocarcinoma'));
  assert.ok(found('Stress fracture of the left tibia in May.').includes('Stress fracture of the left tibia'));
  assert.ok(found('History of type 2 diabetes mellitus.').includes('type 2 diabetes mellitus'));
});

test('injuries named by a body part', () => {
  assert.ok(found('She sustained a deep cut above her left eyebrow.').includes('deep cut above her left eyebrow'));
  assert.ok(found('On the descent she rolled her ankle.').includes('rolled her ankle'));
  assert.ok(!found('He cut the cake and rolled the dough.').length);
});

test('weak heads need a medical word before them', () => {
  assert.ok(found('He has noise-induced hearing loss.').some((s) => s.endsWith('hearing loss')));
  assert.deepEqual(found('The adjuster listed it as a probable total loss with wage loss claimed.'), []);
});
