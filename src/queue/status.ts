import type { Queue } from 'bullmq';
import { countDead } from './dead-letter.js';
import type { RunStore } from './store.js';

/**
 * `splice queue status`: where a run stands. Documents are counted from the
 * results (done) and the dead-letter set (dead); shards from BullMQ's states:
 * pending (waiting for a worker), active, retrying (failed, waiting out the
 * back-off before the next attempt) and dead (attempts spent).
 */

export interface RunStatus {
  run: string;
  state: 'submitting' | 'submitted';
  mode: string;
  /** Known once the submission finished. */
  documents?: number;
  done: number;
  deadDocuments: number;
  shards: { total?: number; pending: number; active: number; retrying: number; dead: number };
  /** Submitted and nothing pending, active or retrying: collect can write the output. */
  finished: boolean;
}

export async function readStatus(queue: Queue, store: RunStore): Promise<RunStatus | undefined> {
  const meta = await store.readMeta();
  if (!meta) return undefined;
  const [counts, done, dead] = await Promise.all([
    queue.getJobCounts('wait', 'prioritized', 'waiting-children', 'active', 'delayed', 'failed'),
    store.countResults(),
    countDead(queue, store),
  ]);
  const n = (state: string) => counts[state] ?? 0;
  const shards = {
    total: meta.shards,
    pending: n('wait') + n('prioritized') + n('waiting-children'),
    active: n('active'),
    retrying: n('delayed'),
    dead: n('failed'),
  };
  return {
    run: store.run,
    state: meta.state,
    mode: meta.settings.mode,
    documents: meta.documents,
    done,
    deadDocuments: dead.documents,
    shards,
    finished: meta.state === 'submitted' && shards.pending + shards.active + shards.retrying === 0,
  };
}

/** Two lines of text per run. */
export function formatStatus(s: RunStatus): string {
  const total = s.documents;
  const percent = total ? ` (${((100 * s.done) / total).toFixed(1)}%)` : '';
  const state = s.state === 'submitting' ? 'submission in progress or interrupted' : s.finished ? 'finished' : 'in progress';
  const docs = total === undefined ? `${s.done} done so far` : `${s.done} of ${total} done${percent}, ${s.deadDocuments} dead`;
  return (
    `run ${s.run}: ${s.mode}, ${state}\n` +
    `  documents: ${docs}\n` +
    `  shards:    ${s.shards.pending} pending, ${s.shards.active} active, ${s.shards.retrying} retrying, ${s.shards.dead} dead${s.shards.total === undefined ? '' : ` (of ${s.shards.total})`}\n`
  );
}
