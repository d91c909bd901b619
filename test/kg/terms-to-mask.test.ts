import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../../src/learn/random.js';
import { toPostings } from '../../src/kg/postings.js';
import { getTermsToMask, type TermPostings } from '../../src/kg/terms-to-mask.js';

const P = (...ids: number[]) => toPostings(ids);

/**
 * The algorithm as the paper states it, with a literal restart after every
 * mask: singles first, then the first combination (growing arity,
 * lexicographic over the terms sorted by posting length) holding 1..k-1.
 */
function reference(terms: TermPostings[], k: number, maxArity: number, choose: (combo: number[]) => number): number[] {
  const order = terms.map((_, i) => i).sort((a, b) => terms[a].postings.length - terms[b].postings.length || a - b);
  const masked = new Set<number>();
  for (const p of order) if (terms[p].postings.length < k) masked.add(p);
  const count = (combo: number[]) => [...terms[combo[0]].postings].filter((x) => combo.every((c) => terms[c].postings.includes(x))).length;
  const firstViolation = (): number[] | undefined => {
    const live = order.filter((p) => !masked.has(p));
    for (let arity = 2; arity <= maxArity; arity++) {
      const combo: number[] = [];
      const walk = (from: number): number[] | undefined => {
        if (combo.length === arity) {
          const n = count(combo);
          return n >= 1 && n < k ? [...combo] : undefined;
        }
        for (let i = from; i < live.length; i++) {
          combo.push(live[i]);
          const hit = walk(i + 1);
          combo.pop();
          if (hit) return hit;
        }
        return undefined;
      };
      const hit = walk(0);
      if (hit) return hit;
    }
    return undefined;
  };
  for (let v = firstViolation(); v; v = firstViolation()) masked.add(choose(v));
  return [...masked].map((p) => terms[p].term).sort((a, b) => a - b);
}

test('single terms with fewer than k individuals are masked first', () => {
  const terms: TermPostings[] = [
    { term: 0, postings: P(4) }, // a full name: one person
    { term: 1, postings: P(1, 2, 3, 4, 5, 6) }, // a city
    { term: 2, postings: P(2, 3, 4, 7, 8, 9) }, // a year
  ];
  const r = getTermsToMask(terms, { k: 3, maxArity: 1, choice: 'greedy' });
  assert.deepEqual(r.masked, [{ term: 0, reason: 'single', arity: 1, individuals: 1 }]);
});

test('a pair pointing to 1..k-1 individuals loses its term with the shortest posting list (greedy)', () => {
  const terms: TermPostings[] = [
    { term: 10, postings: P(1, 2, 3, 4, 5, 6, 7, 8) }, // occupation, common
    { term: 11, postings: P(1, 20, 21, 22) }, // employer, rarer
    { term: 12, postings: P(1, 2, 3, 30, 31, 32, 33) }, // city
  ];
  // {10, 11} → {1}: violates k = 3; 11 has the shortest list.
  const r = getTermsToMask(terms, { k: 3, maxArity: 2, choice: 'greedy' });
  assert.deepEqual(r.masked.map((d) => [d.term, d.reason, d.arity, d.individuals]), [[11, 'combination', 2, 1]]);
  // {10, 12} → {1, 2, 3} is fine for k = 3, not for k = 4.
  const r4 = getTermsToMask(terms, { k: 4, maxArity: 2, choice: 'greedy' });
  assert.deepEqual(r4.masked.map((d) => d.term).sort(), [11, 12]);
});

test('combinations with no individual in common are not violations', () => {
  const terms: TermPostings[] = [
    { term: 0, postings: P(1, 2, 3) },
    { term: 1, postings: P(4, 5, 6) },
  ];
  assert.deepEqual(getTermsToMask(terms, { k: 3, maxArity: 2, choice: 'greedy' }).masked, []);
});

