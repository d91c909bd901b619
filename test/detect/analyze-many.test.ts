import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/detect/analyzer.js';
import { Pipeline } from '../../src/pipeline.js';

// Invented documents of different kinds: names, contacts, an address, a date, nothing at all.
const DOCS = [
  'Dr. Henrietta Vasquez-Oyelaran saw the patient on 12 March 2024; call her office on 0161 496 0732.',
  'ok',
  'Our new intern, Tobiah Lindqvist, lives at 41 Wrenfield Crescent, Harrogate HG2 7QP.',
  'The weather was mild and the committee adjourned early.',
  'Email marisol.etxeberria@example.org or text +1 415 555 0199 before Friday.',
  'Henrietta said the results would be ready next week.',
];

test('analyzeManySync gives each document the spans analyzeSync gives it alone', () => {
  const analyzer = new Analyzer({ profile: 'balanced' });
  const alone = DOCS.map((d) => analyzer.analyzeSync(d));
  const grouped = analyzer.analyzeManySync(DOCS);
  assert.deepEqual(grouped, alone);
  assert.ok(alone[0].some((s) => s.label === 'PERSON_NAME'), 'the invented name is found');
  assert.equal(grouped[1].length, 0);
});

test('a document long enough for windows is analysed alone inside a group, with the same spans', () => {
  const analyzer = new Analyzer({ profile: 'balanced', windowChars: 2_048 });
  const long = Array.from({ length: 60 }, (_, i) => `Visit ${i + 1}: Ms. Ottilie Brandvold-Nakamura reported mild pain.`).join('\n');
  const docs = [DOCS[0], long, DOCS[2]];
  assert.deepEqual(analyzer.analyzeManySync(docs), docs.map((d) => analyzer.analyzeSync(d)));
});

test('Pipeline.redactMany: the same redactions and verdicts as redact, one document at a time', async () => {
  const pipeline = new Pipeline({ profile: 'balanced' });
  const many = await pipeline.redactMany(DOCS);
  for (let i = 0; i < DOCS.length; i++) {
    const one = await pipeline.redact(DOCS[i]);
    assert.equal(many[i].redacted, one.redacted);
    assert.deepEqual(many[i].spans, one.spans);
  }
  assert.doesNotMatch(many[2].redacted!, /Lindqvist|Wrenfield/);
});
