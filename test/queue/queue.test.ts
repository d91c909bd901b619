import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { startScriptedServer, type ScriptedServer } from '../llm/scripted-server.js';
import {
  ensureBuilt,
  freePort,
  inventedDocs,
  parseLines,
  redisSkipReason,
  runSplice,
  spawnSplice,
  startRedis,
  toJsonl,
  until,
  type RedisServer,
  type Spawned,
} from './helpers.js';

/**
 * `splice queue submit|status|collect|dead|retry|purge` and `splice worker`
 * against a real Redis: SPLICE_REDIS_URL when set (.ci/run starts one), else a
 * redis-server of the test's own on a free loopback port. Each test uses its
 * own key prefix.
 */

// A server named by SPLICE_REDIS_URL needs no local redis-server.
const skip = process.env.SPLICE_REDIS_URL ? false : redisSkipReason();
const dir = mkdtempSync(join(tmpdir(), 'splice-queue-'));
let redis: RedisServer | undefined;
let url = process.env.SPLICE_REDIS_URL ?? '';
const children: Spawned[] = [];
let prefixes = 0;

before(async () => {
  if (skip) return;
  ensureBuilt();
  if (!url) {
    redis = await startRedis({ dir: join(dir, 'redis'), aof: false });
    url = redis.url;
  }
});

after(async () => {
  for (const c of children) await c.kill();
  await redis?.stop();
});

function envFor(prefix: string): NodeJS.ProcessEnv {
  return { SPLICE_REDIS_URL: url, SPLICE_QUEUE_PREFIX: prefix, SPLICE_HASH_KEY: '', SPLICE_RUN: '' };
}

function newPrefix(): string {
  return `test-${process.pid}-${Date.now()}-${prefixes++}`;
}

function worker(env: NodeJS.ProcessEnv, args: string[]): Spawned {
  const w = spawnSplice(['worker', '--log-interval', '0', '--concurrency', '1', ...args], env);
  children.push(w);
  return w;
}

