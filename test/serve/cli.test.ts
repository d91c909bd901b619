import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/program.js';
import { PassThrough } from 'node:stream';
import { call, postOversized, TOKEN } from './helpers.js';

/**
 * `splice serve` as a user runs it, in a child process: every byte it writes
 * (the JSON log on stdout, messages on stderr) is captured, and none of the
 * invented PII sent to it may appear there; SIGTERM finishes the request in
 * flight before the process exits 0.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const PII = ['Ottoline Marchbanks', 'ottoline.m@example.org', '0161 496 0593', 'Quillon Terrace', 'Marchbanks-Reviewer', 'Thaddeus Oakhurst'];
const NOTE = `Ms. Ottoline Marchbanks of 12 Quillon Terrace (ottoline.m@example.org, 0161 496 0593) asked about her claim.`;

interface Child {
  proc: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
}

function startChild(dir: string, extra: string[] = []): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'serve', '--port', '0', '--jobs', '1', '--db', join(dir, 'review.sqlite'), ...extra], {
    cwd: ROOT,
    env: { ...process.env, SPLICE_API_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in time:\n${out}`)), 120_000);
    const check = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stderr!.on('data', check);
    proc.on('exit', () => reject(new Error(`exited before listening:\n${out}`)));
  });
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, url, exit };
}

test('no PII in the log: bodies, query strings, reviewer names, parser errors and size errors stay out', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'splice-serve-'));
  const child = startChild(dir);
  try {
    const base = await child.url;
    assert.equal((await call(base, 'POST', '/v1/detect', { body: { text: NOTE } })).status, 200);
    assert.equal((await call(base, 'POST', '/v1/redact', { body: { id: 'Thaddeus Oakhurst', text: NOTE } })).status, 200);
    assert.equal((await call(base, 'POST', '/v1/assess', { body: { text: NOTE } })).status, 200);
    assert.equal((await call(base, 'GET', `/api/projects?q=${encodeURIComponent(NOTE)}`)).status, 200);
    assert.equal((await call(base, 'POST', '/v1/detect', { raw: `{"text": "${NOTE}` })).status, 400);
    assert.equal((await call(base, 'POST', '/v1/detect', { body: { text: NOTE, 'Ottoline Marchbanks': 1 } })).status, 400);
    assert.equal((await call(base, 'POST', '/v1/detect', { body: { text: NOTE }, token: null })).status, 401);
    assert.equal(await postOversized(base, '/v1/detect', JSON.stringify({ text: `${NOTE} ${'z'.repeat(17 * 1024 * 1024)}` })), 413);
    const project = await call(base, 'POST', '/api/projects', { body: { name: 'Claims of Ottoline Marchbanks' } });
    const upload = await call(base, 'POST', `/api/projects/${project.body.id}/documents`, { body: { filename: 'Ottoline Marchbanks.txt', content: NOTE } });
    assert.equal(upload.status, 200);
    const docId = upload.body.documents[0].id;
    const reviewer = encodeURIComponent('Marchbanks-Reviewer');
    const review = await call(base, 'POST', `/api/documents/${docId}/reviews/${reviewer}`);
    assert.equal(review.status, 200);
    const bad = await call(base, 'POST', `/api/documents/${docId}/reviews/${reviewer}/spans`, { body: { start: 0, end: 99_999, label: 'PERSON_NAME' } });
    assert.equal(bad.status, 400);
    child.proc.kill('SIGTERM');
    assert.equal(await child.exit, 0);
  } finally {
    child.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  const log = child.output();
  // The log did record the requests (method, route pattern, status) ...
  assert.match(log, /"route":"\/v1\/redact","status":200/);
  assert.match(log, /"route":"\/api\/documents\/:documentId\/reviews\/:reviewer\/spans","status":400/);
  assert.match(log, /"code":"BODY_TOO_LARGE","status":413/);
  // ... and nothing of what was sent.
  for (const value of PII) assert.ok(!log.includes(value), `the log must not contain ${JSON.stringify(value)}`);
  assert.ok(!log.includes('Ottoline'), 'not even a first name');
  assert.ok(!log.includes('ottoline'), 'nor the email in another case');
});

test('SIGTERM: the request in flight gets its answer, then the process exits 0', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'splice-serve-'));
  const child = startChild(dir);
  try {
    const base = await child.url;
    // About two seconds of engine work (the engine is linear in the text).
    const long = Array.from({ length: 500 }, (_, i) => `Visit ${i}: Mr. Ansel Brightwater of ${i + 4} Quarry Lane phoned 0161 496 ${String(1000 + i)}.`).join('\n');
    const inflight = call(base, 'POST', '/v1/redact', { body: { text: long } });
    await new Promise((r) => setTimeout(r, 400));
    child.proc.kill('SIGTERM');
    const answer = await inflight;
    assert.equal(answer.status, 200);
    assert.ok(!answer.body.text.includes('Brightwater'));
    assert.equal(await child.exit, 0);
    await assert.rejects(fetch(`${base}/healthz`));
    assert.match(child.output(), /SIGTERM: finishing the requests in flight/);
    assert.match(child.output(), /splice serve: stopped/);
  } finally {
    child.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('splice serve refuses to start without a token, or with a short one (usage error, exit 2)', async () => {
  const io = () => ({ stdin: new PassThrough(), stdout: new PassThrough(), stderr: Object.assign(new PassThrough(), { isTTY: false }), env: {} as NodeJS.ProcessEnv });
  const none = io();
  let err = '';
  none.stderr.on('data', (c: Buffer) => (err += c.toString()));
  assert.equal(await runCli(['serve', '--port', '0'], none), 2);
  assert.match(err, /needs an API token: --token TOKEN or the environment variable SPLICE_API_TOKEN/);
  const short = io();
  err = '';
  short.stderr.on('data', (c: Buffer) => (err += c.toString()));
  assert.equal(await runCli(['serve', '--port', '0', '--token', 'abc'], short), 2);
  assert.match(err, /at least 16 characters/);
  const badDb = io();
  err = '';
  badDb.stderr.on('data', (c: Buffer) => (err += c.toString()));
  assert.equal(await runCli(['serve', '--token', TOKEN, '--database-url', 'mysql://x'], badDb), 2);
  assert.match(err, /postgres:\/\//);
});
