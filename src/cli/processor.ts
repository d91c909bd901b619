import type { Pipeline, PipelineOptions } from '../pipeline.js';
import type { Span } from '../types.js';
import { ProcessingFailure, safeProcessingMessage } from './errors.js';
import { createPipeline } from './options.js';
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

export function inProcessProcessor(pipeline: Pipeline): DocumentProcessor {
  return {
    async process(mode, text) {
      try {
        return await processDocument(pipeline, mode, text);
      } catch (err) {
        throw new ProcessingFailure(safeProcessingMessage(err));
      }
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
