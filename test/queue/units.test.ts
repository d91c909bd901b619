import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { checkRunName, displayUrl, queueSettings } from '../../src/queue/config.js';
import { WorkerMetrics } from '../../src/queue/metrics.js';
import { errorLine } from '../../src/queue/process-shard.js';
import { hashInputs, readShards, SHARD_TEXT_BYTES, type Shard } from '../../src/queue/shards.js';
import { decodeResult, encodeResult } from '../../src/queue/store.js';

/** The queue's pure parts, without Redis: settings, shard cutting, result encoding, metrics text. */

test('settings: flags before environment before defaults; bad URLs, prefixes and run names are usage errors', () => {
  assert.deepEqual(queueSettings({}, {}), { redisUrl: 'redis://127.0.0.1:6379', prefix: 'splice' });
  assert.deepEqual(queueSettings({}, { SPLICE_REDIS_URL: 'redis://127.0.0.1:6390', SPLICE_QUEUE_PREFIX: 'ward-7' }), {
    redisUrl: 'redis://127.0.0.1:6390',
    prefix: 'ward-7',
  });
  assert.equal(queueSettings({ redisUrl: 'redis://127.0.0.1:7000' }, { SPLICE_REDIS_URL: 'redis://127.0.0.1:6390' }).redisUrl, 'redis://127.0.0.1:7000');
  assert.throws(() => queueSettings({ redisUrl: 'http://127.0.0.1:6379' }, {}), /expected redis:\/\/ or rediss:\/\//);
  assert.throws(() => queueSettings({ prefix: 'a:b' }, {}), /invalid queue prefix/);
  assert.equal(checkRunName(undefined, { SPLICE_RUN: 'discharge-2024' }), 'discharge-2024');
  assert.throws(() => checkRunName(undefined, {}), /--run NAME/);
  assert.throws(() => checkRunName('../etc'), /invalid run name/);
  assert.throws(() => checkRunName('a:b'), /invalid run name/);
});

test('displayUrl never shows the user name or password', () => {
  assert.equal(displayUrl('redis://clinic:s3cret-pass@10.1.2.3:6380/2'), 'redis://10.1.2.3:6380/2');
  assert.equal(displayUrl('rediss://:only-a-password@cache.internal:6379'), 'rediss://cache.internal:6379');
  assert.equal(displayUrl('not a url'), '(unparsable URL)');
});

async function collectShards(text: string, size: number, maxBytes = 1 << 20): Promise<{ shards: Shard[]; digest: string }> {
  const reader = readShards([{ name: 'in.jsonl', stream: Readable.from([Buffer.from(text)]) }], size, maxBytes);
  const shards: Shard[] = [];
  for await (const s of reader.shards) shards.push(s);
  return { shards, digest: reader.digest() };
}

test('shards: consecutive sequence numbers, blank lines skipped, rejected lines without text, the same cut for the same input', async () => {
  const input = [
    JSON.stringify({ id: 'a1', text: 'Ring Perpetua Farraday on (415) 555-0199.' }),
    '',
    '{"id": "a2", "text": ',
    JSON.stringify({ id: 7, text: 'Seen by Dr Ignatius Moravec.' }),
    JSON.stringify({ id: 'a4', note: 'no text here' }),
    JSON.stringify({ id: 'a5', text: 'Visit on 4 April 2021.' }),
  ].join('\n');
  const first = await collectShards(input, 2);
  assert.deepEqual(
    first.shards.map((s) => ({ index: s.index, docs: s.docs.map((d) => [d.s, d.l, d.i, d.t === undefined ? d.r : 'text']) })),
    [
      { index: 0, docs: [[0, 1, 'a1', 'text'], [1, 3, null, 'invalid JSON']] },
      { index: 1, docs: [[2, 4, 7, 'text'], [3, 5, 'a4', 'missing or non-string "text"']] },
      { index: 2, docs: [[4, 6, 'a5', 'text']] },
    ],
  );
  assert.equal(first.shards[0].docs[0].f, undefined, 'one input: no file name on the documents');
  const again = await collectShards(input, 2);
  assert.deepEqual(again.shards, first.shards);
  assert.equal(again.digest, first.digest);
  assert.equal(await hashInputs([{ name: 'in.jsonl', stream: Readable.from([Buffer.from(input)]) }]), first.digest, 'the re-submission check hashes alike');
  const changed = await collectShards(input.replace('4 April', '5 April'), 2);
  assert.notEqual(changed.digest, first.digest);
});

test('shards close early at SHARD_TEXT_BYTES of text, and several inputs name their file', async () => {
  const big = 'x'.repeat(SHARD_TEXT_BYTES / 2 + 10);
  const text = [0, 1, 2].map((k) => JSON.stringify({ id: k, text: `Note ${k}: ${big}` })).join('\n');
  const { shards } = await collectShards(text, 50, SHARD_TEXT_BYTES);
  assert.deepEqual(
    shards.map((s) => s.docs.length),
    [2, 1],
  );
  const reader = readShards(
    [
      { name: 'part-a.jsonl', stream: Readable.from([Buffer.from(JSON.stringify({ id: 'p', text: 'one' }))]) },
      { name: 'part-b.jsonl', stream: Readable.from([Buffer.from(JSON.stringify({ id: 'q', text: 'two' }))]) },
    ],
    10,
    1000,
  );
  const all: Shard[] = [];
  for await (const s of reader.shards) all.push(s);
  assert.deepEqual(
    all[0].docs.map((d) => [d.s, d.l, d.f]),
    [
      [0, 1, 'part-a.jsonl'],
      [1, 1, 'part-b.jsonl'],
    ],
  );
  assert.equal(errorLine(all[0].docs[1], 'dead-lettered after 5 attempts: x'), '{"id":"q","line":1,"error":"dead-lettered after 5 attempts: x","file":"part-b.jsonl"}');
});

test('stored results keep their kind and their line', () => {
  const line = '{"id":"a1","text":"Ring [PERSON_NAME]."}';
  assert.deepEqual(decodeResult(encodeResult('ok', line)), { kind: 'ok', line });
  assert.deepEqual(decodeResult(encodeResult('input-error', '{"id":null,"line":3,"error":"invalid JSON"}')), {
    kind: 'input-error',
    line: '{"id":null,"line":3,"error":"invalid JSON"}',
  });
});

test('metrics: Prometheus text with HELP and TYPE, counters by outcome, escaped labels, queue gauges or splice_queue_up 0', () => {
  const m = new WorkerMetrics('ward"7');
  m.documents.ok = 41;
  m.documents.input_error = 2;
  m.shards.completed = 5;
  m.shardSeconds = 1.25;
  const text = m.render({ shards: { wait: 3, active: 1, failed: 0 }, done: 43, documents: 100 });
  assert.match(text, /^# HELP splice_worker_documents_total .+\n# TYPE splice_worker_documents_total counter\n/);
  assert.match(text, /\nsplice_worker_documents_total\{run="ward\\"7",outcome="ok"\} 41\n/);
  assert.match(text, /\nsplice_worker_documents_total\{run="ward\\"7",outcome="input_error"\} 2\n/);
  assert.match(text, /\nsplice_worker_shard_seconds_total\{run="ward\\"7"\} 1\.250000\n/);
  assert.match(text, /\nsplice_queue_shards\{run="ward\\"7",state="wait"\} 3\n/);
  assert.match(text, /\nsplice_run_documents_done\{run="ward\\"7"\} 43\n/);
  assert.match(text, /\nsplice_queue_up\{run="ward\\"7"\} 1\n/);
  const down = m.render('unavailable');
  assert.match(down, /\nsplice_queue_up\{run="ward\\"7"\} 0\n/);
  assert.doesNotMatch(down, /splice_queue_shards/);
  for (const line of text.trimEnd().split('\n')) assert.match(line, /^(# (HELP|TYPE) \w+ .+|\w+\{[^}]*\} [\d.]+)$/);
});
