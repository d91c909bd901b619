import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { serveBatchWorker } from '../../src/cli/worker.js';
import type { WorkerReply, WorkerTask } from '../../src/cli/worker-pool.js';

// serveBatchWorker speaks the pool's protocol on any message port: here a channel in this thread,
// as the build's code-cache warm-up uses it.
test('a batch worker answers every task on its port, in order, detecting and redacting', async () => {
  const { port1, port2 } = new MessageChannel();
  serveBatchWorker(port1, {});
  const texts = ['Please call Marisol Quintero on 0161 496 0732 tomorrow.', 'Nothing personal in this line.', 'Marisol Quintero signed the form.'];
  const tasks: WorkerTask[] = [
    { id: 7, mode: 'detect', text: texts[0] },
    { id: 8, mode: 'detect', text: texts[1] },
    { id: 9, mode: 'redact', text: texts[2], alone: true },
  ];
  try {
    const replies = await new Promise<WorkerReply[]>((resolve) => {
      const got: WorkerReply[] = [];
      port2.on('message', (batch: WorkerReply[]) => {
        got.push(...batch);
        if (got.length === tasks.length) resolve(got);
      });
      port2.postMessage(tasks);
    });
    assert.deepEqual(replies.map((r) => r.id), [7, 8, 9]);
    const [first, second, third] = replies;
    assert.ok(first.ok && second.ok && third.ok);
    const name = first.spans.find((s) => s.label === 'PERSON_NAME');
    assert.ok(name, 'the name in the first document is found');
    assert.equal(texts[0].slice(name.start, name.end), 'Marisol Quintero');
    assert.ok(first.spans.some((s) => texts[0].slice(s.start, s.end) === '0161 496 0732'), 'the phone number is found');
    assert.equal(second.spans.length, 0);
    assert.equal(first.redacted, undefined, 'detect mode sends no redacted text');
    assert.ok(typeof third.redacted === 'string' && !third.redacted.includes('Quintero'));
  } finally {
    port1.close();
    port2.close();
  }
});
