import { parentPort, workerData } from 'node:worker_threads';
import { assessDocument } from '../assess/index.js';
import { assessmentRecord } from '../assess/report.js';
import { safeProcessingMessage } from '../cli/errors.js';
import { createPipeline } from '../cli/options.js';
import type { PipelineOptions } from '../pipeline.js';
import { DEFAULT_OPERATOR_SETTINGS, OPERATORS } from '../redact/operators.js';
import { DEFAULT_POLICY } from '../redact/policy.js';
import { isLabel, significanceOf } from '../taxonomy.js';
import type { Span } from '../types.js';
import type { EngineReply, EngineTask, Identifiability, SpanInput } from './engine.js';

/**
 * Worker thread of `splice serve`: one pipeline built from the server's engine
 * options, one task at a time. Replies carry results or a message that is safe
 * to print (never document text). Started by WorkerEngine (engine.ts).
 */
const port = parentPort;
if (!port) throw new Error('engine-worker.ts must run in a worker thread');
const options = (workerData as { options: PipelineOptions }).options;
const pipeline = createPipeline(options);

/** Spans chosen by a reviewer, as the assess and redact stages take them. */
function toSpans(text: string, spans: readonly SpanInput[]): Array<Span | null> {
  return spans.map((s) =>
    isLabel(s.label) ? { start: s.start, end: s.end, label: s.label, text: text.slice(s.start, s.end), score: 1, source: 'review', significance: significanceOf(s.label) } : null,
  );
}

function identifiability(text: string, spans: readonly SpanInput[]): Array<Identifiability | null> {
  const converted = toSpans(text, spans);
  const known = converted.filter((s): s is Span => s !== null);
  const assessment = assessDocument(text, known, options);
  let k = 0;
  return converted.map((s) => {
    if (!s) return null;
    const e = assessment.elements[k++];
    return { identifying: e.identifying, identifyingInCombination: e.identifyingInCombination };
  });
}

/**
 * Redacts reviewer-chosen spans (non-overlapping: the caller merges overlaps)
 * with the server's operators; a label outside the taxonomy (an imported
 * corpus's MISC) has no operator and becomes a tag of its own name.
 */
function redactSpans(text: string, spans: readonly SpanInput[]): string {
  const policy = options.policy ?? DEFAULT_POLICY;
  const settings = { ...DEFAULT_OPERATOR_SETTINGS, ...options.operatorSettings };
  const converted = toSpans(text, spans);
  const order = spans.map((_, i) => i).sort((a, b) => spans[a].start - spans[b].start);
  const parts: string[] = [];
  let cursor = 0;
  for (const i of order) {
    const s = spans[i];
    if (s.start < cursor) throw new Error('overlapping spans: merge them before redacting');
    parts.push(text.slice(cursor, s.start));
    const span = converted[i];
    parts.push(span ? OPERATORS[policy[span.label]](span, settings) : `[${s.label}]`);
    cursor = s.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

async function run(task: EngineTask): Promise<unknown> {
  switch (task.op) {
    case 'detect':
      return (await pipeline.detect(task.text)).spans;
    case 'redact': {
      const result = await pipeline.redact(task.text);
      if (typeof result.redacted !== 'string') throw new Error('redaction produced no text');
      return { redacted: result.redacted, spans: result.spans };
    }
    case 'assess': {
      const result = await pipeline.detect(task.text);
      return assessmentRecord(task.text, result.assessment);
    }
    case 'identifiability':
      return identifiability(task.text, task.spans ?? []);
    case 'redactSpans':
      return redactSpans(task.text, task.spans ?? []);
  }
}

port.on('message', (task: EngineTask) => {
  run(task).then(
    (result) => port.postMessage({ id: task.id, ok: true, result } satisfies EngineReply),
    (err: unknown) => port.postMessage({ id: task.id, ok: false, error: safeProcessingMessage(err) } satisfies EngineReply),
  );
});

// Load the lexicons and models now, so that the first request does not pay for it, and say so.
// The note touches the common recognizers and the assessment's tables (names, dates, places, contacts, conditions).
const WARM_UP =
  'Warm-up note: Mr. Edwin Harrow (born 3 April 1961, aged 63) of 12 Mill Lane, Leeds LS6 2QT was seen at Riverside Clinic for asthma ' +
  'on 1 March 2020. He works as a teacher at Northfield School. Phone 0113 496 0000, email edwin.harrow@example.org, account GB82 WEST 1234 5698 7654 32.';
pipeline.detect(WARM_UP).then(
  () => port.postMessage({ ready: true } satisfies EngineReply),
  (err: unknown) => port.postMessage({ ready: false, error: safeProcessingMessage(err) } satisfies EngineReply),
);
