import { NONE, NUM_CLASSES, UNLABELED, classOf, groupMask, type ClassGroup } from './classes.js';
import { scores, type Scores } from './metrics.js';
import type { GoldSpan, PredictedSpan } from './types.js';

/**
 * Entity level. A gold span is found when a predicted span matches it:
 *   exact   — same start and end;
 *   partial — any overlap of at least one character.
 * Label-blind matching ignores labels; label-aware matching requires the same label.
 * TP and FN count gold spans (grouped by gold label); FP counts predicted spans
 * that match no gold span (grouped by predicted label). TN does not exist at
 * entity level (null), nor do specificity, FPR and NPV.
 * Label-aware: gold without a Splice label is left out, and a predicted span
 * whose only match is such a gold span is neither TP nor FP.
 */
export type MatchKind = 'exact' | 'partial';

/** Per-class counters of one document (arrays indexed by class code). */
export interface EntityTally {
  gold: Float64Array;
  pred: Float64Array;
  /** [kind][blind|aware] gold spans matched. */
  matched: Record<MatchKind, { blind: Float64Array; aware: Float64Array }>;
  /** [kind][blind|aware] predicted spans counted as false positives. */
  spurious: Record<MatchKind, { blind: Float64Array; aware: Float64Array }>;
  /** Gold × predicted class of the best-overlapping predicted span (partial match). */
  confusion: Float64Array;
}

const KINDS: readonly MatchKind[] = ['exact', 'partial'];

export function emptyEntityTally(): EntityTally {
  const v = () => new Float64Array(NUM_CLASSES);
  return {
    gold: v(),
    pred: v(),
    matched: { exact: { blind: v(), aware: v() }, partial: { blind: v(), aware: v() } },
    spurious: { exact: { blind: v(), aware: v() }, partial: { blind: v(), aware: v() } },
    confusion: new Float64Array(NUM_CLASSES * NUM_CLASSES),
  };
}

export function addEntityTally(into: EntityTally, t: EntityTally): void {
  const add = (a: Float64Array, b: Float64Array) => {
    for (let i = 0; i < a.length; i++) a[i] += b[i];
  };
  add(into.gold, t.gold);
  add(into.pred, t.pred);
  for (const k of KINDS) {
    add(into.matched[k].blind, t.matched[k].blind);
    add(into.matched[k].aware, t.matched[k].aware);
    add(into.spurious[k].blind, t.spurious[k].blind);
    add(into.spurious[k].aware, t.spurious[k].aware);
  }
  add(into.confusion, t.confusion);
}

function overlap(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return Math.min(a.end, b.end) - Math.max(a.start, b.start);
}

/** For each span of `a`, the indices of the spans of `b` it overlaps. Both sorted by start inside. */
export function overlapsOf(a: ReadonlyArray<{ start: number; end: number }>, b: ReadonlyArray<{ start: number; end: number }>): number[][] {
  const order = b.map((_, i) => i).sort((x, y) => b[x].start - b[y].start);
  // prefix maximum of ends lets us skip spans that all end before a.start
  const maxEnd: number[] = [];
  order.forEach((j, k) => (maxEnd[k] = Math.max(k ? maxEnd[k - 1] : -Infinity, b[j].end)));
  return a.map((s) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (maxEnd[mid] <= s.start) lo = mid + 1;
      else hi = mid;
    }
    const hits: number[] = [];
    for (let k = lo; k < order.length && b[order[k]].start < s.end; k++) {
      if (overlap(s, b[order[k]]) > 0) hits.push(order[k]);
    }
    return hits;
  });
}

const same = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start === b.start && a.end === b.end;

export function entityTally(gold: readonly GoldSpan[], pred: readonly PredictedSpan[]): EntityTally {
  const t = emptyEntityTally();
  const goldHits = overlapsOf(gold, pred);
  const predHits = overlapsOf(pred, gold);
  gold.forEach((g, i) => {
    const gc = classOf(g.label);
    t.gold[gc]++;
    const hits = goldHits[i].map((j) => pred[j]);
    const labelled = gc !== UNLABELED;
    if (hits.length) t.matched.partial.blind[gc]++;
    if (hits.some((p) => same(p, g))) t.matched.exact.blind[gc]++;
    if (labelled && hits.some((p) => p.label === g.label)) t.matched.partial.aware[gc]++;
    if (labelled && hits.some((p) => p.label === g.label && same(p, g))) t.matched.exact.aware[gc]++;
    let best: PredictedSpan | undefined;
    for (const p of hits) if (!best || overlap(p, g) > overlap(best, g)) best = p;
    t.confusion[gc * NUM_CLASSES + (best ? classOf(best.label) : NONE)]++;
  });
  pred.forEach((p, j) => {
    const pc = classOf(p.label);
    t.pred[pc]++;
    const hits = predHits[j].map((i) => gold[i]);
    const exactHits = hits.filter((g) => same(p, g));
    if (!hits.length) {
      t.spurious.partial.blind[pc]++;
      t.confusion[NONE * NUM_CLASSES + pc]++;
    }
    if (!exactHits.length) t.spurious.exact.blind[pc]++;
    const awareFp = (cands: GoldSpan[]) => !cands.some((g) => g.label === p.label || g.label === null);
    if (awareFp(hits)) t.spurious.partial.aware[pc]++;
    if (awareFp(exactHits)) t.spurious.exact.aware[pc]++;
  });
  return t;
}

export function entityScores(t: EntityTally, kind: MatchKind, aware: boolean, group: ClassGroup): Scores {
  const inG = groupMask(group);
  const matched = aware ? t.matched[kind].aware : t.matched[kind].blind;
  const spurious = aware ? t.spurious[kind].aware : t.spurious[kind].blind;
  let tp = 0;
  let fn = 0;
  let fp = 0;
  for (let c = 1; c < NUM_CLASSES; c++) {
    if (!inG[c]) continue;
    if (!(aware && c === UNLABELED)) {
      tp += matched[c];
      fn += t.gold[c] - matched[c];
    }
    fp += spurious[c];
  }
  return scores({ tp, fp, fn, tn: null });
}
