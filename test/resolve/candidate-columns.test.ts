import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CandidateColumns } from '../../src/resolve/candidate-columns.js';
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
  assert.deepEqual(columns.labelTable, ['PERSON_NAME', 'ADDRESS', 'LOCATION']);
  assert.deepEqual(columns.sourceTable, ['names', 'address', 'tagger']);
  assert.equal(columns.labelId('LOCATION'), 2);
  assert.equal(columns.sourceId('names'), 0);
  assert.equal(columns.sourceId('tagger'), 2);
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
