import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PipelineOptions } from '../pipeline.js';
import type { Span } from '../types.js';
import { ProcessingFailure, WorkerCrashError } from './errors.js';
import type { Mode, ProcessedDocument } from './processor.js';

export interface WorkerTask {
  id: number;
  mode: Mode;
  text: string;
}

export type WorkerReply = { id: number; ok: true; spans: Span[]; redacted?: string } | { id: number; ok: false; error: string };

interface Job {
  task: WorkerTask;
  resolve: (result: ProcessedDocument) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

/** Replacement workers started after crashes before the pool gives up (a worker that cannot even start would loop forever). */
const MAX_RESTARTS = 8;

/**
 * A fixed-size pool of worker threads, each running its own pipeline. Workers
 * are started lazily as work arrives; each handles one document at a time. A
 * worker that dies fails only the document it was processing and is replaced.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private restarts = 0;
  private closed = false;
  private broken?: Error;

  constructor(
    private readonly size: number,
    private readonly options: PipelineOptions,
  ) {
    if ((options as { extraRecognizers?: unknown[] }).extraRecognizers?.length) {
      throw new Error('extraRecognizers cannot cross into worker threads: build them in createPipeline from serialisable options');
    }
  }

  run(mode: Mode, text: string): Promise<ProcessedDocument> {
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<ProcessedDocument>((resolve, reject) => {
      this.queue.push({ task: { id: this.nextId++, mode, text }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.postMessage(job.task);
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.options);
    const slot: Slot = { worker };
    this.slots.push(slot);
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || job.task.id !== reply.id) return;
      slot.job = undefined;
      if (reply.ok) job.resolve({ spans: reply.spans, redacted: reply.redacted });
      else job.reject(new ProcessingFailure(reply.error));
      this.dispatch();
    });
    // An uncaught error ends the worker; 'exit' follows and does the clean-up.
    worker.on('error', () => undefined);
    worker.on('exit', (code) => this.onExit(slot, code));
    return slot;
  }

  private onExit(slot: Slot, code: number): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    if (this.closed) return;
    slot.job?.reject(new WorkerCrashError(`worker thread stopped unexpectedly (exit code ${code})`));
    if (++this.restarts > MAX_RESTARTS) {
      this.broken = new WorkerCrashError('worker threads keep failing; giving up');
      for (const job of this.queue.splice(0)) job.reject(this.broken);
      return;
    }
    this.dispatch();
  }
}

/**
 * Start a worker running worker.ts/.js next to this module. From compiled
 * dist/ it is plain JavaScript; under tsx (tests, benchmarks) the TypeScript
 * loader must be registered inside the worker before the entry is imported.
 */
function startWorker(options: PipelineOptions): Worker {
  const ext = extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./worker${ext}`, import.meta.url);
  const workerData = { options };
  if (ext === '.ts') {
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
    // The bootstrap registers tsx itself; `--import tsx` in execArgv does not reach a worker's entry on Node 20.
    return new Worker(bootstrap, { eval: true, workerData, execArgv: [] });
  }
  return new Worker(entry, { workerData, execArgv: passThroughExecArgv() });
}

/** The parent's Node options that are valid (and useful) in a worker: loaders, conditions, warnings. */
function passThroughExecArgv(): string[] {
  const withValue = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--conditions', '-C']);
  const flags = new Set(['--enable-source-maps', '--no-warnings', '--no-deprecation']);
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.split('=')[0];
    if (withValue.has(name)) {
      if (arg.includes('=')) out.push(arg);
      else if (i + 1 < argv.length) out.push(arg, argv[++i]);
    } else if (flags.has(arg)) {
      out.push(arg);
    }
  }
  return out;
}
