import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGold, loaderFor } from '../../src/eval/loaders/index.js';
import { parsePredictions } from '../../src/eval/loaders/predictions.js';
import { toSpliceLabel } from '../../src/eval/loaders/labels.js';
import { tokenize } from '../../src/eval/tokenizer.js';

const line = (o: unknown) => JSON.stringify(o);

test('benchmark JSONL: documents, domains, spans; errors name the line, never the text', () => {
  const text = 'Dr. Maria Lopez saw the patient in Tucson.';
  const content = [
    line({ id: 'a', domain: 'clinical', text, spans: [{ start: 4, end: 15, label: 'PERSON_NAME', text: 'Maria Lopez' }, { start: 35, end: 41, label: 'LOCATION' }] }),
    '',
    line({ id: 'b', text: 'No PII in here.', spans: [] }),
  ].join('\n');
  const corpus = parseGold('dev.jsonl', content);
  assert.equal(corpus.format, 'splice');
  assert.equal(corpus.documents.length, 2);
  assert.equal(corpus.documents[0].domain, 'clinical');
  assert.deepEqual(corpus.documents[0].spans[1], { start: 35, end: 41, label: 'LOCATION' });
  assert.equal(corpus.documents[1].spans.length, 0);

  const bad = line({ id: 'c', text: 'Secret Name here', spans: [{ start: 0, end: 6, label: 'PERSON_NAME', text: 'Secret Name' }] });
  assert.throws(() => parseGold('x.jsonl', bad), (e: Error) => /line 1, span 1/.test(e.message) && !e.message.includes('Secret'));
  assert.throws(() => parseGold('x.jsonl', line({ id: 'c', text: 'abc', spans: [{ start: 2, end: 9, label: 'CONTACT' }] })), /out of range/);
  assert.throws(() => parseGold('x.jsonl', `${line({ id: 'c', text: 'a', spans: [] })}\n${line({ id: 'c', text: 'b', spans: [] })}`), /duplicate/);
  assert.throws(() => parseGold('x.jsonl', '{not json'), /line 1: not valid JSON/);
});

test('TAB: annotator choice, entity types mapped, unlabeled types kept, identifier types, code-point offsets', () => {
  // 😀 is one code point (Python offsets) but two UTF-16 units (JavaScript offsets)
  const text = 'Applicant 😀 Mr Cengiz Polat, Turkish national, born in 1965 in Istanbul; case 40593/04.';
  const cp = (s: string) => [...text.slice(0, text.indexOf(s))].length;
  const mention = (s: string, type: string, id: string) => ({ entity_type: type, start_offset: cp(s), end_offset: cp(s) + [...s].length, span_text: s, identifier_type: id });
  const docs = [
    {
      doc_id: '001-1',
      text,
      dataset_type: 'test',
      annotations: {
        annotator1: { entity_mentions: [mention('Cengiz Polat', 'PERSON', 'DIRECT'), mention('Turkish', 'DEM', 'NO_MASK'), mention('1965', 'DATETIME', 'QUASI'), mention('Istanbul', 'LOC', 'QUASI'), mention('40593/04', 'CODE', 'DIRECT')] },
        annotator2: { entity_mentions: [mention('Istanbul', 'ORG', 'NO_MASK')] },
      },
    },
    { doc_id: '001-2', text: 'Nothing.', annotations: { annotator2: { entity_mentions: [] } } },
  ];
  const content = JSON.stringify(docs);
  assert.equal(loaderFor('auto', 'echr_test.json', content).format, 'tab');
  const first = parseGold('echr_test.json', content);
  assert.equal(first.documents.length, 2);
  const spans = first.documents[0].spans;
  assert.deepEqual(spans.map((s) => s.label), ['PERSON_NAME', 'DEMOGRAPHIC', null, 'LOCATION', 'ID_NUMBER']);
  assert.deepEqual(spans.map((s) => text.slice(s.start, s.end)), ['Cengiz Polat', 'Turkish', '1965', 'Istanbul', '40593/04']);
  assert.equal(spans[2].sourceLabel, 'DATETIME');
  assert.deepEqual(spans.map((s) => s.identifierType), ['DIRECT', 'NO_MASK', 'QUASI', 'QUASI', 'DIRECT']);
  const second = parseGold('echr_test.json', content, 'tab', { annotator: 'annotator2' });
  assert.deepEqual(second.documents[0].spans.map((s) => s.label), ['ORGANIZATION']);
  assert.equal(second.documents.length, 2);
  const only1 = parseGold('echr_test.json', content, 'tab', { annotator: 'annotator1' });
  assert.equal(only1.documents.length, 1);
  assert.match(only1.warnings!.join(' '), /1 document/);
  // a mention whose offsets do not fit its span_text is skipped and counted
  const broken = JSON.stringify([{ doc_id: 'z', text: 'abc def', annotations: { a: { entity_mentions: [{ entity_type: 'PERSON', start_offset: 0, end_offset: 3, span_text: 'xyz' }] } } }]);
  const b = parseGold('t.json', broken, 'tab');
  assert.equal(b.documents[0].spans.length, 0);
  assert.match(b.warnings!.join(' '), /1 mention/);
});

