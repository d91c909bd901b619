import { nearestPlaces } from './embedding.js';
import type { KeyedStream } from './keyed.js';
import { countryCode, divisionFor, placeInfo, surrogatePlace, type Reject } from './places.js';
import { fold, placePool, type PoolPlace } from './pools.js';
import { likeCase } from './shape.js';

/**
 * Neighbour pseudonymisation (after Friedrich et al., "privacy-preserving
 * representations", section 4): each PII token is replaced by one of its N
 * nearest neighbours in an embedding space, the choice keyed like every other
 * surrogate choice. Small N keeps the text closest to the original (a name that
 * looks and sounds alike, a nearby town of similar size); large N hides more.
 *
 * Names use the name embedding (embedding.ts, through PersonRegistry with
 * `neighbours`); towns use position and size: the N pool towns nearest to the
 * original on the globe and in log population when the original is in the pool
 * (data/surrogates/places.tsv has coordinates), else the N towns of its country
 * nearest in log population. Other place kinds and other categories fall back
 * to the `surrogate` stand-ins.
 */
export function neighbourPlace(text: string, n: number, rng: KeyedStream, reject: Reject, defaultCountry?: string): string {
  // "Town, ST": the town's neighbour, and its own state in the form written.
  const comma = /^([^,]+),(\s*)([^,]+)$/.exec(text);
  if (comma) {
    const [, head, space, qualifier] = comma;
    const p = neighbourTown(head, n, rng, reject);
    if (!p) return surrogatePlace(text, rng, reject, defaultCountry);
    const q = qualifier.trim();
    const newQ = countryCode(q) ? q : divisionFor(p, /^[A-Z]{2}$/.test(q));
    if (!newQ || reject(newQ)) return surrogatePlace(text, rng, reject, defaultCountry);
    return `${likeCase(head.trim(), p.name)},${space}${likeCase(q, newQ)}`;
  }
  const p = neighbourTown(text, n, rng, reject);
  return p ? likeCase(text.trim(), p.name) : surrogatePlace(text, rng, reject, defaultCountry);
}

/** One of the n pool towns nearest to a known town, or undefined. */
function neighbourTown(text: string, n: number, rng: KeyedStream, reject: Reject): PoolPlace | undefined {
  const info = placeInfo(text);
  if (info.kind !== 'city' || !info.place) return undefined;
  const pool = placePool();
  const inCountry = pool.byCountry.get(info.place.country) ?? [];
  const self = fold(text.trim());
  const skip = (p: PoolPlace) => fold(p.name) === self || reject(p.name);
  const located = inCountry.find((p) => fold(p.name) === self);
  let nearest: PoolPlace[];
  if (located) nearest = nearestPlaces(located, pool.all, n, skip);
  else {
    const logPop = Math.log10(Math.max(1, info.place.population));
    nearest = inCountry
      .filter((p) => !skip(p))
      .map((p) => ({ p, d: Math.abs(Math.log10(p.population) - logPop) }))
      .sort((a, b) => a.d - b.d || (a.p.name < b.p.name ? -1 : 1))
      .slice(0, n)
      .map((e) => e.p);
  }
  return nearest.length ? rng.pick(nearest) : undefined;
}
