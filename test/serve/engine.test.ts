import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineError, WorkerEngine } from '../../src/serve/engine.js';

/**
 * The worker-thread engine of `splice serve`: the pipeline runs off the event
 * loop, a document over the time limit is stopped (its worker replaced), a full
 * queue is refused, and reviewer-chosen spans are assessed and redacted.
 */
const NOTE = 'Referral: Ms. Oona Pelletier-Vance (born 14 February 1979) was seen at Larchmont Clinic for asthma. Phone 0161 496 0754, email oona.pv@example.net.';

let engine: WorkerEngine;
before(async () => {
  engine = await WorkerEngine.start({ pipeline: { profile: 'balanced' }, jobs: 1, timeoutMs: 60_000, maxQueue: 4 });
});
after(async () => {
  await engine.close();
});

test('detect and redact run in a worker thread and find the invented PII', async () => {
  const spans = await engine.detect(NOTE);
  const labelled = new Map(spans.map((s) => [s.text, s.label]));
  assert.equal(labelled.get('Oona Pelletier-Vance'), 'PERSON_NAME');
  assert.equal(labelled.get('oona.pv@example.net'), 'CONTACT');
  for (const s of spans) assert.equal(NOTE.slice(s.start, s.end), s.text);
  const { redacted } = await engine.redact(NOTE);
  assert.ok(!redacted.includes('Pelletier'), 'the name is gone');
  assert.ok(!redacted.includes('oona.pv@example.net'), 'the email is gone');
  assert.match(redacted, /\[PERSON_NAME\]/);
});

test('identifiability and redaction of reviewer-chosen spans, with a label outside the taxonomy', async () => {
  const name = { start: NOTE.indexOf('Oona'), end: NOTE.indexOf('Oona') + 'Oona Pelletier-Vance'.length, label: 'PERSON_NAME' };
  const misc = { start: NOTE.indexOf('asthma'), end: NOTE.indexOf('asthma') + 6, label: 'MISC' };
  const results = await engine.identifiability(NOTE, [name, misc]);
  assert.equal(results.length, 2);
  assert.equal(results[0]?.identifying, true, 'a full name identifies alone');
  assert.equal(results[1], null, 'no assessment for a label outside the taxonomy');
  const redacted = await engine.redactSpans(NOTE, [name, misc]);
  assert.equal(redacted, NOTE.replace('Oona Pelletier-Vance', '[PERSON_NAME]').replace('asthma', '[MISC]'));
});

test('a document over the time limit is stopped with TIMEOUT; the next one is processed by a fresh worker', { timeout: 180_000 }, async () => {
  // An engine of its own with a 2 s limit, and a 2 MB document that takes the engine far longer than that.
  const limited = await WorkerEngine.start({ pipeline: { profile: 'balanced' }, jobs: 1, timeoutMs: 2000, maxQueue: 4 });
  try {
    const big = Array.from({ length: 30_000 }, (_, i) => `Visit ${i}: Mr. Ansel Brightwater of 4${i} Quarry Lane phoned 0161 496 ${String(1000 + (i % 9000))}.`).join('\n');
    const started = performance.now();
    await assert.rejects(limited.detect(big), (err: unknown) => err instanceof EngineError && err.code === 'TIMEOUT' && err.status === 503);
    assert.ok(performance.now() - started < 30_000, 'the limit is enforced while the worker is busy');
    const spans = await limited.detect('Please call Ada Finchley on 0161 496 0754.');
    assert.ok(spans.some((s) => s.label === 'PERSON_NAME'));
    assert.equal(limited.healthy(), true);
  } finally {
    await limited.close();
  }
});

test('a full queue is refused with OVERLOADED instead of growing without bound', async () => {
  const jobs = Array.from({ length: 8 }, () => engine.detect(NOTE).then(() => 'ok', (err: unknown) => (err instanceof EngineError ? err.code : 'other')));
  const outcomes = await Promise.all(jobs);
  assert.ok(outcomes.includes('OVERLOADED'), `some were refused: ${outcomes.join(',')}`);
  assert.ok(outcomes.includes('ok'), 'the queued ones were processed');
  assert.ok(!outcomes.includes('other'));
});
