import { test } from 'node:test';
import assert from 'node:assert/strict';
import { medicalRecognizers } from '../../../src/detect/recognizers/medical/index.js';
import { finder } from '../found.js';

/**
 * The medical-term recognizer's reading of words outside its phrase lists: a drug or condition
 * ending in any case, a misspelt term only in lower case. A capitalised word is ruled out from
 * its last two letters before any look-up (medical-terms.ts classOf): these cases pin that down.
 */
const found = finder(medicalRecognizers({ profile: 'balanced' }).filter((r) => r.name === 'medical-term'));

test('a capitalised word with a drug or condition ending is still a term', () => {
  assert.ok(found('Restarted Zorvapril 10 mg after discharge.').includes('Zorvapril'));
  assert.ok(found('Imaging showed Brantonitis of the left side.').some((s) => s.startsWith('Brantonitis')));
});

test('a capitalised word without such an ending is no term, a lower-case misspelling is', () => {
  assert.deepEqual(found('Seen by Dr Castellano today at the Wellington office.'), []);
  assert.ok(found('history of diabetis and asthma').includes('diabetis'));
  assert.ok(!found('Diabetis, said the note, in capitals.').includes('Diabetis'));
});
