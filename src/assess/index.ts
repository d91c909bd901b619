import type { Span } from '../types.js';

export type RedactionScope = 'all' | 'identifying';

export interface AssessOptions {
  /** Pool size an element must single a person out of (default 10,000). */
  poolSize?: number;
}

export interface DocumentAssessment {
  spans: Span[];
}

/**
 * The assess stage: decides for each span whether it could single out one
 * person in a pool of `poolSize`, and estimates the document's k-anonymity.
 * (Being built in the identifiability issue; for now every span is identifying.)
 */
export function assessDocument(_text: string, spans: Span[], _options: AssessOptions = {}): DocumentAssessment {
  return { spans: spans.map((s) => ({ ...s, identifying: true })) };
}
