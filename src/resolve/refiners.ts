import type { Candidate, Profile } from '../types.js';
import { consistencyColumns, type Region } from './consistency.js';
import { CandidateColumns } from './candidate-columns.js';

export interface RefinerOptions {
  profile: Profile;
  /** A long document analysed in windows: the refiners read its text one region at a time (detect/windows.ts). */
  regions?: readonly Region[];
}

/**
 * A refiner rewrites the candidate list with knowledge of the whole document
 * (chrono-node's parsers → refiners idea): propagating a name to its other
 * mentions, dropping candidates contradicted by context, and so on. It works on the
 * candidates in columns (compact: a long document has millions) and returns them,
 * changed in place or anew.
 */
export type Refiner = (text: string, candidates: CandidateColumns, options: RefinerOptions) => CandidateColumns;

/** Refiners in the order they run. */
export const REFINERS: Refiner[] = [consistencyColumns];

export function refineColumns(text: string, candidates: CandidateColumns, options: RefinerOptions): CandidateColumns {
  let current = candidates;
  for (const refiner of REFINERS) current = refiner(text, current, options);
  return current;
}

/** refineColumns on a list of candidates: the list itself when nothing changed, else a new list. */
export function refineCandidates(text: string, candidates: Candidate[], options: RefinerOptions): Candidate[] {
  const columns = CandidateColumns.from(candidates);
  const before = columns.length;
  const out = refineColumns(text, columns, options);
  if (out === columns && out.length === before) return candidates;
  if (out === columns && out.length > before) {
    // Only appended (the refiners here add mentions): the same objects, then the new ones.
    const list = candidates.slice();
    for (let i = before; i < out.length; i++) list.push(out.get(i));
    return list;
  }
  return out.toArray();
}
