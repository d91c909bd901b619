import { lookupPlace, type Place } from './gazetteer.js';

/**
 * lookupPlace with a memo: the recognizers ask about the same capitalised
 * words and phrases again and again, and the gazetteer's key normalisation
 * (Unicode NFKD) dominates their cost. The memo is bounded and simply cleared
 * when full.
 */
const memo = new Map<string, readonly Place[]>();
const MAX_ENTRIES = 100_000;

export function placesNamed(name: string): readonly Place[] {
  let hit = memo.get(name);
  if (hit === undefined) {
    if (memo.size >= MAX_ENTRIES) memo.clear();
    hit = lookupPlace(name);
    memo.set(name, hit);
  }
  return hit;
}
