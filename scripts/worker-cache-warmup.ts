import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { compileBundle, workerBundleFiles, writeCodeCache } from '../src/cli/bundle-launcher.js';
import { settingsForWorkerThreads } from '../src/cli/jit-tuning.js';
import type { WorkerReply, WorkerTask } from '../src/cli/worker-pool.js';
import type { PipelineOptions } from '../src/pipeline.js';

/**
 * The worker half of scripts/build-bundle.ts: makes dist/bundle/worker.cjs.cache, V8's code cache
 * of the batch worker bundle after it has detected and redacted the bundled example.
 *   node dist/scripts/worker-cache-warmup.js
 * The bundle runs here, in the main thread, and serves a message channel as it would serve its
 * parent in a worker. V8 accepts a code cache only under the settings it was made with, so this
 * applies those of a batch with several worker threads (settingsForWorkerThreads); a worker
 * started under other settings compiles as if there were no cache.
 */
settingsForWorkerThreads(2);

const files = workerBundleFiles();
const compiled = compileBundle(files, false);
if (!compiled) throw new Error('worker-cache-warmup: no fresh dist/bundle/worker.cjs (run node dist/scripts/build-bundle.js)');
const { serveBatchWorker } = compiled.run() as { serveBatchWorker?: (port: MessagePort, options: PipelineOptions) => void };
if (typeof serveBatchWorker !== 'function') throw new Error('worker-cache-warmup: the worker bundle does not export serveBatchWorker');

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = readFileSync(join(root, 'examples', 'discharge-note.txt'), 'utf8');
// The whole note both ways, then its paragraphs as one group: the paths a batch takes.
const paragraphs = example.split(/\n\s*\n/).filter((p) => p.trim() !== '');
const tasks: WorkerTask[] = [
  { id: 0, mode: 'redact', text: example, alone: true },
  { id: 1, mode: 'detect', text: example, alone: true },
  ...paragraphs.map((text, i): WorkerTask => ({ id: 2 + i, mode: 'detect', text })),
];

const { port1, port2 } = new MessageChannel();
serveBatchWorker(port1, {});
const failed = await new Promise<string | undefined>((resolve) => {
  let answered = 0;
  port2.on('message', (replies: WorkerReply[]) => {
    for (const reply of replies) if (!reply.ok) resolve(reply.error);
    answered += replies.length;
    if (answered === tasks.length) resolve(undefined);
  });
  port2.postMessage(tasks);
});
port1.close();
port2.close();
if (failed !== undefined) throw new Error(`worker-cache-warmup: the warm-up document failed: ${failed}`);
writeCodeCache(files, compiled);
