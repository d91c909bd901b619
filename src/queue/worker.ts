import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, type Job, type Queue } from 'bullmq';
import { safeProcessingMessage } from '../cli/errors.js';
import { toPipelineOptions } from '../cli/options.js';
import { workerPoolProcessor, type DocumentProcessor } from '../cli/processor.js';
import type { PipelineOptions } from '../pipeline.js';
import type { QueueSettings } from './config.js';
import { bullConnection, connectOrFail, createRedis, openQueue } from './connection.js';
import { startMetricsServer, WorkerMetrics, type MetricsServer, type QueueGauges } from './metrics.js';
import { processShard, ShardFailure, type ShardOutcome } from './process-shard.js';
import type { ShardDoc } from './shards.js';
import { RunStore, type RunMeta } from './store.js';

/**
 * `splice worker`: takes shards of one run from its BullMQ queue and writes
 * their results. Any number of workers, on any number of machines, may serve
 * the same run. The engine settings come from the run (fixed at submission),
 * so every worker processes every document alike; secrets (the hash key, an
 * LLM API key) come from the worker's own flags or environment and are never
 * stored in Redis.
 *
 * A worker that dies mid-shard holds a lock that expires: after
 * `lockDurationMs` another worker's stall check puts the shard back on the
 * queue (up to `maxStalledCount` times; then it is dead-lettered). A shard that
 * fails is retried with exponential back-off. The worker logs counts only.
 */

export interface WorkerConfig {
  settings: QueueSettings;
  run: string;
  /** Shards processed at once, each in its own worker thread when above 1. */
  concurrency: number;
  secrets: { hashKey?: string; llmApiKey?: string };
  env: NodeJS.ProcessEnv;
  lockDurationMs: number;
  stalledIntervalMs: number;
  maxStalledCount: number;
  /** Serve Prometheus metrics at host:port (port 0: any free port). */
  metrics?: { host: string; port: number };
  /** Stop once the run is submitted and no shard is queued, retrying or active. */
  exitWhenDone: boolean;
  /** Worker name stored on the jobs it takes (default host:pid). */
  name?: string;
  /** Progress line every this many ms (0: none). */
  logIntervalMs: number;
  log: (line: string) => void;
  signal: AbortSignal;
  /** Called once the worker takes jobs. */
  onReady?: (info: { metricsPort?: number }) => void;
}

export interface WorkerSummary {
  documents: { ok: number; input_error: number; processing_error: number };
  shards: { completed: number; failed: number };
}

interface ShardJobData {
  docs: ShardDoc[];
}

