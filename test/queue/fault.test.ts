import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  ensureBuilt,
  inventedDocs,
  parseLines,
  redisSkipReason,
  runSplice,
  sleep,
  spawnSplice,
  startRedis,
  toJsonl,
  until,
  type RedisServer,
  type Spawned,
} from './helpers.js';

/**
 * The fault test of the queue mode: a worker is SIGKILLed while it holds a
 * shard, then Redis itself is SIGKILLed and restarted (append-only file with
 * fsync on every write, so the jobs survive), and the collected output still
 * has exactly one line per input document — none lost, none duplicated, in
 * input order. The test runs its own redis-server on a free loopback port.
 */

const skip = redisSkipReason();
const dir = mkdtempSync(join(tmpdir(), 'splice-fault-'));
let redis: RedisServer | undefined;
const children: Spawned[] = [];

before(() => {
  if (!skip) ensureBuilt();
});

after(async () => {
  for (const c of children) await c.kill();
  await redis?.stop();
});

test('SIGKILL a worker holding a shard, then SIGKILL and restart Redis: every document comes out exactly once', { skip, timeout: 420_000 }, async () => {
  redis = await startRedis({ dir: join(dir, 'redis'), aof: true });
  const env = { SPLICE_REDIS_URL: redis.url, SPLICE_QUEUE_PREFIX: 'fault', SPLICE_HASH_KEY: '', SPLICE_RUN: '' };
  const docs = inventedDocs(300, 'f');
  const input = join(dir, 'input.jsonl');
  writeFileSync(input, toJsonl(docs));

  const submitted = await runSplice(['queue', 'submit', '--run', 'crash', '--shard-size', '5', input], env);
  assert.equal(submitted.code, 0, submitted.stderr);
  assert.match(submitted.stderr, /300 documents in 60 shards/);

  // Short locks so that abandoned shards come back within seconds.
  const start = (name: string) => {
    const w = spawnSplice(
      ['worker', '--run', 'crash', '--concurrency', '1', '--name', name, '--lock-duration', '2000', '--stalled-interval', '1000', '--log-interval', '0'],
      env,
    );
    children.push(w);
    return w;
  };
  const victim = start('victim');
  const survivors = [start('survivor-1'), start('survivor-2')];

  const probe = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  probe.on('error', () => undefined);
  await probe.connect();
  const done = () => probe.hlen('fault:crash:splice:results');
  // All three at work, and results coming in.
  await until('three workers taking shards', 120_000, () => ([victim, ...survivors].every((w) => w.stderr().includes('taking shards')) ? true : undefined), 100);
  await until('the first results', 120_000, async () => ((await done()) >= 20 ? true : undefined), 50);

  const queue = new Queue('crash', { connection: { url: redis.url }, prefix: 'fault' });
  queue.on('error', () => undefined);
  let held: string;
  try {
    // Kill the victim while it holds a shard (it has started on it and not finished it).
    held = await until(
      'the victim to hold a shard',
      120_000,
      async () => (await queue.getActive()).find((job) => job.processedBy === 'victim')?.id,
      10,
    );
    await victim.kill('SIGKILL');
    // The victim may have finished that shard in the moment before the signal: a worker takes its next
    // shard in the same step, so the one it holds now, dead, is the one the stall check must queue again.
    held = (await queue.getActive()).find((job) => job.processedBy === 'victim')?.id ?? held;
  } finally {
    await queue.close();
  }
  assert.equal(victim.child.signalCode, 'SIGKILL');

  // The victim's shard is still active (its lock has not expired yet): the run cannot be finished, so Redis dies mid-run.
  const doneBeforeCrash = await done();
  probe.disconnect();
  assert.ok(doneBeforeCrash < docs.length, `Redis is killed mid-run (${doneBeforeCrash} of ${docs.length} done)`);
  await redis.kill();
  await sleep(1500);
  await redis.restart();

  // A fresh worker joins after the restart, beside the two survivors that reconnect by themselves.
  start('late');
  const out = join(dir, 'output.jsonl');
  const collected = await runSplice(['queue', 'collect', '--run', 'crash', '--wait', '--timeout', '300', '-o', out], env);
  assert.equal(collected.code, 0, collected.stderr);

  const lines = parseLines(readFileSync(out, 'utf8'));
  assert.equal(lines.length, docs.length, 'one line per input document');
  const ids = lines.map((l) => l.id as string);
  assert.equal(new Set(ids).size, docs.length, 'no document twice');
  assert.deepEqual(
    ids,
    docs.map((d) => d.id),
    'none lost, in input order',
  );
  for (const [k, line] of lines.entries()) {
    assert.equal(line.error, undefined, `${line.id}: ${String(line.error)}`);
    assert.ok(!(line.text as string).includes(docs[k].name), `${line.id}: name removed`);
  }
  // The shard the victim held was taken up again by another worker.
  const status = JSON.parse((await runSplice(['queue', 'status', '--run', 'crash', '--json'], env)).stdout);
  assert.deepEqual({ done: status.done, dead: status.deadDocuments, finished: status.finished }, { done: 300, dead: 0, finished: true });
  // The stall check's move is recorded in the queue's event stream in the same script that makes it. A
  // worker's log line can be missing: when Redis dies right after the move, the reply (and the event the
  // worker logs) is lost although the move itself was kept.
  const events = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  events.on('error', () => undefined);
  const stalled = (await events.xrange('fault:crash:events', '-', '+')).filter(([, fields]) => fields[1] === 'stalled' && fields[3] === held);
  events.disconnect();
  assert.ok(stalled.length >= 1, 'the stall check queued the shard again');
  const logged = children.some((w) => w.stderr().includes(`${held} was abandoned by its worker; queued again`));
  if (!logged && process.env.SPLICE_TEST_DEBUG) process.stderr.write(`the stall of ${held} was not logged (its reply was lost with Redis)\n`);
  for (const w of survivors) assert.equal(w.child.exitCode, null, 'the survivors rode through the Redis restart');
  if (process.env.SPLICE_TEST_DEBUG) for (const w of children) process.stderr.write(w.stderr());
});
