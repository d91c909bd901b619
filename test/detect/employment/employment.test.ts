import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { employmentRecognizers } from '../../../src/detect/recognizers/employment/index.js';
import { finder } from '../found.js';

const recognizers = employmentRecognizers({ profile: 'balanced' });

const found = finder(recognizers);

test('job title after "works as a" and its employer', () => {
  const spans = found('She works as a crane operator at Harbor Point Cold Storage in Toledo.');
  assert.ok(spans.includes('crane operator'));
  assert.ok(spans.includes('Harbor Point Cold Storage'));
});

test('Title-Case titles with "of" phrases and grade numerals', () => {
  assert.ok(found('Sincerely, Jane Roe, Senior Vice President of Operations').includes('Senior Vice President of Operations'));
  assert.ok(found('Software Engineer II, Initech, Austin, TX').includes('Software Engineer II'));
  assert.ok(found('Software Engineer II, Initech, Austin, TX').includes('Initech'));
});

test('labelled fields: position, employer, employee ID', () => {
  const spans = found('Employee ID: E-0731266\nEmployer: Iron Mesa Rail Services\nPosition: Signal Repair Foreman');
  assert.ok(spans.includes('E-0731266'));
  assert.ok(spans.includes('Iron Mesa Rail Services'));
  assert.ok(spans.includes('Signal Repair Foreman'));
});

test('degrees with fields and the school after them', () => {
  const spans = found('She holds a B.S. in Mechanical Engineering from Northfield University and an MBA.');
  assert.ok(spans.includes('B.S. in Mechanical Engineering'));
  assert.ok(spans.includes('Northfield University'));
  assert.ok(spans.includes('MBA'));
  assert.ok(found("She completed a master's degree in marine biology in 2015.").includes("master's degree in marine biology"));
});

test('schools by name pattern and by cue', () => {
  assert.ok(found('She graduated from Lakeview Senior High School in 2019.').includes('Lakeview Senior High School'));
  assert.ok(found('She is a junior at the University of New Hampshire.').includes('University of New Hampshire'));
  assert.ok(found('I am a sophomore at Utah State studying biology.').includes('Utah State'));
});

test('student and employee numbers', () => {
  assert.ok(found('Student ID (UID): 614083927').includes('614083927'));
  assert.ok(found('employee no. TK-58104 on file').includes('TK-58104'));
});

test('near misses: generic roles, state codes, ordinary words', () => {
  assert.deepEqual(found('The applicant and the employee met the patient on Monday.'), []);
  assert.deepEqual(found('Ship to Baltimore, MD 21201 by March.'), []);
  assert.deepEqual(found("We won't know until the School Board meets."), []);
  assert.deepEqual(found('Please ask your manager before leaving.'), []);
  assert.deepEqual(found('The Cardiology department called about the results.'), []);
});
