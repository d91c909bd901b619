import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerCrashError } from '../../src/cli/errors.js';
import { WorkerPool } from '../../src/cli/worker-pool.js';

const crashing = new URL('./fixtures/crashing-worker.ts', import.meta.url);

test('a worker that dies holding several documents: only the document that kills it fails, the others are answered', async () => {
  const pool = new WorkerPool(1, { profile: 'balanced' }, crashing);
  try {
    const docs = ['first note', 'second note', 'CRASH here', 'fourth note', 'fifth note'];
    const outcomes = await Promise.allSettled(docs.map((d) => pool.run('redact', d)));
    assert.equal(outcomes[2].status, 'rejected');
    assert.ok((outcomes[2] as PromiseRejectedResult).reason instanceof WorkerCrashError);
    for (const i of [0, 1, 3, 4]) {
      assert.equal(outcomes[i].status, 'fulfilled', `document ${i}`);
      assert.equal((outcomes[i] as PromiseFulfilledResult<{ redacted?: string }>).value.redacted, docs[i].toUpperCase());
    }
    // The pool goes on after the crash.
    assert.equal((await pool.run('redact', 'later note')).redacted, 'LATER NOTE');
  } finally {
    await pool.close();
  }
});
