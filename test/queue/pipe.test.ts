import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, ensureBuilt, inventedDocs, parseLines, runSplice, toJsonl } from './helpers.js';

/**
 * The JSONL CLI as a stage of any pipeline that pipes (README, "Beyond one
 * machine"): Hadoop Streaming and Spark's RDD.pipe feed a partition on stdin
 * and read one output line per input line on stdout; `xargs -P` / GNU parallel
 * run one process per shard. These tests shard a file with `split`, run
 * several CLI processes at once and check that the concatenated output has
 * exactly one line per input line, in order, bad lines included.
 */

const dir = mkdtempSync(join(tmpdir(), 'splice-pipe-'));

before(() => ensureBuilt());

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SPLICE_HASH_KEY: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('split -n l/4 and four CLI processes at once: the concatenated output has one line per input line, in order', { timeout: 240_000 }, async () => {
  const docs = inventedDocs(96, 'p');
  const lines = docs.map((d) => JSON.stringify({ id: d.id, text: d.text }));
  // Bad lines in the middle of the input: each must come back as an error line in its place.
  lines.splice(10, 0, '{"id": "broken-1", "text": "unterminated');
  lines.splice(50, 0, JSON.stringify({ id: 'no-text', body: 'Dr Anders Lindgren' }));
  lines.splice(80, 0, JSON.stringify({ id: 'number-text', text: 5551234 }));
  writeFileSync(join(dir, 'input.jsonl'), lines.join('\n') + '\n');
  const split = await run('split', ['-n', 'l/4', '-d', 'input.jsonl', 'part-'], dir);
  assert.equal(split.code, 0, split.stderr);
  const parts = readdirSync(dir).filter((f) => f.startsWith('part-')).sort();
  assert.equal(parts.length, 4);

  // Each part on a process's stdin, as Hadoop Streaming and RDD.pipe do; all four at once.
  // --line-errors-ok: a task framework (Hadoop, Spark) sees exit 0 although some lines are error lines.
  const results = await Promise.all(
    parts.map((p) => runSplice(['redact', '--jsonl', '--jobs', '1', '--line-errors-ok'], { SPLICE_HASH_KEY: '' }, readFileSync(join(dir, p), 'utf8'))),
  );
  const output = results.map((r) => r.stdout).join('');
  const out = parseLines(output);
  assert.equal(out.length, lines.length, 'one output line per input line');
  const expectedIds = lines.map((l) => {
    try {
      const v = JSON.parse(l) as { id?: unknown };
      return v.id;
    } catch {
      return null;
    }
  });
  assert.deepEqual(
    out.map((o) => o.id),
    expectedIds,
    'input order kept across the shards',
  );
  const errors = out.filter((o) => 'error' in o);
  assert.equal(errors.length, 3);
  for (const e of errors) {
    assert.equal(typeof e.line, 'number');
    assert.ok(!JSON.stringify(e).includes('Lindgren'), 'an error line never echoes text');
  }
  // The redacted lines carry no name of their document.
  const byId = new Map(out.map((o) => [o.id, o]));
  for (const d of docs) {
    const line = byId.get(d.id)!;
    assert.equal(typeof line.text, 'string', `${d.id} was processed`);
    assert.ok(!(line.text as string).includes(d.name), `${d.id}: the name is gone`);
    assert.match(line.text as string, /Reach them at \[CONTACT\] or \[CONTACT\]/);
  }
  assert.deepEqual(
    results.map((r) => r.code),
    [0, 0, 0, 0],
  );
  assert.ok(results.some((r) => /lines failed/.test(r.stderr)), 'the failed lines are still reported on stderr');
});

test('split -l and xargs -P 3: shard files in, shard files out, nothing lost or duplicated', { timeout: 240_000 }, async () => {
  const work = mkdtempSync(join(tmpdir(), 'splice-xargs-'));
  const docs = inventedDocs(90, 'x');
  writeFileSync(join(work, 'corpus.jsonl'), toJsonl(docs));
  const script = [
    'set -eu',
    'split -l 25 -d --additional-suffix=.jsonl corpus.jsonl shard-',
    `ls shard-*.jsonl | xargs -P 3 -I{} "${process.execPath}" "${cli}" redact --jsonl {} --jobs 1 -o {}.out`,
    'cat $(ls shard-*.jsonl.out | sort) > all.out',
  ].join('\n');
  const r = await run('bash', ['-c', script], work);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readdirSync(work).filter((f) => f.endsWith('.jsonl.out')).length, 4);
  const out = parseLines(readFileSync(join(work, 'all.out'), 'utf8'));
  assert.deepEqual(
    out.map((o) => o.id),
    docs.map((d) => d.id),
  );
  assert.equal(new Set(out.map((o) => o.id)).size, docs.length, 'no duplicates');
  for (const [k, o] of out.entries()) assert.ok(!(o.text as string).includes(docs[k].name));
});

test('stdin to stdout: CRLF, blank, invalid UTF-8 and over-size lines keep their place as error lines', { timeout: 120_000 }, async () => {
  const docs = inventedDocs(6, 's');
  const good = docs.map((d) => Buffer.from(JSON.stringify({ id: d.id, text: d.text })));
  const big = Buffer.from(JSON.stringify({ id: 'big', text: `Note for Hedda Strand: ${'x'.repeat(3000)}` }));
  const badUtf8 = Buffer.concat([Buffer.from('{"id":"latin1","text":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
  const input = Buffer.concat([
    good[0], Buffer.from('\r\n'),
    good[1], Buffer.from('\n\n'), // a blank line: no document, no output line
    badUtf8, Buffer.from('\n'),
    good[2], Buffer.from('\n'),
    big, Buffer.from('\n'),
    good[3], Buffer.from('\n'),
    good[4], Buffer.from('\n'),
    good[5], // no final newline
  ]);
  const child = spawn(process.execPath, [cli, 'redact', '--jsonl', '--jobs', '2', '--max-bytes', '2k'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(input);
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  assert.equal(code, 3, `without --line-errors-ok a rejected line makes the exit code 3\n${stderr}`);
  const out = parseLines(stdout);
  assert.deepEqual(
    out.map((o) => o.id),
    ['s-0', 's-1', null, 's-2', 'big', 's-3', 's-4', 's-5'],
  );
  assert.match(String(out[2].error), /UTF-8/);
  assert.equal(out[2].line, 4);
  assert.match(String(out[4].error), /larger than|too large|exceeds|limit/i);
  assert.ok(!stdout.includes('Hedda'), 'the over-size text is not echoed');
});
