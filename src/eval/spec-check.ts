import { LEVELS, TARGET_FNR, type Significance } from '../taxonomy.js';
import type { Rate, Scores } from './metrics.js';
import { wilson } from './wilson.js';

/**
 * The specification: per level, the miss rate must be below its target
 * (HIGH < 5%, MEDIUM < 20%, LOW < 50%). A level PASSES only when the upper
 * bound of the 95% Wilson interval of its FNR is below the target, so a small
 * sample cannot pass by luck.
 */
export interface SpecVerdict {
  level: Significance;
  target: number;
  /** Gold elements of the level (tokens or entities, per `unit`). */
  support: number;
  missed: number;
  fnr: Rate;
  verdict: 'PASS' | 'FAIL';
  /**
   * True when the interval lies wholly on one side of the target (a PASS always
   * is; a FAIL is conclusive when even the lower bound reaches the target).
   */
  conclusive: boolean;
  /**
   * Gold elements needed for the interval around the observed FNR to clear the
   * target (either way); null when the observed FNR equals the target or there
   * is no gold. `support >= requiredSupport` means the corpus is large enough.
   */
  requiredSupport: number | null;
}

/**
 * Smallest n for which the Wilson interval of an observed proportion p lies
 * entirely below (p < target) or above (p > target) the target.
 */
export function requiredSampleSize(p: number, target: number): number | null {
  if (!(p >= 0 && p <= 1) || p === target) return null;
  const clears = (n: number) => {
    const ci = wilson(p * n, n)!;
    return p < target ? ci.high < target : ci.low > target;
  };
  let hi = 1;
  while (!clears(hi)) {
    hi *= 2;
    if (hi > 2 ** 40) return null;
  }
  let lo = Math.floor(hi / 2);
  if (lo < 1) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (clears(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

export function specVerdict(level: Significance, s: Scores): SpecVerdict {
  const target = TARGET_FNR[level];
  const pass = s.fnr.high !== null && s.fnr.high < target;
  const conclusive = pass || (s.fnr.low !== null && s.fnr.low >= target);
  return {
    level,
    target,
    support: s.support,
    missed: s.fn,
    fnr: s.fnr,
    verdict: pass ? 'PASS' : 'FAIL',
    conclusive,
    requiredSupport: s.fnr.value === null ? null : requiredSampleSize(s.fnr.value, target),
  };
}

export function specCheck(levels: Record<Significance, Scores>): SpecVerdict[] {
  return LEVELS.map((level) => specVerdict(level, levels[level]));
}
