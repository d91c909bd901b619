import type { Candidate, Profile } from '../types.js';
import { consistencyRefiner, type Region } from './consistency.js';

export interface RefinerOptions {
  profile: Profile;
  /** A long document analysed in windows: the refiners read its text one region at a time (detect/windows.ts). */
  regions?: readonly Region[];
}

/**
 * A refiner rewrites the candidate list with knowledge of the whole document
 * (chrono-node's parsers → refiners idea): propagating a name to its other
 * mentions, dropping candidates contradicted by context, and so on.
 */
export type Refiner = (text: string, candidates: Candidate[], options: RefinerOptions) => Candidate[];

/** Refiners in the order they run. */
export const REFINERS: Refiner[] = [consistencyRefiner];

export function refineCandidates(text: string, candidates: Candidate[], options: RefinerOptions): Candidate[] {
  let current = candidates;
  for (const refiner of REFINERS) current = refiner(text, current, options);
  return current;
}
