import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough, Readable } from 'node:stream';
import { runDocuments } from '../../src/cli/documents.js';
import { ProcessingFailure } from '../../src/cli/errors.js';
import { toInputSettings } from '../../src/cli/options.js';

/** These tests run the built CLI (`npm test` builds first). */
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/src/cli/index.js');
const dir = mkdtempSync(join(tmpdir(), 'splice-cli-'));

const NOTE = 'Follow-up call with the patient at (413) 555-0182; results e-mailed to r.okafor@example.org on Monday.\n';

function splice(args: string[], input?: string | Buffer) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, cwd: root, encoding: 'utf8', env: { ...process.env, SPLICE_HASH_KEY: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

before(() => {
  if (!existsSync(cli)) spawnSync('npx', ['tsc', '-p', '.'], { cwd: root, stdio: 'ignore' });
  writeFileSync(join(dir, 'note.txt'), NOTE);
  mkdirSync(join(dir, 'folder/sub'), { recursive: true });
  writeFileSync(join(dir, 'folder/a.txt'), NOTE);
  writeFileSync(join(dir, 'folder/sub/b.md'), 'Fax it to 617-555-0147 please.\n');
  writeFileSync(join(dir, 'folder/ignored.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
  writeFileSync(join(dir, 'invalid.txt'), Buffer.concat([Buffer.from('caf'), Buffer.from([0xc3, 0x28]), Buffer.from(' au lait')]));
  writeFileSync(join(dir, 'binary.txt'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 2, 1, 1]));
});

test('--help and --version exit 0; no command and unknown options exit 2', () => {
  const help = splice(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /detect/);
  assert.match(help.stdout, /Exit codes/);
  for (const cmd of ['detect', 'redact']) {
    const sub = splice([cmd, '--help']);
    assert.equal(sub.code, 0);
    assert.match(sub.stdout, /--jsonl/);
    assert.match(sub.stdout, /--max-bytes/);
  }
  assert.match(splice(['redact', '--help']).stdout, /--operator/);
  assert.equal(splice(['--version']).code, 0);
  assert.equal(splice([]).code, 2);
  assert.equal(splice(['detect', '--no-such-option']).code, 2);
  assert.equal(splice(['frobnicate']).code, 2);
});

test('invalid option values are usage errors (exit 2)', () => {
  assert.equal(splice(['detect', '--profile', 'greedy', join(dir, 'note.txt')]).code, 2);
  assert.equal(splice(['detect', '--labels', 'PERSON_NAME,SHOE_SIZE', join(dir, 'note.txt')]).code, 2);
  assert.equal(splice(['redact', '--operator', 'scramble', join(dir, 'note.txt')]).code, 2);
  assert.equal(splice(['redact', '--mask-width', '0', join(dir, 'note.txt')]).code, 2);
  assert.equal(splice(['detect', '--jobs', 'many', join(dir, 'note.txt')]).code, 2);
  assert.equal(splice(['detect', '--max-bytes', 'lots', join(dir, 'note.txt')]).code, 2);
  const hash = splice(['redact', '--operator', 'hash', join(dir, 'note.txt')]);
  assert.equal(hash.code, 2);
  assert.match(hash.stderr, /key/);
});

test('detect a file: JSON spans with offsets into the file text', () => {
  const r = splice(['detect', join(dir, 'note.txt')]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.path, join(dir, 'note.txt'));
  const found = (out.spans as Array<{ start: number; end: number; label: string; text: string }>).map((s) => `${s.label}:${s.text}@${s.start}`);
  // The invented phone number and e-mail address, at their offsets in the file.
  assert.ok(found.includes(`CONTACT:(413) 555-0182@${NOTE.indexOf('(413)')}`), found.join(' | '));
  assert.ok(found.includes(`CONTACT:r.okafor@example.org@${NOTE.indexOf('r.okafor')}`), found.join(' | '));
  for (const s of out.spans) {
    assert.equal(NOTE.slice(s.start, s.end), s.text);
    assert.ok(s.label && s.source && s.significance && typeof s.score === 'number');
  }
});

test('detect and redact from stdin', () => {
  const d = splice(['detect', '--compact'], NOTE);
  assert.equal(d.code, 0, d.stderr);
  assert.equal(d.stdout.trim().split('\n').length, 1);
  const spans = JSON.parse(d.stdout).spans as Array<{ text: string; label: string }>;
  assert.deepEqual(
    spans.filter((s) => s.label === 'CONTACT').map((s) => s.text),
    ['(413) 555-0182', 'r.okafor@example.org'],
  );
  const r = splice(['redact', '-'], NOTE);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stdout.startsWith('Follow-up call with the patient at [CONTACT]; results e-mailed to [CONTACT]'), r.stdout);
  for (const s of spans) assert.ok(!r.stdout.includes(s.text), 'a detected value survived redaction');
});

test('redact with mask: fixed-width blocks, no detected value left', () => {
  const d = JSON.parse(splice(['detect', join(dir, 'note.txt')]).stdout).spans as Array<{ text: string }>;
  const r = splice(['redact', '--operator', 'mask', '--mask-char', '#', '--mask-width', '5', join(dir, 'note.txt')]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(d.length >= 2, 'the phone number and the e-mail address are detected');
  for (const s of d) assert.ok(!r.stdout.includes(s.text));
  assert.ok(r.stdout.startsWith('Follow-up call with the patient at #####; results e-mailed to #####'), r.stdout);
  for (const digits of ['413', '555', '0182', 'okafor', 'example.org']) assert.ok(!r.stdout.includes(digits), `${digits} left in clear`);
});

test('detect a folder: one JSON line per matching file, sorted, with its path', () => {
  const r = splice(['detect', join(dir, 'folder'), '--jobs', '2']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.path), [join(dir, 'folder/a.txt'), join(dir, 'folder/sub/b.md')]);
});

test('redact a folder: headers on stdout, or copies under --out-dir with the same relative paths', () => {
  const printed = splice(['redact', join(dir, 'folder')]);
  assert.equal(printed.code, 0, printed.stderr);
  assert.match(printed.stdout, /^==> .*a\.txt <==\n/);
  assert.match(printed.stdout, /==> .*b\.md <==\n/);
  const out = join(dir, 'redacted');
  const r = splice(['redact', join(dir, 'folder'), '--out-dir', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.ok(readFileSync(join(out, 'a.txt'), 'utf8').startsWith('Follow-up call'));
  assert.ok(existsSync(join(out, 'sub/b.md')));
  assert.ok(!existsSync(join(out, 'ignored.png')));
});

test('input errors: missing, invalid UTF-8, binary, over-size → exit 3 naming the file, never its text', () => {
  const missing = splice(['detect', join(dir, 'nope.txt')]);
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /nope\.txt: no such file/);
  const invalid = splice(['redact', join(dir, 'invalid.txt')]);
  assert.equal(invalid.code, 3);
  assert.match(invalid.stderr, /invalid\.txt: not valid UTF-8/);
  assert.equal(invalid.stdout, '');
  assert.ok(!invalid.stderr.includes('au lait'));
  const binary = splice(['detect', join(dir, 'binary.txt')]);
  assert.equal(binary.code, 3);
  assert.match(binary.stderr, /binary\.txt: binary content/);
  const big = splice(['redact', '--max-bytes', '20', join(dir, 'note.txt')]);
  assert.equal(big.code, 3);
  assert.match(big.stderr, /too large/);
  assert.equal(big.stdout, '');
  const bigStdin = splice(['redact', '--max-bytes', '20'], NOTE);
  assert.equal(bigStdin.code, 3);
  assert.equal(bigStdin.stdout, '');
});

test('JSONL batch with 4 workers: order kept, one line per input line, bad lines reported, exit 3', () => {
  const records = Array.from({ length: 60 }, (_, i) => JSON.stringify({ id: `r${i}`, text: `Ticket ${i}: call 617-555-${String(1000 + i)} or write to agent${i}@example.com.`, domain: 'support', spans: [] }));
  records.splice(10, 0, '{not json');
  records.splice(20, 0, JSON.stringify({ id: 'no-text' }));
  records.splice(30, 0, JSON.stringify({ id: 'huge', text: 'z'.repeat(5000) }));
  const file = join(dir, 'batch.jsonl');
  writeFileSync(file, records.join('\n') + '\n');
  for (const mode of ['detect', 'redact']) {
    const r = splice([mode, '--jsonl', file, '--jobs', '4', '--max-bytes', '4000']);
    assert.equal(r.code, 3, r.stderr);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, records.length);
    const ids = lines.map((l) => l.id);
    assert.equal(ids[0], 'r0');
    assert.equal(lines[10].error, 'invalid JSON');
    assert.equal(lines[20].id, 'no-text');
    assert.match(lines[20].error, /text/);
    assert.equal(lines[30].id, 'huge');
    assert.match(lines[30].error, /too large/);
    const good = lines.filter((l) => !l.error).map((l) => l.id);
    assert.deepEqual(good, Array.from({ length: 60 }, (_, i) => `r${i}`));
    assert.match(r.stderr, /3 of 63 lines failed/);
    if (mode === 'redact') for (const l of lines.filter((x) => !x.error)) for (const s of l.spans) assert.equal(s.text, undefined);
  }
});

test('JSONL from stdin, --output file, exit 0 when every line succeeds', () => {
  const input = [JSON.stringify({ id: 1, text: 'Write to kim@example.net.' }), '', JSON.stringify({ id: 2, text: 'No PII at all.' })].join('\n');
  const r = splice(['redact', '--jsonl', '--jobs', '2'], input);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => JSON.parse(l).id), [1, 2]);
  const outFile = join(dir, 'out.jsonl');
  const w = splice(['detect', '--jsonl', '-', '--output', outFile, '--jobs', '1'], input);
  assert.equal(w.code, 0, w.stderr);
  assert.equal(w.stdout, '');
  assert.equal(readFileSync(outFile, 'utf8').trim().split('\n').length, 2);
  assert.equal(splice(['detect', '--jsonl', join(dir, 'absent.jsonl')]).code, 3);
  assert.equal(splice(['detect', '--jsonl', join(dir, 'batch.jsonl'), join(dir, 'note.txt')]).code, 2);
});

test('single document fails closed: redact prints nothing and exits 1 when the pipeline throws', async () => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await runDocuments(
    {
      mode: 'redact',
      paths: [join(dir, 'note.txt')],
      input: toInputSettings({}),
      pipeline: {},
      processorFactory: () => ({
        process: async () => {
          throw new ProcessingFailure('detector "x" failed');
        },
        close: async () => {},
      }),
    },
    { stdin: Readable.from([]), stdout, stderr, env: {} },
  );
  assert.equal(code, 1);
  assert.equal(out, '');
  assert.match(err, /note\.txt: detector "x" failed/);
});
