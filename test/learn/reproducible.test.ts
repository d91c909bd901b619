import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dataPath } from '../../src/lexicons/data-files.js';
import { SyntheticCorpus, formatDate } from '../../src/learn/synthetic.js';
import { SequenceTagger } from '../../src/learn/tagger.js';
import { COMMITTED_TRAINING, trainOnSynthetic } from '../../src/learn/training.js';

/**
 * Training must be a function of its seed only: not of the day it runs, the
 * machine's time zone, other users of Faker's shared instances, or locale data.
 */

/** Runs `fn` with the clock set to `iso` and the process in time zone `tz`, then restores both. */
function atTimeIn<T>(iso: string, tz: string, fn: () => T): T {
  const savedTz = process.env.TZ;
  process.env.TZ = tz;
  mock.timers.enable({ apis: ['Date'], now: new Date(iso) });
  try {
    return fn();
  } finally {
    mock.timers.reset();
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  }
}

test('a small model trained twice with the same seed is identical, whatever the date and time zone', () => {
  const settings = { docs: 300, epochs: 2, seed: 4711 };
  const first = atTimeIn('2026-03-01T10:00:00Z', 'UTC', () => trainOnSynthetic(settings));
  const second = atTimeIn('2031-07-15T23:30:00Z', 'Pacific/Kiritimati', () => trainOnSynthetic(settings));
  assert.deepEqual(second.docs, first.docs);
  assert.equal(SequenceTagger.serialize(second.model), SequenceTagger.serialize(first.model));
  // The dates in the documents are there (the check above would be vacuous without them).
  assert.ok(first.docs.some((d) => /\b(?:19|20)\d\d\b/.test(d.text) && /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|\d\d\/\d\d\/\d{4}/i.test(d.text)));
  // A different seed gives a different model: the comparison can fail.
  const other = trainOnSynthetic({ ...settings, seed: 4712 });
  assert.notEqual(SequenceTagger.serialize(other.model), SequenceTagger.serialize(first.model));
});

test('the synthetic corpus does not depend on what else used Faker in the process', async () => {
  const before = [...new SyntheticCorpus(31).documents(40)];
  const { fakerEN_US, fakerDE } = await import('@faker-js/faker');
  fakerEN_US.seed(1);
  fakerDE.seed(2);
  fakerEN_US.person.firstName();
  fakerDE.location.city();
  const corpus = new SyntheticCorpus(31);
  fakerEN_US.person.lastName(); // advancing a shared instance between documents changes nothing
  const after = [...corpus.documents(40)];
  assert.deepEqual(after, before);
});

test('dates are written from their UTC fields, without locale data', () => {
  const instant = new Date(Date.UTC(1987, 2, 7, 23, 45));
  assert.equal(formatDate(instant, 'en-US', 'long'), 'March 7, 1987');
  assert.equal(formatDate(instant, 'en-GB', 'long'), '7 March 1987');
  assert.equal(formatDate(instant, 'en-US', '2-digit'), '03/07/1987');
  assert.equal(formatDate(instant, 'en-GB', '2-digit'), '07/03/1987');
});

test('the committed model is exactly what scripts/train-tagger.ts trains with its defaults', { timeout: 120_000 }, () => {
  const committed = gunzipSync(readFileSync(dataPath('model/tagger.json.gz'))).toString('utf8');
  const { model } = trainOnSynthetic(COMMITTED_TRAINING);
  const trained = SequenceTagger.serialize(model);
  const count = (json: string) => Object.keys((JSON.parse(json) as { weights: object }).weights).length;
  assert.equal(count(trained), count(committed), 'feature count of a fresh training vs. the committed model');
  assert.ok(trained === committed, 'retrain with `node --import tsx scripts/train-tagger.ts` after changing the templates, vocabulary, features or training');
});
