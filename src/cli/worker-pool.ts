import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PipelineOptions } from '../pipeline.js';
import type { Span } from '../types.js';
import { ProcessingFailure, WorkerCrashError } from './errors.js';
import { DEPTH, DEPTH_CHARS } from './groups.js';
import type { Mode, ProcessedDocument } from './processor.js';

export interface WorkerTask {
  id: number;
  mode: Mode;
  text: string;
  /** Run by itself, and the only document its worker holds: a retry after a worker crashed while holding several. */
  alone?: boolean;
}

/** Messages are arrays: the pool sends a worker `WorkerTask[]`, the worker answers `WorkerReply[]` (a group at a time). */
export type WorkerReply = { id: number; ok: true; spans: Span[]; redacted?: string } | { id: number; ok: false; error: string };

interface Job {
  task: WorkerTask;
  resolve: (result: ProcessedDocument) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Documents sent to this worker and not answered yet, by task id (in the order sent). */
  jobs: Map<number, Job>;
  /** Characters of those documents. */
  chars: number;
}


/** Replacement workers started after crashes before the pool gives up (a worker that cannot even start would loop forever). */
const MAX_RESTARTS = 8;

/**
 * A fixed-size pool of worker threads, each running its own pipeline. Workers
 * are started lazily as work arrives; each holds at most DEPTH documents and
 * processes them in groups. A worker that dies is replaced; a document fails only
 * when its worker died while holding it alone: the documents of a worker that died
 * holding several go back to the front of the queue marked `alone`, each then sent
 * to a worker that holds nothing else, so that the one that kills a worker is found
 * and fails by itself.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private restarts = 0;
  private closed = false;
  private broken?: Error;
  private dispatchQueued = false;

  constructor(
    private readonly size: number,
    private readonly options: PipelineOptions,
    /** The worker's entry module: worker.ts/.js beside this module (tests give another). */
    private readonly entry: URL = defaultEntry(),
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
      // Sent once this turn's requests are in: one message per worker for all of them.
      if (!this.dispatchQueued) {
        this.dispatchQueued = true;
        setImmediate(() => {
          this.dispatchQueued = false;
          this.dispatch();
        });
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('worker pool is closed'));
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /**
   * Hands queued documents to workers. Each worker gets one message with all its new documents (and
   * answers a group in one message): a message per document cost more than the work on a short one.
   */
  private dispatch(): void {
    const outgoing = new Map<Slot, WorkerTask[]>();
    while (this.queue.length > 0 && !this.closed) {
      // An idle worker first, then a new one while the pool may grow, then more documents for a busy one
      // (not for a worker holding an `alone` document, and an `alone` one only for an idle worker).
      const alone = this.queue[0].task.alone === true;
      let slot = this.slots.find((s) => s.jobs.size === 0);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      const size = this.queue[0].task.text.length;
      if (!alone) slot ??= this.slots.find((s) => s.jobs.size < DEPTH && s.chars + size <= DEPTH_CHARS && !s.jobs.values().next().value?.task.alone);
      if (!slot) break;
      const job = this.queue.shift()!;
      slot.jobs.set(job.task.id, job);
      slot.chars += size;
      const tasks = outgoing.get(slot);
      if (tasks) tasks.push(job.task);
      else outgoing.set(slot, [job.task]);
    }
    for (const [slot, tasks] of outgoing) slot.worker.postMessage(tasks);
  }

  private spawn(): Slot {
    const worker = startWorker(this.entry, this.options);
    const slot: Slot = { worker, jobs: new Map(), chars: 0 };
    this.slots.push(slot);
    worker.on('message', (replies: WorkerReply[]) => {
      for (const reply of replies) {
        const job = slot.jobs.get(reply.id);
        if (!job) continue;
        slot.jobs.delete(reply.id);
        slot.chars -= job.task.text.length;
        if (reply.ok) job.resolve({ spans: reply.spans, redacted: reply.redacted });
        else job.reject(new ProcessingFailure(reply.error));
      }
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
    // Alone, the document it held is the one that stopped it; several go back to the front of the queue, each to run alone.
    const held = [...slot.jobs.values()];
    slot.jobs.clear();
    slot.chars = 0;
    if (held.length === 1) held[0].reject(new WorkerCrashError(`worker thread stopped unexpectedly (exit code ${code})`));
    else this.queue.unshift(...held.map((job) => ({ ...job, task: { ...job.task, alone: true } })));
    if (++this.restarts > MAX_RESTARTS) {
      this.broken = new WorkerCrashError('worker threads keep failing; giving up');
      for (const job of this.queue.splice(0)) job.reject(this.broken);
      return;
    }
    this.dispatch();
  }
}

/**
 * The worker's entry: under tsx, worker.ts next to this module; compiled, worker-entry.js next to
 * it, which runs the worker bundle with its code cache when the build made them; and from the
 * CLI's bundle (dist/bundle/splice.cjs), that same worker-entry.js in dist/src/cli.
 */
function defaultEntry(): URL {
  const ext = extname(fileURLToPath(import.meta.url));
  if (ext === '.ts') return new URL('./worker.ts', import.meta.url);
  return new URL(ext === '.cjs' ? '../src/cli/worker-entry.js' : './worker-entry.js', import.meta.url);
}

/**
 * Starts a worker running `entry`. From compiled dist/ it is plain JavaScript; under tsx (tests,
 * benchmarks) the TypeScript loader must be registered inside the worker before the entry is imported.
 */
function startWorker(entry: URL, options: PipelineOptions): Worker {
  const workerData = { options };
  if (entry.pathname.endsWith('.ts')) {
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
