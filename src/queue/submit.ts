import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Queue } from 'bullmq';
import { CliError, ExitCode, InputError, UsageError } from '../cli/errors.js';
import { fsReason } from '../cli/input.js';
import type { QueueSettings } from './config.js';
import { connectOrFail, createRedis, openQueue } from './connection.js';
import { hashInputs, readShards, shardJobId, type Shard, type ShardInput } from './shards.js';
import { RunStore, type RunSettings } from './store.js';

/**
 * `splice queue submit`: cut the input into shards and put one job per shard
 * on the run's queue. Submitting is idempotent: job ids are the shard numbers,
 * so BullMQ ignores a shard that is still queued, and a shard whose documents
 * all have results is not queued again. An interrupted submission is resumed by
 * running the same command again; a finished run given the same input files
 * re-queues only what has neither a result nor a job (a repair).
 */

export interface SubmitOptions {
  settings: QueueSettings;
  run: string;
  runSettings: RunSettings;
  /** File paths, or '-' for standard input (once). */
  inputs: readonly string[];
  stdin: Readable;
  /** Wait while this many shards are queued and not started (0: never wait). */
  maxPending: number;
  /** One line of progress (counts only). */
  log: (line: string) => void;
}

export interface SubmitSummary {
  documents: number;
  shards: number;
  /** Shards handed to BullMQ (a shard still queued from before is handed again and ignored). */
  queued: number;
  /** Shards skipped because every document already had a result. */
  alreadyDone: number;
  resumed: boolean;
}

/** Shards added per round trip. */
const BATCH_SHARDS = 50;

export async function submitRun(options: SubmitOptions): Promise<SubmitSummary> {
  const { run, runSettings } = options;
  if (options.inputs.filter((p) => p === '-').length > 1) throw new UsageError('standard input ("-") can be given once');
  for (const path of options.inputs) if (path !== '-') await checkFile(path);
  const inputs = options.inputs.map((p) => (p === '-' ? '-' : resolve(p)));

  const redis = createRedis(options.settings, `splice:${run}:submit`);
  await connectOrFail(redis, options.settings);
  const store = new RunStore(redis, options.settings.prefix, run);
  let queue: Queue | undefined;
  try {
    const existing = await store.readMeta();
    let resumed = false;
    if (existing) {
      if (JSON.stringify(existing.settings) !== JSON.stringify(runSettings)) {
        throw new UsageError(`run "${run}" exists with other settings (mode, engine options, shard size or retries): choose another --run, or remove it with \`splice queue purge --run ${run}\``);
      }
      if (existing.inputHash) {
        if (inputs.includes('-')) {
          throw new UsageError(`run "${run}" was submitted already; to repair it give the same input files again (standard input cannot be compared)`);
        }
        const digest = await hashInputs(openInputs(inputs, options.stdin));
        if (digest !== existing.inputHash) throw new InputError(`the input differs from the one run "${run}" was submitted with: choose another --run`);
      }
      resumed = true;
      options.log(`run ${run}: ${existing.inputHash ? 'checking the finished submission' : 'resuming an interrupted submission'}; shards whose documents all have results are skipped`);
    } else if (!(await store.createMeta(runSettings, inputs))) {
      throw new CliError(`run "${run}" was created by another submission at the same moment; run the command again`, ExitCode.ProcessingError);
    }

    queue = openQueue(options.settings, run);
    const reader = readShards(openInputs(inputs, options.stdin), runSettings.shardSize, runSettings.maxBytes);
    const summary: SubmitSummary = { documents: 0, shards: 0, queued: 0, alreadyDone: 0, resumed };
    let batch: Shard[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await waitForRoom(queue!, options.maxPending);
      const todo = resumed ? await notDone(store, batch) : batch;
      summary.alreadyDone += batch.length - todo.length;
      if (todo.length > 0) {
        await queue!.addBulk(
          todo.map((shard) => ({
            name: 'shard',
            data: { docs: shard.docs },
            opts: {
              jobId: shardJobId(shard.index),
              attempts: runSettings.attempts,
              backoff: { type: 'exponential', delay: runSettings.backoffMs },
              // A finished shard's text leaves Redis at once; a dead one stays (for `queue retry`) until purged.
              removeOnComplete: true,
              removeOnFail: false,
            },
          })),
        );
      }
      summary.queued += todo.length;
      batch = [];
    };
    for await (const shard of reader.shards) {
      summary.shards++;
      summary.documents += shard.docs.length;
      batch.push(shard);
      if (batch.length >= BATCH_SHARDS) await flush();
    }
    await flush();
    await store.markSubmitted(summary.documents, summary.shards, reader.digest());
    return summary;
  } finally {
    await queue?.close().catch(() => undefined);
    redis.disconnect();
  }
}

async function checkFile(path: string): Promise<void> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new InputError(`${path}: not a regular file`);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${path}: ${fsReason(err)}`);
  }
}

function openInputs(paths: readonly string[], stdin: Readable): ShardInput[] {
  return paths.map((p) => (p === '-' ? { name: '-', stream: stdin } : { name: basename(p), stream: createReadStream(p, { highWaterMark: 256 * 1024 }) }));
}

/** The shards of the batch that still have a document without a result. */
async function notDone(store: RunStore, shards: Shard[]): Promise<Shard[]> {
  const done = await Promise.all(shards.map(async (s) => (await store.hasResults(s.docs.map((d) => d.s))).every(Boolean)));
  return shards.filter((_, i) => !done[i]);
}

async function waitForRoom(queue: Queue, maxPending: number): Promise<void> {
  if (maxPending <= 0) return;
  for (;;) {
    const counts = await queue.getJobCounts('wait', 'prioritized');
    const pending = (counts.wait ?? 0) + (counts.prioritized ?? 0);
    if (pending < maxPending) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
