import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wilson } from '../../src/eval/wilson.js';
import { fScore, scores } from '../../src/eval/metrics.js';
import { tokenize } from '../../src/eval/tokenizer.js';
import { requiredSampleSize, specVerdict } from '../../src/eval/spec-check.js';

const close = (actual: number | null, expected: number, eps = 1e-4) => {
  assert.ok(actual !== null && Math.abs(actual - expected) < eps, `expected ${expected}, got ${actual}`);
};

test('Wilson interval: hand-computed values', () => {
  const half = wilson(5, 10)!;
  close(half.low, 0.2366);
  close(half.high, 0.7634);
  const none = wilson(0, 10)!;
  assert.equal(none.low, 0);
  close(none.high, 0.2775);
  const all = wilson(10, 10)!;
  close(all.low, 0.7225);
  assert.equal(all.high, 1);
  assert.equal(wilson(0, 0), null, 'no trials: undefined');
});

test('rates of a 2×2 table, each with its interval', () => {
  const s = scores({ tp: 8, fp: 2, fn: 2, tn: 88 });
  close(s.sensitivity.value, 0.8);
  close(s.fnr.value, 0.2);
  close(s.specificity.value, 88 / 90);
  close(s.fpr.value, 2 / 90);
  close(s.ppv.value, 0.8);
  close(s.npv.value, 88 / 90);
  close(s.f1.value, 0.8);
  close(s.f2.value, 0.8);
  assert.equal(s.support, 10);
  assert.equal(s.predicted, 10);
  close(s.fnr.low, wilson(2, 10)!.low);
  close(s.fnr.high, wilson(2, 10)!.high);
  assert.ok(s.sensitivity.low! < 0.8 && s.sensitivity.high! > 0.8);
});

test('F1 and F2 weigh misses differently; their interval uses the effective count', () => {
  const s = scores({ tp: 6, fp: 4, fn: 2, tn: 0 });
  close(s.f1.value, 12 / 18);
  close(s.f2.value, 30 / 42);
  // F2 = TP / (TP + (4·FN + FP)/5) = 6 / 8.4
  const ci = wilson(6, 8.4)!;
  close(s.f2.low, ci.low);
  close(s.f2.high, ci.high);
  close(fScore(0, 0, 5, 1).value, 0);
  assert.equal(fScore(0, 0, 0, 2).value, null, 'nothing to find, nothing predicted: undefined');
  assert.equal(s.npv.value, 0);
  assert.equal(s.specificity.value, 0);
});

test('undefined rates are null, not 0 or NaN; entity level has no TN', () => {
  const empty = scores({ tp: 0, fp: 0, fn: 0, tn: 12 });
  assert.equal(empty.sensitivity.value, null);
  assert.equal(empty.fnr.low, null);
  assert.equal(empty.ppv.value, null);
  close(empty.specificity.value, 1);
  close(empty.fpr.value, 0);
  close(empty.npv.value, 1);
  const entity = scores({ tp: 3, fp: 1, fn: 1, tn: null });
  assert.equal(entity.specificity.value, null);
  assert.equal(entity.fpr.value, null);
  assert.equal(entity.npv.value, null);
  close(entity.ppv.value, 0.75);
});

test('tokenisation: word tokens only, punctuation not scored, UTF-16 offsets', () => {
  const text = "Dr. O'Neil, 555-0182 — Zoë 😀 naïve";
  const tokens = tokenize(text).map((t) => text.slice(t.start, t.end));
  assert.deepEqual(tokens, ['Dr', 'O', 'Neil', '555', '0182', 'Zoë', 'naïve']);
  assert.deepEqual(tokenize(''), []);
  assert.deepEqual(tokenize('  ... ,;  '), []);
  const combining = 'Zoe\u0308 Lee';
  assert.deepEqual(tokenize(combining).map((t) => combining.slice(t.start, t.end)), ['Zoe\u0308', 'Lee']);
});

test('specification: PASS only when the upper bound is under the target', () => {
  const pass = specVerdict('HIGH', scores({ tp: 100, fn: 0, fp: 0, tn: 0 }));
  assert.equal(pass.verdict, 'PASS');
  assert.equal(pass.conclusive, true);
  // 0 of 10 missed is not enough evidence for < 5%: upper bound 27.8%
  const small = specVerdict('HIGH', scores({ tp: 10, fn: 0, fp: 0, tn: 0 }));
  assert.equal(small.verdict, 'FAIL');
  assert.equal(small.conclusive, false);
  assert.equal(small.requiredSupport, 73);
  // 30% missed at MEDIUM (target 20%): a conclusive FAIL
  const bad = specVerdict('MEDIUM', scores({ tp: 70, fn: 30, fp: 0, tn: 0 }));
  assert.equal(bad.verdict, 'FAIL');
  assert.equal(bad.conclusive, true);
  assert.ok(bad.requiredSupport! <= 100);
  // LOW: 40% missed of 30 is not yet significant (target 50%)
  const low = specVerdict('LOW', scores({ tp: 18, fn: 12, fp: 0, tn: 0 }));
  assert.equal(low.verdict, 'FAIL');
  assert.ok(low.requiredSupport! > 30);
  const none = specVerdict('LOW', scores({ tp: 0, fn: 0, fp: 3, tn: 10 }));
  assert.equal(none.verdict, 'FAIL');
  assert.equal(none.support, 0);
  assert.equal(none.requiredSupport, null);
});

test('required sample size: smallest n whose interval clears the target', () => {
  // p = 0: upper bound z²/(n+z²) < 0.05  ⇔  n > z²·0.95/0.05 = 72.99
  assert.equal(requiredSampleSize(0, 0.05), 73);
  const n = requiredSampleSize(0.02, 0.05)!;
  assert.ok(wilson(0.02 * n, n)!.high < 0.05);
  assert.ok(wilson(0.02 * (n - 1), n - 1)!.high >= 0.05);
  const m = requiredSampleSize(0.3, 0.2)!;
  assert.ok(wilson(0.3 * m, m)!.low > 0.2);
  assert.ok(wilson(0.3 * (m - 1), m - 1)!.low <= 0.2);
  assert.equal(requiredSampleSize(0.05, 0.05), null);
});
