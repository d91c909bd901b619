import type { Label, Significance } from './taxonomy.js';

/**
 * One detected PII element. Offsets are UTF-16 indices into the ORIGINAL text,
 * end exclusive, everywhere in Splice.
 */
export interface Span {
  start: number;
  end: number;
  label: Label;
  /** Always equal to originalText.slice(start, end). */
  text: string;
  /** Confidence in [0, 1]. */
  score: number;
  /** Name of the recognizer (or detector) that produced the span. */
  source: string;
  significance: Significance;
  /**
   * Identifiability assessment, filled in by the assess stage when it runs (src/assess):
   * `identifying`: the element alone singles a person out of the pool (population < pool size);
   * `identifyingInCombination`: alone, or together with the document's other elements;
   * `redact` / `redactReason`: whether and why `--policy identifying` removes it;
   * `population`: people sharing the value; `basis`: the estimate's reasoning and source.
   */
  identifying?: boolean;
  identifyingInCombination?: boolean;
  redact?: boolean;
  redactReason?: string;
  population?: number;
  basis?: string;
}

/** What a recognizer returns: a span before text/significance are filled in. */
export interface Candidate {
  start: number;
  end: number;
  label: Label;
  score: number;
  /** Defaults to the recognizer's name. */
  source?: string;
}

/** How eagerly the recognizers report: the strictness under every profile. */
export type DetectionLevel = 'recall' | 'balanced' | 'precision';

/**
 * A detection profile (src/profiles): a strictness level, or a named practice
 * ('spec': exactly the 14 categories; 'safe-harbor': HIPAA Safe Harbor;
 * 'court': court judgments) that sets the level and the extension categories.
 */
export type Profile = DetectionLevel | 'spec' | 'safe-harbor' | 'court';
