import { NONE, NUM_CLASSES, UNLABELED, classOf, groupMask, type ClassGroup } from './classes.js';
import { scores, type Scores } from './metrics.js';
import { tokenize, type Token } from './tokenizer.js';
import type { GoldSpan, PredictedSpan } from './types.js';
import { firstEndingAfter } from '../detect/ranges.js';

/**
 * Token level. Each scored token (see tokenizer.ts) gets a gold class and a
 * predicted class: the class of a span covering any of its characters (0 when
 * none does). A document's outcome is the count matrix M[gold][pred]; every
 * token metric below is a sum over cells of M, so documents, domains and the
 * corpus aggregate by adding matrices.
 */
export type TokenMatrix = Float64Array;

export function emptyMatrix(): TokenMatrix {
  return new Float64Array(NUM_CLASSES * NUM_CLASSES);
}

export function addMatrix(into: TokenMatrix, m: TokenMatrix): void {
  for (let i = 0; i < into.length; i++) into[i] += m[i];
}

export function cell(m: TokenMatrix, gold: number, pred: number): number {
  return m[gold * NUM_CLASSES + pred];
}

/** Per-character class codes (last span wins where spans overlap). */
export function classAt(length: number, spans: ReadonlyArray<{ start: number; end: number; label: GoldSpan['label'] }>): Uint8Array {
  const at = new Uint8Array(length);
  for (const s of spans) {
    const cls = classOf(s.label);
    const end = Math.min(s.end, length);
    for (let i = Math.max(0, s.start); i < end; i++) at[i] = cls;
  }
  return at;
}

/** The class of the first character of the token that some span covers, else 0. */
export function tokenClass(at: Uint8Array, t: Token): number {
  for (let i = t.start; i < t.end; i++) if (at[i] !== NONE) return at[i];
  return NONE;
}

export interface TokenOutcomes {
  tokens: Token[];
  gold: Uint8Array;
  pred: Uint8Array;
  matrix: TokenMatrix;
}

export function tokenOutcomes(text: string, gold: readonly GoldSpan[], pred: readonly PredictedSpan[]): TokenOutcomes {
  const tokens = tokenize(text);
  const goldAt = classAt(text.length, gold);
  const predAt = classAt(text.length, pred);
  const g = new Uint8Array(tokens.length);
  const p = new Uint8Array(tokens.length);
  const matrix = emptyMatrix();
  tokens.forEach((t, i) => {
    g[i] = tokenClass(goldAt, t);
    p[i] = tokenClass(predAt, t);
    matrix[g[i] * NUM_CLASSES + p[i]]++;
  });
  return { tokens, gold: g, pred: p, matrix };
}

/**
 * Label-blind ("was it removed?") for a group G:
 *   TP = gold ∈ G, predicted with any label     FN = gold ∈ G, not predicted
 *   FP = no gold, predicted with a label of G    TN = no gold, not predicted with a label of G
 * Tokens whose gold is outside G (other PII) do not count for G.
 */
export function labelBlindTokenScores(m: TokenMatrix, group: ClassGroup): Scores {
  const inG = groupMask(group);
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  for (let g = 0; g < NUM_CLASSES; g++) {
    for (let p = 0; p < NUM_CLASSES; p++) {
      const n = m[g * NUM_CLASSES + p];
      if (!n) continue;
      if (g !== NONE) {
        if (inG[g]) p === NONE ? (fn += n) : (tp += n);
      } else if (inG[p]) fp += n;
      else tn += n;
    }
  }
  return scores({ tp, fp, fn, tn });
}

/**
 * Label-aware for a group G (one-vs-rest; gold without a Splice label is left out):
 *   TP = gold ∈ G, predicted with the same label
 *   FN = gold ∈ G, predicted with another label or not at all
 *   FP = predicted ∈ G, gold is another label or none
 *   TN = gold ∉ G and predicted ∉ G
 * A token with the wrong label is an FN of its gold label and an FP of its predicted one.
 */
export function labelAwareTokenScores(m: TokenMatrix, group: ClassGroup): Scores {
  const inG = groupMask(group);
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  for (let g = 0; g < NUM_CLASSES; g++) {
    if (g === UNLABELED) continue;
    for (let p = 0; p < NUM_CLASSES; p++) {
      const n = m[g * NUM_CLASSES + p];
      if (!n) continue;
      const goldIn = g !== NONE && inG[g];
      const predIn = p !== NONE && inG[p];
      if (goldIn && p === g) tp += n;
      else {
        if (goldIn) fn += n;
        if (predIn) fp += n;
        if (!goldIn && !predIn) tn += n;
      }
    }
  }
  return scores({ tp, fp, fn, tn });
}

/** Token indices [from, to) of the tokens overlapping [start, end). */
export function tokenRange(tokens: readonly Token[], start: number, end: number): [number, number] {
  const lo = firstEndingAfter(tokens, start);
  let to = lo;
  while (to < tokens.length && tokens[to].start < end) to++;
  return [lo, to];
}

