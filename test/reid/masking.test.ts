import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMaskSpans, carryOver, compressedSize, maskingCost, maskSpans, removeSpans, summariseCost, tokensCovered } from '../../src/reid/masking.js';
import { viewText } from '../../src/reid/text.js';

const TEXT = 'Ada Vell, a pharmacist from Lyon, keeps bees.';
const view = viewText(TEXT);
const idx = (w: string) => view.tokens.findIndex((t) => t.norm === w);

test('masked words become one mask per run; redaction spans keep their label and widen to whole words', () => {
  const spans = maskSpans(view, [idx('ada'), idx('vell'), idx('lyon')]);
  assert.deepEqual(spans.map((s) => TEXT.slice(s.start, s.end)), ['Ada Vell', 'Lyon']);
  assert.equal(applyMaskSpans(TEXT, spans), '[MASK], a pharmacist from [MASK], keeps bees.');
  // A redaction span cutting "pharmacist" covers the whole word; greedy masks inside it are not repeated.
  const cut = TEXT.indexOf('pharm');
  const mixed = maskSpans(view, [idx('pharmacist'), idx('bees')], [{ start: cut, end: cut + 5, label: 'EMPLOYMENT_EDUCATION' }]);
  assert.equal(applyMaskSpans(TEXT, mixed, '████'), 'Ada Vell, a [EMPLOYMENT_EDUCATION] from Lyon, keeps ████.');
  assert.deepEqual(mixed.map((s) => s.source), ['redaction', 'kanon']);
  // The output's masks are themselves ignored by the attack.
  assert.deepEqual(viewText(applyMaskSpans(TEXT, mixed)).tokens.map((t) => t.norm), ['ada', 'vell', 'a', 'from', 'lyon', 'keeps']);
});

test('tokens covered by spans, overlapping or nested', () => {
  assert.deepEqual(tokensCovered(view, [{ start: 0, end: 100 }, { start: 1, end: 2 }]).length, view.tokens.length);
  assert.deepEqual(tokensCovered(view, [{ start: 2, end: 5 }]), [0, 1]);
  assert.deepEqual(tokensCovered(view, []), []);
});

test('cost: share of words masked and information lost by compressed size', () => {
  const spans = maskSpans(view, [idx('ada'), idx('vell')]);
  const cost = maskingCost(view, spans);
  assert.equal(cost.words, 8);
  assert.equal(cost.maskedWords, 2);
  assert.equal(cost.compressedBefore, compressedSize(TEXT));
  assert.equal(cost.compressedAfter, compressedSize(removeSpans(TEXT, spans)));
  assert.ok(cost.compressedAfter < cost.compressedBefore);
  const total = summariseCost([cost, maskingCost(view, [])]);
  assert.equal(total.maskedShare, 2 / 16);
  assert.ok(total.informationLost > 0 && total.informationLost < 0.5);
  assert.equal(summariseCost([maskingCost(view, [{ start: 0, end: TEXT.length, source: 'x' }])]).informationLost, 1);
});

test('masks the input already carried (surrogates) follow the text through masking', () => {
  const text = 'Nora Quist, a pharmacist from Lyon, keeps bees.';
  const surrogate = { start: 0, end: 10 };
  const v = viewText(text, [surrogate]);
  const spans = maskSpans(v, [v.tokens.findIndex((t) => t.norm === 'pharmacist')]);
  const out = applyMaskSpans(text, spans);
  const [moved] = carryOver([surrogate, { start: 14, end: 24 }], spans);
  assert.equal(out.slice(moved.start, moved.end), 'Nora Quist');
  assert.equal(carryOver([{ start: 14, end: 24 }], spans).length, 0, 'a span inside a new mask is dropped');
  const later = carryOver([{ start: 30, end: 34 }], spans)[0];
  assert.equal(out.slice(later.start, later.end), 'Lyon');
});
