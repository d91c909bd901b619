import { parentPort, workerData } from 'node:worker_threads';
import type { PipelineOptions } from '../pipeline.js';
import { safeProcessingMessage } from './errors.js';
import { createPipeline } from './options.js';
import { processDocument } from './processor.js';
import type { WorkerReply, WorkerTask } from './worker-pool.js';

/**
 * Worker thread entry: builds one pipeline from the options it was started
 * with and processes documents one message at a time. Errors go back as a
 * message that is safe to print (never the document text).
 */
const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');
const pipeline = createPipeline((workerData as { options: PipelineOptions }).options);

port.on('message', (task: WorkerTask) => {
  processDocument(pipeline, task.mode, task.text).then(
    (result) => port.postMessage({ id: task.id, ok: true, spans: result.spans, redacted: result.redacted } satisfies WorkerReply),
    (err: unknown) => port.postMessage({ id: task.id, ok: false, error: safeProcessingMessage(err) } satisfies WorkerReply),
  );
});
