import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';
import { surrogateDemographic, surrogateEmployment, surrogateMedical, surrogateNamedPhrase, surrogateQuantity, surrogateTrait } from '../../../src/redact/surrogate/descriptive.js';
import { occupationOf } from '../../../src/redact/surrogate/occupations.js';
import { dataList } from '../../../src/redact/surrogate/pools.js';

const keyed = new Keyed('descriptive');
const never = () => false;

test('ages stay in their ten-year band and keep their form', () => {
  for (let i = 0; i < 10; i++) {
    const out = surrogateDemographic('47-year-old', keyed, i, never);
    const m = /^(\d+)-year-old$/.exec(out);
    assert.ok(m, out);
    assert.ok(Number(m![1]) >= 40 && Number(m![1]) <= 49 && m![1] !== '47');
  }
  assert.match(surrogateDemographic('aged 93', keyed, 0, never), /^aged 9\d$/);
});

test('nationalities, religions: another of the same list, plural and case kept', () => {
  const demonyms = dataList('demographic/demonyms.txt');
  const out = surrogateDemographic('Norwegian', keyed, 0, never);
  assert.ok(demonyms.includes(out) && out !== 'Norwegian', out);
  assert.match(surrogateDemographic('norwegians', keyed, 0, never), /^[a-z -]+s$/);
  const religions = dataList('demographic/religions.txt').map((x) => x.toLowerCase());
  const r = surrogateDemographic('Lutheran', keyed, 0, never);
  assert.ok(religions.includes(r.toLowerCase()) && r !== 'Lutheran' && /^\p{Lu}/u.test(r), r);
});

test('job titles: another title of the same occupation group, seniority kept', () => {
  const out = surrogateEmployment('senior registered nurse', keyed, 0, never);
  assert.match(out, /^senior /);
  assert.equal(occupationOf(out)?.group, 'healthcare practitioner');
  assert.notEqual(out, 'senior registered nurse');
  const employer = surrogateEmployment('Quillfeather Analytics Inc.', keyed, 0, never);
  assert.match(employer, /Analytics Inc\.$/);
  assert.match(surrogateEmployment('BSc in Marine Biology', keyed, 0, never), /^BSc in (?!Marine Biology)\p{Lu}/u);
  assert.match(surrogateEmployment('EMP-004417', keyed, 0, never), /^[A-Z]{3}-\d{6}$/);
});

test('medical: a condition becomes another condition, a drug another drug, a provider keeps its kind', () => {
  const conditions = new Set(dataList('medical-conditions.txt').map((c) => c.toLowerCase()));
  const cond = surrogateMedical('asthma', keyed, 0, never);
  assert.ok(conditions.has(cond.toLowerCase()) && cond !== 'asthma', cond);
  const meds = new Set(dataList('medical-medications.txt').map((c) => c.toLowerCase()));
  const drug = surrogateMedical('metformin 500 mg', keyed, 0, never);
  assert.ok(/ 500 mg$/.test(drug) && meds.has(drug.replace(/ 500 mg$/, '').toLowerCase()) && !drug.startsWith('metformin'), drug);
  assert.match(surrogateMedical('Brightwater Family Clinic', keyed, 0, never), /Family Clinic$/);
});

test('events and achievements: kind words stay, years move with the date offset, named parts change', () => {
  const event = surrogateNamedPhrase('the 2019 Boston Marathon', 'event', keyed, 0, never, 1);
  assert.match(event, /^the 2020 [\p{L} .'-]+ Marathon$/u);
  assert.ok(!event.includes('Boston'));
  const plain = surrogateNamedPhrase('the gala', 'event', keyed, 0, never, 1);
  assert.notEqual(plain, 'the gala');
  const trait = surrogateTrait('a tattoo of a dragon on the neck', keyed, 0, never);
  assert.match(trait, /tattoo/);
  assert.notEqual(trait, 'a tattoo of a dragon on the neck');
});

test('quantities move within ±30% and keep their layout', () => {
  const out = surrogateQuantity('$12,500.00', keyed, 0);
  const m = /^\$(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(out);
  assert.ok(m, out);
  const v = Number(m![1].replace(/,/g, ''));
  assert.ok(v >= 8750 && v <= 16250 && out !== '$12,500.00');
});
