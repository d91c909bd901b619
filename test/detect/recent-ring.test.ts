import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecentRing } from '../../src/detect/recent-ring.js';

test('a recent ring finds what it keeps by identity, from the last hit on', () => {
  const ring = new RecentRing<string, number>(4, 100, 2);
  const texts = ['Dr. Amara Quist phoned.', 'Ward 7 at noon.', 'Seen by Tobias Wren.'];
  ring.resumeAt(ring.add(texts[0], 0), texts[0]);
  ring.add(texts[1], 1);
  ring.add(texts[2], 2);
  assert.equal(ring.find(texts[0]), 0);
  assert.equal(ring.find(texts[1]), 1);
  // Two slots from the last hit (slot 1) reach slot 2, not back to slot 0.
  assert.equal(ring.find(texts[2]), 2);
  assert.equal(ring.find(texts[0]), undefined);
  assert.equal(ring.find('Not kept.'), undefined);
});

test('a recent ring drops the oldest keys by count and by total length, and keeps no key that is too long', () => {
  const ring = new RecentRing<string, string>(2, 10, 2);
  assert.equal(ring.add('x'.repeat(11), 'long'), -1);
  const a = 'aaaa';
  const b = 'bbbb';
  const c = 'cccc';
  ring.resumeAt(ring.add(a, 'A'), a);
  ring.add(b, 'B');
  // A third key: the count bound (2) drops the oldest.
  ring.add(c, 'C');
  ring.resumeAt(0, c);
  assert.equal(ring.find(c), 'C');
  assert.equal(ring.find(b), 'B');
  const d = 'dddddddd';
  // 8 more characters: the length bound (10) drops both others.
  const slot = ring.add(d, 'D');
  ring.resumeAt(slot, d);
  assert.equal(ring.find(d), 'D');
  ring.resumeAt(0, b);
  ring.resumeAt(1, c);
  assert.equal(ring.find(b), undefined);
  assert.equal(ring.find(c), undefined);
  assert.throws(() => new RecentRing(3, 10, 1), /power of two/);
});
