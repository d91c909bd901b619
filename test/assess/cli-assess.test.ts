import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

async function run(argv: string[], stdin: string): Promise<{ code: number; out: string }> {
  const input = new PassThrough();
  input.end(stdin);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (c) => (out += c));
  stderr.resume();
  const code = await runCli(argv, { stdin: input, stdout, stderr, env: {} });
  return { code, out };
}

const NOTE = 'Dr. Maria Lopez, 42, is a pharmacist in Pittsfield, MA. Call her at 413-555-0182.\n';

test('splice assess prints the per-element table and the document k', async () => {
  const { code, out } = await run(['assess'], NOTE);
  assert.equal(code, 0);
  assert.match(out, /Pool size 10,000/);
  assert.match(out, /CONTACT\s+direct\s+1\s+yes/);
  assert.match(out, /Document k/);
  assert.match(out, /--policy identifying keeps/);
});

test('splice assess --jsonl writes one record per input line, with the assessment', async () => {
  const lines = [JSON.stringify({ id: 'a', text: NOTE }), '', JSON.stringify({ id: 'b', text: 'Nothing here.' }), 'not json'].join('\n');
  const { code, out } = await run(['assess', '--jsonl', '--pool-size', '1000'], lines);
  const records = out.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(records.length, 3);
  assert.equal(records[0].id, 'a');
  assert.equal(records[0].poolSize, 1000);
  assert.ok(Array.isArray(records[0].elements) && records[0].elements.length > 0);
  assert.deepEqual(records[1].elements, []);
  assert.ok(records[2].error);
  assert.equal(code, 3, 'a line that is not JSON is bad input');
});

test('redact --policy identifying keeps harmless elements and redacts the rest', async () => {
  const text = 'The patient was seen in Boston for type 2 diabetes. Call 413-555-0182.';
  const all = await run(['redact'], text);
  const some = await run(['redact', '--policy', 'identifying'], text);
  assert.equal(all.code, 0);
  assert.equal(some.code, 0);
  // --policy all redacts the city and the condition; --policy identifying keeps both (millions share
  // them), and still removes the phone number, which identifies alone.
  for (const kept of ['Boston', 'type 2 diabetes']) {
    assert.ok(!all.out.includes(kept), `--policy all redacts ${kept}: ${all.out}`);
    assert.ok(some.out.includes(kept), `--policy identifying keeps ${kept}: ${some.out}`);
  }
  for (const out of [all.out, some.out]) assert.ok(!out.includes('413-555-0182') && out.includes('[CONTACT]'), out);
});

test('assess --jsonl: a rejected line is an input error (exit 3), as the README documents', async () => {
  const lines = [JSON.stringify({ id: 'ok', text: NOTE }), '{"id": "broken", "text": ', JSON.stringify({ id: 'no-text' })].join('\n');
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (c) => (err += c));
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c) => (out += c));
  const input = new PassThrough();
  input.end(lines);
  const code = await runCli(['assess', '--jsonl'], { stdin: input, stdout, stderr, env: {} });
  assert.equal(code, 3);
  const records = out.trim().split('\n').map((l) => JSON.parse(l) as { id: string | null; error?: string; elements?: unknown[] });
  assert.equal(records.length, 3);
  assert.ok(records[0].elements && records[0].elements.length > 0, 'the good line is still assessed');
  assert.equal(records[1].error, 'invalid JSON');
  assert.match(records[2].error ?? '', /text/);
  assert.match(err, /2 of 3 lines failed \(2 input, 0 processing\)/);
  // A file that is not there is an input error too.
  assert.equal((await run(['assess', '--jsonl', '/nonexistent/splice-input.jsonl'], '')).code, 3);
});
