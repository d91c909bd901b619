import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { demographicRecognizers } from '../../../src/detect/recognizers/demographic/index.js';

// The age scans are skipped when a text lacks what each needs (a digit, "old", "age"/"died"/"turn",
// a subject word, a decade word, a colon for fields): these texts hold just that, in any case.
const [recognizer] = demographicRecognizers({ profile: 'balanced' });

function found(text: string): string[] {
  const out = recognizer.detect(new DetectionContext(text));
  if (out instanceof Promise) throw new Error('demographic recognizer must be synchronous');
  return out.map((c) => text.slice(c.start, c.end)).sort();
}

test('cues in capitals and number words without digits still reach the age scans', () => {
  assert.deepEqual(found('THE DRIVER, AGED FORTY, WAS UNHURT.'), ['FORTY']);
  assert.deepEqual(found('Grandpa TURNED NINETY last spring.'), ['NINETY']);
  assert.deepEqual(found('The tortoise is eighty YEARS OLD.'), ['eighty YEARS OLD']);
  assert.deepEqual(found('a nurse in her mid-FORTIES'), ['mid-FORTIES']);
});

test('a typographic apostrophe in the subject of an age', () => {
  assert.deepEqual(found('I’m 34 and new to the city.'), ['34']);
  assert.deepEqual(found('HE IS NOW 52, he told the clerk.'), ['52']);
});

test('texts without what a scan needs give nothing, and fields need their colon', () => {
  assert.deepEqual(found('ok'), []);
  assert.deepEqual(found('We walked home along the river.'), []);
  assert.deepEqual(found('Nationality Moldovan'), []);
  assert.deepEqual(found('Nationality：Moldovan'), ['Moldovan']);
});

test('a field label is looked for before each colon, past blanks and a parenthesis', () => {
  // Colons of times and other labels come first; the field's colon is not the first one.
  assert.deepEqual(found('Seen at 10:30. Name: Ana Duarte. Nationality: Moldovan'), ['Moldovan']);
  assert.deepEqual(found('Ref: 12\nRELIGION (self-declared) \t:  Buddhist'), ['Buddhist']);
  assert.deepEqual(found('Intake form\nEthnicity\t\t：Kurdish'), ['Kurdish']);
  // A parenthesis of more than 40 characters, or a line break inside it, is no part of a label.
  assert.deepEqual(found('Nationality (as printed on the second page of the old passport): Moldovan'), []);
  assert.deepEqual(found('Nationality (see\nbelow): Moldovan'), []);
  assert.deepEqual(found('Time: 10:30, room: 4, notes: none'), []);
});

test('long runs of colons, blanks and parentheses before a colon hold no field (adversarial input)', () => {
  assert.deepEqual(found(':'.repeat(200_000)), []);
  assert.deepEqual(found(' '.repeat(200_000) + ':'), []);
  assert.deepEqual(found('('.repeat(100_000) + ')'.repeat(100_000) + ': Roma'), []);
  assert.deepEqual(found('Race ' + ' \t'.repeat(100_000) + ': Roma'), ['Roma']);
});
