import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { medicalRecognizers } from '../../../src/detect/recognizers/medical/index.js';
import { finder } from '../found.js';

const recognizers = medicalRecognizers({ profile: 'balanced' });

const found = finder(recognizers);

test('spinal levels with a disc finding or spine procedure', () => {
  assert.ok(found('Imaging showed a herniated C5-C6 disc with cord contact.').includes('herniated C5-C6 disc'));
  assert.ok(found('She is recovering from an L5/S1 fusion done in March.').includes('L5/S1 fusion'));
  assert.ok(found('Known T12 compression fracture.').includes('T12 compression fracture'));
  // A bus route or a seat number is not a spinal level.
  assert.deepEqual(found('Take the L4 bus to the T5 stop, seat C3.'), []);
});

test('imaging studies of a body region', () => {
  assert.ok(found('CT chest/abdomen w/o contrast was ordered.').includes('CT chest/abdomen w/o contrast'));
  assert.ok(found('An MRI right shoulder is booked.').includes('MRI right shoulder'));
  assert.ok(found('An X-ray of the left ankle was normal.').includes('X-ray of the left ankle'));
  assert.deepEqual(found('The US team and CT office sent a fax.'), []);
  assert.deepEqual(found('US Navy veterans met at the CT Capitol.'), []);
});

test('disabilities, mental health and neurodevelopmental terms', () => {
  assert.ok(found('He has been a wheelchair user since the accident.').includes('wheelchair user'));
  assert.ok(found('Our daughter was diagnosed with dyspraxia last year.').includes('dyspraxia'));
  assert.ok(found('He is a bilateral amputee after the blast.').includes('bilateral amputee'));
  assert.ok(found('The insurer denied ABA for our son.').includes('ABA'));
  assert.ok(found('History of exercise-induced bronchoconstriction, uses albuterol.').includes('exercise-induced bronchoconstriction'));
  // Lower-case "aba" is not the therapy.
  assert.ok(!found('The aba sign was on the door.').includes('aba'));
});

test('severity words and verbs stay out of the span', () => {
  const spans = found('Mild xerosis noted; she receives speech therapy and required reconstructive surgery.');
  assert.ok(spans.includes('xerosis'));
  assert.ok(spans.includes('speech therapy'));
  assert.ok(spans.includes('reconstructive surgery'));
  assert.ok(!spans.some((s) => /mild|receives|required/i.test(s)));
});

test('injured body parts with qualifiers between', () => {
  assert.ok(found('In 2020 a ruptured anterior cruciate ligament ended his season.').includes('ruptured anterior cruciate ligament'));
  assert.ok(found('X-rays show a malunited left clavicle.').includes('malunited left clavicle'));
});

test('field labels and pain scores are not findings', () => {
  const spans = found('Allergy: penicillin. Pain 7/10. He takes metformin and lisinopril for diabetes and hypertension.');
  assert.ok(!spans.includes('Allergy'));
  assert.ok(!spans.includes('Pain'));
  assert.ok(spans.includes('metformin'));
});

test('provider names with a campus, place or "of" tail', () => {
  assert.ok(found('Her MRI was done at Beacon Private Dublin last week.').includes('Beacon Private Dublin'));
  assert.ok(found('He was admitted to St. Vincent Hospital Galway overnight.').some((s) => s.endsWith('Hospital Galway')));
  assert.ok(found('Transferred to Riverside Hospital–North Campus for surgery.').includes('Riverside Hospital–North Campus'));
  assert.ok(found('She was treated at the Western Infirmary of Glasgow.').includes('Western Infirmary of Glasgow'));
  assert.ok(found('Care moved to Bluebell Hospice of the Valley in May.').includes('Bluebell Hospice of the Valley'));
  assert.ok(found('Follow-up at Cedar Grove Urgent Care on Friday.').includes('Cedar Grove Urgent Care'));
  // "Private" with no place after it, and academic bodies, are not providers.
  assert.deepEqual(found('Saving Private Ryan is on tonight.'), []);
  assert.deepEqual(found('He joined the Goldman Private Wealth desk.'), []);
  assert.ok(!found('She chairs the Department of Neurology.').some((s) => s.includes('Neurology')));
  assert.ok(!found('He is a Professor of Psychiatry.').some((s) => s.includes('Psychiatry')));
});

test('pharmacy chains named alone', () => {
  assert.ok(found('I picked up my refill at Walgreens yesterday.').includes('Walgreens'));
  assert.ok(found('the pharmacy is the rite aid by the bus stop').includes('rite aid'));
  assert.ok(found('Her prescription is ready at Boots in town.').includes('Boots'));
  // Everyday words and lower-case names with no pharmacy cue.
  assert.deepEqual(found('She bought new Boots for the winter.'), []);
  assert.deepEqual(found('Send the cvs file to the printer.'), []);
});
