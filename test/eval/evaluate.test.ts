import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate } from '../../src/eval/evaluate.js';
import type { GoldCorpus, GoldSpan, PredictedSpan, Predictions } from '../../src/eval/types.js';
import type { Label } from '../../src/taxonomy.js';
import type { Counts } from '../../src/eval/metrics.js';

const TEXT = 'Ann Lee met Bob at Acme Corp in Paris.';
function at(text: string, s: string, label: Label | null, nth = 0): GoldSpan & PredictedSpan {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(s, start + 1);
  assert.ok(start >= 0, s);
  return { start, end: start + s.length, label };
}
const counts = (s: Counts) => ({ tp: s.tp, fn: s.fn, fp: s.fp, tn: s.tn });

// Tokens: Ann Lee met Bob at Acme Corp in Paris — 9; gold: Ann Lee, Bob, Acme Corp, Paris (6 tokens).
// Predicted: "Ann" PERSON_NAME (part of a name), "Bob" LOCATION (wrong label),
// "Acme Corp" ORGANIZATION (exact), "met" PERSON_NAME (false positive).
const corpus: GoldCorpus = {
  format: 'splice',
  documents: [
    {
      id: 'd1',
      domain: 'news',
      text: TEXT,
      spans: [at(TEXT, 'Ann Lee', 'PERSON_NAME'), at(TEXT, 'Bob', 'PERSON_NAME'), at(TEXT, 'Acme Corp', 'ORGANIZATION'), at(TEXT, 'Paris', 'LOCATION')],
    },
  ],
};
const predictions: Predictions = new Map([
  ['d1', [at(TEXT, 'Ann', 'PERSON_NAME'), at(TEXT, 'Bob', 'LOCATION'), at(TEXT, 'Acme Corp', 'ORGANIZATION'), at(TEXT, 'met', 'PERSON_NAME')]],
]);

test('token level, label-blind: overall, per category and per level', () => {
  const r = evaluate(corpus, predictions);
  assert.equal(r.corpus.tokens, 9);
  const blind = r.token.labelBlind;
  assert.deepEqual(counts(blind.overall), { tp: 4, fn: 2, fp: 1, tn: 2 });
  assert.deepEqual(counts(blind.categories.PERSON_NAME), { tp: 2, fn: 1, fp: 1, tn: 2 });
  assert.deepEqual(counts(blind.categories.LOCATION), { tp: 0, fn: 1, fp: 0, tn: 3 });
  assert.deepEqual(counts(blind.categories.ORGANIZATION), { tp: 2, fn: 0, fp: 0, tn: 3 });
  assert.deepEqual(counts(blind.levels.HIGH), { tp: 2, fn: 1, fp: 1, tn: 2 });
  assert.deepEqual(counts(blind.levels.MEDIUM), { tp: 2, fn: 1, fp: 0, tn: 3 });
  assert.deepEqual(counts(blind.levels.LOW), { tp: 0, fn: 0, fp: 0, tn: 3 });
  assert.equal(blind.levels.LOW.fnr.value, null);
  assert.equal(blind.overall.fnr.value, 2 / 6);
  assert.equal(blind.overall.fpr.value, 1 / 3);
});

test('token level, label-aware: a wrong label is an FN of the gold label and an FP of the predicted one', () => {
  const aware = evaluate(corpus, predictions).token.labelAware;
  assert.deepEqual(counts(aware.overall), { tp: 3, fn: 3, fp: 2, tn: 2 });
  assert.deepEqual(counts(aware.categories.PERSON_NAME), { tp: 1, fn: 2, fp: 1, tn: 5 });
  assert.deepEqual(counts(aware.categories.LOCATION), { tp: 0, fn: 1, fp: 1, tn: 7 });
  assert.deepEqual(counts(aware.levels.MEDIUM), { tp: 2, fn: 1, fp: 1, tn: 5 });
});

test('entity level: exact and partial, label-blind and label-aware', () => {
  const e = evaluate(corpus, predictions).entity;
  assert.deepEqual(counts(e.exact.labelBlind.overall), { tp: 2, fn: 2, fp: 2, tn: null });
  assert.deepEqual(counts(e.exact.labelAware.overall), { tp: 1, fn: 3, fp: 3, tn: null });
  assert.deepEqual(counts(e.partial.labelBlind.overall), { tp: 3, fn: 1, fp: 1, tn: null });
  assert.deepEqual(counts(e.partial.labelAware.overall), { tp: 2, fn: 2, fp: 2, tn: null });
  // false positives are attributed to the predicted label's category
  assert.deepEqual(counts(e.partial.labelAware.categories.LOCATION), { tp: 0, fn: 1, fp: 1, tn: null });
  assert.deepEqual(counts(e.partial.labelBlind.categories.PERSON_NAME), { tp: 2, fn: 0, fp: 1, tn: null });
  assert.equal(e.partial.labelBlind.overall.specificity.value, null);
});