test('CoNLL / BIO: spans rebuilt over a space-joined text, documents split on -DOCSTART-', () => {
  const content = [
    '-DOCSTART- O',
    '',
    'John B-PER',
    'Smith I-PER',
    'visited O',
    'New B-LOC',
    'York I-LOC',
    '. O',
    '',
    'He O',
    'met O',
    'Ann B-PER',
    'Lee B-PER',
    'from O',
    'UNICEF S-ORG',
    'on O',
    'Monday B-DATE',
    '',
    '-DOCSTART- O',
    '',
    'Nothing O',
    'here O',
  ].join('\n');
  const corpus = parseGold('train.conll', content);
  assert.equal(corpus.format, 'conll');
  assert.equal(corpus.documents.length, 2);
  const [d1, d2] = corpus.documents;
  assert.equal(d1.text, 'John Smith visited New York .\nHe met Ann Lee from UNICEF on Monday');
  assert.deepEqual(
    d1.spans.map((s) => [d1.text.slice(s.start, s.end), s.label]),
    [['John Smith', 'PERSON_NAME'], ['New York', 'LOCATION'], ['Ann', 'PERSON_NAME'], ['Lee', 'PERSON_NAME'], ['UNICEF', 'ORGANIZATION'], ['Monday', null]],
  );
  assert.equal(d2.spans.length, 0);
  // tab-separated, several columns, IOB1 (I- starts a span)
  const iob1 = parseGold('x.tsv', 'Maria\tNNP\tI-PERSON\nLopez\tNNP\tI-PERSON\nsmiled\tVBD\tO\n');
  assert.deepEqual(iob1.documents[0].spans.map((s) => [s.start, s.end, s.label]), [[0, 11, 'PERSON_NAME']]);
  assert.throws(() => parseGold('x.conll', 'word\n'), /line 1/);
  assert.throws(() => parseGold('x.conll', 'word X-PER\n'), /unknown tag/);
});

test('predictions: JSONL by id, detect output, positional records, foreign labels', () => {
  const corpus = parseGold('g.jsonl', [line({ id: 'a', text: 'Mail ann@example.org now', spans: [] }), line({ id: 'b', text: 'Bob', spans: [] })].join('\n'));
  const jsonl = [line({ id: 'b', spans: [{ start: 0, end: 3, label: 'PERSON', score: 0.9 }] }), line({ id: 'a', spans: [{ start: 5, end: 20, label: 'EMAIL_ADDRESS' }] }), line({ id: 'zzz', spans: [] })].join('\n');
  const p = parsePredictions(jsonl, corpus);
  assert.deepEqual(p.predictions.get('a'), [{ start: 5, end: 20, label: 'CONTACT', sourceLabel: 'EMAIL_ADDRESS' }]);
  assert.equal(p.predictions.get('b')![0].label, 'PERSON_NAME');
  assert.equal(p.predictions.get('b')![0].score, 0.9);
  assert.match(p.warnings.join(' '), /1 prediction record/);
  // `splice detect` output for one document: pretty-printed {"spans": [...]}, no id
  const one = parseGold('g.jsonl', line({ id: 'only', text: 'Bob', spans: [] }));
  const detect = JSON.stringify({ spans: [{ start: 0, end: 3, label: 'PERSON_NAME', text: 'Bob', score: 0.8, source: 'names', significance: 'HIGH' }] }, null, 2);
  assert.equal(parsePredictions(detect, one).predictions.get('only')![0].label, 'PERSON_NAME');
  // TAB-style field names, unknown label kept as unlabeled PII
  const tabStyle = line({ doc_id: 'a', entities: [{ start_offset: 0, end_offset: 4, entity_type: 'SOMETHING' }] });
  const t = parsePredictions(tabStyle, corpus);
  assert.deepEqual(t.predictions.get('a'), [{ start: 0, end: 4, label: null, sourceLabel: 'SOMETHING' }]);
  assert.match(t.warnings.join(' '), /1 gold document/);
  assert.throws(() => parsePredictions(line({ id: 'a', spans: [{ start: 'x', end: 2, label: 'CONTACT' }] }), corpus), /integers/);
});

test('external label table', () => {
  assert.equal(toSpliceLabel('PERSON'), 'PERSON_NAME');
  assert.equal(toSpliceLabel('code'), 'ID_NUMBER');
  assert.equal(toSpliceLabel('LOC'), 'LOCATION');
  assert.equal(toSpliceLabel('ORG'), 'ORGANIZATION');
  assert.equal(toSpliceLabel('DEM'), 'DEMOGRAPHIC');
  assert.equal(toSpliceLabel('DATETIME'), null);
  assert.equal(toSpliceLabel('QUANTITY'), null);
  assert.equal(toSpliceLabel('MISC'), null);
  assert.equal(toSpliceLabel('MEDICAL'), 'MEDICAL');
});

test('100 KB of adversarial input: tokenizer, format sniffing and CoNLL parsing stay linear', () => {
  const chunks = ['9'.repeat(20000), '.'.repeat(20000), '@'.repeat(20000), '-'.repeat(20000), ' '.repeat(20000), 'Aa '.repeat(7000)];
  const big = chunks.join('');
  assert.ok(tokenize(big).length > 7000);
  const oneLine = `${'x '.repeat(50000)}B-`;
  assert.throws(() => loaderFor('auto', 'blob', oneLine), /cannot tell/);
  const lines = Array.from({ length: 12000 }, (_, i) => `tok${i} ${i % 3 ? 'I-PER' : 'B-PER'}`).join('\n');
  const c = parseGold('big.conll', lines);
  assert.equal(c.documents[0].spans.length, 4000);
  assert.throws(() => parseGold('x.conll', `w ${'B-'.padEnd(100_000, '-')}\n`), /unknown tag/);
});
