import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toPipelineOptions } from '../../../src/cli/options.js';
import { UsageError } from '../../../src/cli/errors.js';

test('CLI: --operator surrogate with a key from the option or SPLICE_SURROGATE_KEY, date-shift and neighbour options', () => {
  const a = toPipelineOptions({ operator: 'surrogate', surrogateKey: 'k1', dateShift: 'person', dateShiftDays: '30', keepWeekday: true }, {});
  assert.equal(a.policy?.PERSON_NAME, 'surrogate');
  assert.deepEqual({ ...a.operatorSettings }, { surrogateKey: 'k1', dateShiftScope: 'person', dateShiftDays: 30, keepWeekday: true });
  const b = toPipelineOptions({ operator: 'PERSON_NAME=neighbor', neighbours: '25' }, { SPLICE_SURROGATE_KEY: 'from-env' });
  assert.equal(b.policy?.PERSON_NAME, 'neighbour');
  assert.equal(b.policy?.CONTACT, 'tag');
  assert.equal(b.operatorSettings?.surrogateKey, 'from-env');
  assert.equal(b.operatorSettings?.neighbours, 25);
  const c = toPipelineOptions({ operator: 'generalize', generalizeLevel: 'auto', poolSize: '500' }, {});
  assert.equal(c.operatorSettings?.generalizeLevel, 'auto');
  assert.equal(c.operatorSettings?.poolSize, 500);
});

test('CLI: bad surrogate options are usage errors', () => {
  assert.throws(() => toPipelineOptions({ operator: 'surrogate', neighbours: '0' }, {}), UsageError);
  assert.throws(() => toPipelineOptions({ operator: 'surrogate', dateShift: 'week' }, {}), UsageError);
  assert.throws(() => toPipelineOptions({ operator: 'surrogate', dateShiftDays: '3', keepWeekday: true }, {}), UsageError);
  assert.throws(() => toPipelineOptions({ operator: 'surrogat' }, {}), UsageError);
});
