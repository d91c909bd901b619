import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/detect/analyzer.js';
import { PROFILES, detectionLevel, profileSettings } from '../../src/profiles/index.js';
import { toPipelineOptions } from '../../src/cli/options.js';
import { evaluate } from '../../src/eval/evaluate.js';
import { resolve } from '../../src/resolve/resolver.js';
import type { GoldCorpus, Predictions } from '../../src/eval/types.js';

test('profiles: three strictness levels and three practices', () => {
  assert.deepEqual([...PROFILES], ['recall', 'balanced', 'precision', 'spec', 'safe-harbor', 'court']);
  assert.equal(detectionLevel('spec'), 'balanced');
  assert.equal(detectionLevel('court'), 'balanced');
  assert.deepEqual([...profileSettings('spec').extensions], []);
  assert.deepEqual([...profileSettings('balanced').extensions], []);
  assert.deepEqual([...profileSettings('recall').extensions], ['DATE']);
  assert.deepEqual([...profileSettings('court').extensions].sort(), ['DATE', 'QUANTITY']);
  assert.throws(() => profileSettings('lenient' as never), /unknown profile/);
});

test('the CLI accepts the new profiles and DATE in --labels', () => {
  assert.equal(toPipelineOptions({ profile: 'court' }).profile, 'court');
  assert.equal(toPipelineOptions({ profile: 'safe-harbor' }).profile, 'safe-harbor');
  assert.deepEqual(toPipelineOptions({ labels: 'date,person_name' }).labels, ['DATE', 'PERSON_NAME']);
  assert.throws(() => toPipelineOptions({ profile: 'hipaa' }), /invalid --profile/);
});

test('a date of birth stays BIRTH; other dates are DATE where the profile finds dates', () => {
  const text = 'Mrs Okonkwo (DOB 22/07/1964) was admitted on 3 May 2021 and discharged on 9 May 2021.';
  const spans = new Analyzer({ profile: 'safe-harbor' }).analyzeSync(text);
  const labelAt = (v: string) => spans.find((s) => s.text === v)?.label;
  assert.equal(labelAt('22/07/1964'), 'BIRTH');
  assert.equal(labelAt('3 May 2021'), 'DATE');
  assert.equal(labelAt('9 May 2021'), 'DATE');
});

test('resolver: a category of the specification beats an overlapping DATE, unless the DATE holds a weaker one', () => {
  const text = 'Ref 12 March 2019 here';
  const id = resolve(text, [
    { start: 4, end: 17, label: 'DATE', score: 0.85 },
    { start: 4, end: 12, label: 'ID_NUMBER', score: 0.6 },
  ]);
  // The DATE strictly contains the weaker ID candidate: it wins.
  assert.deepEqual(id.map((s) => [s.label, s.text]), [['DATE', '12 March 2019']]);
  const strong = resolve(text, [
    { start: 4, end: 17, label: 'DATE', score: 0.85 },
    { start: 4, end: 17, label: 'BIRTH', score: 0.85 },
  ]);
  assert.deepEqual(strong.map((s) => [s.label, s.text]), [['BIRTH', '12 March 2019']]);
  const partial = resolve(text, [
    { start: 4, end: 17, label: 'DATE', score: 0.85 },
    { start: 0, end: 6, label: 'ID_NUMBER', score: 0.5 },
  ]);
  assert.deepEqual(partial.map((s) => [s.label, s.text]), [['ID_NUMBER', 'Ref 12'], ['DATE', 'March 2019']]);
});

function corpus(withUnlabeled: boolean): GoldCorpus {
  const text = 'Jane Roe came on 12 March 2019 to Leeds.';
  const spans = [{ start: 0, end: 8, label: 'PERSON_NAME' as const }];
  if (withUnlabeled) spans.push({ start: 17, end: 30, label: null as never });
  return { format: 'splice', documents: [{ id: 'd1', text, spans }] };
}

const predictions: Predictions = new Map([
  [
    'd1',
    [
      { start: 0, end: 8, label: 'PERSON_NAME' },
      { start: 17, end: 30, label: 'DATE' },
    ],
  ],
]);

test('eval: on a corpus of the 14 categories only, DATE predictions are neither hits nor false positives', () => {
  const r = evaluate(corpus(false), predictions);
  assert.equal(r.corpus.predictedSpans, 1);
  assert.equal(r.token.labelBlind.overall.fp, 0);
  assert.equal(r.token.labelBlind.overall.tp, 2);
  assert.ok(!('DATE' in r.token.labelBlind.categories));
});

test('eval: on a corpus with PII outside the 14 (TAB DATETIME), DATE predictions count as unlabeled PII', () => {
  const r = evaluate(corpus(true), predictions);
  assert.equal(r.corpus.predictedSpans, 2);
  assert.equal(r.token.labelBlind.overall.fn, 0);
  assert.equal(r.token.labelBlind.overall.fp, 0);
  assert.equal(r.token.labelBlind.overall.tp, 5);
  // No category of the 14 is charged with the DATE span.
  for (const scores of Object.values(r.token.labelAware.categories)) assert.equal(scores.fp, 0);
});
