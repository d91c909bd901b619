import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, linkSync, mkdirSync, mkdtempSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Regression tests: no command may overwrite one of its inputs, and one bad
 * path may not stop a run over several (README, "Command line" and "Exit codes").
 * They run the built CLI (`npm test` builds first).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/src/cli/index.js');
const dir = mkdtempSync(join(tmpdir(), 'splice-no-loss-'));

const LINES = [
  JSON.stringify({ id: 'n1', text: 'Please ring Dolores Vantongeren on (802) 555-0164 after lunch.' }),
  JSON.stringify({ id: 'n2', text: 'Her badge reads kwame.asante@example.net and she starts Monday.' }),
].join('\n') + '\n';
const NOTE = 'Ask for the results at (508) 555-0176 or write to h.lindqvist@example.com.\n';
const GOLD = JSON.stringify({ id: 'g1', text: NOTE, spans: [] }) + '\n';

function splice(args: string[], options: { stdin?: number } = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: dir,
    encoding: 'utf8',
    stdio: [options.stdin ?? 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, SPLICE_HASH_KEY: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

before(() => {
  if (!existsSync(cli)) spawnSync('npx', ['tsc', '-p', '.'], { cwd: root, stdio: 'ignore' });
  writeFileSync(join(dir, 'same.jsonl'), LINES);
  symlinkSync(join(dir, 'same.jsonl'), join(dir, 'alias.jsonl'));
  linkSync(join(dir, 'same.jsonl'), join(dir, 'hardlink.jsonl'));
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes/a.txt'), NOTE);
  symlinkSync(join(dir, 'notes'), join(dir, 'notes-link'));
  writeFileSync(join(dir, 'present.txt'), NOTE);
  writeFileSync(join(dir, 'gold.jsonl'), GOLD);
});

test('--output naming the --jsonl input is refused (exit 3) and the input keeps every byte', () => {
  for (const mode of ['redact', 'detect']) {
    for (const output of ['same.jsonl', './same.jsonl', join(dir, 'same.jsonl'), 'alias.jsonl', 'hardlink.jsonl']) {
      const r = splice([mode, '--jsonl', 'same.jsonl', '-o', output]);
      assert.equal(r.code, 3, `${mode} -o ${output}: ${r.stderr}`);
      assert.match(r.stderr, /refusing to overwrite an input/);
      assert.match(r.stderr, /same\.jsonl/);
      assert.equal(readFileSync(join(dir, 'same.jsonl'), 'utf8'), LINES, `${mode} -o ${output} changed the input`);
    }
  }
  // The same file behind standard input (`splice redact --jsonl -o same.jsonl < same.jsonl`).
  const fd = openSync(join(dir, 'same.jsonl'), 'r');
  try {
    const r = splice(['redact', '--jsonl', '-o', 'same.jsonl'], { stdin: fd });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /<stdin>/);
  } finally {
    closeSync(fd);
  }
  assert.equal(readFileSync(join(dir, 'same.jsonl'), 'utf8'), LINES);
  // Another file is fine, and is written.
  const ok = splice(['redact', '--jsonl', 'same.jsonl', '-o', 'redacted.jsonl']);
  assert.equal(ok.code, 0, ok.stderr);
  const out = readFileSync(join(dir, 'redacted.jsonl'), 'utf8');
  assert.equal(out.trim().split('\n').length, 2);
  assert.ok(!out.includes('555-0164') && !out.includes('kwame.asante'));
});

test('--out-dir whose copy would land on an input (directly or through a symbolic link) is refused', () => {
  for (const args of [
    ['redact', 'notes-link', '--out-dir', 'notes'],
    ['redact', 'notes', '--out-dir', 'notes-link'],
    ['redact', 'notes/a.txt', '--out-dir', 'notes-link'],
  ]) {
    const r = splice(args);
    assert.equal(r.code, 3, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /would overwrite the input/);
    assert.equal(readFileSync(join(dir, 'notes/a.txt'), 'utf8'), NOTE, `${args.join(' ')} changed the input`);
  }
});

test('eval --report naming the gold or prediction file is refused', () => {
  const r = splice(['eval', '--gold', 'gold.jsonl', '--report', 'gold.jsonl']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /--report gold\.jsonl is the input file gold\.jsonl/);
  assert.equal(readFileSync(join(dir, 'gold.jsonl'), 'utf8'), GOLD);
});

test('a missing path does not stop the run: the others are processed, the failure is reported, exit 3', () => {
  const alone = splice(['redact', 'present.txt']);
  assert.equal(alone.code, 0, alone.stderr);
  assert.ok(!alone.stdout.includes('555-0176') && !alone.stdout.includes('lindqvist'), alone.stdout);
  const redact = splice(['redact', 'missing.txt', 'present.txt']);
  assert.equal(redact.code, 3, redact.stderr);
  assert.match(redact.stderr, /missing\.txt: no such file or folder/);
  assert.equal(redact.stdout, `==> present.txt <==\n${alone.stdout}`);

  const detect = splice(['detect', 'present.txt', 'missing.txt', 'notes']);
  assert.equal(detect.code, 3, detect.stderr);
  const lines = detect.stdout.trim().split('\n').map((l) => JSON.parse(l) as { path: string; error?: string; spans?: Array<{ text: string }> });
  assert.deepEqual(lines.map((l) => l.path), ['present.txt', 'missing.txt', join('notes', 'a.txt')]);
  assert.match(lines[1].error ?? '', /missing\.txt: no such file or folder/);
  for (const i of [0, 2]) {
    const texts = lines[i].spans!.map((s) => s.text);
    assert.ok(texts.includes('(508) 555-0176') && texts.includes('h.lindqvist@example.com'), texts.join(' | '));
  }

  const copies = splice(['redact', 'missing.txt', 'present.txt', '--out-dir', 'out']);
  assert.equal(copies.code, 3, copies.stderr);
  assert.equal(readFileSync(join(dir, 'out/present.txt'), 'utf8'), alone.stdout);
  assert.ok(!existsSync(join(dir, 'out/missing.txt')));
});
