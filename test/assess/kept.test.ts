import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Kept } from '../../src/assess/kept.js';

test('Kept returns what it kept, holds no key past its length limit, and empties itself when full', () => {
  const kept = new Kept<number>(3, 10);
  assert.equal(kept.get('Pinecrest'), undefined);
  assert.equal(kept.keep('Pinecrest', 7), 7);
  assert.equal(kept.get('Pinecrest'), 7);
  // A key over the limit is answered (keep returns the value) but never held.
  assert.equal(kept.keep('Pinecrest Valley Road', 9), 9);
  assert.equal(kept.get('Pinecrest Valley Road'), undefined);
  kept.keep('Oakmoor', 1);
  kept.keep('Ashby', 2);
  assert.equal(kept.get('Ashby'), 2);
  // Full at three: the fourth empties it first, then is held alone.
  kept.keep('Wrenfield', 3);
  assert.equal(kept.get('Pinecrest'), undefined);
  assert.equal(kept.get('Oakmoor'), undefined);
  assert.equal(kept.get('Wrenfield'), 3);
});