test('arity 3 catches what every pair allows', () => {
  // Each pair shares two individuals; all three share only individual 1.
  const terms: TermPostings[] = [
    { term: 0, postings: P(1, 2, 5, 6) },
    { term: 1, postings: P(1, 2, 3, 7) },
    { term: 2, postings: P(1, 3, 5, 8) },
  ];
  assert.deepEqual(getTermsToMask(terms, { k: 2, maxArity: 2, choice: 'greedy' }).masked, []);
  const r = getTermsToMask(terms, { k: 2, maxArity: 3, choice: 'greedy' });
  assert.equal(r.masked.length, 1);
  assert.deepEqual([r.masked[0].reason, r.masked[0].arity, r.masked[0].individuals], ['combination', 3, 1]);
});

test('k = 1 masks nothing; k above every list masks everything', () => {
  const terms: TermPostings[] = [
    { term: 0, postings: P(1) },
    { term: 1, postings: P(1, 2) },
  ];
  assert.equal(getTermsToMask(terms, { k: 1, maxArity: 3, choice: 'greedy' }).masked.length, 0);
  assert.equal(getTermsToMask(terms, { k: 5, maxArity: 3, choice: 'greedy' }).masked.length, 2);
});

test('the incremental scan gives the same masks as a literal restart after every mask (greedy and random)', () => {
  const rng = new SeededRandom(99);
  for (let trial = 0; trial < 150; trial++) {
    const universe = rng.int(5, 40);
    const n = rng.int(1, 9);
    const terms: TermPostings[] = Array.from({ length: n }, (_, i) => ({
      term: 100 + i,
      postings: toPostings(Array.from({ length: rng.int(1, universe) }, () => rng.int(0, universe - 1))),
    }));
    const k = rng.int(1, 6);
    const maxArity = rng.int(1, 4);
    const greedy = getTermsToMask(terms, { k, maxArity, choice: 'greedy' }).masked.map((d) => d.term).sort((a, b) => a - b);
    const shortest = (combo: number[]) => combo.reduce((best, p) => (terms[p].postings.length < terms[best].postings.length ? p : best), combo[0]);
    assert.deepEqual(greedy, reference(terms, k, maxArity, shortest), `trial ${trial}`);
    const seed = rng.int(1, 1_000_000);
    const a = new SeededRandom(seed);
    const b = new SeededRandom(seed);
    const random = getTermsToMask(terms, { k, maxArity, choice: 'random', random: () => a.next() }).masked.map((d) => d.term).sort((x, y) => x - y);
    assert.deepEqual(random, reference(terms, k, maxArity, (combo) => combo[Math.floor(b.next() * combo.length)]), `trial ${trial} (random)`);
  }
});

test('random choice is reproducible for a seed and differs between seeds on some input', () => {
  const terms: TermPostings[] = Array.from({ length: 8 }, (_, i) => ({ term: i, postings: toPostings([1, 2, 3, 4, 5, 6, 7, 8].filter((x) => (x + i) % 3 !== 0).concat([20 + i, 30 + i, 40 + i])) }));
  const run = (seed: number) => {
    const r = new SeededRandom(seed);
    return getTermsToMask(terms, { k: 5, maxArity: 3, choice: 'random', random: () => r.next() }).masked.map((d) => d.term);
  };
  assert.deepEqual(run(7), run(7));
  const outcomes = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => JSON.stringify(run(s))));
  assert.ok(outcomes.size > 1);
});

test('over the combination budget every remaining term is masked (fail closed)', () => {
  const terms: TermPostings[] = Array.from({ length: 30 }, (_, i) => ({ term: i, postings: toPostings(Array.from({ length: 50 }, (_, j) => j + i)) }));
  const r = getTermsToMask(terms, { k: 2, maxArity: 3, choice: 'greedy', maxCombinations: 100 });
  assert.equal(r.masked.length, 30);
  assert.ok(r.masked.every((d) => d.reason === 'budget'));
});
