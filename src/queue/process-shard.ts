import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatResult } from '../cli/batch.js';
import { safeProcessingMessage } from '../cli/errors.js';
import type { DocumentProcessor, Mode } from '../cli/processor.js';
import type { ShardDoc } from './shards.js';
import { encodeResult, type RunStore } from './store.js';

/**
 * One shard, as a worker processes it: documents that already have a result
 * (an earlier attempt wrote them) are skipped; each other document is run
 * through the pipeline; the results are written keyed by sequence number; and
 * if any document failed in the pipeline, the shard fails with a message that
 * names how many (never their text), so BullMQ retries it with back-off and,
 * once its attempts are spent, leaves it in the dead-letter set. Rejected
 * lines (bad JSON and the like) are final at once: their error line is written.
 */

export interface ShardOutcome {
  ok: number;
  inputErrors: number;
  processingErrors: number;
  /** Documents skipped because they already had a result. */
  skipped: number;
  /** UTF-8 bytes of text processed. */
  bytes: number;
}

/** A shard with documents that failed in the pipeline; its message is safe to log and to store. */
export class ShardFailure extends Error {
  constructor(
    message: string,
    readonly outcome: ShardOutcome,
  ) {
    super(message);
    this.name = 'ShardFailure';
  }
}

/** The error line of a document: the same shape as batch mode's (`{"id","line","error"}`), plus the file with several inputs. */
export function errorLine(doc: ShardDoc, error: string): string {
  const record: Record<string, unknown> = { id: doc.i, line: doc.l, error };
  if (doc.f !== undefined) record.file = doc.f;
  return JSON.stringify(record);
}

export async function processShard(docs: readonly ShardDoc[], mode: Mode, processor: DocumentProcessor, store: RunStore): Promise<ShardOutcome> {
  const outcome: ShardOutcome = { ok: 0, inputErrors: 0, processingErrors: 0, skipped: 0, bytes: 0 };
  const done = await store.hasResults(docs.map((d) => d.s));
  const results = new Map<number, string>();
  let firstError: string | undefined;
  for (let k = 0; k < docs.length; k++) {
    const doc = docs[k];
    if (done[k]) {
      outcome.skipped++;
      continue;
    }
    if (doc.t === undefined) {
      results.set(doc.s, encodeResult('input-error', errorLine(doc, doc.r ?? 'rejected')));
      outcome.inputErrors++;
      continue;
    }
    outcome.bytes += Buffer.byteLength(doc.t, 'utf8');
    try {
      const result = await processor.process(mode, doc.t);
      results.set(doc.s, encodeResult('ok', JSON.stringify(formatResult(mode, doc.i, doc.t, result))));
      outcome.ok++;
    } catch (err) {
      outcome.processingErrors++;
      firstError ??= safeProcessingMessage(err);
    }
    // Let timers run between documents: BullMQ renews the shard's lock on a timer.
    await nextTurn();
  }
  await store.writeResults(results);
  if (outcome.processingErrors > 0) {
    throw new ShardFailure(`${outcome.processingErrors} of ${docs.length} documents failed: ${firstError}`, outcome);
  }
  return outcome;
}
