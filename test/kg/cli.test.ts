import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'splice-kg-cli-'));

async function splice(args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await runCli(args, { stdin: Readable.from([input]), stdout, stderr, env: {} });
  return { code, stdout: out, stderr: err };
}

// An invented graph: three luthiers in Graz, two in Porto, one archivist.
const people = [
  { id: 'a', attributes: { name: 'Ilse Brandvold', occupation: 'luthier', residence: 'Graz, Austria', birth_date: '1961-04-12' } },
  { id: 'b', attributes: { name: 'Odo Wirth', occupation: 'luthier', residence: 'Graz, Austria', birth_date: '1961-09-30' } },
  { id: 'c', attributes: { name: 'Mira Okoro', occupation: 'luthier', residence: 'Graz, Austria', birth_date: '1975-01-02' } },
  { id: 'd', attributes: { name: 'Tomas Lindqvist', occupation: 'luthier', residence: 'Porto, Portugal', birth_date: '1961-06-06' } },
  { id: 'e', attributes: { name: 'Nell Castellano', occupation: 'luthier', residence: 'Porto, Portugal', birth_date: '1980-11-20' } },
  { id: 'f', attributes: { name: 'Kasimir Rault', occupation: 'archivist', residence: 'Graz, Austria', birth_date: '1961-02-17' } },
];
const docs = [
  { id: 'd1', profile: 'a', text: 'Ilse Brandvold, born 12 April 1961, is a luthier in Graz. Brandvold trained in Porto.' },
  { id: 'd2', profile: 'f', text: 'The archivist Kasimir Rault (born 1961) has lived in Graz all his life.' },
  { id: 'd3', text: 'A luthier from Austria gave a talk.' },
];
const kg = join(dir, 'people.jsonl');
const docsPath = join(dir, 'docs.jsonl');
writeFileSync(kg, people.map((p) => JSON.stringify(p)).join('\n') + '\n');
writeFileSync(docsPath, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');

test('kg mask: masked text, masks as spans at original offsets, and a summary without PII', async () => {
  const r = await splice(['kg', 'mask', '--kg', kg, '--k', '3', '--max-arity', '2', docsPath]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.id), ['d1', 'd2', 'd3']);
  const [d1, d2, d3] = lines;
  const original = docs[0].text;
  // The full name, the birth date and "Brandvold" point to one person, "Porto" to two: masked as single terms.
  assert.deepEqual(d1.spans.filter((s: { reason: string }) => s.reason === 'single').map((s: { start: number; end: number }) => original.slice(s.start, s.end)), ['Ilse Brandvold', '12 April 1961', 'Brandvold', 'Porto']);
  // luthier (5 people) and Graz (4) together still point to 3 ≥ k: both stay.
  assert.equal(d1.text, '[PERSON_NAME], born [BIRTH], is a luthier in Graz. [PERSON_NAME] trained in [LOCATION].');
  // Nested terms ("Ilse", "April 1961", …) are masked with the mention around them: one span each.
  assert.ok(d1.masked_terms > d1.spans.length);
  assert.ok(d1.mentions > d1.terms - 1);
  // d2: "archivist" (1 person) is masked; "1961" (4) with "Graz" (4) leaves {a, b, f}: 3 ≥ k.
  assert.ok(!d2.text.includes('archivist') && !d2.text.includes('Kasimir'));
  assert.ok(d2.text.includes('Graz'));
  // d3: luthier (5) + Austria (4) → 3 people: nothing to mask.
  assert.equal(d3.text, docs[2].text);
  assert.deepEqual(d3.spans, []);
  assert.match(r.stderr, /splice kg mask: 3 documents, k = 3/);
  for (const secret of ['Brandvold', 'Rault', 'Graz', 'luthier']) assert.ok(!r.stderr.includes(secret));
});

