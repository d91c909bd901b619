import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grown } from '../src/typed-arrays.js';

test('grown keeps the type and the values, and fills the new room', () => {
  const ints = grown(Int32Array.of(4, -7, 9), 6);
  assert.ok(ints instanceof Int32Array);
  assert.deepEqual([...ints], [4, -7, 9, 0, 0, 0]);
  const floats = grown(Float64Array.of(0.25, 1.5), 4, -1);
  assert.ok(floats instanceof Float64Array);
  assert.deepEqual([...floats], [0.25, 1.5, -1, -1]);
  const bytes = grown(Uint8Array.of(200, 3), 1);
  assert.deepEqual([...bytes], [200, 3], 'never shorter than the original');
});