function scrape(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/metrics' }, (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

function metricValue(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  assert.ok(line, `${name}{${labels}} in the metrics`);
  return Number(line.split(' ').pop());
}

function openTestQueue(prefix: string, run: string): Queue {
  const q = new Queue(run, { connection: { url }, prefix });
  q.on('error', () => undefined);
  return q;
}

test('two workers: collect writes one line per input in input order, identical to batch mode; submit and collect are idempotent; metrics count the work', { skip, timeout: 300_000 }, async () => {
  const prefix = newPrefix();
  const env = envFor(prefix);
  const docs = inventedDocs(120, 'q');
  const lines = docs.map((d) => JSON.stringify({ id: d.id, text: d.text }));
  lines.splice(30, 0, '{"id": "torn-line", "text": "Dr Emeric');
  lines.splice(91, 0, JSON.stringify({ id: 'no-text', note: 'nothing to read' }));
  const input = join(dir, 'two-workers.jsonl');
  writeFileSync(input, lines.join('\n') + '\n');

  const submitted = await runSplice(['queue', 'submit', '--run', 'notes', '--shard-size', '8', input], env);
  assert.equal(submitted.code, 0, submitted.stderr);
  assert.match(submitted.stderr, /122 documents in 16 shards submitted to redis:\/\/127\.0\.0\.1:\d+ \(16 queued\)/);

  const before = await runSplice(['queue', 'status', '--run', 'notes', '--json'], env);
  assert.equal(before.code, 0, before.stderr);
  const s0 = JSON.parse(before.stdout);
  assert.equal(s0.documents, 122);
  assert.equal(s0.done, 0);
  assert.equal(s0.shards.pending, 16);
  assert.equal(s0.finished, false);
  const early = await runSplice(['queue', 'collect', '--run', 'notes'], env);
  assert.equal(early.code, 1, 'collect refuses an unfinished run without --wait');
  assert.match(early.stderr, /not finished/);

  const workers = [worker(env, ['--run', 'notes', '--metrics-port', '0']), worker(env, ['--run', 'notes', '--metrics-port', '0'])];
  const ports = await Promise.all(
    workers.map((w) => until('the metrics address', 60_000, () => /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(w.stderr())?.[1]).then(Number)),
  );

  const out = join(dir, 'two-workers.out.jsonl');
  const collected = await runSplice(['queue', 'collect', '--run', 'notes', '--wait', '--timeout', '240', '-o', out], env);
  assert.equal(collected.code, 3, `exit 3: two input lines were rejected\n${collected.stderr}`);
  const text = readFileSync(out, 'utf8');
  const result = parseLines(text);
  assert.equal(result.length, lines.length);
  assert.deepEqual(
    result.map((r) => r.id),
    lines.map((l, k) => (k === 30 ? null : (JSON.parse(l) as { id: string }).id)),
  );
  assert.deepEqual(result[30], { id: null, line: 31, error: 'invalid JSON' });
  assert.deepEqual(result[91], { id: 'no-text', line: 92, error: 'missing or non-string "text"' });
  for (const d of docs) {
    const r = result.find((x) => x.id === d.id)!;
    assert.ok(!(r.text as string).includes(d.name), `${d.id}: name removed`);
  }

  // The same bytes as one machine's batch mode.
  const batch = await runSplice(['redact', '--jsonl', input, '--jobs', '1'], env);
  assert.equal(batch.stdout, text);

  // Collect again: the same file.
  const again = await runSplice(['queue', 'collect', '--run', 'notes', '-o', out], env);
  assert.equal(again.code, 3);
  assert.equal(readFileSync(out, 'utf8'), text);

  // Metrics: the two workers together processed every document once.
  const scraped = await Promise.all(ports.map(scrape));
  const sum = (outcome: string) => scraped.reduce((n, m) => n + metricValue(m, 'splice_worker_documents_total', `run="notes",outcome="${outcome}"`), 0);
  assert.equal(sum('ok'), 120);
  assert.equal(sum('input_error'), 2);
  assert.match(scraped[0], /# TYPE splice_worker_documents_total counter/);
  assert.equal(metricValue(scraped[0], 'splice_run_documents_done', 'run="notes"'), 122);
  assert.equal(metricValue(scraped[0], 'splice_queue_up', 'run="notes"'), 1);

  // Submitting the same input again queues nothing; other settings or another input are refused.
  const resubmit = await runSplice(['queue', 'submit', '--run', 'notes', '--shard-size', '8', input], env);
  assert.equal(resubmit.code, 0, resubmit.stderr);
  assert.match(resubmit.stderr, /\(0 queued, 16 already done\)/);
  const otherSettings = await runSplice(['queue', 'submit', '--run', 'notes', '--shard-size', '9', input], env);
  assert.equal(otherSettings.code, 2);
  assert.match(otherSettings.stderr, /exists with other settings/);
  const otherInput = join(dir, 'other.jsonl');
  writeFileSync(otherInput, toJsonl(inventedDocs(3, 'other')));
  const otherFile = await runSplice(['queue', 'submit', '--run', 'notes', '--shard-size', '8', otherInput], env);
  assert.equal(otherFile.code, 3);
  assert.match(otherFile.stderr, /input differs/);

  const status = await runSplice(['queue', 'status'], env);
  assert.match(status.stdout, /run notes: redact, finished\n {2}documents: 122 of 122 done \(100\.0%\), 0 dead\n {2}shards: +0 pending, 0 active, 0 retrying, 0 dead \(of 16\)/);

  // SIGTERM: a worker finishes what it holds and exits 0.
  for (const w of workers) {
    w.child.kill('SIGTERM');
    assert.equal(await w.exited, 0, w.stderr());
    assert.doesNotMatch(w.stderr(), /Emeric|example\.org|555-/, 'workers never log document text');
  }

  const purge = await runSplice(['queue', 'purge', '--run', 'notes', '--yes'], env);
  assert.equal(purge.code, 0, purge.stderr);
  const gone = await runSplice(['queue', 'status', '--run', 'notes'], env);
  assert.equal(gone.code, 2);
  assert.match(gone.stderr, /no run "notes"/);
});

test('a submission killed half way resumes when run again, and every document comes out once', { skip, timeout: 300_000 }, async () => {
  const prefix = newPrefix();
  const env = envFor(prefix);
  const docs = inventedDocs(200, 'r');
  const full = toJsonl(docs);
  const input = join(dir, 'resume.jsonl');
  writeFileSync(input, full);

  // The first submission reads stdin; it is killed after its first batch of shards is queued.
  const first = spawnSplice(['queue', 'submit', '--run', 'resume', '--shard-size', '2'], env);
  children.push(first);
  first.child.stdin!.write(docs.slice(0, 130).map((d) => JSON.stringify({ id: d.id, text: d.text }) + '\n').join(''));
  const q = openTestQueue(prefix, 'resume');
  try {
    await until('the first shards on the queue', 60_000, async () => ((await q.getJobCounts('wait')).wait >= 50 ? true : undefined), 100);
    await first.kill('SIGKILL');
    const interrupted = JSON.parse((await runSplice(['queue', 'status', '--run', 'resume', '--json'], env)).stdout);
    assert.equal(interrupted.state, 'submitting');
    assert.equal(interrupted.documents, undefined);

    const second = await runSplice(['queue', 'submit', '--run', 'resume', '--shard-size', '2', input], env);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /resuming an interrupted submission/);
    assert.match(second.stderr, /200 documents in 100 shards/);
    assert.equal((await q.getJobCounts('wait')).wait, 100, 'the shards queued before the kill were not queued twice');
  } finally {
    await q.close();
  }

  const w = worker(env, ['--run', 'resume', '--exit-when-done']);
  const out = join(dir, 'resume.out.jsonl');
  const collected = await runSplice(['queue', 'collect', '--run', 'resume', '--wait', '--timeout', '240', '-o', out], env);
  assert.equal(collected.code, 0, collected.stderr);
  assert.equal(await w.exited, 0, 'the worker exits by itself once the run is done');
  const ids = parseLines(readFileSync(out, 'utf8')).map((r) => r.id);
  assert.deepEqual(
    ids,
    docs.map((d) => d.id),
  );
});

test('a document that keeps failing is dead-lettered after its attempts, reported by collect, and `queue retry` finishes it', { skip, timeout: 300_000 }, async () => {
  const prefix = newPrefix();
  const env = envFor(prefix);
  const docs = inventedDocs(12, 'l');
  // Invented surnames the scripted LLM server reacts to: one fails every time, one only at its first request.
  docs[5].text = 'Discharge summary for Ottoline Quillfeather, seen on 3 June 2022.';
  docs[9].text = 'Letter to Bartholomew Brackenbury about his appointment on 8 July 2022.';
  const input = join(dir, 'dead.jsonl');
  writeFileSync(input, toJsonl(docs));

  let phase: 'failing' | 'healthy' = 'failing';
  let transientFailures = 0;
  const server: ScriptedServer = await startScriptedServer((request) => {
    if (phase === 'failing' && request.chunk.includes('Quillfeather')) return { status: 500, content: 'internal error' };
    if (request.chunk.includes('Brackenbury') && transientFailures === 0) {
      transientFailures++;
      return { status: 503, content: 'busy' };
    }
    return { content: JSON.stringify({ elements: [] }) };
  });
  try {
    const llm = ['--llm', '--llm-base-url', server.baseUrl, '--llm-model', 'scripted', '--llm-retries', '0', '--llm-timeout', '5000'];
    const submitted = await runSplice(['queue', 'submit', '--run', 'llm', '--shard-size', '4', '--attempts', '2', '--backoff', '200', ...llm, input], env);
    assert.equal(submitted.code, 0, submitted.stderr);

    const w1 = worker(env, ['--run', 'llm', '--exit-when-done']);
    assert.equal(await w1.exited, 0, w1.stderr());
    assert.match(w1.stderr(), /shard-1 failed \(attempt 1 of 2\): 1 of 4 documents failed: detector "llm" failed.*retrying after back-off/);
    assert.match(w1.stderr(), /shard-1 failed \(attempt 2 of 2\).*moved to the dead-letter set/);
    assert.doesNotMatch(w1.stderr(), /Quillfeather|Ottoline/);

    const status = JSON.parse((await runSplice(['queue', 'status', '--run', 'llm', '--json'], env)).stdout);
    assert.equal(status.done, 11, 'the other documents of the dead shard have their results');
    assert.equal(status.deadDocuments, 1);
    assert.equal(status.shards.dead, 1);
    assert.equal(status.finished, true);

    const dead = await runSplice(['queue', 'dead', '--run', 'llm', '--json'], env);
    const listed = parseLines(dead.stdout);
    assert.equal(listed.length, 1);
    assert.equal(listed[0].id, 'l-5');
    assert.equal(listed[0].line, 6);
    assert.equal(listed[0].attempts, 2);
    assert.match(String(listed[0].reason), /detector "llm" failed/);

    const out = join(dir, 'dead.out.jsonl');
    const collected = await runSplice(['queue', 'collect', '--run', 'llm', '-o', out], env);
    assert.equal(collected.code, 1, 'a dead-lettered document is a processing error');
    const lines = parseLines(readFileSync(out, 'utf8'));
    assert.equal(lines.length, 12, 'the dead document still has its line');
    assert.equal(lines[5].id, 'l-5');
    assert.match(String(lines[5].error), /^dead-lettered after 2 attempts: 1 of 4 documents failed: detector "llm" failed/);
    assert.equal(lines[5].text, undefined, 'fail closed: no text for it');
    assert.equal(lines[9].id, 'l-9');
    assert.equal(typeof lines[9].text, 'string', 'the transient failure was retried and succeeded');
    assert.equal(lines.filter((l) => 'error' in l).length, 1);

    // The server recovers; retry queues the dead shard again, and only its missing document is sent.
    phase = 'healthy';
    const before = server.requests.length;
    const retried = await runSplice(['queue', 'retry', '--run', 'llm'], env);
    assert.equal(retried.code, 0, retried.stderr);
    assert.match(retried.stderr, /1 dead shards \(4 documents\) queued again/);
    const w2 = worker(env, ['--run', 'llm', '--exit-when-done']);
    assert.equal(await w2.exited, 0, w2.stderr());
    const sent = server.requests.slice(before);
    assert.equal(sent.length, 1);
    assert.ok(sent[0].chunk.includes('Quillfeather'));
    const final = await runSplice(['queue', 'collect', '--run', 'llm', '-o', out], env);
    assert.equal(final.code, 0, final.stderr);
    const finalLines = parseLines(readFileSync(out, 'utf8'));
    assert.deepEqual(
      finalLines.map((l) => l.id),
      docs.map((d) => d.id),
    );
    assert.ok(finalLines.every((l) => typeof l.text === 'string' && !('error' in l)));
    assert.ok(!(finalLines[5].text as string).includes('Quillfeather'));
  } finally {
    await server.close();
  }
});

test('configuration errors are clear: unreachable Redis (no password printed), a worker without the hash key, secrets on submit', { skip, timeout: 120_000 }, async () => {
  const prefix = newPrefix();
  const env = envFor(prefix);
  const closed = await freePort();
  const started = Date.now();
  const unreachable = await runSplice(['queue', 'status', '--redis-url', `redis://someone:hunter2@127.0.0.1:${closed}`], env);
  assert.equal(unreachable.code, 1);
  assert.match(unreachable.stderr, new RegExp(`cannot reach Redis at redis://127\\.0\\.0\\.1:${closed}`));
  assert.doesNotMatch(unreachable.stderr, /hunter2|someone/);
  assert.ok(Date.now() - started < 60_000);

  const input = join(dir, 'hash.jsonl');
  writeFileSync(input, toJsonl(inventedDocs(3, 'h')));
  const secret = await runSplice(['queue', 'submit', '--run', 'hashed', '--operator', 'hash', '--hash-key', 'k3y', input], env);
  assert.equal(secret.code, 2);
  assert.match(secret.stderr, /never stored in Redis/);
  const submitted = await runSplice(['queue', 'submit', '--run', 'hashed', '--operator', 'hash', input], env);
  assert.equal(submitted.code, 0, submitted.stderr);
  const keyless = await runSplice(['worker', '--run', 'hashed', '--log-interval', '0'], env);
  assert.equal(keyless.code, 2);
  assert.match(keyless.stderr, /hash operator needs a secret key/);
  const badName = await runSplice(['queue', 'status', '--run', 'no spaces'], env);
  assert.equal(badName.code, 2);
  assert.match(badName.stderr, /invalid run name/);
});
