import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLevels, generalizeAt, ladderOf } from '../../../src/redact/surrogate/generalize-levels.js';
import { OPERATORS, DEFAULT_OPERATOR_SETTINGS } from '../../../src/redact/operators.js';
import { redactText } from '../../../src/redact/redactor.js';
import { parsePolicy } from '../../../src/redact/policy.js';
import { span, spansOf } from './helpers.js';

const texts = (s: ReturnType<typeof span>, g: 'year' | 'month' = 'year') => ladderOf(s, g).rungs.map((r) => r.text);

test('ladders: town → region → country → tag; employer → industry → sector; title → occupation group → broad group', () => {
  assert.deepEqual(texts(span('LOCATION', 'Lyon')), ['Auvergne-Rhône-Alpes', 'France', '[LOCATION]']);
  assert.deepEqual(texts(span('LOCATION', 'Scranton, PA')), ['Pennsylvania', 'United States', '[LOCATION]']);
  assert.deepEqual(texts(span('EMPLOYMENT_EDUCATION', 'Riverside Community Hospital')), ['a health-care organisation', 'a private- or public-sector employer', '[EMPLOYMENT_EDUCATION]']);
  assert.deepEqual(texts(span('EMPLOYMENT_EDUCATION', 'registered nurse')), ['healthcare practitioner', 'professional', '[EMPLOYMENT_EDUCATION]']);
  assert.deepEqual(texts(span('DEMOGRAPHIC', '47-year-old')), ['40-49-year-old', '40-59-year-old', '18-64-year-old', '[DEMOGRAPHIC]']);
  assert.deepEqual(texts(span('DATE', '12 March 2019'), 'month'), ['March 2019', '2019', 'the 2010s', '[DATE]']);
});

test('the default rung is what generalize.ts writes, so fixed-level output is unchanged where it had one', () => {
  const lyon = span('LOCATION', 'Lyon');
  assert.equal(OPERATORS.generalize(lyon, DEFAULT_OPERATOR_SETTINGS), 'France');
  assert.equal(generalizeAt(lyon, 'year', 0), 'Auvergne-Rhône-Alpes');
  // Categories generalize.ts tagged now get their first rung.
  assert.equal(OPERATORS.generalize(span('EMPLOYMENT_EDUCATION', 'Quillfeather Credit Union'), DEFAULT_OPERATOR_SETTINGS), 'a bank or insurer');
  assert.equal(OPERATORS.generalize(span('EMPLOYMENT_EDUCATION', 'school teacher'), DEFAULT_OPERATOR_SETTINGS), 'teacher or librarian');
});

test('auto levels: a document already common enough keeps the least general rungs; a rare combination climbs', () => {
  const common = 'She lives in Lyon.';
  const c = spansOf(common, [['LOCATION', 'Lyon']]);
  const easy = chooseLevels(common, c, () => 'year', () => false, 10_000);
  assert.equal(easy.levels.get(c[0]), 0);
  assert.ok(easy.reached);

  const rare = 'A 93-year-old retired lighthouse keeper from Tampere, born 02/11/1930.';
  const r = spansOf(rare, [['DEMOGRAPHIC', '93-year-old'], ['EMPLOYMENT_EDUCATION', 'lighthouse keeper'], ['LOCATION', 'Tampere'], ['BIRTH', '02/11/1930']]);
  const hard = chooseLevels(rare, r, () => 'year', () => false, 10_000);
  assert.ok(hard.reached, `k ${hard.k}`);
  const total = [...hard.levels.values()].reduce((a, b) => a + b, 0);
  assert.ok(total > 0, 'some value had to become more general');
  // With a pool of one person nothing needs to move.
  const none = chooseLevels(rare, r, () => 'year', () => false, 1);
  assert.ok([...none.levels.values()].every((l) => l === 0));
});

test('redactText with generalizeLevel auto writes the chosen rungs', () => {
  const t = 'A 93-year-old retired lighthouse keeper from Tampere, born 02/11/1930.';
  const s = spansOf(t, [['DEMOGRAPHIC', '93-year-old'], ['EMPLOYMENT_EDUCATION', 'lighthouse keeper'], ['LOCATION', 'Tampere'], ['BIRTH', '02/11/1930']]);
  const fixed = redactText(t, s, { policy: parsePolicy('generalize'), settings: { generalizeLevel: 'fixed' } });
  const auto = redactText(t, s, { policy: parsePolicy('generalize'), settings: { generalizeLevel: 'auto', poolSize: 10_000 } });
  assert.ok(!auto.includes('Tampere') && !fixed.includes('Tampere'));
  assert.notEqual(auto, fixed);
  assert.match(fixed, /from Finland/);
});
