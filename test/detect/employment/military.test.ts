import { test } from 'node:test';
import assert from 'node:assert/strict';
import { employmentRecognizers } from '../../../src/detect/recognizers/employment/index.js';
import { finder } from '../found.js';

const recognizers = employmentRecognizers({ profile: 'balanced' });

const found = finder(recognizers);

test('armed forces with a service cue are an employer', () => {
  assert.ok(found('He enlisted in the U.S. Army in 1951.').includes('U.S. Army'));
  assert.ok(found('She is a US Army veteran.').includes('US Army'));
  assert.ok(found('He served twelve years in the Royal Navy.').includes('Royal Navy'));
  assert.ok(!found('The Army of the Potomac crossed the river.').includes('Army'));
});

test('signature title with a department', () => {
  assert.ok(found('Best,\nObi Eze\nManager, Network Planning\nAcme Corp').includes('Manager, Network Planning'));
});

test("someone else's multi-word role is not the person's title", () => {
  assert.ok(!found('It was signed by your property manager, Lionel Ek, in 2021.').includes('property manager'));
  assert.ok(found('She works as a property manager at Greystar.').includes('property manager'));
});
