import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';

test('keyed choices: same key and value, same choice; another key, other choices', () => {
  const a = new Keyed('alpha');
  const b = new Keyed('alpha');
  const c = new Keyed('beta');
  const items = Array.from({ length: 1000 }, (_, i) => i);
  const values = ['Harlow', 'Pemberton', 'Quist', 'Ravenscroft', 'Ostrander', 'Lindqvist'];
  assert.deepEqual(values.map((v) => a.pick('family', v, items)), values.map((v) => b.pick('family', v, items)));
  assert.notDeepEqual(values.map((v) => a.pick('family', v, items)), values.map((v) => c.pick('family', v, items)));
  // The attempt number gives a fresh draw (redraws after a leak-guard refusal).
  assert.notDeepEqual(values.map((v) => a.pick('family', v, items, 0)), values.map((v) => a.pick('family', v, items, 1)));
});

test('without a user key every document gets its own random key', () => {
  const items = Array.from({ length: 1000 }, (_, i) => i);
  const draws = (k: Keyed) => ['Ines', 'Tomasz', 'Oluwaseun', 'Keiko'].map((v) => k.pick('given', v, items));
  assert.notDeepEqual(draws(Keyed.random()), draws(Keyed.random()));
  assert.throws(() => new Keyed(''), /empty/);
});

test('int stays in range and covers it', () => {
  const rng = new Keyed('range').stream('test', 'x');
  const seen = new Set<number>();
  for (let i = 0; i < 500; i++) {
    const n = rng.int(7);
    assert.ok(n >= 0 && n < 7);
    seen.add(n);
  }
  assert.equal(seen.size, 7);
});
