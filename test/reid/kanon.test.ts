import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildReIdentifiers, documentView, rankDocument } from '../../src/reid/ensemble.js';
import { greedyMask } from '../../src/reid/kanon.js';
import { applyMaskSpans, maskSpans } from '../../src/reid/masking.js';
import { profileIndex } from '../../src/reid/profiles.js';
import { synthesise } from '../../src/reid/synth.js';
import { viewText } from '../../src/reid/text.js';

const pop = synthesise({ people: 400, documents: 25, seed: 21 });
const index = profileIndex(pop.profiles);

test('greedy masking takes every document out of every member’s top K, as measured again on the output text', async () => {
  const members = await buildReIdentifiers(pop.profiles);
  for (const k of [1, 5]) {
    let masked = 0;
    let words = 0;
    for (const doc of pop.documents) {
      const target = index.get(doc.profile!)!;
      const view = documentView(doc);
      const result = await greedyMask(members, view, target, { k });
      assert.equal(result.rankBefore, 1, 'the synthetic biographies are re-identified as given');
      assert.ok(result.reached, `${doc.id} reached K=${k}`);
      const text = applyMaskSpans(doc.text, maskSpans(view, result.added));
      const again = await rankDocument(members, viewText(text), target);
      assert.ok(again.ensemble > k, `${doc.id}: re-read rank ${again.ensemble} > ${k}`);
      assert.deepEqual(again.ranks, result.memberRanks, 'incremental ranks are the ranks of the output text');
      masked += result.masked.length;
      words += view.tokens.length;
    }
    // Far from masking everything: the point of the greedy search.
    assert.ok(masked / words < 0.45, `K=${k}: ${(100 * masked / words).toFixed(1)}% of words masked`);
  }
});

test('a larger K needs at least as many masks in total; beam search also reaches the goal', async () => {
  const members = await buildReIdentifiers(pop.profiles);
  let m1 = 0;
  let m10 = 0;
  for (const doc of pop.documents.slice(0, 10)) {
    const target = index.get(doc.profile!)!;
    const view = documentView(doc);
    m1 += (await greedyMask(members, view, target, { k: 1 })).masked.length;
    m10 += (await greedyMask(members, view, target, { k: 10 })).masked.length;
    const beam = await greedyMask(members, view, target, { k: 10, beam: 3 });
    assert.ok(beam.reached && beam.rankAfter > 10);
  }
  assert.ok(m10 >= m1, `${m10} ≥ ${m1}`);
});

test('starting from a redaction keeps its masks and only adds to them', async () => {
  const members = await buildReIdentifiers(pop.profiles);
  const doc = pop.documents[0];
  const target = index.get(doc.profile!)!;
  const view = documentView(doc);
  const initial = view.tokens.map((_, i) => i).filter((i) => i % 4 === 0);
  const result = await greedyMask(members, view, target, { k: 3, initialMask: initial });
  for (const i of initial) assert.ok(result.masked.includes(i));
  for (const i of result.added) assert.ok(!initial.includes(i));
  assert.equal(result.masked.length, initial.length + result.added.length);
  assert.ok(result.rankStart >= result.rankBefore);
});

test('k must be positive and below the number of profiles', async () => {
  const members = await buildReIdentifiers(pop.profiles);
  const view = documentView(pop.documents[0]);
  await assert.rejects(greedyMask(members, view, 0, { k: 0 }), /k must be a positive integer/);
  await assert.rejects(greedyMask(members, view, 0, { k: 400 }), /smaller than the number of profiles/);
});
