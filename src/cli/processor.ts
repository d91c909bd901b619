import type { Pipeline, PipelineOptions } from '../pipeline.js';
import type { Span } from '../types.js';
import { ProcessingFailure, safeProcessingMessage } from './errors.js';
import { createPipeline } from './options.js';
import { GROUP_CHARS, GROUP_DOCUMENTS, groupsOf } from './groups.js';
import { settingsForWorkerThreads } from './jit-tuning.js';
import { WorkerPool } from './worker-pool.js';

export type Mode = 'detect' | 'redact';

export interface ProcessedDocument {
  spans: Span[];
  /** Present in redact mode. */
  redacted?: string;
}

/**
 * Runs the pipeline on one document, in this thread or in a worker thread.
 * A failure rejects with a ProcessingFailure whose message is safe to print.
 */
export interface DocumentProcessor {
  process(mode: Mode, text: string): Promise<ProcessedDocument>;
  close(): Promise<void>;
}

/** Run one document through the pipeline (shared by the in-process processor and the worker threads). */
export async function processDocument(pipeline: Pipeline, mode: Mode, text: string): Promise<ProcessedDocument> {
  if (mode === 'detect') return { spans: (await pipeline.detect(text)).spans };
  const result = await pipeline.redact(text);
  if (typeof result.redacted !== 'string') throw new ProcessingFailure('redaction produced no text');
  return { spans: result.spans, redacted: result.redacted };
}

/**
 * Runs a group of documents; each gets its own outcome, in order. When the group fails, its
 * documents are run again one by one, so that a document that fails, fails alone.
 */
export async function processGroup(pipeline: Pipeline, mode: Mode, texts: readonly string[]): Promise<Array<ProcessedDocument | ProcessingFailure>> {
  if (texts.length > 1) {
    try {
      const results = mode === 'detect' ? await pipeline.detectMany(texts) : await pipeline.redactMany(texts);
      return results.map((r): ProcessedDocument | ProcessingFailure => {
        if (mode === 'detect') return { spans: r.spans };
        return typeof r.redacted === 'string' ? { spans: r.spans, redacted: r.redacted } : new ProcessingFailure('redaction produced no text');
      });
    } catch {
      // One by one below: the error is reported for the document that causes it.
    }
  }
  const out: Array<ProcessedDocument | ProcessingFailure> = [];
  for (const text of texts) {
    try {
      out.push(await processDocument(pipeline, mode, text));
    } catch (err) {
      out.push(new ProcessingFailure(safeProcessingMessage(err)));
    }
  }
  return out;
}

/**
 * How long a partial group waits for more documents, ms, once requests stop arriving in every
 * turn of the event loop (a batch's reader is waiting for the next chunk of its file). A group
 * runs ~100× longer than this, so waiting costs little, and a full group is not cut into pieces.
 */
export const GROUP_WAIT_MS = 1;

/**
 * Documents processed in this thread, run as groups (processGroup). A group starts when
 * GROUP_DOCUMENTS documents or GROUP_CHARS characters are waiting, or when no request arrived
 * during the last GROUP_WAIT_MS: a batch refills its window a few documents per turn of the
 * event loop (as lines are read and results written), and flushing every turn made groups of
 * a few documents, which lose what grouping gains.
 */
export function inProcessProcessor(pipeline: Pipeline): DocumentProcessor {
  interface Request {
    mode: Mode;
    text: string;
    resolve: (result: ProcessedDocument) => void;
    reject: (err: Error) => void;
  }
  let pending: Request[] = [];
  let pendingChars = 0;
  let timer: NodeJS.Timeout | undefined;
  let fullQueued = false;
  let seen = 0;
  const charsOf = (group: readonly Request[]) => group.reduce((sum, r) => sum + r.text.length, 0);
  /** Runs the waiting groups: every one (`all`), or the full ones, leaving a partial last group to wait. */
  const flush = async (all: boolean) => {
    const groups = groupsOf(pending);
    const last = groups.at(-1);
    const waits = !all && last !== undefined && last.length < GROUP_DOCUMENTS && charsOf(last) < GROUP_CHARS;
    if (waits) groups.pop();
    pending = waits ? last : [];
    pendingChars = waits ? charsOf(last) : 0;
    if (pending.length > 0 && !timer) arm();
    for (const group of groups) {
      const outcomes = await processGroup(
        pipeline,
        group[0].mode,
        group.map((r) => r.text),
      );
      group.forEach((r, i) => {
        const outcome = outcomes[i];
        if (outcome instanceof ProcessingFailure) r.reject(outcome);
        else r.resolve(outcome);
      });
    }
  };
  // Waits while requests keep arriving; runs everything waiting once they stop.
  const waitForMore = () => {
    timer = undefined;
    if (pending.length === 0) return;
    if (pending.length === seen) void flush(true);
    else arm();
  };
  const arm = () => {
    seen = pending.length;
    timer = setTimeout(waitForMore, GROUP_WAIT_MS);
  };
  return {
    process(mode, text) {
      return new Promise<ProcessedDocument>((resolve, reject) => {
        pending.push({ mode, text, resolve, reject });
        pendingChars += text.length;
        if (pending.length >= GROUP_DOCUMENTS || pendingChars >= GROUP_CHARS) {
          // A full group: it runs once this turn's code has finished.
          if (!fullQueued) {
            fullQueued = true;
            setImmediate(() => {
              fullQueued = false;
              void flush(false);
            });
          }
        } else if (!timer) {
          arm();
        }
      });
    },
    async close() {},
  };
}

/** jobs ≤ 1: in this thread; otherwise a pool of up to `jobs` worker threads, started as work arrives. */
export function createProcessor(options: PipelineOptions, jobs: number): DocumentProcessor {
  if (jobs <= 1) return inProcessProcessor(createPipeline(options));
  return workerPoolProcessor(options, jobs);
}

/** Documents processed by a pool of up to `threads` worker threads (one included), under the V8 settings of worker threads. */
export function workerPoolProcessor(options: PipelineOptions, threads: number): DocumentProcessor {
  settingsForWorkerThreads(threads);
  const pool = new WorkerPool(threads, options);
  return {
    process: (mode, text) => pool.run(mode, text),
    close: () => pool.close(),
  };
}
