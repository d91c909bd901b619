import { test } from 'node:test';
import assert from 'node:assert/strict';
import { found, detect } from './helpers.js';

test('record numbers after their label: the span is the number, not the label', () => {
  assert.deepEqual(found('Patient: Rosa Delgado\nMRN: KH-0048173\nDOB: 04/11/1958', 'ID_NUMBER'), ['KH-0048173']);
  assert.deepEqual(found('Insurance: Cedar Health, member ID CHP771029384 (primary).', 'ID_NUMBER'), ['CHP771029384']);
  assert.deepEqual(found('Claim no.: WC-OR-2022-448190', 'ID_NUMBER'), ['WC-OR-2022-448190']);
  assert.deepEqual(found('Policy #: HO-55218-07     Claim #: CLM-9920-118', 'ID_NUMBER'), ['HO-55218-07', 'CLM-9920-118']);
  assert.deepEqual(found('CASE NO.: 2023-CV-01184-B', 'ID_NUMBER'), ['2023-CV-01184-B']);
  assert.deepEqual(found('Your booking reference is TQ8K2L.', 'ID_NUMBER'), ['TQ8K2L']);
  assert.deepEqual(found('Ticket #SR-2024-55120 has been escalated.', 'ID_NUMBER'), ['SR-2024-55120']);
  assert.deepEqual(found('The member ID we have for you is KRX 551 204 886, correct?', 'ID_NUMBER'), ['KRX 551 204 886']);
  assert.deepEqual(found('Sozialversicherungsnummer: 12 150385 M 041', 'ID_NUMBER'), ['12 150385 M 041']);
  assert.deepEqual(found('Filed in the Western District, No. 2:22-cv-00318-TSZ.', 'ID_NUMBER'), ['2:22-cv-00318-TSZ']);
});

test('passport, driving licence and plates', () => {
  assert.deepEqual(found('Identification: Canadian passport no. HK552019, expires 2029.', 'ID_NUMBER'), ['HK552019']);
  assert.deepEqual(found("Driver's license: D412-7730-5518 (Illinois)", 'ID_NUMBER'), ['D412-7730-5518']);
  assert.deepEqual(found('He was driving a blue Corolla, license plate 7MXR220, when stopped.', 'ID_NUMBER'), ['7MXR220']);
  assert.deepEqual(found('She parked her car (OR plate HTW 118) outside.', 'ID_NUMBER'), ['HTW 118']);
  assert.deepEqual(found('Vehicle registration: MH 12 AB 3344', 'ID_NUMBER'), ['MH 12 AB 3344']);
  assert.deepEqual(found('The witness saw the van, an old Ford with Ohio JKL-4420 on it.', 'ID_NUMBER'), ['JKL-4420']);
});

test('employee, student and badge numbers are EMPLOYMENT_EDUCATION', () => {
  assert.deepEqual(found('Employee ID: EMP-00412', 'EMPLOYMENT_EDUCATION'), ['EMP-00412']);
  assert.deepEqual(found('Transcript for student ID 20193385, class of 2023.', 'EMPLOYMENT_EDUCATION'), ['20193385']);
  assert.deepEqual(found('Statement taken by Officer J. Marsh #5521 at the scene.', 'EMPLOYMENT_EDUCATION'), ['5521']);
  assert.deepEqual(found('Employee ID: EMP-00412', 'ID_NUMBER'), []);
});

test('near misses: dates, prices, versions, quantities, years, ZIP codes and prose after labels', () => {
  const negatives = [
    'Case closed on 03/14/2024 after review.',
    'Order 3 boxes of gloves, size M.',
    'The policy changed in 2021 and again in 2023.',
    'Reference price $1,299.00 per unit.',
    'Upgrade to version 4.2.1 before Monday.',
    'Ticket prices rose by 15% this year.',
    'Member since 2009, member of the board.',
    'The claim was denied on 2024-02-01.',
    'Room No. 12 is on the left.',
    'Report 5 of 12 is missing.',
    'Patient number one improved overnight.',
    'ID badges must be worn at all times.',
    'Plate 3 shows the fracture at 10:45.',
    'Case in point: the 4th amendment.',
    'License: MIT, see LICENSE file, v2.0.1.',
    'Account for 30% of the budget.',
    'Order #12 shipped to 98101.',
    'We recorded 48 cases in 2019 and 112 in 2020.',
    'Dosage: 500mg twice daily, refills: 3.',
    'Phone No.: 415-555-0132 (mobile)',
    'Zip code 98101-2234, Seattle.',
    'Flight No. UA2231 departs at 09:40.',
    'Room #4412B, third floor.',
    'Figure 12a and Table 3 show the results.',
    'Reference: ISO 27001:2022 controls, ISBN 978-0-306-40615-7.',
    'Upgrade npm (Ruy Adorno) [#37918](https://example.org/pull/37918)',
    'See https://example.org/view?number=438331999&tier_id=398771 for details.',
    'const client = http2.connect(url); // in this case deadbeef',
    'Serial number: 32D18D (hardware key)',
    'background: #1A2b3c; border: 1px solid #fff;',
    'BP 120/80, HR 72, Temp 98.6, SpO2 98% on RA. Lab: WBC 11.2, Plt 245.',
    'Address on file: 4417 E Marlow Ave, Omaha',
  ];
  for (const text of negatives) assert.deepEqual(detect(text), [], text);
});
