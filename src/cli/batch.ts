import type { Readable, Writable } from 'node:stream';
import { safeProcessingMessage } from './errors.js';
import { binaryReason, describeRejection } from './input.js';
import { readRawLines } from './line-reader.js';
import { mapOrdered } from './ordered.js';
import type { DocumentProcessor, Mode, ProcessedDocument } from './processor.js';
import type { Progress } from './progress.js';
import { toOutputSpan } from './spans.js';
import { writeChunk } from './stream-io.js';

/**
 * Batch mode (--jsonl): one JSON object per input line, `{"id": …, "text": …}`
 * (other fields are ignored), one output line per input line, in input order:
 *
 *   detect  {"id", "text", "spans": [{start, end, label, text, score, source, significance, …}]}
 *   redact  {"id", "text": <redacted text>, "spans": [{start, end, label, score, …}]}
 *           (offsets refer to the ORIGINAL text; the span `text` is left out so the
 *           output carries none of the removed values)
 *   error   {"id", "line", "error"}   (bad JSON, missing / non-string text, over-size,
 *           invalid UTF-8, binary, or the pipeline failed: the text is never echoed)
 *
 * Blank (whitespace-only) lines are skipped and produce no output line. `id` is
 * echoed when it is a string or number, else null. Memory stays bounded: a
 * window of in-flight documents (count and bytes) and output written in order.
 */
export interface BatchOptions {
  mode: Mode;
  processor: DocumentProcessor;
  /** Largest accepted text, in UTF-8 bytes. */
  maxBytes: number;
  /** Documents in flight at once (default 64). */
  maxInFlight?: number;
  /** Bytes of text in flight at once (default 64 MiB, at least one document). */
  maxInFlightBytes?: number;
  progress?: Progress;
}

export interface BatchSummary {
  /** Output lines written (= non-blank input lines). */
  documents: number;
  inputErrors: number;
  processingErrors: number;
}

type BatchItem =
  | { line: number; size: number; id: string | number | null; text: string }
  | { line: number; size: number; id: string | number | null; rejected: string };

type Outcome = { ok: ProcessedDocument } | { error: string; kind: 'input' | 'processing' };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Raw lines longer than this many times --max-bytes are rejected unread (JSON escaping rarely doubles a text). */
const LINE_SLACK_FACTOR = 2;
const LINE_SLACK_BYTES = 64 * 1024;

export async function runBatch(input: Readable, output: Writable, options: BatchOptions): Promise<BatchSummary> {
  const summary: BatchSummary = { documents: 0, inputErrors: 0, processingErrors: 0 };
  const maxLineBytes = options.maxBytes * LINE_SLACK_FACTOR + LINE_SLACK_BYTES;

  async function* items(): AsyncGenerator<BatchItem> {
    for await (const raw of readRawLines(input, maxLineBytes)) {
      const item = parseLine(raw.number, raw.bytes, raw.length, options.maxBytes);
      if (item) yield item;
    }
  }

  await mapOrdered<BatchItem, Outcome>(
    items(),
    async (item) => {
      if ('rejected' in item) return { error: item.rejected, kind: 'input' };
      try {
        return { ok: await options.processor.process(options.mode, item.text) };
      } catch (err) {
        return { error: safeProcessingMessage(err), kind: 'processing' };
      }
    },
    async (item, outcome) => {
      summary.documents++;
      let record: object;
      if ('ok' in outcome) {
        record = formatResult(options.mode, item.id, (item as { text: string }).text, outcome.ok);
      } else {
        if (outcome.kind === 'input') summary.inputErrors++;
        else summary.processingErrors++;
        record = { id: item.id, line: item.line, error: outcome.error };
      }
      await writeChunk(output, `${JSON.stringify(record)}\n`);
      options.progress?.tick(item.size);
    },
    {
      maxItems: options.maxInFlight ?? 64,
      maxWeight: options.maxInFlightBytes ?? 64 * 1024 * 1024,
      weight: (item) => item.size,
    },
  );
  return summary;
}

/** The output record of one processed document (shared with the queue workers, src/queue/). */
export function formatResult(mode: Mode, id: string | number | null, text: string, result: ProcessedDocument): object {
  if (mode === 'redact') return { id, text: result.redacted, spans: result.spans.map((s) => toOutputSpan(s, false)) };
  return { id, text, spans: result.spans.map((s) => toOutputSpan(s, true)) };
}

/** Validate one raw line; undefined for a blank line (skipped). */
export function parseLine(line: number, bytes: Buffer | undefined, length: number, maxBytes: number): BatchItem | undefined {
  const size = length + 1;
  if (!bytes) return { line, size, id: null, rejected: describeRejection({ kind: 'oversize', bytes: length, limit: maxBytes }) };
  let json: string;
  try {
    json = utf8.decode(bytes);
  } catch {
    return { line, size, id: null, rejected: describeRejection({ kind: 'invalid-utf8' }) };
  }
  if (json.trim() === '') return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    return { line, size, id: null, rejected: 'invalid JSON' };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { line, size, id: null, rejected: 'expected a JSON object' };
  const rawId = (doc as { id?: unknown }).id;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const text = (doc as { text?: unknown }).text;
  if (typeof text !== 'string') return { line, size, id, rejected: 'missing or non-string "text"' };
  const textBytes = Buffer.byteLength(text, 'utf8');
  if (textBytes > maxBytes) return { line, size, id, rejected: describeRejection({ kind: 'oversize', bytes: textBytes, limit: maxBytes }) };
  const binary = binaryReason(text);
  if (binary) return { line, size, id, rejected: describeRejection(binary) };
  return { line, size, id, text };
}
