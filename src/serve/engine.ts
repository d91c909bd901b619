import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PipelineOptions } from '../pipeline.js';
import type { Span } from '../types.js';

/**
 * The engine behind `splice serve`: a pool of worker threads, each running its
 * own pipeline built from the server's engine options (the CLI's options). The
 * server's event loop never runs the engine, so /healthz answers under load and
 * a document that takes too long is stopped: its worker is terminated and
 * replaced, and the request gets a time-limit error.
 */

/** A span given to the engine by the review app (label: any string; only taxonomy labels are assessed). */
export interface SpanInput {
  start: number;
  end: number;
  label: string;
}

export interface Identifiability {
  identifying: boolean;
  identifyingInCombination: boolean;
}

export type EngineOp = 'detect' | 'redact' | 'assess' | 'identifiability' | 'redactSpans';

export interface EngineTask {
  id: number;
  op: EngineOp;
  text: string;
  spans?: SpanInput[];
}

export type EngineReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string } | { ready: true } | { ready: false; error: string };

/** What the server asks of the engine. Every method rejects with an EngineError whose message is safe to print. */
export interface Engine {
  detect(text: string): Promise<Span[]>;
  redact(text: string): Promise<{ redacted: string; spans: Span[] }>;
  /** The record of `splice assess --json`. */
  assess(text: string): Promise<Record<string, unknown>>;
  /** Identifiability of reviewer-chosen spans, one per span (null for labels outside the taxonomy). */
  identifiability(text: string, spans: SpanInput[]): Promise<Array<Identifiability | null>>;
  /** The text with these (non-overlapping) spans redacted by the server's operators. */
  redactSpans(text: string, spans: SpanInput[]): Promise<string>;
  /** Whether the engine can take work (false after repeated worker crashes). */
  healthy(): boolean;
  close(): Promise<void>;
}

/** Why the engine did not produce a result; `status` is the HTTP status the server answers with. */
export class EngineError extends Error {
  readonly printable = true;
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export interface WorkerEngineOptions {
  pipeline: PipelineOptions;
  /** Worker threads (at least 1). */
  jobs: number;
  /** Time limit of the engine on one document, in milliseconds, from when a worker takes it. */
  timeoutMs: number;
  /** Documents that may wait for a worker; more are refused (503). */
  maxQueue: number;
  /** How long the first worker may take to load (default 180 s). */
  startupTimeoutMs?: number;
}

interface Job {
  task: EngineTask;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  /** Started when a worker takes the document. */
  timer?: NodeJS.Timeout;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job?: Job;
  /** True once the worker has loaded the engine; only ready workers take documents. */
  ready: boolean;
  /** Set when we terminate the worker ourselves (time limit, close): its exit is not a crash. */
  retiring: boolean;
}

/** Crashes in a row (no successful task in between) after which the engine reports itself unhealthy and refuses work. */
const MAX_CONSECUTIVE_CRASHES = 5;

export class WorkerEngine implements Engine {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private crashes = 0;
  private closed = false;
  /** Set by start() until the first worker is ready or has failed. */
  private firstReady?: (error?: string) => void;

  private constructor(private readonly options: WorkerEngineOptions) {}

