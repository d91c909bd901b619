import type { Queue } from 'bullmq';
import type { RunStore } from './store.js';

/**
 * `splice queue purge`: delete a run from Redis — its queue (waiting, dead and
 * every other job, with their documents), its settings and its results. Run it
 * once the output is collected: until then Redis holds the documents of
 * unfinished and dead shards, and the results (redacted text; in detect mode
 * the original text too).
 */
export async function purgeRun(queue: Queue, store: RunStore): Promise<{ existed: boolean }> {
  const existed = (await store.readMeta()) !== undefined;
  await queue.obliterate({ force: true });
  await store.remove();
  return { existed };
}
