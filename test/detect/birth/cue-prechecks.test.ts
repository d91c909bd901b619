import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { birthRecognizers } from '../../../src/detect/recognizers/birth/index.js';

/** The cheap test for a date cue (its words, and "b." after a non-letter) must never hide one. */
const [recognizer] = birthRecognizers({ profile: 'balanced' });

function found(text: string): string[] {
  const out = recognizer.detect(new DetectionContext(text));
  if (out instanceof Promise) throw new Error('birth recognizer must be synchronous');
  return out.map((c) => text.slice(c.start, c.end)).sort();
}

test('"b." is a cue after a bracket, not at the end of a word', () => {
  assert.deepEqual(found('Okafor (b. 1921, Dunmore) farmed'), ['1921', 'Dunmore']);
  assert.deepEqual(found('b. 1921 in Dunmore'), ['1921', 'Dunmore']);
  assert.deepEqual(found('Ask Jacob. 1921 was a hard year.'), []);
});

test('cues in capitals and in other forms still find the date', () => {
  assert.deepEqual(found('DOB 3/4/1977'), ['3/4/1977']);
  assert.deepEqual(found('D.O.B. 1981-09-30'), ['1981-09-30']);
  assert.deepEqual(found('She turns 40 on June 3, 2024'), ['June 3, 2024']);
  assert.deepEqual(found('GEBURTSDATUM: 07.03.1985'), ['07.03.1985']);
});