  /** Starts the pool and waits until its first worker has loaded the engine (a broken --model fails here). */
  static async start(options: WorkerEngineOptions): Promise<WorkerEngine> {
    if (!(options.jobs >= 1)) throw new Error('the engine needs at least one worker thread');
    const engine = new WorkerEngine(options);
    engine.spawn();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new EngineError('the engine did not start in time', 503, 'ENGINE_START')), options.startupTimeoutMs ?? 180_000);
      engine.firstReady = (error) => {
        clearTimeout(timer);
        engine.firstReady = undefined;
        if (error) reject(new EngineError(`the engine failed to start: ${error}`, 503, 'ENGINE_START'));
        else resolve();
      };
    }).catch(async (err) => {
      await engine.close();
      throw err;
    });
    return engine;
  }

  detect(text: string): Promise<Span[]> {
    return this.run('detect', text) as Promise<Span[]>;
  }

  redact(text: string): Promise<{ redacted: string; spans: Span[] }> {
    return this.run('redact', text) as Promise<{ redacted: string; spans: Span[] }>;
  }

  assess(text: string): Promise<Record<string, unknown>> {
    return this.run('assess', text) as Promise<Record<string, unknown>>;
  }

  identifiability(text: string, spans: SpanInput[]): Promise<Array<Identifiability | null>> {
    return this.run('identifiability', text, spans) as Promise<Array<Identifiability | null>>;
  }

  redactSpans(text: string, spans: SpanInput[]): Promise<string> {
    return this.run('redactSpans', text, spans) as Promise<string>;
  }

  healthy(): boolean {
    return !this.closed && this.crashes < MAX_CONSECUTIVE_CRASHES;
  }

  /** Documents waiting for a worker and being processed (for tests and the health check). */
  get load(): { queued: number; running: number; workers: number } {
    return { queued: this.queue.length, running: this.slots.filter((s) => s.job).length, workers: this.slots.length };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closing = new EngineError('the server is shutting down', 503, 'SHUTTING_DOWN');
    for (const job of this.queue.splice(0)) this.settle(job, closing);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.retiring = true;
      if (slot.job) this.settle(slot.job, closing);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private run(op: EngineOp, text: string, spans?: SpanInput[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new EngineError('the server is shutting down', 503, 'SHUTTING_DOWN'));
    if (!this.healthy()) return Promise.reject(new EngineError('the engine keeps failing; see the server log', 503, 'ENGINE_UNAVAILABLE'));
    if (this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new EngineError(`too many documents waiting (${this.options.maxQueue}); retry later`, 503, 'OVERLOADED'));
    }
    return new Promise((resolve, reject) => {
      const task: EngineTask = { id: this.nextId++, op, text };
      if (spans) task.spans = spans;
      const job: Job = { task, resolve, reject };
      this.queue.push(job);
      this.dispatch();
    });
  }

  private settle(job: Job, outcome: Error | { value: unknown }): void {
    if (job.timer) clearTimeout(job.timer);
    if (job.slot && job.slot.job === job) job.slot.job = undefined;
    job.slot = undefined;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome.value);
  }

  private onTimeout(job: Job): void {
    const slot = job.slot;
    this.settle(job, new EngineError(`the document was not processed within the time limit (${this.options.timeoutMs} ms)`, 503, 'TIMEOUT'));
    if (slot) {
      // The engine cannot be interrupted inside a document: the worker goes, a fresh one replaces it.
      this.retire(slot);
      this.dispatch();
    }
  }

  private retire(slot: Slot): void {
    slot.retiring = true;
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    void slot.worker.terminate();
  }

  private dispatch(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && !s.job);
      if (!slot) break;
      const job = this.queue.shift()!;
      slot.job = job;
      job.slot = slot;
      // The time limit counts the engine's work on the document, not the wait for a worker.
      job.timer = setTimeout(() => this.onTimeout(job), this.options.timeoutMs);
      slot.worker.postMessage(job.task);
    }
    // Workers that are still loading will take what waits; start more up to the pool size.
    let starting = this.slots.filter((s) => !s.ready).length;
    while (this.queue.length > starting && this.slots.length < this.options.jobs) {
      this.spawn();
      starting++;
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.options.pipeline);
    const slot: Slot = { worker, retiring: false, ready: false };
    this.slots.push(slot);
    worker.on('message', (reply: EngineReply) => {
      if ('ready' in reply) {
        if (reply.ready) {
          slot.ready = true;
          this.firstReady?.();
          this.dispatch();
        } else {
          this.firstReady?.(reply.error);
          // A worker that cannot load the engine counts as a crash.
          this.retire(slot);
          this.onCrash(undefined, `the engine failed to load: ${reply.error}`);
        }
        return;
      }
      const job = slot.job;
      if (!job || job.task.id !== reply.id) return;
      if (reply.ok) {
        this.crashes = 0;
        this.settle(job, { value: reply.result });
      } else {
        this.settle(job, new EngineError(reply.error, 500, 'PROCESSING_ERROR'));
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
    if (slot.retiring || this.closed) return;
    this.firstReady?.(`worker exit code ${code}`);
    this.onCrash(slot.job, `the engine stopped unexpectedly (worker exit code ${code})`);
  }

  private onCrash(job: Job | undefined, message: string): void {
    this.crashes++;
    if (job) this.settle(job, new EngineError(message, 500, 'WORKER_CRASH'));
    if (!this.healthy()) {
      const error = new EngineError('the engine keeps failing; see the server log', 503, 'ENGINE_UNAVAILABLE');
      for (const waiting of this.queue.splice(0)) this.settle(waiting, error);
      return;
    }
    this.dispatch();
  }
}

/**
 * Starts engine-worker next to this module. From compiled dist/ it is plain
 * JavaScript; under tsx (tests) the TypeScript loader is registered inside the
 * worker before the entry is imported.
 */
function startWorker(options: PipelineOptions): Worker {
  const ext = extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./engine-worker${ext}`, import.meta.url);
  const workerData = { options };
  if (ext === '.ts') {
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
    return new Worker(bootstrap, { eval: true, workerData, execArgv: [] });
  }
  return new Worker(entry, { workerData, execArgv: [] });
}
