import { significanceOf, significanceRank, type Label } from '../taxonomy.js';
import { NONE } from './classes.js';
import { tokenRange, type TokenOutcomes } from './token-metrics.js';
import type { GoldSpan, PredictedSpan } from './types.js';

/**
 * The errors worth a reviewer's eye: gold spans with missed tokens, and
 * predicted spans over tokens that are not PII. Offsets only — the text is
 * looked up by the HTML report, never written to the terminal or JSON.
 */
export interface ErrorItem {
  docId: string;
  start: number;
  end: number;
  /** Gold label for a miss, predicted label for a false positive (null: no Splice label). */
  label: Label | null;
  /** Scored tokens in the span. */
  tokens: number;
  /** Missed tokens (miss) or tokens without gold (false positive). */
  errorTokens: number;
  /** For a partly detected miss: the label the overlapping prediction gave. */
  otherLabel?: Label | null;
  score?: number;
}

export function documentErrors(docId: string, o: TokenOutcomes, gold: readonly GoldSpan[], pred: readonly PredictedSpan[]): { misses: ErrorItem[]; falsePositives: ErrorItem[] } {
  const misses: ErrorItem[] = [];
  const falsePositives: ErrorItem[] = [];
  for (const g of gold) {
    const [from, to] = tokenRange(o.tokens, g.start, g.end);
    let missed = 0;
    for (let i = from; i < to; i++) if (o.pred[i] === NONE) missed++;
    if (!missed) continue;
    const item: ErrorItem = { docId, start: g.start, end: g.end, label: g.label, tokens: to - from, errorTokens: missed };
    if (missed < to - from) item.otherLabel = pred.find((p) => p.start < g.end && p.end > g.start)?.label ?? null;
    misses.push(item);
  }
  for (const p of pred) {
    const [from, to] = tokenRange(o.tokens, p.start, p.end);
    let wrong = 0;
    for (let i = from; i < to; i++) if (o.gold[i] === NONE) wrong++;
    if (!wrong) continue;
    const item: ErrorItem = { docId, start: p.start, end: p.end, label: p.label, tokens: to - from, errorTokens: wrong };
    if (p.score !== undefined) item.score = p.score;
    falsePositives.push(item);
  }
  return { misses, falsePositives };
}

const rank = (label: Label | null) => (label === null ? 0 : significanceRank(significanceOf(label)));

/**
 * Worst first: higher significance level, then wholly missed (or wholly
 * spurious) spans, then more erroneous tokens, then higher confidence.
 */
export function worst(items: ErrorItem[], limit: number): ErrorItem[] {
  return [...items]
    .sort(
      (a, b) =>
        rank(b.label) - rank(a.label) ||
        Number(b.errorTokens === b.tokens) - Number(a.errorTokens === a.tokens) ||
        b.errorTokens - a.errorTokens ||
        (b.score ?? 0) - (a.score ?? 0) ||
        a.docId.localeCompare(b.docId) ||
        a.start - b.start,
    )
    .slice(0, limit);
}
