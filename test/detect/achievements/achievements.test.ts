import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { achievementsRecognizers } from '../../../src/detect/recognizers/achievements/index.js';
import type { Candidate } from '../../../src/types.js';

const recognizers = achievementsRecognizers({ profile: 'balanced' });

function found(text: string, label?: string): string[] {
  const ctx = new DetectionContext(text);
  const out = new Set<string>();
  for (const r of recognizers) for (const c of r.detect(ctx) as Candidate[]) if (!label || c.label === label) out.add(text.slice(c.start, c.end));
  return [...out];
}

test('accomplishment phrases from the verb to the end of the object', () => {
  assert.ok(found('My aunt won a bronze medal in the 2011 Dublin Marathon, then retired.', 'ACHIEVEMENT').includes('won a bronze medal in the 2011 Dublin Marathon'));
  assert.ok(found('In 1998 he summited Denali with two friends.', 'ACHIEVEMENT').includes('summited Denali with two friends'));
  assert.ok(found('He was awarded the Bronze Star.', 'ACHIEVEMENT').includes('was awarded the Bronze Star'));
  assert.ok(found('A proud Eagle Scout and class valedictorian.', 'ACHIEVEMENT').includes('Eagle Scout'));
});

test('achievement near misses', () => {
  assert.deepEqual(found("We won't go. She received a letter and named her dog after him.", 'ACHIEVEMENT'), []);
});

test('traits with modifiers and location', () => {
  assert.ok(found('He has a tattoo of a koi fish on his left forearm.', 'TRAIT').includes('tattoo of a koi fish on his left forearm'));
  assert.ok(found('Noted a port-wine birthmark on her neck.', 'TRAIT').includes('port-wine birthmark on her neck'));
  assert.ok(found('He walks with a cane since the fall.', 'TRAIT').includes('walks with a cane since the fall'));
});

test('trait near misses', () => {
  assert.deepEqual(found('The hat was on the table and the tooth fairy came.', 'TRAIT'), []);
});

test('named events without the article', () => {
  assert.ok(found('She ran the Boston Marathon twice.', 'EVENT').includes('Boston Marathon'));
  assert.ok(found('We met at the 2021 Met Gala.', 'EVENT').includes('2021 Met Gala'));
  assert.ok(found('The annual Pittsfield Ice Festival opens today.', 'EVENT').includes('Pittsfield Ice Festival'));
  assert.ok(found('He spoke at DevHarbor 2019 in Chicago.', 'EVENT').includes('DevHarbor 2019'));
});

test('event near misses', () => {
  assert.deepEqual(found('Open the Cup and pour. The Summit Orthopedics office is closed in May 2024.', 'EVENT'), []);
});
