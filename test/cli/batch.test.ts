import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { runBatch, parseLine } from '../../src/cli/batch.js';
import { readRawLines } from '../../src/cli/line-reader.js';
import { mapOrdered } from '../../src/cli/ordered.js';
import { createProcessor, inProcessProcessor, type DocumentProcessor } from '../../src/cli/processor.js';
import { Pipeline } from '../../src/pipeline.js';
import { ProcessingFailure } from '../../src/cli/errors.js';
import type { Recognizer } from '../../src/detect/recognizer.js';

/** A recognizer that does not depend on the built-in ones being finished: flags "MRN-" numbers. */
const mrnRecognizer: Recognizer = {
  name: 'test.mrn',
  labels: ['ID_NUMBER'],
  detect(ctx) {
    return [...ctx.text.matchAll(/MRN-\d{4,8}/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, label: 'ID_NUMBER' as const, score: 0.9 }));
  },
};

function jsonl(records: unknown[]): string {
  return records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
}

async function batch(input: string | Buffer, processor: DocumentProcessor, mode: 'detect' | 'redact' = 'detect', maxBytes = 1_000_000) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const summary = await runBatch(Readable.from([Buffer.from(input)]), out, { mode, processor, maxBytes, maxInFlight: 3 });
  out.end();
  const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  return { summary, lines };
}

test('redact batch: redacted text in "text", original offsets, no removed values in the output', async () => {
  const processor = inProcessProcessor(new Pipeline({ extraRecognizers: [mrnRecognizer] }));
  const text = 'Chart for MRN-448812 reviewed on the ward; follow-up booked.';
  const { lines } = await batch(jsonl([{ id: 'n1', text, domain: 'clinical', spans: [] }]), processor, 'redact');
  assert.equal(lines.length, 1);
  assert.equal(lines[0].id, 'n1');
  assert.equal(lines[0].text, 'Chart for [ID_NUMBER] reviewed on the ward; follow-up booked.');
  const span = lines[0].spans.find((s: { label: string }) => s.label === 'ID_NUMBER');
  assert.equal(text.slice(span.start, span.end), 'MRN-448812');
  assert.equal(span.text, undefined);
  assert.ok(!JSON.stringify(lines[0]).includes('448812'));
});

test('detect batch: one line per input line, in order, errors as per-line records', async () => {
  const processor = inProcessProcessor(new Pipeline({ extraRecognizers: [mrnRecognizer] }));
  const input = jsonl([
    { id: 'a', text: 'Record MRN-1234 was merged.' },
    '{"id": "b", "text": "unterminated',
    '',
    { id: 'c' },
    { id: 'd', text: 42 },
    [1, 2],
    { id: 7, text: 'Nothing here but weather talk.' },
    { id: 'e', text: 'bad\u0000bytes' },
  ]);
  const { lines, summary } = await batch(input, processor);
  assert.deepEqual(
    lines.map((l) => l.id),
    ['a', null, 'c', 'd', null, 7, 'e'],
  );
  assert.equal(lines[0].spans[0].text, 'MRN-1234');
  assert.equal(lines[0].text, 'Record MRN-1234 was merged.');
  assert.equal(lines[1].error, 'invalid JSON');
  assert.equal(lines[1].line, 2);
  assert.match(lines[2].error, /missing or non-string "text"/);
  assert.equal(lines[2].line, 4, 'blank line 3 skipped but still counted');
  assert.match(lines[4].error, /JSON object/);
  assert.deepEqual(lines[5].spans, []);
  assert.match(lines[6].error, /binary/);
  assert.deepEqual(summary, { documents: 7, inputErrors: 5, processingErrors: 0 });
});

