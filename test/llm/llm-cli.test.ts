import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { elements, startScriptedServer, type ScriptedServer } from './scripted-server.js';

/** The built CLI with --llm against a scripted chat-completions server on loopback. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/src/cli/index.js');
const dir = mkdtempSync(join(tmpdir(), 'splice-llm-cli-'));
// "quilting" is a hobby no built-in detector knows: only the scripted model reports it (as a TRAIT).
const NOTE = 'She spends every weekend quilting with her sister and never misses a session.\n';

let ok: ScriptedServer;
let down: ScriptedServer;
before(async () => {
  if (!existsSync(cli)) spawnSync('npx', ['tsc', '-p', '.'], { cwd: root, stdio: 'ignore' });
  writeFileSync(join(dir, 'note.txt'), NOTE);
  writeFileSync(join(dir, 'batch.jsonl'), ['a', 'b', 'c'].map((id) => JSON.stringify({ id, text: NOTE })).join('\n') + '\n');
  ok = await startScriptedServer(() => elements(['quilting', 'TRAIT']));
  down = await startScriptedServer(() => ({ status: 503, raw: '{}' }));
});
after(async () => {
  await ok.close();
  await down.close();
});

/** Asynchronous spawn: the scripted server lives in this process and must keep answering. */
function splice(args: string[], baseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args, '--llm', '--llm-base-url', baseUrl, '--llm-model', 'scripted', '--llm-retries', '1'], {
      cwd: root,
      env: { ...process.env, SPLICE_LLM_BASE_URL: '', SPLICE_LLM_MODEL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('redact --llm removes what only the model found', async () => {
  const r = await splice(['redact', join(dir, 'note.txt')], ok.baseUrl);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'She spends every weekend [TRAIT] with her sister and never misses a session.\n');
  const d = await splice(['detect', '--compact', join(dir, 'note.txt')], ok.baseUrl);
  const spans = JSON.parse(d.stdout).spans as Array<{ label: string; source: string }>;
  assert.ok(spans.some((s) => s.label === 'TRAIT' && s.source.includes('llm')));
});

test('a failing LLM server fails closed: no text printed, exit 1, the document named', async () => {
  const r = await splice(['redact', join(dir, 'note.txt')], down.baseUrl);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /note\.txt/);
  assert.match(r.stderr, /llm/);
  assert.ok(!r.stderr.includes('quilting'));
});

test('batch mode fails closed per line; degrade mode warns per document and continues', async () => {
  const closed = await splice(['redact', '--jsonl', join(dir, 'batch.jsonl'), '--jobs', '2'], down.baseUrl);
  const lines = closed.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; error?: string; text?: string });
  assert.deepEqual(lines.map((l) => l.id), ['a', 'b', 'c']);
  for (const l of lines) {
    assert.ok(l.error, 'each line reports the failure');
    assert.equal(l.text, undefined, 'and carries no text');
  }
  assert.equal(closed.code, 1);
  const degraded = await splice(['redact', '--on-llm-error', 'degrade', join(dir, 'note.txt')], down.baseUrl);
  assert.equal(degraded.code, 0);
  assert.equal(degraded.stdout, NOTE);
  assert.match(degraded.stderr, /warning: LLM detector failed/);
});

test('--llm without a server address is a usage error', () => {
  const r = spawnSync(process.execPath, [cli, 'detect', '--llm', join(dir, 'note.txt')], { encoding: 'utf8', env: { ...process.env, SPLICE_LLM_BASE_URL: '', SPLICE_LLM_MODEL: '' } });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /base URL/);
});

/** A loopback address where nothing listens: a server is started on a free port and closed again. */
async function refusedBaseUrl(): Promise<string> {
  const server = await startScriptedServer(() => elements());
  await server.close();
  return server.baseUrl;
}

test('eval --llm asks the server and scores what it found; eval prints its wall time', async () => {
  const text = NOTE.trimEnd();
  const start = text.indexOf('quilting');
  const gold = join(dir, 'gold.jsonl');
  writeFileSync(gold, JSON.stringify({ id: 'q1', text, spans: [{ start, end: start + 'quilting'.length, label: 'TRAIT', text: 'quilting' }] }) + '\n');
  const plain = spawnSync(process.execPath, [cli, 'eval', '--gold', gold, '--json'], { encoding: 'utf8' });
  assert.equal(plain.status, 0, plain.stderr);
  assert.equal(JSON.parse(plain.stdout).token.labelBlind.categories.TRAIT.fn, 1, 'without the model the trait is missed');
  assert.match(plain.stderr, /splice eval: wall time \d+\.\d s; engine: 1 documents/);

  const before = ok.requests.length;
  const r = await splice(['eval', '--gold', gold, '--json'], ok.baseUrl);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(ok.requests.length > before, 'the LLM server was called');
  assert.ok(ok.requests.slice(before).some((q) => q.chunk.includes('quilting')));
  const j = JSON.parse(r.stdout);
  assert.equal(j.token.labelBlind.categories.TRAIT.fn, 0, 'with the model the trait is found');
  assert.equal(j.run.llm.model, 'scripted');
  assert.equal(j.run.llm.requests, ok.requests.length - before);
  assert.equal(typeof j.run.wallSeconds, 'number');
  assert.match(r.stderr, /splice eval: wall time \d+\.\d s; engine: 1 documents, 0 KB in \d+\.\d s \([\d.]+ ms per KB\); LLM: \d+ requests, [\d,]+ tokens/);
});

test('a server that refuses connections: the error says where and what to check, never the text', async () => {
  const refused = await refusedBaseUrl();
  const expected = /detector "llm" failed: connection refused at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(is the server running\? see --llm-base-url\)/;
  const single = await splice(['redact', join(dir, 'note.txt')], refused);
  assert.equal(single.code, 1);
  assert.equal(single.stdout, '');
  assert.match(single.stderr, expected);
  assert.ok(!single.stderr.includes('quilting'));
  // Through worker threads (batch mode) the cause survives too.
  const batch = await splice(['detect', '--jsonl', join(dir, 'batch.jsonl'), '--jobs', '2'], refused);
  assert.equal(batch.code, 1);
  for (const line of batch.stdout.trim().split('\n')) assert.match((JSON.parse(line) as { error: string }).error, expected);
  // assess: one document and batch.
  const assess = await splice(['assess', join(dir, 'note.txt')], refused);
  assert.equal(assess.code, 1);
  assert.match(assess.stderr, expected);
  const assessBatch = await splice(['assess', '--jsonl', join(dir, 'batch.jsonl')], refused);
  assert.equal(assessBatch.code, 1);
  assert.match((JSON.parse(assessBatch.stdout.split('\n')[0]) as { error: string }).error, expected);
  assert.ok(!assessBatch.stdout.includes('quilting') && !assessBatch.stderr.includes('quilting'));
});

test('an HTTP error names the status, the URL and what to check', async () => {
  const r = await splice(['redact', join(dir, 'note.txt')], down.baseUrl);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /detector "llm" failed: http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered HTTP 503 \(server error: see the server's log\); gave up after 2 attempts/);
  const missing = await startScriptedServer(() => ({ status: 404, raw: '{}' }));
  try {
    const notFound = await splice(['redact', join(dir, 'note.txt')], missing.baseUrl);
    assert.match(notFound.stderr, /answered HTTP 404 \(check that --llm-base-url ends in \/v1 and that --llm-model names a model the server serves\)/);
  } finally {
    await missing.close();
  }
});
