import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { ContextMemo } from '../../../src/detect/context-memo.js';
import { tokensOf } from '../../../src/detect/recognizers/employment/tokens.js';
import { tokenIds } from '../../../src/detect/recognizers/employment/word-ids.js';

test('ContextMemo keeps a value per context, whatever other contexts were seen in between', () => {
  const memo = new ContextMemo<string>();
  const other = new ContextMemo<string>();
  const a = new DetectionContext('Ann Lee works at Norvik Ltd.');
  const b = new DetectionContext('Bo Chen, night auditor');
  const c = new DetectionContext('Cy Diaz studied at Leeds.');
  assert.equal(memo.get(a), undefined);
  memo.set(a, 'A');
  memo.set(b, 'B');
  memo.set(c, 'C');
  other.set(a, 'other A');
  assert.equal(memo.get(a), 'A');
  assert.equal(memo.get(b), 'B');
  assert.equal(memo.get(c), 'C');
  assert.equal(other.get(a), 'other A');
  assert.equal(other.get(b), undefined);
  memo.set(c, 'C2');
  assert.equal(memo.get(c), 'C2');
});

test('tokens and their ids for contexts taken in turn: the same answers after a context drops out', () => {
  const texts = ['The welder joined Keller Foods in May.', 'She’s a nurse at St. Mary’s.', 'Our office manager, Ann Lee, retired.'];
  const contexts = texts.map((t) => new DetectionContext(t));
  const first = contexts.map((ctx) => ({ words: tokensOf(ctx).map((t) => t.lower), ids: Array.from(tokenIds(ctx).key) }));
  for (let round = 0; round < 2; round++) {
    contexts.forEach((ctx, k) => {
      assert.deepEqual(tokensOf(ctx).map((t) => t.lower), first[k].words);
      assert.deepEqual(Array.from(tokenIds(ctx).key), first[k].ids);
    });
  }
  assert.deepEqual(first[1].words, ['she’s', 'a', 'nurse', 'at', 'st', 'mary’s']);
  // The same context twice in a row: the cached array itself.
  assert.equal(tokensOf(contexts[2]), tokensOf(contexts[2]));
});