test('confusion matrices: gold × predicted with missed and spurious', () => {
  const { entity, token } = evaluate(corpus, predictions).confusion;
  const cellOf = (t: typeof entity, row: string, col: string) => t.cells[t.rows.indexOf(row)][t.columns.indexOf(col)];
  assert.equal(entity.rows.at(-1), 'spurious');
  assert.equal(entity.columns.at(-1), 'missed');
  assert.equal(cellOf(entity, 'PERSON_NAME', 'PERSON_NAME'), 1);
  assert.equal(cellOf(entity, 'PERSON_NAME', 'LOCATION'), 1);
  assert.equal(cellOf(entity, 'ORGANIZATION', 'ORGANIZATION'), 1);
  assert.equal(cellOf(entity, 'LOCATION', 'missed'), 1);
  assert.equal(cellOf(entity, 'spurious', 'PERSON_NAME'), 1);
  assert.equal(cellOf(entity, 'spurious', 'missed'), null);
  assert.equal(cellOf(token, 'PERSON_NAME', 'missed'), 1);
  assert.equal(cellOf(token, 'ORGANIZATION', 'ORGANIZATION'), 2);
  assert.ok(!entity.rows.includes('UNLABELED'));
});

test('empty documents and documents without PII', () => {
  const c: GoldCorpus = {
    format: 'splice',
    documents: [
      { id: 'empty', text: '', spans: [] },
      { id: 'clean', text: 'Nothing to see here.', spans: [] },
      { id: 'flagged', text: 'The weather was fine.', spans: [] },
    ],
  };
  const p: Predictions = new Map([['flagged', [{ start: 4, end: 11, label: 'LOCATION' }]]]);
  const r = evaluate(c, p);
  assert.equal(r.corpus.documents, 3);
  assert.equal(r.corpus.documentsWithoutPii, 3);
  assert.equal(r.corpus.tokens, 8);
  const o = r.token.labelBlind.overall;
  assert.deepEqual(counts(o), { tp: 0, fn: 0, fp: 1, tn: 7 });
  assert.equal(o.sensitivity.value, null);
  assert.equal(o.fnr.value, null);
  assert.equal(o.fpr.value, 1 / 8);
  assert.equal(o.ppv.value, 0);
  assert.equal(r.token.labelBlind.levels.MEDIUM.fp, 1);
  assert.equal(r.token.labelBlind.levels.HIGH.fp, 0);
  assert.deepEqual(r.specification.token.map((v) => v.verdict), ['FAIL', 'FAIL', 'FAIL']);
  assert.ok(r.specification.token.every((v) => v.support === 0 && v.requiredSupport === null));
  assert.equal(r.errors.falsePositives.length, 1);
  assert.equal(r.errors.misses.length, 0);
  const empty = r.byDocument.find((d) => d.id === 'empty')!;
  assert.equal(empty.tokens, 0);
  assert.equal(empty.token.overall.fpr.value, null);
  // nothing at all: still a well-formed result
  const none = evaluate({ format: 'splice', documents: [] }, new Map());
  assert.equal(none.corpus.tokens, 0);
  assert.equal(none.token.labelBlind.overall.fnr.value, null);
});