test('batch: invalid UTF-8 and over-size lines are per-line errors; other lines still come out', async () => {
  const processor = inProcessProcessor(new Pipeline());
  const good = Buffer.from(jsonl([{ id: 'ok1', text: 'Short note.' }]));
  const badUtf8 = Buffer.concat([Buffer.from('{"id":"u","text":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]);
  const big = Buffer.from(jsonl([{ id: 'big', text: 'x'.repeat(500) }]));
  const { lines } = await batch(Buffer.concat([good, badUtf8, big, good]), processor, 'detect', 100);
  assert.equal(lines.length, 4);
  assert.equal(lines[0].id, 'ok1');
  assert.match(lines[1].error, /UTF-8/);
  assert.equal(lines[2].id, 'big');
  assert.match(lines[2].error, /too large/);
  assert.equal(lines[3].id, 'ok1');
});

test('batch fails closed: a pipeline error never echoes the text', async () => {
  const failing: DocumentProcessor = {
    async process(_mode, text) {
      if (text.includes('boom')) throw new ProcessingFailure('detector "test" failed');
      return { spans: [], redacted: text };
    },
    async close() {},
  };
  const { lines, summary } = await batch(jsonl([{ id: 1, text: 'fine' }, { id: 2, text: 'boom Jane Secret' }, { id: 3, text: 'fine too' }]), failing, 'redact');
  assert.deepEqual(lines.map((l) => l.id), [1, 2, 3]);
  assert.equal(lines[1].error, 'detector "test" failed');
  assert.equal(lines[1].text, undefined);
  assert.ok(!JSON.stringify(lines).includes('Jane Secret'));
  assert.equal(summary.processingErrors, 1);
});

test('in-process processor reports only the failing recognizer, not its message', async () => {
  const leaky: Recognizer = { name: 'test.leaky', labels: ['PERSON_NAME'], detect: (ctx) => { throw new Error(`cannot parse ${ctx.text}`); } };
  const processor = inProcessProcessor(new Pipeline({ extraRecognizers: [leaky] }));
  await assert.rejects(processor.process('redact', 'Jane Secret'), (err: Error) => {
    assert.equal(err.message, 'detector "test.leaky" failed');
    return true;
  });
});

test('worker threads keep input order (3 workers, uneven documents)', async () => {
  const processor = createProcessor({ profile: 'balanced' }, 3);
  try {
    const records = Array.from({ length: 40 }, (_, i) => ({ id: `doc-${i}`, text: `Note ${i}: reach me at person${i}@example.com. ${'Filler sentence. '.repeat((i * 37) % 200)}` }));
    const { lines, summary } = await batch(jsonl(records), processor, 'redact');
    assert.deepEqual(lines.map((l) => l.id), records.map((r) => r.id));
    assert.equal(summary.documents, 40);
    for (const line of lines) assert.equal(typeof line.text, 'string');
  } finally {
    await processor.close();
  }
});

test('mapOrdered keeps order and never exceeds its window', async () => {
  let inFlight = 0;
  let peak = 0;
  const seen: number[] = [];
  await mapOrdered(
    Array.from({ length: 30 }, (_, i) => i),
    async (i) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      inFlight--;
      return i * 2;
    },
    (i, r) => {
      assert.equal(r, i * 2);
      seen.push(i);
    },
    { maxItems: 4, maxWeight: 1000, weight: () => 1 },
  );
  assert.deepEqual(seen, Array.from({ length: 30 }, (_, i) => i));
  assert.ok(peak <= 4);
});

test('line reader: CRLF, no final newline, over-long lines dropped without buffering them', async () => {
  const chunks = [Buffer.from('one\r\ntw'), Buffer.from('o\n'), Buffer.from('x'.repeat(50)), Buffer.from('y'.repeat(50) + '\nlast')];
  const lines = [];
  for await (const l of readRawLines(Readable.from(chunks), 60)) lines.push(l);
  assert.deepEqual(lines.map((l) => l.bytes?.toString()), ['one', 'two', undefined, 'last']);
  assert.equal(lines[2].length, 100);
});

test('adversarial 100 KB lines parse quickly (linear)', async () => {
  const runs = ['9'.repeat(100_000), '.'.repeat(100_000), '@'.repeat(100_000), '-'.repeat(100_000), ' '.repeat(100_000), 'Aa '.repeat(33_000), '"\\'.repeat(50_000)];
  for (const run of runs) {
    const rec = parseLine(1, Buffer.from(JSON.stringify({ id: 'x', text: run })), run.length, 1_000_000);
    assert.ok(rec);
    const raw = parseLine(2, Buffer.from(run), run.length, 1_000_000);
    assert.ok(raw === undefined ? run.trim() === '' : 'rejected' in raw);
  }
});
