import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CandidateColumns, perLabelId } from '../../src/resolve/candidate-columns.js';
import type { Candidate } from '../../src/types.js';

const list: Candidate[] = [
  { start: 0, end: 11, label: 'PERSON_NAME', score: 0.9, source: 'names' },
  { start: 16, end: 26, label: 'PERSON_NAME', score: 0.8, source: 'names' },
  { start: 30, end: 43, label: 'ADDRESS', score: 0.95, source: 'address' },
  { start: 47, end: 52, label: 'PERSON_NAME', score: 0.6, source: 'tagger' },
  { start: 47, end: 52, label: 'LOCATION', score: 0.7, source: 'names' },
];

test('columns keep each candidate and give every label and source one id, in any order of arrival', () => {
  const columns = CandidateColumns.from(list);
  assert.deepEqual(columns.toArray(), list);
  // One id per label and per source, and the tables read them back.
  assert.equal(new Set([0, 1, 2, 3, 4].map((i) => columns.labels[i])).size, 3);
  assert.equal(new Set([0, 1, 2, 3, 4].map((i) => columns.sources[i])).size, 3);
  assert.equal(columns.labelTable[columns.labelId('LOCATION')], 'LOCATION');
  assert.equal(columns.labels[4], columns.labelId('LOCATION'));
  assert.equal(columns.sourceTable[columns.sourceId('tagger')], 'tagger');
  assert.equal(columns.sources[0], columns.sourceId('names'));
});

test('columns made later share the ids of the earlier ones', () => {
  const first = CandidateColumns.from(list);
  const second = new CandidateColumns();
  second.push(3, 8, 'LOCATION', 0.5, 'tagger');
  second.push(9, 12, 'PERSON_NAME', 0.5, 'names');
  assert.equal(second.labels[0], first.labels[4]);
  assert.equal(second.sources[0], first.sources[3]);
  assert.equal(second.labels[1], first.labels[0]);
  assert.deepEqual(second.toArray(), [
    { start: 3, end: 8, label: 'LOCATION', score: 0.5, source: 'tagger' },
    { start: 9, end: 12, label: 'PERSON_NAME', score: 0.5, source: 'names' },
  ]);
});

test('released columns are empty and take new candidates again', () => {
  const first = CandidateColumns.from(list);
  const second = CandidateColumns.from(list);
  first.release();
  second.release();
  assert.equal(first.length, 0);
  assert.deepEqual(first.toArray(), []);
  // Pushing into one released list leaves the other empty (they share nothing writable).
  first.push(5, 9, 'CONTACT', 0.9, 'email');
  first.push(12, 20, 'PERSON_NAME', 0.7, 'names');
  assert.deepEqual(first.toArray(), [
    { start: 5, end: 9, label: 'CONTACT', score: 0.9, source: 'email' },
    { start: 12, end: 20, label: 'PERSON_NAME', score: 0.7, source: 'names' },
  ]);
  assert.equal(second.length, 0);
  second.filter(() => true);
  assert.deepEqual(second.toArray(), []);
  second.push(1, 2, 'DATE', 0.5, 'dates');
  assert.deepEqual(second.toArray(), [{ start: 1, end: 2, label: 'DATE', score: 0.5, source: 'dates' }]);
  assert.deepEqual(first.toArray().length, 2);
});

test('integer columns stay small-integer arrays after growing beside fractional scores (offsets are never boxed numbers)', async () => {
  // V8's element kinds are visible only with natives syntax: a child process checks them.
  const { execFileSync } = await import('node:child_process');
  const module = new URL('../../src/resolve/candidate-columns.ts', import.meta.url).href;
  const script = `
    const { CandidateColumns } = await import(${JSON.stringify(module)});
    const columns = new CandidateColumns(0);
    for (let i = 0; i < 40; i++) columns.push(i * 12, i * 12 + 7, 'PERSON_NAME', 0.5 + i / 100, 'names');
    const kinds = ['starts', 'ends', 'labels', 'sources'].map((k) => k + ':' + (%HasSmiElements(columns[k]) ? 'smi' : 'other'));
    process.stdout.write(kinds.join(' ') + ' scores:' + (%HasDoubleElements(columns.scores) ? 'double' : 'other'));
  `;
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(out, 'starts:smi ends:smi labels:smi sources:smi scores:double');
});

test('perLabelId computes a value once per label id, extends it as the table grows, and starts anew for another table', () => {
  const calls: string[] = [];
  const lengths = perLabelId((label) => {
    calls.push(label);
    return label.length;
  });
  const table: string[] = ['PERSON_NAME', 'ADDRESS'];
  assert.deepEqual(lengths(table as never), [11, 7]);
  table.push('LOCATION');
  assert.deepEqual(lengths(table as never), [11, 7, 8]);
  assert.deepEqual(calls, ['PERSON_NAME', 'ADDRESS', 'LOCATION']);
  assert.deepEqual(lengths(['EMAIL'] as never), [5]);
});
