import type { Span } from '../types.js';
import { DEFAULT_OPERATOR_SETTINGS, OPERATORS, type OperatorSettings } from './operators.js';
import { DEFAULT_POLICY, type RedactionPolicy } from './policy.js';

export interface RedactOptions {
  policy?: RedactionPolicy;
  settings?: Partial<OperatorSettings>;
  /** Spans to keep in clear (for example elements judged not identifying). */
  keep?: (span: Span) => boolean;
}

/**
 * The redact stage: replaces every span (non-overlapping, as the resolver
 * guarantees) with its operator's output. Irreversible: no mapping is kept.
 */
export function redactText(text: string, spans: readonly Span[], options: RedactOptions = {}): string {
  const policy = options.policy ?? DEFAULT_POLICY;
  const settings = { ...DEFAULT_OPERATOR_SETTINGS, ...options.settings };
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let cursor = 0;
  for (const span of ordered) {
    if (span.start < cursor) throw new Error(`overlapping spans at ${span.start}: resolve before redacting`);
    if (options.keep?.(span)) continue;
    parts.push(text.slice(cursor, span.start));
    parts.push(OPERATORS[policy[span.label]](span, settings));
    cursor = span.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}
