import { test } from 'node:test';
import assert from 'node:assert/strict';
import { greedyRemoval, type Group } from '../../src/assess/k-anonymity.js';
import type { AttributeKind } from '../../src/assess/types.js';

/**
 * greedyRemoval tries only the groups whose removal changes a factor of k, unless the
 * best of them wins by no more than rounding; it must choose exactly what the plain
 * Set-based version (every group tried at every step) chooses, rounding-driven choices
 * included. The plain version is written out here as the reference.
 */
const MULTI = new Set<AttributeKind>(['medical', 'provider', 'organization', 'achievement', 'trait', 'event', 'demographic']);
function referenceK(groups: Iterable<Group>, base: number, contextShare: number): number {
  let population = base;
  const single = new Map<AttributeKind, number>();
  const multi = new Map<AttributeKind, number[]>();
  for (const g of groups) {
    if (g.placePopulation !== undefined) {
      population = Math.min(population, g.placePopulation);
      continue;
    }
    if (MULTI.has(g.kind)) {
      const list = multi.get(g.kind);
      if (list) list.push(g.share);
      else multi.set(g.kind, [g.share]);
    } else single.set(g.kind, Math.min(single.get(g.kind) ?? 1, g.share));
  }
  let k = population * contextShare;
  for (const share of single.values()) k *= share;
  for (const shares of multi.values()) {
    shares.sort((a, b) => a - b);
    for (const share of shares.slice(0, 2)) k *= share;
  }
  return k;
}
function referenceGreedy(groups: readonly Group[], base: number, poolSize: number, contextShare: number) {
  const kept = new Set(groups);
  let k = referenceK(kept, base, contextShare);
  const kBefore = k;
  const removed: Group[] = [];
  while (k < poolSize && kept.size > 0) {
    let best: Group | undefined;
    let bestK = k;
    for (const g of [...kept]) {
      kept.delete(g);
      const next = referenceK(kept, base, contextShare);
      kept.add(g);
      if (next > bestK || (best && next === bestK && g.chars < best.chars)) {
        best = g;
        bestK = next;
      }
    }
    if (!best) break;
    kept.delete(best);
    removed.push(best);
    k = bestK;
  }
  return { removed, kBefore, kAfter: k, reached: k >= poolSize };
}

function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const KINDS: AttributeKind[] = ['age', 'occupation', 'religion', 'medical', 'trait', 'event', 'name', 'place', 'organization'];

function randomGroups(next: () => number, n: number): Group[] {
  const groups: Group[] = [];
  for (let i = 0; i < n; i++) {
    const kind = KINDS[Math.floor(next() * KINDS.length)];
    const place = kind === 'place' && next() < 0.5;
    // Repeated shares: ties, and products equal up to rounding, are common.
    const share = [0.5, 0.1, 0.013, 0.0007, 1 / 3, 0.3, 0.7, 0.9, next()][Math.floor(next() * 9)];
    groups.push({ members: [i], kind, placePopulation: place ? Math.round(next() * 1e6) : undefined, share: place ? 1 : share, chars: Math.floor(next() * 3) });
  }
  return groups;
}

function same(groups: Group[], base: number, pool: number, ctx: number, label: string): void {
  const got = greedyRemoval(groups, base, pool, ctx);
  const want = referenceGreedy(groups, base, pool, ctx);
  assert.equal(got.kBefore, want.kBefore, label);
  assert.equal(got.kAfter, want.kAfter, label);
  assert.equal(got.reached, want.reached, label);
  assert.deepEqual(got.removed.map((g) => groups.indexOf(g)), want.removed.map((g) => groups.indexOf(g)), label);
}

test('greedyRemoval chooses exactly as the plain version, rounding-driven choices included', () => {
  const next = generator(9);
  for (let round = 0; round < 1000; round++) {
    const groups = randomGroups(next, 3 + Math.floor(next() * 40));
    const base = [340_000_000, 8_050_000_000, 5_000_000, 1e9 / 3][round % 4];
    const pool = [10_000, 1e6, 1e9, 1e12][Math.floor(round / 4) % 4];
    same(groups, base, pool, round % 2 ? 0.5 : 1, `round ${round}`);
  }
});

test('greedyRemoval on a few hundred groups: same choices, many steps', () => {
  const next = generator(4);
  for (let round = 0; round < 3; round++) {
    const groups = randomGroups(next, 150);
    same(groups, 8_050_000_000, 1e12, 1, `round ${round}`);
  }
});

test('greedyRemoval with a NaN share falls back to the plain version', () => {
  const groups: Group[] = [
    { members: [0], kind: 'age', share: 0.01, chars: 2 },
    { members: [1], kind: 'medical', share: NaN, chars: 5 },
    { members: [2], kind: 'occupation', share: 0.001, chars: 8 },
  ];
  same(groups, 8_050_000_000, 1e9, 1, 'NaN');
});
