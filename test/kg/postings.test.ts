import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../../src/learn/random.js';
import { gallop, intersect, intersectAll, intersectionSize, isPostings, toPostings, union } from '../../src/kg/postings.js';

function naiveIntersect(a: Int32Array, b: Int32Array): number[] {
  const set = new Set(b);
  return [...a].filter((x) => set.has(x));
}

function randomPostings(rng: SeededRandom, size: number, universe: number): Int32Array {
  return toPostings(Array.from({ length: size }, () => rng.int(0, universe - 1)));
}

test('toPostings sorts numerically and removes duplicates', () => {
  const p = toPostings([10, 2, 33, 2, 100, 10]);
  assert.deepEqual([...p], [2, 10, 33, 100]);
  assert.ok(isPostings(p));
  assert.equal(isPostings(Int32Array.from([1, 1])), false);
});

test('gallop finds the first element not smaller than x', () => {
  const b = Int32Array.from([1, 3, 5, 7, 9, 11, 13]);
  assert.equal(gallop(b, 0, 0), 0);
  assert.equal(gallop(b, 7, 0), 3);
  assert.equal(gallop(b, 8, 2), 4);
  assert.equal(gallop(b, 14, 0), 7);
  assert.equal(gallop(b, 3, 5), 5);
});

test('intersection agrees with a naive set intersection, merging and galloping alike', () => {
  const rng = new SeededRandom(20240611);
  for (let trial = 0; trial < 300; trial++) {
    const universe = rng.int(1, 5000);
    // Sizes far apart exercise galloping; close sizes exercise the merge.
    const a = randomPostings(rng, rng.int(0, 40), universe);
    const b = randomPostings(rng, rng.next() < 0.5 ? rng.int(0, 40) : rng.int(300, 3000), universe);
    const expected = naiveIntersect(a, b);
    assert.deepEqual([...intersect(a, b)], expected);
    assert.deepEqual([...intersect(b, a)], expected);
    assert.equal(intersectionSize(a, b), expected.length);
    assert.equal(intersectionSize(a, b, 3), Math.min(3, expected.length));
    const c = randomPostings(rng, rng.int(0, 200), universe);
    assert.deepEqual([...intersectAll([a, b, c])], naiveIntersect(Int32Array.from(expected), c));
    assert.deepEqual([...union(a, b)], [...toPostings([...a, ...b])]);
  }
});

test('empty lists intersect to nothing', () => {
  const a = Int32Array.from([1, 2, 3]);
  assert.equal(intersect(a, new Int32Array(0)).length, 0);
  assert.equal(intersectionSize(new Int32Array(0), a), 0);
  assert.equal(intersectAll([]).length, 0);
});
