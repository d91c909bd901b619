import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { CliError, ExitCode, UsageError } from '../cli/errors.js';
import { fsReason } from '../cli/input.js';
import { assertNotAnInput } from '../cli/output-guard.js';
import type { Progress } from '../cli/progress.js';
import { endStream, writeChunk } from '../cli/stream-io.js';
import { displayUrl, type QueueSettings } from './config.js';
import { connectOrFail, createRedis, openQueue } from './connection.js';
import { deadDocuments, type DeadDocument } from './dead-letter.js';
import { errorLine } from './process-shard.js';
import { formatStatus, readStatus, type RunStatus } from './status.js';
import { decodeResult, RunStore } from './store.js';

/**
 * `splice queue collect`: write a finished run's output, one line per input
 * document in input order — the result line, the error line of a rejected
 * input line, or an error line for a document in the dead-letter set. The
 * output is complete or not written at all: a file is written beside its
 * target and renamed over it at the end, so collecting twice (or after a crash
 * of collect itself) writes the same file again.
 */

export interface CollectOptions {
  settings: QueueSettings;
  run: string;
  /** File to write; undefined or '-' for standard output. */
  output?: string;
  stdout: Writable;
  /** Wait for an unfinished run instead of refusing. */
  wait: boolean;
  /** Give up waiting after this long (0: never). */
  timeoutMs: number;
  pollMs?: number;
  /** Told the number of documents done at each poll while waiting. */
  onWaiting?: (status: RunStatus) => void;
  /** A progress display for `total` documents written. */
  progress?: (total: number) => Progress;
}

export interface CollectSummary {
  documents: number;
  ok: number;
  inputErrors: number;
  dead: number;
}

const CHUNK = 1000;

export async function collectRun(options: CollectOptions): Promise<CollectSummary> {
  const { run } = options;
  const redis = createRedis(options.settings, `splice:${run}:collect`);
  await connectOrFail(redis, options.settings);
  const store = new RunStore(redis, options.settings.prefix, run);
  const queue = openQueue(options.settings, run);
  try {
    const meta = await store.readMeta();
    if (!meta) throw new UsageError(`no run "${run}" at ${displayUrl(options.settings.redisUrl)} (prefix "${options.settings.prefix}")`);
    const toFile = options.output !== undefined && options.output !== '-';
    if (toFile) assertNotAnInput(options.output!, meta.inputs.filter((p) => p !== '-').map((path) => ({ path })), '--output');

    const status = await waitUntilFinished(queue, store, options);
    const total = status.documents ?? 0;
    const dead = new Map<number, DeadDocument>();
    for await (const d of deadDocuments(queue, store)) dead.set(d.doc.s, d);
    const missing = total - status.done - dead.size;
    if (missing > 0) {
      throw new CliError(
        `run "${run}": ${missing} of ${total} documents have neither a result nor a job; run \`splice queue submit --run ${run}\` again with the same input to queue them, then collect`,
        ExitCode.ProcessingError,
      );
    }

    let output: Writable = options.stdout;
    let temporary: string | undefined;
    if (toFile) {
      temporary = join(dirname(options.output!), `.${basename(options.output!)}.splice-${process.pid}.tmp`);
      try {
        output = (await open(temporary, 'w')).createWriteStream();
      } catch (err) {
        throw new CliError(`${options.output}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
      }
    }
    const summary: CollectSummary = { documents: 0, ok: 0, inputErrors: 0, dead: 0 };
    const progress = options.progress?.(total);
    try {
      for (let from = 0; from < total; from += CHUNK) {
        const seqs = Array.from({ length: Math.min(CHUNK, total - from) }, (_, k) => from + k);
        const values = await store.readResults(seqs);
        let text = '';
        for (let k = 0; k < seqs.length; k++) {
          const value = values[k];
          let line: string;
          if (value !== null) {
            const result = decodeResult(value);
            line = result.line;
            if (result.kind === 'ok') summary.ok++;
            else summary.inputErrors++;
          } else {
            const d = dead.get(seqs[k]);
            if (!d) throw new CliError(`run "${run}": document ${seqs[k]} lost its result while collecting (was the run purged?)`, ExitCode.ProcessingError);
            if (d.doc.t === undefined) {
              line = errorLine(d.doc, d.doc.r ?? 'rejected');
              summary.inputErrors++;
            } else {
              line = errorLine(d.doc, `dead-lettered after ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}: ${d.reason}`);
              summary.dead++;
            }
          }
          text += `${line}\n`;
          summary.documents++;
          progress?.tick(1);
        }
        await writeChunk(output, text);
      }
      if (temporary) {
        await endStream(output);
        await rename(temporary, options.output!);
        temporary = undefined;
      }
    } finally {
      progress?.stop();
      if (temporary) {
        output.destroy();
        await rm(temporary, { force: true });
      }
    }
    return summary;
  } finally {
    await queue.close().catch(() => undefined);
    redis.disconnect();
  }
}

async function waitUntilFinished(queue: ReturnType<typeof openQueue>, store: RunStore, options: CollectOptions): Promise<RunStatus> {
  const deadline = options.timeoutMs > 0 ? Date.now() + options.timeoutMs : Infinity;
  for (;;) {
    const status = await readStatus(queue, store);
    if (!status) throw new CliError(`run "${options.run}" disappeared while waiting (purged?)`, ExitCode.ProcessingError);
    if (status.finished) return status;
    if (!options.wait) {
      throw new CliError(`run "${options.run}" is not finished (wait with --wait):\n${formatStatus(status).trimEnd()}`, ExitCode.ProcessingError);
    }
    if (Date.now() >= deadline) throw new CliError(`run "${options.run}" did not finish in time:\n${formatStatus(status).trimEnd()}`, ExitCode.ProcessingError);
    options.onWaiting?.(status);
    await new Promise((r) => setTimeout(r, options.pollMs ?? 500));
  }
}