test('gold without a Splice label counts in label-blind overall only; TAB identifier types give must-mask recall', () => {
  const text = 'On 15 May 2001 Mr Kanar was sentenced in Istanbul.';
  const c: GoldCorpus = {
    format: 'tab',
    documents: [
      {
        id: 't',
        text,
        spans: [
          { ...at(text, '15 May 2001', null), identifierType: 'QUASI' },
          { ...at(text, 'Kanar', 'PERSON_NAME'), identifierType: 'DIRECT' },
          { ...at(text, 'Istanbul', 'LOCATION'), identifierType: 'NO_MASK' },
        ],
      },
    ],
  };
  const p: Predictions = new Map([['t', [at(text, 'Kanar', 'PERSON_NAME'), at(text, '2001', 'BIRTH')]]]);
  const r = evaluate(c, p);
  assert.equal(r.corpus.unlabeledGoldSpans, 1);
  // label-blind: 3 date tokens are gold, 1 found; Kanar found; Istanbul missed
  assert.deepEqual(counts(r.token.labelBlind.overall), { tp: 2, fn: 3, fp: 0, tn: 5 });
  // label-aware: the date's tokens are left out entirely (neither FN nor FP)
  assert.deepEqual(counts(r.token.labelAware.overall), { tp: 1, fn: 1, fp: 0, tn: 5 });
  assert.equal(r.token.labelAware.categories.BIRTH.fp, 0);
  // levels hold only labelled gold
  assert.equal(r.token.labelBlind.levels.HIGH.support + r.token.labelBlind.levels.MEDIUM.support, 2);
  // entity level: the BIRTH prediction on the unlabeled date is ignored label-aware
  assert.deepEqual(counts(r.entity.partial.labelAware.overall), { tp: 1, fn: 1, fp: 0, tn: null });
  assert.deepEqual(counts(r.entity.partial.labelBlind.overall), { tp: 2, fn: 1, fp: 0, tn: null });
  assert.ok(r.confusion.entity.rows.includes('UNLABELED'));
  const ids = r.identifierTypes!;
  assert.equal(ids.DIRECT.token.support, 1);
  assert.equal(ids.DIRECT.token.fnr.value, 0);
  assert.equal(ids.QUASI.token.support, 3);
  assert.equal(ids.QUASI.token.tp, 1);
  assert.equal(ids.MUST_MASK.token.support, 4);
  assert.equal(ids.MUST_MASK.entity.support, 2);
  assert.equal(ids.MUST_MASK.entity.tp, 2);
  assert.equal(ids.NO_MASK.entity.fnr.value, 1);
});

test('by domain and by document, and the worst errors first', () => {
  const t2 = 'Call Dana Wu on 555-0100 today.';
  const c: GoldCorpus = {
    format: 'splice',
    documents: [
      corpus.documents[0],
      { id: 'd2', domain: 'chat', text: t2, spans: [at(t2, 'Dana Wu', 'PERSON_NAME'), at(t2, '555-0100', 'CONTACT')] },
    ],
  };
  const p: Predictions = new Map([...predictions, ['d2', [at(t2, 'today', 'EVENT')]]]);
  const r = evaluate(c, p);
  assert.deepEqual(Object.keys(r.byDomain), ['chat', 'news']);
  assert.equal(r.byDomain.chat.token.overall.fn, 4);
  assert.equal(r.byDocument.length, 2);
  assert.equal(r.byDocument[1].id, 'd2');
  // HIGH misses wholly missed first (Dana Wu: 2 tokens, 555-0100: 2 tokens), LOCATION (MEDIUM) after
  assert.deepEqual(r.errors.misses.map((m) => m.label), ['PERSON_NAME', 'CONTACT', 'PERSON_NAME', 'LOCATION']);
  assert.equal(r.errors.misses[2].errorTokens, 1);
  assert.equal(r.errors.misses[2].otherLabel, 'PERSON_NAME');
  assert.deepEqual(r.errors.falsePositives.map((f) => f.label), ['PERSON_NAME', 'EVENT']);
  assert.equal(evaluate(c, p, { errorLimit: 1 }).errors.misses.length, 1);
});

test('predictions out of range or empty are dropped; overlapping gold is tolerated', () => {
  const text = 'Maria Lopez';
  const c: GoldCorpus = { format: 'splice', documents: [{ id: 'x', text, spans: [at(text, 'Maria Lopez', 'PERSON_NAME'), at(text, 'Lopez', 'PERSON_NAME')] }] };
  const p: Predictions = new Map([['x', [{ start: 0, end: 0, label: 'PERSON_NAME' }, { start: 5, end: 99, label: 'PERSON_NAME' }, { start: 0, end: 5, label: 'PERSON_NAME' }]]]);
  const r = evaluate(c, p);
  assert.equal(r.corpus.predictedSpans, 1);
  assert.deepEqual(counts(r.token.labelBlind.overall), { tp: 1, fn: 1, fp: 0, tn: 0 });
  assert.equal(r.entity.partial.labelBlind.overall.tp, 1);
  assert.equal(r.entity.partial.labelBlind.overall.fn, 1);
});
