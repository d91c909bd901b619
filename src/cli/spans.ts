import type { Span } from '../types.js';

/** A span as the CLI prints it. `text` is left out of redact output, which must not carry the values it removed. */
export interface OutputSpan {
  start: number;
  end: number;
  label: string;
  text?: string;
  score: number;
  source: string;
  significance: string;
  identifying?: boolean;
  identifyingInCombination?: boolean;
  redact?: boolean;
  redactReason?: string;
  population?: number;
  basis?: string;
}

export function toOutputSpan(span: Span, includeText: boolean): OutputSpan {
  // Built field by field so the JSON keys come out in a stable, readable order.
  const out = { start: span.start, end: span.end, label: span.label } as OutputSpan;
  if (includeText) out.text = span.text;
  out.score = span.score;
  out.source = span.source;
  out.significance = span.significance;
  if (span.identifying !== undefined) out.identifying = span.identifying;
  if (span.identifyingInCombination !== undefined) out.identifyingInCombination = span.identifyingInCombination;
  if (span.redact !== undefined) out.redact = span.redact;
  // The reason can quote the estimate (a town's population), so redact output leaves it out too.
  if (includeText && span.redactReason !== undefined) out.redactReason = span.redactReason;
  // The estimate and its basis name or pin down the value (a town's population), so redact output leaves them out.
  if (includeText && span.population !== undefined) out.population = span.population;
  if (includeText && span.basis !== undefined) out.basis = span.basis;
  return out;
}