const PENDING_STATES = ['wait', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

export async function runWorker(config: WorkerConfig): Promise<WorkerSummary> {
  const { run, log } = config;
  const redis = createRedis(config.settings, `splice:${run}:worker`);
  await connectOrFail(redis, config.settings);
  const store = new RunStore(redis, config.settings.prefix, run);
  const metrics = new WorkerMetrics(run);
  let processor: DocumentProcessor | undefined;
  let queue: Queue | undefined;
  let worker: Worker<ShardJobData> | undefined;
  let server: MetricsServer | undefined;
  const timers: NodeJS.Timeout[] = [];
  try {
    const meta = await waitForRun(store, config);
    if (!meta) return summaryOf(metrics);
    // Validate the run's settings with this worker's secrets before taking any job (a missing hash key is exit 2 here).
    const pipelineOptions = toPipelineOptions({ ...meta.settings.options, hashKey: config.secrets.hashKey, llmApiKey: config.secrets.llmApiKey }, config.env);
    // Documents always go through worker threads, even one: the main thread stays free to renew
    // the locks of the shards in hand while the engine loads its data or works on a long document
    // (a blocked event loop would let the locks expire, and other workers would take the shards again).
    processor = workerPoolProcessor(pipelineOptions, config.concurrency);
    queue = openQueue(config.settings, run);

    if (config.metrics) {
      const q = queue;
      server = await startMetricsServer(config.metrics.host, config.metrics.port, async () => metrics.render(await readGauges(q, store)));
      log(`splice worker: metrics on http://${config.metrics.host}:${server.port}/metrics`);
    }

    const mode = meta.settings.mode;
    const proc = processor;
    worker = new Worker<ShardJobData>(
      run,
      async (job: Job<ShardJobData>) => {
        metrics.activeShards++;
        const started = performance.now();
        try {
          const outcome = await processShard(job.data.docs, mode, proc, store);
          count(metrics, outcome);
          metrics.shards.completed++;
          return { documents: outcome.ok + outcome.inputErrors };
        } catch (err) {
          metrics.shards.failed++;
          if (err instanceof ShardFailure) {
            count(metrics, err.outcome);
            throw err;
          }
          // Redis or the thread pool failed: the class and code only (the message of an unknown error might quote text).
          const code = (err as { code?: unknown }).code;
          throw new Error(`${safeProcessingMessage(err)}${typeof code === 'string' ? ` [${code}]` : ''}`);
        } finally {
          metrics.activeShards--;
          metrics.shardSeconds += (performance.now() - started) / 1000;
        }
      },
      {
        connection: bullConnection(config.settings, `splice:${run}:worker`),
        prefix: config.settings.prefix,
        concurrency: config.concurrency,
        lockDuration: config.lockDurationMs,
        stalledInterval: config.stalledIntervalMs,
        maxStalledCount: config.maxStalledCount,
        name: config.name ?? `${hostname()}:${process.pid}`,
      },
    );
    let lastError = 0;
    worker.on('error', (err: Error & { code?: string }) => {
      // Redis went away: the client reconnects by itself; say so at most every 5 s.
      if (Date.now() - lastError < 5000) return;
      lastError = Date.now();
      log(`splice worker: run ${run}: queue connection error (${err.code ?? err.name}); retrying`);
    });
    worker.on('failed', (job, err) => {
      if (!job) return;
      const attempts = job.opts.attempts ?? 1;
      const final = job.attemptsMade >= attempts || err.message.includes('stalled more than');
      log(`splice worker: run ${run}: ${job.id} failed (attempt ${job.attemptsMade} of ${attempts}): ${err.message}; ${final ? 'moved to the dead-letter set' : 'retrying after back-off'}`);
    });
    worker.on('stalled', (jobId) => log(`splice worker: run ${run}: ${jobId} was abandoned by its worker; queued again`));
    // Not awaited: when Redis goes away during start-up the worker connects later by itself, and stopping must still work.
    const metricsPort = server?.port;
    worker.waitUntilReady().then(
      () => {
        log(`splice worker: run ${run}: ${mode}, concurrency ${config.concurrency}, taking shards`);
        config.onReady?.({ metricsPort });
      },
      () => undefined,
    );

    const started = Date.now();
    if (config.logIntervalMs > 0) {
      timers.push(
        setInterval(() => {
          const seconds = (Date.now() - started) / 1000;
          const d = metrics.documents;
          const total = d.ok + d.input_error + d.processing_error;
          log(
            `splice worker: run ${run}: ${total} documents (${d.ok} ok, ${d.input_error} rejected, ${d.processing_error} failed) in ${metrics.shards.completed} shards, ${(total / Math.max(seconds, 1e-9)).toFixed(1)} documents/s`,
          );
        }, config.logIntervalMs),
      );
    }

    await new Promise<void>((resolve) => {
      if (config.signal.aborted) return resolve();
      config.signal.addEventListener('abort', () => resolve(), { once: true });
      if (config.exitWhenDone) {
        const q = queue!;
        let checking = false;
        timers.push(
          setInterval(() => {
            if (checking) return;
            checking = true;
            isRunDone(q, store)
              .then((done) => done && resolve())
              .catch(() => undefined)
              .finally(() => {
                checking = false;
              });
          }, 1000),
        );
      }
    });
    log(`splice worker: run ${run}: stopping (finishing the shards in hand)`);
    return summaryOf(metrics);
  } finally {
    for (const t of timers) clearInterval(t);
    await worker?.close().catch(() => undefined);
    await processor?.close().catch(() => undefined);
    await queue?.close().catch(() => undefined);
    await server?.close();
    redis.disconnect();
  }
}


/** Wait until the run exists (a worker may start before the submission); undefined when stopped first. */
async function waitForRun(store: RunStore, config: WorkerConfig): Promise<RunMeta | undefined> {
  let told = false;
  while (!config.signal.aborted) {
    const meta = await store.readMeta();
    if (meta) return meta;
    if (!told) config.log(`splice worker: run ${config.run} does not exist yet; waiting for \`splice queue submit --run ${config.run}\``);
    told = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      config.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
  }
  return undefined;
}

/** Submitted, and nothing queued, delayed for a retry or in progress. */
export async function isRunDone(queue: Queue, store: RunStore): Promise<boolean> {
  const meta = await store.readMeta();
  if (!meta || meta.state !== 'submitted') return false;
  const counts = await queue.getJobCounts(...PENDING_STATES);
  return PENDING_STATES.every((s) => (counts[s] ?? 0) === 0);
}

async function readGauges(queue: Queue, store: RunStore): Promise<QueueGauges | 'unavailable'> {
  const read = async (): Promise<QueueGauges> => {
    const [counts, done, meta] = await Promise.all([queue.getJobCounts(...PENDING_STATES, 'failed'), store.countResults(), store.readMeta()]);
    return { shards: counts, done, documents: meta?.documents };
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([read(), new Promise<'unavailable'>((resolve) => (timer = setTimeout(() => resolve('unavailable'), 1000)))]);
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

function count(metrics: WorkerMetrics, outcome: ShardOutcome): void {
  metrics.documents.ok += outcome.ok;
  metrics.documents.input_error += outcome.inputErrors;
  metrics.documents.processing_error += outcome.processingErrors;
  metrics.bytes += outcome.bytes;
}

function summaryOf(metrics: WorkerMetrics): WorkerSummary {
  return { documents: { ...metrics.documents }, shards: { ...metrics.shards } };
}
