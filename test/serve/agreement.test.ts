import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agreement, cohenKappa, pairSpans, type AgreementDocument } from '../../src/serve/review/agreement.js';

const at = (text: string, part: string, label: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length, label });

test("Cohen's kappa matches a worked example: 20/5/10/15 gives 0.4", () => {
  const pairs: Array<[string, string]> = [
    ...Array.from({ length: 20 }, () => ['yes', 'yes'] as [string, string]),
    ...Array.from({ length: 5 }, () => ['yes', 'no'] as [string, string]),
    ...Array.from({ length: 10 }, () => ['no', 'yes'] as [string, string]),
    ...Array.from({ length: 15 }, () => ['no', 'no'] as [string, string]),
  ];
  const k = cohenKappa(pairs);
  // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2 / 0.5 = 0.4
  assert.equal(k.observed, 0.7);
  assert.equal(k.expected, 0.5);
  assert.equal(k.kappa, 0.4);
  assert.equal(cohenKappa([]).kappa, null);
  assert.equal(cohenKappa([['A', 'A'], ['A', 'A']]).kappa, null, 'p_e = 1: undefined');
});

test('spans are paired by extent first, then by overlap, one to one', () => {
  const a = [
    { start: 0, end: 5, label: 'PERSON_NAME' },
    { start: 10, end: 20, label: 'ADDRESS' },
    { start: 30, end: 34, label: 'LOCATION' },
  ];
  const b = [
    { start: 12, end: 20, label: 'ADDRESS' },
    { start: 0, end: 5, label: 'CONTACT' },
    { start: 40, end: 44, label: 'EVENT' },
  ];
  const pairs = pairSpans(a, b);
  const describe = pairs.map((p) => [p.a?.start ?? null, p.b?.start ?? null, p.exactExtent]);
  assert.deepEqual(describe, [
    [0, 0, true],
    [10, 12, false],
    [30, null, false],
    [null, 40, false],
  ]);
});

test('agreement of two reviewers: identical reviews give kappa 1; each kind of disagreement is listed with its context', () => {
  const text = 'Letter from Wren Adebayo-Kline of 7 Pillory Row, Dunmere, about her knee surgery at Hollins Clinic.';
  const same: AgreementDocument = {
    id: 'd1',
    name: 'letter-1',
    text,
    a: [at(text, 'Wren Adebayo-Kline', 'PERSON_NAME'), at(text, '7 Pillory Row, Dunmere', 'ADDRESS')],
    b: [at(text, 'Wren Adebayo-Kline', 'PERSON_NAME'), at(text, '7 Pillory Row, Dunmere', 'ADDRESS')],
  };
  const perfect = agreement([same]);
  assert.equal(perfect.spanKappa.strict.kappa, 1);
  assert.equal(perfect.tokenKappa.kappa, 1);
  assert.equal(perfect.f1.exact, 1);
  assert.equal(perfect.disagreementsTotal, 0);

  const differ: AgreementDocument = {
    id: 'd2',
    name: 'letter-2',
    text,
    a: [at(text, 'Wren Adebayo-Kline', 'PERSON_NAME'), at(text, '7 Pillory Row, Dunmere', 'ADDRESS'), at(text, 'knee surgery', 'MEDICAL'), at(text, 'Hollins Clinic', 'MEDICAL')],
    b: [at(text, 'Adebayo-Kline', 'PERSON_NAME'), at(text, '7 Pillory Row, Dunmere', 'LOCATION'), at(text, 'Hollins Clinic', 'MEDICAL')],
  };
  const r = agreement([differ]);
  assert.deepEqual(r.counts, { agree: 1, label: 1, boundary: 1, 'boundary-and-label': 0, 'only-a': 1, 'only-b': 0 });
  assert.deepEqual(
    r.disagreements.map((d) => [d.kind, d.context.text]),
    [
      ['boundary', 'Wren Adebayo-Kline'],
      ['label', '7 Pillory Row, Dunmere'],
      ['only-a', 'knee surgery'],
    ],
  );
  assert.equal(r.disagreements[0].context.before, 'Letter from ');
  // strict units: boundary pair → 2 units, plus label, only-a, agree: 5 units, 1 agreeing
  assert.equal(r.spanKappa.strict.units, 5);
  assert.equal(r.spanKappa.overlap.units, 4);
  assert.ok(r.spanKappa.strict.kappa! < r.spanKappa.overlap.kappa!, 'strict counts the boundary as a disagreement');
  assert.ok(r.tokenKappa.kappa! > 0 && r.tokenKappa.kappa! < 1);
  assert.equal(r.f1.exact, Math.round(((2 * 1) / 7) * 10000) / 10000);
  assert.equal(r.f1.overlap, Math.round(((2 * 2) / 7) * 10000) / 10000);
});
