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
