/** 95% two-sided normal quantile. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval for a proportion of `successes` out of `n` trials.
 * `successes` and `n` may be fractional (used for F-scores' effective counts).
 * Returns null when n = 0 (the proportion is undefined).
 */
export function wilson(successes: number, n: number, z = Z95): Interval | null {
  if (!(n > 0)) return null;
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt(Math.max(0, (p * (1 - p)) / n + z2 / (4 * n * n)));
  // exact at the edges (floating point would leave 1e-17 / 0.9999999…)
  const low = successes <= 0 ? 0 : Math.max(0, centre - half);
  const high = successes >= n ? 1 : Math.min(1, centre + half);
  return { low, high };
}