test('kg verify: passes the masked output, flags the original documents (exit 1), prints no terms', async () => {
  const masked = join(dir, 'masked.jsonl');
  assert.equal((await splice(['kg', 'mask', '--kg', kg, '--k', '3', '--max-arity', '2', docsPath, '-o', masked])).code, 0);
  const ok = await splice(['kg', 'verify', '--kg', kg, '--k', '3', '--max-arity', '2', masked]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.ok(ok.stdout.trim().split('\n').every((l) => JSON.parse(l).violations === 0));
  const bad = await splice(['kg', 'verify', '--kg', kg, '--k', '3', '--max-arity', '2', docsPath]);
  assert.equal(bad.code, 1);
  const first = JSON.parse(bad.stdout.split('\n')[0]);
  assert.ok(first.violations > 0);
  assert.equal(first.smallest, 1);
  assert.ok(!bad.stdout.includes('Brandvold') && !bad.stderr.includes('Brandvold'));
});

test('kg label: distant labels as JSONL and BIO; splice train learns from them; --model makes detection use the model', async () => {
  // Many invented documents, so that the tagger has something to learn: a rare invented surname after "luthier".
  const many = Array.from({ length: 40 }, (_, i) => ({ id: `m${i}`, profile: 'a', text: `Ilse Brandvold, born 12 April 1961, repairs violins. Brandvold lives in Graz.` + (i % 2 ? ' Ilse Brandvold teaches.' : '') }));
  const manyPath = join(dir, 'many.jsonl');
  writeFileSync(manyPath, many.map((d) => JSON.stringify(d)).join('\n') + '\n');
  const labels = join(dir, 'labels.jsonl');
  const bio = join(dir, 'labels.bio');
  const r = await splice(['kg', 'label', '--kg', kg, '--k', '3', manyPath, '-o', labels, '--bio', bio]);
  assert.equal(r.code, 0, r.stderr);
  const first = JSON.parse(readFileSync(labels, 'utf8').split('\n')[0]);
  assert.equal(first.text, many[0].text);
  assert.deepEqual(first.spans.map((s: { start: number; end: number; label: string }) => [many[0].text.slice(s.start, s.end), s.label]), [['Ilse Brandvold', 'PERSON_NAME'], ['12 April 1961', 'BIRTH'], ['Brandvold', 'PERSON_NAME']]);
  assert.match(readFileSync(bio, 'utf8'), /^-DOCSTART-\tO\n\nIlse\tB-PERSON_NAME\nBrandvold\tI-PERSON_NAME\n,\tO\nborn\tO\n12\tB-BIRTH\nApril\tI-BIRTH\n1961\tI-BIRTH\n/);

  const model = join(dir, 'kg-model.json.gz');
  const t = await splice(['train', '--from', labels, '--out', model, '--epochs', '3']);
  assert.equal(t.code, 0, t.stderr);
  assert.ok(existsSync(model));
  assert.match(t.stderr, /splice train: 40 documents/);
  // Same seed, same model.
  const model2 = join(dir, 'kg-model-2.json.gz');
  assert.equal((await splice(['train', '--from', labels, '--out', model2, '--epochs', '3'])).code, 0);
  assert.deepEqual(readFileSync(model2), readFileSync(model));

  const note = 'Ilse Brandvold, born 12 April 1961, repairs violins.';
  const withModel = await splice(['detect', '--model', model, '--profile', 'recall', '--compact'], note);
  assert.equal(withModel.code, 0, withModel.stderr);
  const spans = JSON.parse(withModel.stdout).spans as Array<{ text: string; label: string }>;
  assert.ok(spans.some((s) => s.label === 'PERSON_NAME' && s.text.includes('Brandvold')));

  const missing = await splice(['detect', '--model', join(dir, 'no-such-model.gz')], note);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such model file/);
  const notAModel = await splice(['detect', '--model', labels, '--profile', 'recall'], note);
  assert.equal(notAModel.code, 1, 'a file that is not a model fails the document (fail closed)');
  assert.equal(notAModel.stdout, '');
});

