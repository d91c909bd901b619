import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DenseEncoder, DenseReIdentifier } from '../../src/reid/dense.js';
import { buildReIdentifiers, evaluateReid } from '../../src/reid/ensemble.js';
import { greedyMask } from '../../src/reid/kanon.js';
import { embeddingBagModel } from '../../src/reid/onnx-bag.js';
import type { Profile } from '../../src/reid/profiles.js';
import { rankOf } from '../../src/reid/scorer.js';
import { viewText } from '../../src/reid/text.js';

/**
 * A tiny embedding-bag model built here, byte by byte (onnx-bag.ts writes the
 * protobuf), and run through onnxruntime-node's CPU binding: a vocabulary of
 * six words in three dimensions, where each person's words point one way.
 */
const dir = mkdtempSync(join(tmpdir(), 'splice-dense-'));
const VOCAB = ['#comment lines take no id', 'quillon', 'beekeeping', 'harrowgate', 'chess', 'graz', 'carpenter'];
// ids:          quillon=0      beekeeping=1   harrowgate=2   chess=3        graz=4         carpenter=5
const TABLE = Float32Array.from([1, 0, 0, 0.9, 0.1, 0, 0, 1, 0, 0.1, 0.9, 0, 0, 0, 1, 0, 0.1, 0.9]);
const model = join(dir, 'bag.onnx');
const vocab = join(dir, 'vocab.txt');
writeFileSync(model, embeddingBagModel(TABLE, 6, 3));
writeFileSync(vocab, VOCAB.join('\n'));

const PROFILES: Profile[] = [
  { id: 'p1', attributes: { employer: ['Quillon'], hobbies: ['beekeeping'] } },
  { id: 'p2', attributes: { employer: ['Harrowgate'], hobbies: ['chess'] } },
  { id: 'p3', attributes: { birthplace: ['Graz'], occupation: ['carpenter'] } },
];

test('the hand-built ONNX model loads in onnxruntime-node and mean-pools its embedding table', async () => {
  const encoder = await DenseEncoder.load({ model, vocab });
  assert.equal(encoder.dim, 3);
  assert.equal(encoder.idOf('quillon'), 0);
  assert.equal(encoder.idOf('carpenter'), 5);
  assert.equal(encoder.idOf('the'), undefined, 'function words are not fed to the model');
  assert.equal(encoder.idOf('zeppelin'), undefined, 'not in the vocabulary');
  const e = await encoder.embed([0, 1]);
  assert.deepEqual([...e].map((x) => Number(x.toFixed(5))), [0.95, 0.05, 0]);
  assert.deepEqual([...(await encoder.embed([]))], [0, 0, 0]);
});

test('the dense re-identifier ranks by cosine; its incremental estimate is exact for a bag model', async () => {
  const dense = await DenseReIdentifier.load(PROFILES, { model, vocab });
  const view = viewText('She keeps bees: beekeeping at dawn, then work at Quillon; chess on Sundays.');
  const scorer = await dense.open(view);
  assert.equal(rankOf(scorer.scores, 0), 1);
  // Mask "beekeeping" and "Quillon": now chess points to p2.
  const tokens = view.tokens.flatMap((t, i) => (t.norm === 'beekeeping' || t.norm === 'quillon' ? [i] : []));
  const drops = scorer.drops(tokens, [0, 1, 2]);
  const before = [...scorer.scores];
  scorer.mask(tokens);
  drops.forEach((d, p) => assert.ok(Math.abs(before[p] - d - scorer.scores[p]) < 1e-9));
  assert.equal(rankOf(scorer.scores, 1), 1);
  // A mean-pooled bag is detected as linear: the estimate is exact, no rerun needed.
  assert.equal(dense.encoder.linear, true);
  assert.equal(scorer.refresh, undefined);
  const masked = tokens.reduceRight((t, i) => t.slice(0, view.tokens[i].start) + '[MASK]' + t.slice(view.tokens[i].end), view.text);
  const fresh = await dense.open(viewText(masked));
  const ratio = fresh.scores[1] / scorer.scores[1];
  scorer.scores.forEach((s, p) => assert.ok(Math.abs(s * ratio - fresh.scores[p]) < 1e-5, 'a fresh run agrees with the estimate up to scale'));
});

test('dense joins the ensemble and greedy masking, which checks it with exact reruns', async () => {
  const members = await buildReIdentifiers(PROFILES, { dense: { model, vocab } });
  assert.deepEqual(members.map((m) => m.name), ['bm25', 'tfidf', 'structured', 'dense']);
  const doc = { id: 'd1', profile: 'p3', text: 'A carpenter from Graz, fond of chess.' };
  const evaluation = await evaluateReid(members, PROFILES, [doc], [1]);
  assert.equal(evaluation.perDocument[0].ranks[3], 1);
  const result = await greedyMask(members, viewText(doc.text), 2, { k: 1 });
  assert.equal(result.reached, true);
  const view = viewText(doc.text);
  assert.ok(result.masked.length < view.tokens.length, 'not everything');
  // Re-read with the masks: no member, dense included, ranks p3 first any more.
  const text = result.masked.reduceRight((t, i) => t.slice(0, view.tokens[i].start) + '[MASK]' + t.slice(view.tokens[i].end), doc.text);
  const after = await evaluateReid(members, PROFILES, [{ ...doc, text }], [1]);
  assert.ok(after.perDocument[0].ranks.every((r) => r > 1), `ranks after: ${after.perDocument[0].ranks}`);
});

test('a model that is not a bag (max-pooled) is rerun exactly before greedy masking stops', async () => {
  const maxModel = join(dir, 'max.onnx');
  writeFileSync(maxModel, embeddingBagModel(TABLE, 6, 3, 'max'));
  const dense = await DenseReIdentifier.load(PROFILES, { model: maxModel, vocab });
  assert.equal(dense.encoder.linear, false);
  const view = viewText('Quillon beekeeping and chess at Harrowgate.');
  const scorer = await dense.open(view);
  assert.equal(typeof scorer.refresh, 'function');
  const result = await greedyMask([dense], view, 1, { k: 1 });
  assert.ok(result.reached);
  const text = result.masked.reduceRight((t, i) => t.slice(0, view.tokens[i].start) + '[MASK]' + t.slice(view.tokens[i].end), view.text);
  const again = await dense.open(viewText(text));
  assert.ok(rankOf(again.scores, 1) > 1, 'the exact model agrees on the output');
});

test('bad models and ids fail with a clear message', async () => {
  const broken = join(dir, 'broken.onnx');
  writeFileSync(broken, 'not a model');
  await assert.rejects(DenseEncoder.load({ model: broken }), /broken\.onnx: not a model onnxruntime can load/);
  await assert.rejects(DenseEncoder.load({ model: join(dir, 'missing.onnx') }), /missing\.onnx: cannot read the model file/);
  // Hashed ids beyond the 6-row table.
  const encoder = await DenseEncoder.load({ model, buckets: 6 });
  await assert.rejects(encoder.embed([9]), /the dense model failed .*--dense-buckets/);
});
