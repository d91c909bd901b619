import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGold } from '../../src/eval/loaders/index.js';
import { benchmarkJsonl, labelStudioJson, mergeForRedaction, tabJson, type ReviewedDocument } from '../../src/serve/review/export.js';
import { parseUpload } from '../../src/serve/review/import.js';
import type { StoredSpan } from '../../src/serve/storage/types.js';

/** Exports read back by Splice's own loaders (round trip); TAB offsets in code points. */
const TEXT = 'Chat log 🙂 from Tamsin Oduya-Reyes: meet me at Fenwick Pier, my number is 0191 498 0377.';
const stored = (part: string, label: string, status: StoredSpan['status'], extra: Partial<StoredSpan> = {}): StoredSpan => ({
  id: `${label}-${part}`,
  start: TEXT.indexOf(part),
  end: TEXT.indexOf(part) + part.length,
  label,
  status,
  origin: 'engine',
  score: 0.9,
  source: 'test',
  identifying: null,
  identifyingInCombination: null,
  identifierType: null,
  ...extra,
});
const item: ReviewedDocument = {
  document: { id: 'uuid-1', projectId: 'p', position: 1, name: 'chat-7', domain: 'chat', text: TEXT, format: 'text', createdAt: '2026-01-01T00:00:00Z' },
  reviews: [
    {
      documentId: 'uuid-1',
      reviewer: 'alice',
      status: 'done',
      updatedAt: '2026-01-02T00:00:00Z',
      spans: [
        stored('Fenwick Pier', 'LOCATION', 'accepted', { identifying: false, identifyingInCombination: true }),
        stored('Tamsin Oduya-Reyes', 'PERSON_NAME', 'accepted', { identifying: true }),
        stored('0191 498 0377', 'CONTACT', 'rejected'),
        stored('Chat', 'ORGANIZATION', 'pending'),
      ],
    },
  ],
};

test('benchmark JSONL: accepted spans only, in text order, read back by the eval loader', () => {
  const out = benchmarkJsonl([item]);
  const corpus = parseGold('export.jsonl', out, 'splice');
  assert.equal(corpus.documents.length, 1);
  const doc = corpus.documents[0];
  assert.equal(doc.id, 'chat-7');
  assert.equal(doc.domain, 'chat');
  assert.deepEqual(
    doc.spans.map((s) => [TEXT.slice(s.start, s.end), s.label]),
    [
      ['Tamsin Oduya-Reyes', 'PERSON_NAME'],
      ['Fenwick Pier', 'LOCATION'],
    ],
  );
});

test('TAB JSON: code-point offsets after an emoji, identifier types from the assessment, read back by the TAB loader', () => {
  const out = tabJson([item]);
  const raw = JSON.parse(out);
  const mention = raw[0].annotations.alice.entity_mentions[0];
  assert.equal(mention.span_text, 'Tamsin Oduya-Reyes');
  assert.equal(mention.start_offset, TEXT.indexOf('Tamsin') - 1, 'the emoji is one code point, two UTF-16 units');
  assert.equal(mention.identifier_type, 'DIRECT');
  assert.equal(raw[0].annotations.alice.entity_mentions[1].identifier_type, 'QUASI');
  const corpus = parseGold('export.json', out, 'tab', { annotator: 'alice' });
  assert.deepEqual(
    corpus.documents[0].spans.map((s) => [TEXT.slice(s.start, s.end), s.label, s.identifierType]),
    [
      ['Tamsin Oduya-Reyes', 'PERSON_NAME', 'DIRECT'],
      ['Fenwick Pier', 'LOCATION', 'QUASI'],
    ],
  );
  // and the review app can import it again with the same spans
  const again = parseUpload('export.json', out, { annotator: 'alice', maxBytes: 1e6, maxDocuments: 10 });
  assert.deepEqual(again.documents[0].spans.map((s) => s.label), ['PERSON_NAME', 'LOCATION']);
});

test('Label Studio JSON: one task per document, one annotation per reviewer, UTF-16 offsets with the text', () => {
  const tasks = JSON.parse(labelStudioJson([item]));
  assert.equal(tasks.length, 1);
  assert.equal(tasks[0].data.text, TEXT);
  assert.equal(tasks[0].data.splice_id, 'chat-7');
  const result = tasks[0].annotations[0].result;
  assert.equal(tasks[0].annotations[0].splice_reviewer, 'alice');
  assert.deepEqual(
    result.map((r: { value: { start: number; end: number; text: string; labels: string[] }; type: string }) => [r.type, r.value.labels[0], TEXT.slice(r.value.start, r.value.end) === r.value.text]),
    [
      ['labels', 'PERSON_NAME', true],
      ['labels', 'LOCATION', true],
    ],
  );
});

test('overlapping accepted spans are merged before redaction, labelled as the longer one', () => {
  const merged = mergeForRedaction([
    { ...stored('Tamsin', 'PERSON_NAME', 'accepted') },
    { ...stored('Tamsin Oduya-Reyes', 'PERSON_NAME', 'accepted') },
    { ...stored('Oduya-Reyes: meet', 'EVENT', 'accepted') },
    { ...stored('Fenwick Pier', 'LOCATION', 'accepted') },
  ]);
  assert.deepEqual(
    merged.map((m) => [TEXT.slice(m.start, m.end), m.label]),
    [
      ['Tamsin Oduya-Reyes: meet', 'PERSON_NAME'],
      ['Fenwick Pier', 'LOCATION'],
    ],
  );
});

test('uploads: a .txt file is one document; binary content and oversize documents are refused with the file named', () => {
  const one = parseUpload('notes/visit.txt', 'Visit by Hedda Lindqvist on Tuesday.', { maxBytes: 1000, maxDocuments: 10 });
  assert.equal(one.format, 'text');
  assert.deepEqual(one.documents.map((d) => d.name), ['visit.txt']);
  assert.throws(() => parseUpload('scan.txt', 'abc\u0000def', { maxBytes: 1000, maxDocuments: 10 }), /scan\.txt: binary content/);
  assert.throws(() => parseUpload('long.txt', 'x'.repeat(2000), { maxBytes: 1000, maxDocuments: 10 }), /long\.txt: too large/);
  assert.throws(() => parseUpload('bad.jsonl', '{"id":"a","text":"Hi Nils","spans":[{"start":3,"end":99,"label":"PERSON_NAME"}]}\n', { maxBytes: 1000, maxDocuments: 10 }), /bad\.jsonl: line 1, span 1: offsets/);
});
