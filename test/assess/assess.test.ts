import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessDocument, estimateK, greedyRemoval, type Group } from '../../src/assess/index.js';
import { spansIn } from './helpers.js';

const PURE = { highAlwaysIdentifying: false };

test('"New York, NY" is not identifying; "Stockbridge, MA" is', () => {
  const ny = assessDocument('She moved to New York, NY last spring.', spansIn('She moved to New York, NY last spring.', [['New York, NY', 'LOCATION']]));
  assert.equal(ny.spans[0].identifying, false);
  assert.ok(ny.spans[0].population! > 1_000_000);
  assert.match(ny.spans[0].basis!, /New York/);

  const text = 'She lives in Stockbridge, MA with her dog.';
  const sb = assessDocument(text, spansIn(text, [['Stockbridge, MA', 'LOCATION']]));
  assert.equal(sb.spans[0].identifying, true);
  assert.ok(sb.spans[0].population! < 10_000);
  assert.equal(sb.elements[0].verdict, 'identifying-alone');
});

test('a qualifier written after the span picks the right Springfield', () => {
  const text = 'He grew up in Springfield, IL and later moved away.';
  const a = assessDocument(text, spansIn(text, [['Springfield', 'LOCATION'], ['IL', 'LOCATION']]));
  assert.match(a.spans[0].basis!, /IL, US/);
  const text2 = 'Home is Springfield. She often drives to Boston, Massachusetts.';
  const b = assessDocument(text2, spansIn(text2, [['Springfield', 'LOCATION'], ['Boston', 'LOCATION'], ['Massachusetts', 'LOCATION']]));
  assert.match(b.spans[0].basis!, /MA, US/);
});

test('"a nurse" is not identifying; the policy still redacts it by default, for its category', () => {
  const text = 'My neighbour works as a nurse.';
  const pure = assessDocument(text, spansIn(text, [['nurse', 'EMPLOYMENT_EDUCATION']]), PURE);
  assert.equal(pure.spans[0].identifying, false);
  assert.equal(pure.spans[0].redact, false);
  assert.equal(pure.spans[0].redactReason, undefined);
  assert.ok(pure.spans[0].population! > 1_000_000);
  const floor = assessDocument(text, spansIn(text, [['nurse', 'EMPLOYMENT_EDUCATION']]));
  // The verdict is the element's; the category decides only the redaction.
  assert.equal(floor.spans[0].identifying, false);
  assert.equal(floor.elements[0].identifyingAlone, false);
  assert.equal(floor.spans[0].identifyingInCombination, false);
  assert.equal(floor.spans[0].redact, true);
  assert.equal(floor.spans[0].redactReason, 'category HIGH is always redacted');
  assert.equal(floor.elements[0].verdict, 'high-significance');
});

test('"the only female firefighter in Lenox" is identifying through the uniqueness cue', () => {
  const text = 'She is the only female firefighter in Lenox.';
  const a = assessDocument(text, spansIn(text, [['firefighter', 'EMPLOYMENT_EDUCATION']]), PURE);
  assert.equal(a.spans[0].identifying, true);
  assert.equal(a.spans[0].population, 1);
  assert.match(a.spans[0].basis!, /the only/);
  // Without the cue the same title is harmless.
  const plain = 'Her cousin is a firefighter.';
  assert.equal(assessDocument(plain, spansIn(plain, [['firefighter', 'EMPLOYMENT_EDUCATION']]), PURE).spans[0].identifying, false);
  // The cue bears on the title, not on the place after "in".
  const withPlace = assessDocument('She is the only firefighter in New York.', spansIn('She is the only firefighter in New York.', [['firefighter', 'EMPLOYMENT_EDUCATION'], ['New York', 'LOCATION']]), PURE);
  assert.equal(withPlace.spans[1].identifying, false);
});

