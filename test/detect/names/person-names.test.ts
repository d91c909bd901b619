import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';

const analyzer = new Analyzer({ labels: ['PERSON_NAME'] });
// The recognizers' own decisions: the recall-first stage (tested in test/detect/recall/) flags unknown capitalised words anyway.
const names = (text: string, a = analyzer) => a.analyzeSync(text).filter((s) => s.label === 'PERSON_NAME' && !s.source.includes('recall-first')).map((s) => s.text);

test('full names from the lexicons, titles left out', () => {
  assert.deepEqual(names('The referral was signed by Dr. Helen Ferrante yesterday.'), ['Helen Ferrante']);
  assert.deepEqual(names('Yesterday Maria Gonzalez called about her claim.'), ['Maria Gonzalez']);
  assert.deepEqual(names('Please ask Mr Okafor to bring the forms.'), ['Okafor']);
});

test('form labels, initials and Last, First', () => {
  assert.deepEqual(names('Patient: Chidinma Okafor-Bello\nMRN: 123'), ['Chidinma Okafor-Bello']);
  assert.deepEqual(names('Student Name: Adebayo-Hart, Oluwaseun T.\nGrade: 11'), ['Adebayo-Hart, Oluwaseun T.']);
  assert.ok(names('The report was reviewed by J. R. Whitfield on Monday.').includes('J. R. Whitfield'));
});

test('particles, apostrophes and nicknames in quotes', () => {
  assert.deepEqual(names('Counsel for the estate, Pieter van der Berg, objected.'), ['Pieter van der Berg']);
  assert.deepEqual(names("Patient: Chidinma Okafor-Bello (\"Ike\")"), ['Chidinma Okafor-Bello', 'Ike']);
  assert.ok(names("Sean O'Neil will drive.").includes("Sean O'Neil"));
});

test('greetings, relations and signatures', () => {
  assert.deepEqual(names('Hi Lulu,\nthe flights are booked.'), ['Lulu']);
  assert.deepEqual(names('He is survived by his wife Carmen and two sons.'), ['Carmen']);
  assert.deepEqual(names('See you on Friday.\n\nBest,\nAnna'), ['Anna']);
});

test('chat speakers', () => {
  const text = '[9:14] tanvi: you up?\n[9:15] Ishita: yes\n[9:16] tanvi: ok\n[9:17] Ishita: bye';
  assert.deepEqual(names(text), ['tanvi', 'Ishita', 'tanvi', 'Ishita']);
});

test('hard negatives: sentence starts, departments, months, streets, places', () => {
  assert.deepEqual(names('Cardiology was consulted. Human Resources will call in March.'), []);
  assert.deepEqual(names('She lives at 12 Jackson Street near the park.'), []);
  assert.deepEqual(names('We spent a week in Florence and then flew to Paris.'), []);
  assert.deepEqual(names('Add one tbsp of Dijon mustard. The applicant was late.'), []);
  assert.deepEqual(names('HISTORY OF PRESENT ILLNESS\nThe patient denies chest pain.'), []);
  assert.deepEqual(names("I've added the note. Do not use in bathrooms."), []);
});

test('profiles: precision needs more evidence than recall', () => {
  const precise = new Analyzer({ labels: ['PERSON_NAME'], profile: 'precision' });
  assert.deepEqual(names('We met Ferrante there.', precise), []);
  assert.deepEqual(names('Dr. Helen Ferrante signed.', precise), ['Helen Ferrante']);
});
