import type { EvalResult } from './evaluate.js';

/**
 * `splice eval --json`: the whole EvalResult (field names documented in
 * the README ("Evaluation") and kept stable under `schema`), preceded by `run`, which
 * says what was scored. Rates are fractions in [0, 1]; an undefined rate
 * (zero denominator) and its interval are null. No corpus text is included.
 */
export interface RunInfo {
  gold: string;
  /** 'engine' when Splice ran on the gold texts, else the --pred file. */
  predictions: string;
  /** Engine options when predictions is 'engine'. */
  profile?: string;
  labels?: string[];
  tokenization: string;
  warnings: string[];
  /** Seconds from the start of the command to the scores (loading, engine run and scoring). */
  wallSeconds?: number;
  /** Seconds the engine spent on the gold texts (without --pred). */
  engineSeconds?: number;
  /** With --llm: the model and what it was asked. */
  llm?: { model: string; requests?: number; cacheHits?: number; tokens?: number; notFound?: number };
}

export const TOKENIZATION =
  'word tokens: maximal runs of letters, digits and combining marks (\\p{L}\\p{N}\\p{M}); punctuation is not scored; a token is positive when a span covers any of its characters';

export function toJson(result: EvalResult, run: RunInfo): string {
  const { schema, ...rest } = result;
  return `${JSON.stringify({ schema, run, ...rest }, null, 2)}\n`;
}
