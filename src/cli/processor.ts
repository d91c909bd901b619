import type { Pipeline, PipelineOptions } from '../pipeline.js';
import type { Span } from '../types.js';
import { ProcessingFailure, safeProcessingMessage } from './errors.js';
import { createPipeline } from './options.js';
import { groupsOf } from './groups.js';
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
 * Documents processed in this thread. Requests made in the same turn of the event loop (a batch
 * keeps many in flight) are run as groups (processGroup).
 */
export function inProcessProcessor(pipeline: Pipeline): DocumentProcessor {
  interface Request {
    mode: Mode;
    text: string;
    resolve: (result: ProcessedDocument) => void;
    reject: (err: Error) => void;
  }
  let pending: Request[] = [];
  const flush = async () => {
    const requests = pending;
    pending = [];
    for (const group of groupsOf(requests)) {
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
  return {
    process(mode, text) {
      return new Promise<ProcessedDocument>((resolve, reject) => {
        if (pending.length === 0) setImmediate(() => void flush());
        pending.push({ mode, text, resolve, reject });
      });
    },
    async close() {},
  };
}

/** jobs ≤ 1: in this thread; otherwise a pool of up to `jobs` worker threads, started as work arrives. */
export function createProcessor(options: PipelineOptions, jobs: number): DocumentProcessor {
  if (jobs <= 1) return inProcessProcessor(createPipeline(options));
  const pool = new WorkerPool(jobs, options);
  return {
    process: (mode, text) => pool.run(mode, text),
    close: () => pool.close(),
  };
}