test('harmless elements that identify together: flagged as a whole, greedy removes the fewest', () => {
  const text = 'The patient, 42 years old, female, works as a pharmacist in Pittsfield, MA.';
  const spans = spansIn(text, [['42 years old', 'DEMOGRAPHIC'], ['female', 'DEMOGRAPHIC'], ['pharmacist', 'EMPLOYMENT_EDUCATION'], ['Pittsfield, MA', 'LOCATION']]);
  const a = assessDocument(text, spans, PURE);
  for (const e of a.elements) assert.equal(e.identifyingAlone, false, `${e.kind} alone`);
  assert.equal(a.identifyingInCombination, true);
  assert.ok(a.k.kept < 10_000);
  assert.ok(a.k.final >= 10_000);
  assert.ok(a.reached);
  // Exhaustive check: no smaller set of removals reaches the pool size.
  const groups: Group[] = a.elements.map((e) => {
    const g = [e.index];
    return e.kind === 'place'
      ? { members: g, kind: e.kind, placePopulation: e.population, share: 1, chars: e.end - e.start }
      : { members: g, kind: e.kind, share: e.population / a.reference.population, chars: e.end - e.start };
  });
  let fewest = Infinity;
  for (let mask = 0; mask < 1 << groups.length; mask++) {
    const kept = groups.filter((_, i) => !(mask & (1 << i)));
    if (estimateK(kept, a.reference.population) >= 10_000) fewest = Math.min(fewest, groups.length - kept.length);
  }
  assert.equal(a.removedInCombination.length, fewest);
  assert.ok(fewest >= 1 && fewest < groups.length);
  for (const i of a.removedInCombination) {
    // Not identifying alone, identifying in combination, redacted for that reason.
    assert.equal(a.spans[i].identifying, false);
    assert.equal(a.spans[i].identifyingInCombination, true);
    assert.equal(a.spans[i].redact, true);
    assert.match(a.spans[i].redactReason!, /in combination.*greedy/);
    assert.equal(a.elements[i].verdict, 'identifying-in-combination');
  }
  // What is kept is identifying neither alone nor in combination, and has no reason to be redacted.
  const kept = a.spans.filter((s) => !s.redact);
  assert.ok(kept.length >= 1);
  for (const s of kept) {
    assert.equal(s.identifyingInCombination, false);
    assert.equal(s.redactReason, undefined);
  }
});

test('the policy redacts direct identifiers and every HIGH element; a common name or a large employer is not identifying', () => {
  const text = 'Contact John Smith at john.smith@example.com or 413-555-0182; SSN 123-45-6789; he works at Walmart.';
  const spans = spansIn(text, [
    ['John Smith', 'PERSON_NAME'],
    ['john.smith@example.com', 'CONTACT'],
    ['413-555-0182', 'CONTACT'],
    ['123-45-6789', 'ID_NUMBER'],
    ['Walmart', 'EMPLOYMENT_EDUCATION'],
  ]);
  const a = assessDocument(text, spans);
  for (const s of a.spans) assert.equal(s.redact, true, s.label);
  assert.equal(a.spans[1].population, 1);
  assert.equal(a.spans[1].identifying, true);
  assert.equal(a.elements[1].verdict, 'direct-identifier');
  assert.equal(a.spans[3].redactReason, 'direct identifier');
  // A very common name and a large employer are not identifying alone; the policy redacts them for their category.
  for (const i of [0, 4]) {
    assert.equal(a.spans[i].identifying, false, a.spans[i].text);
    assert.equal(a.spans[i].redactReason, 'category HIGH is always redacted');
  }
});

test('date of birth combined with a place is a direct identifier; alone it is an estimate', () => {
  const text = 'Born on March 3, 1961 in Chicago.';
  const withPlace = assessDocument(text, spansIn(text, [['March 3, 1961', 'BIRTH'], ['Chicago', 'BIRTH']]));
  assert.equal(withPlace.spans[0].population, 1);
  const alone = 'Her date of birth is 03/04/1961.';
  const a = assessDocument(alone, spansIn(alone, [['03/04/1961', 'BIRTH']]));
  assert.ok(a.spans[0].population! > 1);
  assert.equal(a.elements[0].kind, 'birth-date');
});

test('pool size and base population are configurable', () => {
  const text = 'He is a 42-year-old Lutheran.';
  const spans = spansIn(text, [['42-year-old', 'DEMOGRAPHIC'], ['Lutheran', 'DEMOGRAPHIC']]);
  assert.equal(assessDocument(text, spans).spans[0].identifying, false);
  const small = assessDocument(text, spans, { basePopulation: 50_000 });
  assert.equal(small.reference.population, 50_000);
  assert.equal(small.spans[0].identifying, true, 'age in a small base population');
  const huge = assessDocument(text, spans, { poolSize: 1_000_000_000 });
  assert.ok(huge.spans.every((s) => s.identifying));
});

test('the reference population is the country of the places named, else the world', () => {
  const us = 'She is a Buddhist living in Ohio.';
  const a = assessDocument(us, spansIn(us, [['Buddhist', 'DEMOGRAPHIC'], ['Ohio', 'LOCATION']]));
  assert.equal(a.reference.country, 'US');
  const none = 'She is a Buddhist.';
  const b = assessDocument(none, spansIn(none, [['Buddhist', 'DEMOGRAPHIC']]));
  assert.equal(b.reference.country, undefined);
  assert.ok(b.reference.population > 7e9);
});

test('no spans: an empty assessment', () => {
  const a = assessDocument('Nothing to see here.', []);
  assert.deepEqual(a.spans, []);
  assert.equal(a.removedInCombination.length, 0);
});

test('greedyRemoval stops when nothing is left to remove', () => {
  const groups: Group[] = [{ members: [0], kind: 'age', share: 0.01, chars: 2 }];
  const r = greedyRemoval(groups, 100_000, 10_000_000);
  assert.equal(r.removed.length, 1);
  assert.equal(r.reached, false);
});