test('kg eval: the paper’s figures for each system on a gold file with identifier types', async () => {
  const gold = join(dir, 'gold.jsonl');
  const text = 'Ilse Brandvold, born 12 April 1961, is a luthier in Graz.';
  writeFileSync(
    gold,
    JSON.stringify({
      id: 'g1',
      text,
      spans: [
        { start: 0, end: 14, label: 'PERSON_NAME', identifier_type: 'DIRECT' },
        { start: 21, end: 34, label: 'BIRTH', identifier_type: 'QUASI' },
        { start: 41, end: 48, label: 'EMPLOYMENT_EDUCATION', identifier_type: 'QUASI' },
        { start: 52, end: 56, label: 'LOCATION', identifier_type: 'QUASI' },
      ],
    }) + '\n',
  );
  const r = await splice(['kg', 'eval', '--gold', gold, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.systems.map((s: { system: string }) => s.system), ['rules only (precision)', 'splice (balanced)', 'bundled tagger alone']);
  const splicer = out.systems[1];
  assert.equal(splicer.direct_recall, 1, 'the full name is found');
  assert.ok(splicer.quasi_recall > 0 && splicer.quasi_recall <= 1);
  assert.ok(splicer.partial.recall >= splicer.exact.recall);
  const table = await splice(['kg', 'eval', '--gold', gold]);
  assert.match(table.stdout, /exact P +exact R +exact F1 +partial P +partial R +partial F1 +DIRECT R +QUASI R/);
});

test('kg synth: a graph and biographies whose gold spans match their text', async () => {
  const out = join(dir, 'synth');
  const r = await splice(['kg', 'synth', '--people', '30', '--documents', '10', '--seed', '5', '--out-dir', out]);
  assert.equal(r.code, 0, r.stderr);
  const profiles = readFileSync(join(out, 'profiles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const bios = readFileSync(join(out, 'documents.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(profiles.length, 30);
  assert.equal(bios.length, 10);
  const ids = new Set(profiles.map((p) => p.id));
  for (const b of bios) {
    assert.ok(ids.has(b.profile));
    const name = profiles.find((p) => p.id === b.profile).attributes.name[0] as string;
    // The opening names the subject (full name, or initial and family name).
    assert.equal(b.spans[0].label, 'PERSON_NAME');
    assert.equal(b.spans[0].identifier_type, 'DIRECT');
    assert.ok(name.endsWith(b.text.slice(b.spans[0].start, b.spans[0].end).split(' ').pop()!));
    for (const s of b.spans) assert.ok(s.end > s.start && s.end <= b.text.length && b.text.slice(s.start, s.end).trim() === b.text.slice(s.start, s.end));
  }
  const again = join(dir, 'synth2');
  await splice(['kg', 'synth', '--people', '30', '--documents', '10', '--seed', '5', '--out-dir', again]);
  assert.equal(readFileSync(join(again, 'documents.jsonl'), 'utf8'), readFileSync(join(out, 'documents.jsonl'), 'utf8'));
});

test('bad input and options: clear errors with the right exit codes', async () => {
  assert.equal((await splice(['kg', 'mask', '--kg', join(dir, 'missing.jsonl'), '--k', '3', docsPath])).code, 3);
  assert.equal((await splice(['kg', 'mask', '--kg', kg, '--k', 'three', docsPath])).code, 2);
  assert.equal((await splice(['kg', 'mask', '--kg', kg, '--k', '3', '--choice', 'best', docsPath])).code, 2);
  assert.equal((await splice(['kg', 'mask', '--kg', kg, '--k', '3', docsPath])).code, 0);
  const clobber = await splice(['kg', 'mask', '--kg', kg, '--k', '3', docsPath, '-o', docsPath]);
  assert.equal(clobber.code, 3, 'never overwrites an input');
  assert.equal(readFileSync(docsPath, 'utf8').split('\n')[0], JSON.stringify(docs[0]));
  const badDocs = join(dir, 'bad-docs.jsonl');
  writeFileSync(badDocs, '{"id":"x","text":"Ilse Brandvold"}\n{"id":"y"}\n');
  const bad = await splice(['kg', 'mask', '--kg', kg, '--k', '3', badDocs]);
  assert.equal(bad.code, 3);
  assert.match(bad.stderr, /line 2/);
  assert.ok(!bad.stderr.includes('Brandvold'));
  assert.equal((await splice(['train', '--from', join(dir, 'missing.jsonl'), '--out', join(dir, 'm.gz')])).code, 3);
  assert.equal((await splice(['train', '--from', docsPath, '--out', docsPath])).code, 3);
  // Standard input works as the documents.
  const piped = await splice(['kg', 'mask', '--kg', kg, '--k', '3'], JSON.stringify(docs[1]) + '\n');
  assert.equal(piped.code, 0, piped.stderr);
  assert.equal(JSON.parse(piped.stdout).id, 'd2');
});
