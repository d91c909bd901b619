import { lookupPlace, placeFacts, UNKNOWN_PLACE, type Place, type PlaceFacts } from './gazetteer.js';
import { mayBePlacePhrase } from './place-filter.js';

/**
 * lookupPlace and placeFacts with a memo: the recognizers ask about the same
 * capitalised words and phrases again and again, and the gazetteer's key
 * normalisation (Unicode NFKD) dominates their cost. The memos are bounded and
 * simply cleared when full.
 */
const memo = new Map<string, readonly Place[]>();
const factsMemo = new Map<string, PlaceFacts>();
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

/** Largest population and US-state flag of the places with this name (see gazetteer.ts placeFacts). */
export function placeFactsNamed(name: string): PlaceFacts {
  // Most names asked about are no place: the place filter (a Bloom filter over every gazetteer key)
  // says so from the name's characters, without the memo's look-up (a cache miss in a large map).
  if (!mayBePlacePhrase(name)) return UNKNOWN_PLACE;
  let hit = factsMemo.get(name);
  if (hit === undefined) {
    if (factsMemo.size >= MAX_ENTRIES) factsMemo.clear();
    hit = placeFacts(name);
    factsMemo.set(name, hit);
  }
  return hit;
}
