import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/program.js';
import { DOCS, PEOPLE } from './fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'splice-reid-cli-'));

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const input = new PassThrough();
  input.end(stdin);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await runCli(argv, { stdin: input, stdout, stderr, env: {} });
  return { code, out, err };
}

const jsonl = (items: object[]) => items.map((i) => JSON.stringify(i)).join('\n') + '\n';
const profiles = join(dir, 'people.jsonl');
const docs = join(dir, 'notes.jsonl');
writeFileSync(profiles, jsonl(PEOPLE));
writeFileSync(docs, jsonl(DOCS));

test('splice reid: a table of rates at 1 and K per re-identifier and for the ensemble; JSON with ranks', async () => {
  const table = await run(['reid', '--profiles', profiles, '--k', '1,3', docs]);
  assert.equal(table.code, 0, table.err);
  assert.match(table.out, /^re-identifier\s+rate@1\s+rate@3\s+MRR$/m);
  assert.match(table.out, /^ensemble\s+100\.0%/m);
  const json = await run(['reid', '--profiles', profiles, '--json', '--members', 'structured'], jsonl(DOCS));
  assert.equal(json.code, 0, json.err);
  const parsed = JSON.parse(json.out);
  assert.deepEqual(parsed.members, ['structured']);
  assert.deepEqual(parsed.ks, [1, 10]);
  assert.equal(parsed.documentRanks.length, DOCS.length);
  assert.equal(parsed.documentRanks[0].ranks.structured, 1);
});

test('splice kanon: masked documents with the same ids, masks as spans, ranks before and after; the output re-attacked', async () => {
  const out = join(dir, 'masked.jsonl');
  const r = await run(['kanon', '--profiles', profiles, '--k', '2', docs, '-o', out]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /4 documents, 6 profiles, K = 2: 4 \(100\.0%\) out of every re-identifier's top 2/);
  const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.id), DOCS.map((d) => d.id));
  for (const [i, l] of lines.entries()) {
    assert.equal(l.rank_before, 1);
    assert.ok(l.rank_after > 2 && l.reached === true);
    assert.ok(l.masked_words > 0 && l.masked_words < l.words);
    for (const s of l.spans) assert.equal(s.source, 'kanon');
    // Spans refer to the original text; the masked text carries [MASK] where they were.
    assert.equal(l.text.split('[MASK]').length - 1, l.spans.length);
    assert.ok(!l.text.includes(DOCS[i].text.slice(l.spans[0].start, l.spans[0].end)) || l.spans[0].end - l.spans[0].start <= 3);
  }
  const again = await run(['reid', '--profiles', profiles, '--k', '2', out]);
  assert.match(again.out, /^ensemble\s+0\.0% /m);
});

test('splice kanon --from-redaction keeps Splice’s tags and adds masks; --report writes the HTML comparison', async () => {
  const report = join(dir, 'kanon.html');
  const r = await run(['kanon', '--profiles', profiles, '--k', '1', '--from-redaction', '--report', report, '--curve-k', '1,2', '--rate-k', '1,2,5', '--idf-steps', '4', docs]);
  assert.equal(r.code, 0, r.err);
  const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(lines.some((l) => l.spans.some((s: { source: string; label?: string }) => s.source === 'redaction' && s.label === 'PERSON_NAME')));
  assert.ok(lines.every((l) => typeof l.rank_start === 'number' && l.rank_after > 1));
  assert.match(lines[0].text, /\[PERSON_NAME\]/);
  assert.ok(existsSync(report));
  const html = readFileSync(report, 'utf8');
  assert.match(html, /named-entity redaction \(Splice\)/);
  assert.match(html, /greedy, K = 2/);
  assert.ok(!html.includes('Quillon'), 'the report quotes no document text');
  assert.match(r.err, /^method\s+words masked/m);
});

test('bad input fails clearly: file and line, usage errors, never overwriting an input', async () => {
  const bad = join(dir, 'bad.jsonl');
  writeFileSync(bad, jsonl(PEOPLE.slice(0, 2)) + '{"id":"p9","attributes":{"name":["Ada", 5]}}\n');
  const r = await run(['reid', '--profiles', bad, docs]);
  assert.equal(r.code, 3);
  assert.match(r.err, /bad\.jsonl line 3: invalid profile: attributes\.name/);
  const unknown = await run(['reid', '--profiles', profiles], jsonl([{ id: 'x', text: 'Ada', profile: 'nobody' }]));
  assert.equal(unknown.code, 3);
  assert.match(unknown.err, /names profile "nobody", which is not among the profiles/);
  assert.equal((await run(['kanon', '--profiles', profiles, '--k', '6', docs])).code, 2);
  assert.equal((await run(['kanon', '--profiles', profiles, '--k', '2', '--mask-text', 'gone', docs])).code, 2);
  assert.equal((await run(['reid', '--profiles', profiles, '--members', 'bm25,oracle', docs])).code, 2);
  const clash = await run(['kanon', '--profiles', profiles, '--k', '2', docs, '-o', docs]);
  assert.notEqual(clash.code, 0);
  assert.equal(readFileSync(docs, 'utf8'), jsonl(DOCS), 'the input is untouched');
});

test('splice synth writes a deterministic population and refuses to overwrite without --force', async () => {
  const out = join(dir, 'pop');
  const r = await run(['synth', '--people', '50', '--documents', '10', '--seed', '3', '--out-dir', out]);
  assert.equal(r.code, 0, r.err);
  const first = readFileSync(join(out, 'documents.jsonl'), 'utf8');
  assert.equal(first.trim().split('\n').length, 10);
  assert.equal(readFileSync(join(out, 'profiles.jsonl'), 'utf8').trim().split('\n').length, 50);
  assert.equal((await run(['synth', '--people', '50', '--documents', '10', '--seed', '3', '--out-dir', out])).code, 2);
  assert.equal((await run(['synth', '--people', '50', '--documents', '10', '--seed', '3', '--out-dir', out, '--force'])).code, 0);
  assert.equal(readFileSync(join(out, 'documents.jsonl'), 'utf8'), first);
  const attack = await run(['reid', '--profiles', join(out, 'profiles.jsonl'), join(out, 'documents.jsonl')]);
  assert.equal(attack.code, 0, attack.err);
});

test('surrogates marked as masks are ignored by the attack and stay marked in the kanon output', async () => {
  // "Nora Quist" replaced the real name; marked, it neither helps nor misleads the attack.
  const text = 'Nora Quist was born on 3 March 1985 in Lyon and keeps bees at Quillon Biotech.';
  const doc = { id: 's1', profile: 'p1', text, masks: [{ start: 0, end: 10 }] };
  const r = await run(['kanon', '--profiles', profiles, '--k', '2'], jsonl([doc]));
  assert.equal(r.code, 0, r.err);
  const line = JSON.parse(r.out);
  assert.equal(line.text.slice(line.masks[0].start, line.masks[0].end), 'Nora Quist');
  assert.ok(line.rank_after > 2);
});
