import { greedyRemoval, type Group } from '../src/assess/k-anonymity.js';
const MULTI = new Set(['medical', 'provider', 'organization', 'achievement', 'trait', 'event', 'demographic']);
function referenceK(groups: Iterable<Group>, base: number, contextShare = 1): number {
  let population = base; const single = new Map(); const multi = new Map();
  for (const g of groups) {
    if (g.placePopulation !== undefined) { population = Math.min(population, g.placePopulation); continue; }
    if (MULTI.has(g.kind)) { const l = multi.get(g.kind); if (l) l.push(g.share); else multi.set(g.kind, [g.share]); }
    else single.set(g.kind, Math.min(single.get(g.kind) ?? 1, g.share));
  }
  let k = population * contextShare;
  for (const s of single.values()) k *= s;
  for (const shares of multi.values()) { shares.sort((a: number, b: number) => a - b); for (const s of shares.slice(0, 2)) k *= s; }
  return k;
}
function referenceGreedy(groups: readonly Group[], base: number, poolSize: number, contextShare = 1) {
  const kept = new Set(groups); const kBefore = referenceK(kept, base, contextShare); let k = kBefore; const removed: Group[] = [];
  while (k < poolSize && kept.size > 0) {
    let best: Group | undefined; let bestK = k;
    for (const g of [...kept]) { kept.delete(g); const next = referenceK(kept, base, contextShare); kept.add(g);
      if (next > bestK || (best && next === bestK && g.chars < best.chars)) { best = g; bestK = next; } }
    if (!best) break; kept.delete(best); removed.push(best); k = bestK;
  }
  return { removed, kBefore, kAfter: k };
}
let s = 9; const next = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
const kinds = ['age', 'occupation', 'religion', 'medical', 'trait', 'event', 'name', 'place', 'organization'];
let mism = 0, rounds = 0;
for (let round = 0; round < 3000; round++) {
  const groups: Group[] = [];
  const n = 3 + Math.floor(next() * 40);
  for (let i = 0; i < n; i++) {
    const kind = kinds[Math.floor(next() * kinds.length)] as any;
    const place = kind === 'place' && next() < 0.5;
    const share = [0.5, 0.1, 0.013, 0.0007, 1 / 3, 0.3, 0.7, 0.9, next()][Math.floor(next() * 9)];
    groups.push({ members: [i], kind, placePopulation: place ? Math.round(next() * 1e6) : undefined, share: place ? 1 : share, chars: Math.floor(next() * 3) });
  }
  const base = [340_000_000, 8_050_000_000, 5_000_000, 1/3*1e9][round % 4];
  const pool = [10_000, 1e6, 1e9, 1e12][Math.floor(round / 4) % 4];
  const ctx = round % 2 ? 0.5 : 1;
  const got = greedyRemoval(groups, base, pool, ctx); const want = referenceGreedy(groups, base, pool, ctx);
  rounds++;
  const a = JSON.stringify([got.kAfter, got.removed.map((g) => groups.indexOf(g))]), b = JSON.stringify([want.kAfter, want.removed.map((g) => groups.indexOf(g))]);
  if (a !== b) { mism++; if (mism < 4) console.log('MISMATCH', round, a, b); }
}
console.log('rounds', rounds, 'mismatches', mism);
