import type { Job, Queue } from 'bullmq';
import type { ShardDoc } from './shards.js';
import type { RunStore } from './store.js';

/**
 * The dead-letter set of a run is BullMQ's `failed` set of its queue: a shard
 * lands there when its attempts are spent (a document kept failing in the
 * pipeline) or when it stalled more than the allowed number of times (it kept
 * killing its worker). The shard keeps its documents there, so that
 * `splice queue retry` can queue it again; documents of a dead shard that
 * already have a result (the others of the shard) are not dead.
 */

export interface DeadDocument {
  doc: ShardDoc;
  shard: string;
  attempts: number;
  /** BullMQ's failedReason: our own messages (counts, detector names), never text. */
  reason: string;
}

const PAGE = 100;

/** Every document of a dead shard that has no result, shard by shard. */
export async function* deadDocuments(queue: Queue, store: RunStore): AsyncGenerator<DeadDocument> {
  for (let start = 0; ; start += PAGE) {
    const jobs = (await queue.getFailed(start, start + PAGE - 1)) as Job<{ docs: ShardDoc[] }>[];
    if (jobs.length === 0) return;
    for (const job of jobs) {
      const docs = job.data?.docs ?? [];
      const has = await store.hasResults(docs.map((d) => d.s));
      for (let k = 0; k < docs.length; k++) {
        if (!has[k]) yield { doc: docs[k], shard: String(job.id), attempts: job.attemptsMade, reason: job.failedReason ?? 'failed' };
      }
    }
    if (jobs.length < PAGE) return;
  }
}

export async function countDead(queue: Queue, store: RunStore): Promise<{ shards: number; documents: number }> {
  let documents = 0;
  for await (const _ of deadDocuments(queue, store)) documents++;
  return { shards: (await queue.getJobCounts('failed')).failed ?? 0, documents };
}

/**
 * Queue every dead shard again as a fresh job (same id and documents, attempts
 * and stall count from zero). Each is removed, then added: a crash between the
 * two loses the job but not the work, since `splice queue submit` with the same
 * input re-queues any shard without results.
 */
export async function retryDead(queue: Queue): Promise<{ shards: number; documents: number }> {
  let shards = 0;
  let documents = 0;
  for (;;) {
    const jobs = (await queue.getFailed(0, PAGE - 1)) as Job<{ docs: ShardDoc[] }>[];
    if (jobs.length === 0) break;
    for (const job of jobs) {
      const { data, opts } = job;
      await job.remove();
      await queue.add('shard', data, {
        jobId: job.id,
        attempts: opts.attempts,
        backoff: opts.backoff,
        removeOnComplete: true,
        removeOnFail: false,
      });
      shards++;
      documents += data?.docs?.length ?? 0;
    }
  }
  return { shards, documents };
}
