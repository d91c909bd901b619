import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';
import { recallFirstCandidates, RECALL_SOURCE } from '../../../src/detect/recall/stage.js';
import type { Span } from '../../../src/types.js';

const balanced = new Analyzer({ profile: 'balanced' });

function spansOf(text: string, analyzer = balanced): Span[] {
  return analyzer.analyzeSync(text);
}

/** True when every character of `value` in `text` lies inside some span. */
function covered(text: string, value: string, spans: readonly Span[]): boolean {
  const start = text.indexOf(value);
  assert.ok(start >= 0, `test text holds "${value}"`);
  for (let i = start; i < start + value.length; i++) {
    if (/\s/.test(text[i])) continue;
    if (!spans.some((s) => s.start <= i && i < s.end)) return false;
  }
  return true;
}

/** Recall-first spans of a text with no recognizer spans at all, to see the stage alone. */
function stageAlone(text: string, profile: 'balanced' | 'recall' | 'precision' = 'balanced') {
  return recallFirstCandidates(text, [], profile).map((c) => ({ ...c, text: text.slice(c.start, c.end) }));
}

test('an unknown capitalised word mid-sentence is flagged, with offsets into the original text', () => {
  const text = 'The tenancy file was countersigned by Zbrowczak after the inspection.';
  const found = stageAlone(text);
  const hit = found.find((c) => c.text === 'Zbrowczak');
  assert.ok(hit, 'surname not in any list is flagged');
  assert.equal(text.slice(hit.start, hit.end), 'Zbrowczak');
  assert.equal(hit.source, RECALL_SOURCE);
});

test('ordinary words at a sentence start, headings and court boilerplate are cleared', () => {
  assert.deepEqual(stageAlone('Yesterday the visitor walked home. Afterwards she slept.'), []);
  assert.deepEqual(stageAlone('DISCHARGE SUMMARY\nReason For Admission: chest pain'), []);
  assert.deepEqual(stageAlone('The Court notes that the Government did not reply to the Registrar within the time allowed.'), []);
});

test('names and places written in non-Latin scripts are flagged, also after a romanised form', () => {
  const text = 'Interview with Li Wei (李伟) and Иван Петров, then a call to أحمد.';
  const spans = spansOf(text);
  for (const value of ['李伟', 'Иван Петров', 'أحمد']) assert.ok(covered(text, value, spans), `${value} redacted`);
});

test('a run of an unknown word and ordinary capitalised words is one span with a label from its last word', () => {
  const found = stageAlone('She was treated at Qorvath Valley Clinic last spring.');
  const run = found.find((c) => c.text.includes('Qorvath'));
  assert.ok(run);
  assert.equal(run.text, 'Qorvath Valley Clinic');
  assert.equal(run.label, 'MEDICAL');
  const org = stageAlone('He consults for Zendrell Holdings Ltd on Fridays.').find((c) => c.text.includes('Zendrell'));
  assert.equal(org?.label, 'ORGANIZATION');
});

test('identifier-like numbers are flagged; amounts, years, times, dates and counts are not', () => {
  const ids = stageAlone('See application no. 48213/19 and file 2297-KX-40.');
  assert.ok(ids.some((c) => c.text === '48213/19' && c.label === 'ID_NUMBER'));
  assert.ok(ids.some((c) => c.text.startsWith('2297')));
  assert.deepEqual(stageAlone('She paid $1,250 for 3 nights in 2019, arriving 03/06/2024 16:42 with 140 boxes and BP 120/80.'), []);
});

test('a lower-case word in no vocabulary that the name lists know is flagged; ordinary lower-case text is not', () => {
  assert.ok(stageAlone('honestly ask priyanka about the keys').some((c) => c.text === 'priyanka'));
  assert.deepEqual(stageAlone('honestly ask the neighbour about the keys'), []);
});

test('a capitalised ordinary word that is also a given name counts as a name mid-sentence', () => {
  assert.ok(stageAlone('On Monday I spoke with Dale about the fence.').some((c) => c.text === 'Dale'));
});

test('the precision profile runs no recall-first stage; the recall profile flags every capitalised word', () => {
  assert.deepEqual(stageAlone('The tenancy file was countersigned by Zbrowczak.', 'precision'), []);
  assert.ok(stageAlone('We met near the Station on Thursday.', 'recall').some((c) => c.text === 'Station'));
  assert.ok(!stageAlone('We met near the Station on Thursday.', 'balanced').some((c) => c.text === 'Station'));
});

test('recall-first only fills gaps: a recognizer span keeps its label and extent', () => {
  const text = 'Patient Maria Lopez, email maria.lopez@example.org, seen by Dr Okonkwo-Brandt.';
  const spans = spansOf(text);
  const email = spans.find((s) => s.text.includes('@'));
  assert.equal(email?.label, 'CONTACT');
  assert.ok(covered(text, 'Okonkwo-Brandt', spans));
  assert.ok(!spans.some((s) => s.text.startsWith('Dr')), 'titles stay out of name spans');
});

test('a run holding the head noun of a public body is an ORGANIZATION wherever the noun stands', () => {
  const found = stageAlone('He was questioned by the Centre for Combating Vrellish Fraud and later by the Oskarvik Committee.');
  assert.ok(found.some((c) => c.text.includes('Vrellish') && c.label === 'ORGANIZATION'));
  assert.ok(found.some((c) => c.text === 'Oskarvik Committee' && c.label === 'ORGANIZATION'));
});

test('legal citations, measures after their label and bare years are not identifiers; a case number is', () => {
  assert.deepEqual(stageAlone('Under § 1452.7 and Article 412 of the Code, with HR 118 and Wt 71.5 recorded in Spring 2019 at 100 %.'), []);
  assert.ok(stageAlone('Their complaint (no. 30917/16) was joined.').some((c) => c.text === '30917/16'));
});

test('runs join across one or two blanks and inner connectors; a connector never starts a run', () => {
  const texts = stageAlone('We wrote to Qorvath\tZendrell and to Brindle  Maroway, but of Ostravel   Quenby nothing was heard.').map((c) => c.text);
  assert.deepEqual(texts, ['Qorvath\tZendrell', 'Brindle  Maroway', 'Ostravel', 'Quenby']);
  const bank = stageAlone('The loan came from the Bank of Zendrell last year.').map((c) => c.text);
  assert.deepEqual(bank, ['Bank of Zendrell']);
});
