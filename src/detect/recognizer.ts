import type { Candidate } from '../types.js';
import type { Label } from '../taxonomy.js';
import type { DetectionContext } from './context.js';

/**
 * One recognizer: a small module that finds one kind of PII. Modelled on
 * Presidio's recognizers: patterns, context words, and a validate step.
 */
export interface Recognizer {
  /** Unique name, reported as the `source` of its spans. */
  readonly name: string;
  /** Labels this recognizer can produce. */
  readonly labels: readonly Label[];
  detect(ctx: DetectionContext): Candidate[] | Promise<Candidate[]>;
}

/**
 * Helper for the common case: run a global regular expression over the text (or
 * its normalised view), validate each match, and emit candidates.
 * Every pattern given here must run in linear time (no nested unbounded
 * quantifiers); the adversarial benchmark and tests check it.
 */
export interface PatternSpec {
  pattern: RegExp;
  label: Label;
  score: number;
  /** Match on the normalised view (evasion-resistant) instead of the original. */
  normalized?: boolean;
  /** Capture group holding the value (default: whole match). */
  group?: number;
  /** Return false to reject, or a number to override the score. */
  validate?: (value: string, ctx: DetectionContext, start: number, end: number) => boolean | number;
}

export function runPatterns(ctx: DetectionContext, specs: readonly PatternSpec[], source?: string): Candidate[] {
  const out: Candidate[] = [];
  for (const spec of specs) {
    if (!spec.pattern.global) throw new Error(`pattern for ${spec.label} must be global`);
    const haystack = spec.normalized ? ctx.normalized.text : ctx.text;
    spec.pattern.lastIndex = 0;
    for (let m = spec.pattern.exec(haystack); m; m = spec.pattern.exec(haystack)) {
      if (m[0].length === 0) {
        spec.pattern.lastIndex++;
        continue;
      }
      const value = spec.group ? m[spec.group] : m[0];
      if (value === undefined) continue;
      const offset = spec.group ? m.index + m[0].indexOf(value) : m.index;
      let start = offset;
      let end = offset + value.length;
      if (spec.normalized) [start, end] = ctx.fromNormalized(start, end);
      let score = spec.score;
      if (spec.validate) {
        const verdict = spec.validate(value, ctx, start, end);
        if (verdict === false) continue;
        if (typeof verdict === 'number') score = verdict;
      }
      out.push({ start, end, label: spec.label, score, source });
    }
  }
  return out;
}
