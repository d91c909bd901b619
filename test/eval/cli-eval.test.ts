import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'splice-eval-cli-'));

async function splice(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (b: Buffer) => out.push(b));
  stderr.on('data', (b: Buffer) => err.push(b));
  const code = await runCli(args, { stdin: Readable.from([]), stdout, stderr, env: {} });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

const docs = [
  { id: 'm1', domain: 'messages', text: 'Hi, this is Priya Raman. Call me at (617) 555-0147 or write to priya.raman@example.com.', spans: [] as object[] },
  { id: 'm2', domain: 'hr', text: 'The weather in the office was pleasant all week.', spans: [] as object[] },
];
const mark = (d: (typeof docs)[number], s: string, label: string) => {
  const start = d.text.indexOf(s);
  d.spans.push({ start, end: start + s.length, label, text: s });
};
mark(docs[0], 'Priya Raman', 'PERSON_NAME');
mark(docs[0], '(617) 555-0147', 'CONTACT');
mark(docs[0], 'priya.raman@example.com', 'CONTACT');
const gold = join(dir, 'gold.jsonl');
writeFileSync(gold, docs.map((d) => JSON.stringify(d)).join('\n'));
const pred = join(dir, 'pred.jsonl');
writeFileSync(pred, [JSON.stringify({ id: 'm1', spans: [{ start: 12, end: 23, label: 'PERSON_NAME' }] }), JSON.stringify({ id: 'm2', spans: [] })].join('\n'));

test('splice eval --pred --json: stable field names, every figure', async () => {
  const r = await splice(['eval', '--gold', gold, '--pred', pred, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.schema, 'splice-eval/1');
  assert.equal(j.run.predictions, pred);
  assert.deepEqual(Object.keys(j).sort(), ['byDocument', 'byDomain', 'confusion', 'corpus', 'entity', 'errors', 'identifierTypes', 'run', 'schema', 'specification', 'token'].sort());
  const overall = j.token.labelBlind.overall;
  assert.deepEqual(Object.keys(overall), ['tp', 'fp', 'fn', 'tn', 'support', 'predicted', 'sensitivity', 'specificity', 'fnr', 'fpr', 'ppv', 'npv', 'f1', 'f2']);
  assert.deepEqual(Object.keys(overall.fnr), ['value', 'low', 'high']);
  assert.equal(overall.tp, 2);
  assert.equal(overall.fn, 7, 'missed: 617 · 555 · 0147 and priya · raman · example · com');
  assert.deepEqual(Object.keys(j.specification.token[0]), ['level', 'target', 'support', 'missed', 'fnr', 'verdict', 'conclusive', 'requiredSupport']);
  assert.deepEqual(Object.keys(j.entity), ['exact', 'partial']);
  assert.ok(j.token.labelAware.categories.CONTACT);
  assert.equal(j.identifierTypes, null);
  assert.equal(j.byDocument.length, 2);
  assert.ok(!r.stdout.includes('Priya'), 'no corpus text in the JSON');
});

test('splice eval runs the engine without --pred; the table starts with the level verdicts', async () => {
  const r = await splice(['eval', '--gold', gold, '--profile', 'recall']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0], /2 documents/);
  assert.match(lines[2], /^level\s+target/);
  assert.match(lines[3], /^HIGH\s.*(PASS|FAIL)/);
  assert.match(lines[4], /^MEDIUM\s.*(PASS|FAIL)/);
  assert.match(lines[5], /^LOW\s.*(PASS|FAIL)/);
  assert.ok(!r.stdout.includes('Priya'), 'the terminal table never prints corpus text');
  // The wall time, as the README says (on stderr, so the table stays machine-comparable).
  assert.match(r.stderr, /^splice eval: wall time \d+\.\d s; engine: 2 documents, 0 KB in \d+\.\d s \([\d.]+ ms per KB\)$/m);
  const json = await splice(['eval', '--gold', gold, '--json']);
  const run = JSON.parse(json.stdout).run;
  assert.equal(typeof run.wallSeconds, 'number');
  assert.ok(run.engineSeconds > 0 && run.engineSeconds <= run.wallSeconds);
  const scored = await splice(['eval', '--gold', gold, '--pred', pred]);
  assert.match(scored.stderr, /^splice eval: wall time \d+\.\d s$/m);
  const byDomain = await splice(['eval', '--gold', gold, '--pred', pred, '--by', 'domain']);
  assert.match(byDomain.stdout, /^messages\s/m);
  const byDoc = await splice(['eval', '--gold', gold, '--pred', pred, '--by', 'document']);
  assert.match(byDoc.stdout, /^m2\s/m);
});

test('splice eval --report writes one self-contained HTML file', async () => {
  const file = join(dir, 'report.html');
  const r = await splice(['eval', '--gold', gold, '--pred', pred, '--report', file]);
  assert.equal(r.code, 0, r.stderr);
  const html = readFileSync(file, 'utf8');
  assert.match(html, /Content-Security-Policy/);
  assert.match(html, /Chart\.js v4/i);
  assert.ok(!/<script[^>]+src=|<link[^>]+href=["']?https?:/i.test(html), 'no external resources');
  assert.match(html, /<mark class="miss">\(617\) 555-0147<\/mark>/);
  assert.match(r.stderr, /handle it as PII/);
});

test('splice eval: input and usage errors', async () => {
  assert.equal((await splice(['eval', '--gold', join(dir, 'missing.jsonl')])).code, 3);
  const bad = join(dir, 'bad.jsonl');
  writeFileSync(bad, '{"id": "x", "text": "Jane Roe", "spans": [{"start": 0, "end": 99, "label": "PERSON_NAME"}]}');
  const r = await splice(['eval', '--gold', bad, '--pred', pred]);
  assert.equal(r.code, 3);
  assert.match(r.stderr, /line 1, span 1/);
  assert.ok(!r.stderr.includes('Jane'));
  assert.equal((await splice(['eval'])).code, 2);
  assert.equal((await splice(['eval', '--gold', gold, '--by', 'nonsense'])).code, 2);
  assert.equal((await splice(['eval', '--gold', gold, '--profile', 'nonsense'])).code, 2);
});
