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
  assert.notEqual(code, 0);
});

test('redact --policy identifying keeps harmless elements and redacts the rest', async () => {
  const text = 'The patient was seen in Boston for type 2 diabetes. Call 413-555-0182.';
  const all = await run(['redact'], text);
  const some = await run(['redact', '--policy', 'identifying'], text);
  assert.equal(all.code, 0);
  assert.equal(some.code, 0);
  assert.doesNotMatch(all.out, /413-555-0182/);
  assert.doesNotMatch(some.out, /413-555-0182/);
  assert.ok(some.out.length >= all.out.length - 5);
});
