import { wilson } from './wilson.js';

/**
 * Rates from a 2×2 table, each with its 95% Wilson interval.
 * TN is null where negatives are not countable (entity level): the rates that
 * need it (specificity, FPR, NPV) are then null too.
 */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number | null;
}

/** A proportion with its 95% interval; all three null when the denominator is 0. */
export interface Rate {
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface Scores extends Counts {
  /** Gold positives: tp + fn. */
  support: number;
  /** Predicted positives: tp + fp. */
  predicted: number;
  sensitivity: Rate;
  specificity: Rate;
  fnr: Rate;
  fpr: Rate;
  ppv: Rate;
  npv: Rate;
  f1: Rate;
  f2: Rate;
}

export const RATE_NAMES = ['sensitivity', 'specificity', 'fnr', 'fpr', 'ppv', 'npv', 'f1', 'f2'] as const;

export function proportion(successes: number, n: number): Rate {
  const ci = wilson(successes, n);
  if (!ci) return { value: null, low: null, high: null };
  return { value: successes / n, low: ci.low, high: ci.high };
}

/**
 * F_β = (1+β²)TP / ((1+β²)TP + β²FN + FP) = TP / n_eff with
 * n_eff = TP + (β²FN + FP)/(1+β²): the share of true positives among an
 * effective number of trials. Its interval is the Wilson interval of TP out of
 * n_eff (an approximation: F is not a binomial proportion).
 */
export function fScore(tp: number, fp: number, fn: number, beta: number): Rate {
  const b2 = beta * beta;
  return proportion(tp, tp + (b2 * fn + fp) / (1 + b2));
}

export function scores(c: Counts): Scores {
  const { tp, fp, fn, tn } = c;
  const none: Rate = { value: null, low: null, high: null };
  return {
    tp,
    fp,
    fn,
    tn,
    support: tp + fn,
    predicted: tp + fp,
    sensitivity: proportion(tp, tp + fn),
    specificity: tn === null ? none : proportion(tn, tn + fp),
    fnr: proportion(fn, tp + fn),
    fpr: tn === null ? none : proportion(fp, tn + fp),
    ppv: proportion(tp, tp + fp),
    npv: tn === null ? none : proportion(tn, tn + fn),
    f1: fScore(tp, fp, fn, 1),
    f2: fScore(tp, fp, fn, 2),
  };
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn, tn: a.tn === null || b.tn === null ? null : a.tn + b.tn };
}
