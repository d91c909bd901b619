import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';

const analyzer = new Analyzer({ labels: ['LOCATION'] });
const places = (text: string) => analyzer.analyzeSync(text).filter((s) => s.label === 'LOCATION').map((s) => s.text);

test('cities, states and countries', () => {
  assert.deepEqual(places('He works at a cold-storage plant in Toledo.'), ['Toledo']);
  assert.deepEqual(places('She was transferred from Atlanta to the Boston office.'), ['Atlanta', 'Boston']);
  assert.deepEqual(places('The family moved from Nigeria to Manitoba in 2016.'), ['Nigeria', 'Manitoba']);
  assert.deepEqual(places('Our team is based in Austin, TX and ships worldwide.'), ['Austin', 'TX']);
});

test('geographic sites and counties', () => {
  assert.deepEqual(places('We hiked past Lake Tahoe and camped near Cedar Creek.'), ['Lake Tahoe', 'Cedar Creek']);
  assert.deepEqual(places('The farm lies in Berkshire County.'), ['Berkshire County']);
  assert.deepEqual(places('They walked along the Charles River at dawn.'), ['Charles River']);
});

test('ambiguous names need a place cue', () => {
  assert.deepEqual(places('Florence Nightingale changed nursing.'), []);
  assert.deepEqual(places('Mobile phones are not allowed. Reading is encouraged.'), []);
  assert.deepEqual(places('Add one tbsp of Dijon mustard to the pastry.'), []);
  assert.deepEqual(places('We spent a week in Florence.'), ['Florence']);
});
