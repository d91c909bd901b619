import type { Label } from '../taxonomy.js';

/**
 * The evaluation's view of a corpus. Offsets are UTF-16 indices into `text`,
 * end exclusive, as everywhere in Splice.
 */

/** TAB's masking decision: DIRECT and QUASI identifiers must be masked, NO_MASK ones need not. */
export type IdentifierType = 'DIRECT' | 'QUASI' | 'NO_MASK';

export interface GoldSpan {
  start: number;
  end: number;
  /**
   * The Splice category, or null for gold that has no Splice category (TAB's
   * DATETIME, QUANTITY, MISC; CoNLL's MISC): such spans count in label-blind
   * overall metrics only.
   */
  label: Label | null;
  /** The label as written in the source file, when it was mapped (e.g. TAB "PERSON"). */
  sourceLabel?: string;
  identifierType?: IdentifierType;
}

export interface GoldDocument {
  id: string;
  domain?: string;
  text: string;
  spans: GoldSpan[];
}

export interface GoldCorpus {
  /** Which loader read it: splice | tab | conll. */
  format: string;
  documents: GoldDocument[];
  /** Problems the loader worked around (counts, never text). */
  warnings?: string[];
}

export interface PredictedSpan {
  start: number;
  end: number;
  /** Null when a foreign tool's label has no Splice equivalent. */
  label: Label | null;
  sourceLabel?: string;
  score?: number;
}

/** Predictions keyed by document id. */
export type Predictions = Map<string, PredictedSpan[]>;
