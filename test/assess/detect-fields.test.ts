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

const NOTE = 'Mr. Okafor works as a nurse in Bavaria. Call him on 413-555-0117.';

test('splice detect --jsonl: each span carries its verdict alone, in combination, the redaction and its reason', async () => {
  const { code, out } = await run(['detect', '--jsonl'], `${JSON.stringify({ id: 'n1', text: NOTE })}\n`);
  assert.equal(code, 0);
  const record = JSON.parse(out.trim());
  const byText = new Map<string, Record<string, unknown>>(record.spans.map((s: Record<string, unknown>) => [s.text as string, s]));
  const nurse = byText.get('nurse');
  assert.ok(nurse, 'the job title is detected');
  assert.equal(nurse.identifying, false);
  assert.equal(nurse.redact, true);
  assert.equal(nurse.redactReason, 'category HIGH is always redacted');
  assert.equal(typeof nurse.identifyingInCombination, 'boolean');
  assert.ok((nurse.population as number) > 10_000);
  const bavaria = byText.get('Bavaria');
  assert.ok(bavaria, 'the region is detected');
  assert.equal(bavaria.identifying, false);
  assert.match(bavaria.basis as string, /Bavaria \(Germany\)/);
  const phone = [...byText.values()].find((s) => s.label === 'CONTACT');
  assert.ok(phone);
  assert.equal(phone.identifying, true);
  assert.equal(phone.redactReason, 'direct identifier');
});

test('splice redact --policy identifying keeps a harmless region in clear and leaves no reason or estimate in its output', async () => {
  const { code, out } = await run(['redact', '--policy', 'identifying'], NOTE);
  assert.equal(code, 0);
  assert.match(out, /Bavaria/);
  assert.doesNotMatch(out, /413-555-0117/);
  assert.doesNotMatch(out, /\bnurse\b/);
});

test('splice assess prints each verdict (alone, combined, redacted), the basis, the reason and the document k', async () => {
  const { code, out } = await run(['assess'], NOTE);
  assert.equal(code, 0);
  assert.match(out, /identifying combined redacted/);
  assert.match(out, /EMPLOYMENT_EDUCATION\s+occupation\s+[\d,]+\s+no\s+(?:yes|no)\s+yes\s+nurse.*category HIGH is always redacted/);
  assert.match(out, /LOCATION\s+place\s+[\d,]+\s+no\s+no\s+no\s+Bavaria/);
  assert.match(out, /the elements not identifying alone \(any category\): /);
  assert.match(out, /Document k/);
});
