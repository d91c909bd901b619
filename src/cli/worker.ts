import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PipelineOptions } from '../pipeline.js';
import { ProcessingFailure } from './errors.js';
import { createPipeline } from './options.js';
import { GROUP_DOCUMENTS, groupsOf } from './groups.js';
import { processGroup } from './processor.js';
import type { WorkerReply, WorkerTask } from './worker-pool.js';

/**
 * Worker thread entry: builds one pipeline from the options it was started with and processes
 * the documents it is sent. The documents that have arrived are run as groups (processGroup: each
 * recognizer over the whole group in turn), at most GROUP_DOCUMENTS at a time, so that the next
 * ones wait here, not in a round trip through the main thread. A task marked `alone` (retried
 * after a worker crashed) runs by itself. Errors go back as a message that is safe to print
 * (never the document text).
 */
export function serveBatchWorker(port: MessagePort, options: PipelineOptions): void {
  const pipeline = createPipeline(options);
  const waiting: WorkerTask[] = [];
  let running = false;

  port.on('message', (tasks: WorkerTask[]) => {
    for (const task of tasks) waiting.push(task);
    // Once the messages already queued in the port have arrived.
    if (!running) setImmediate(() => void drain());
  });

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (waiting.length > 0) {
        const next = waiting[0].alone ? waiting.splice(0, 1) : takeGroup();
        for (const group of groupsOf(next)) {
          const outcomes = await processGroup(pipeline, group[0].mode, group.map((t) => t.text));
          port.postMessage(group.map((task, i) => reply(task, outcomes[i])));
        }
        // The messages that arrived while the group ran are delivered before the next group is taken
        // (they wait in the port until this thread's event loop turns): fuller groups.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      running = false;
    }
  }

  /** The first GROUP_DOCUMENTS tasks waiting, up to the first `alone` one. */
  function takeGroup(): WorkerTask[] {
    let n = 0;
    while (n < waiting.length && n < GROUP_DOCUMENTS && !waiting[n].alone) n++;
    return waiting.splice(0, n);
  }
}

function reply(task: WorkerTask, outcome: Awaited<ReturnType<typeof processGroup>>[number]): WorkerReply {
  if (outcome instanceof ProcessingFailure) return { id: task.id, ok: false, error: outcome.message };
  return { id: task.id, ok: true, spans: outcome.spans, redacted: outcome.redacted };
}

// In a worker thread it serves its parent; loaded elsewhere (the build's code-cache warm-up,
// scripts/worker-cache-warmup.ts) it only exports serveBatchWorker.
if (parentPort) serveBatchWorker(parentPort, (workerData as { options: PipelineOptions }).options);
