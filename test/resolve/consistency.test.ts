import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consistencyRefiner } from '../../src/resolve/consistency.js';
import { Analyzer } from '../../src/detect/analyzer.js';
import type { Candidate } from '../../src/types.js';

const refine = (text: string, seeds: Candidate[]) =>
  consistencyRefiner(text, seeds, { profile: 'balanced' })
    .slice(seeds.length)
    .map((c) => `${c.label}:${text.slice(c.start, c.end)}`);

test('a full name propagates to its parts, case variants and possessives', () => {
  const text = "Patient: Chidinma Okafor-Bello\nMr. Okafor-Bello improved. CHIDINMA OKAFOR-BELLO signed. Chidinma's wife visited.";
  const out = refine(text, [{ start: 9, end: 9 + 'Chidinma Okafor-Bello'.length, label: 'PERSON_NAME', score: 0.9 }]);
  assert.deepEqual(out, ['PERSON_NAME:Okafor-Bello', 'PERSON_NAME:CHIDINMA OKAFOR-BELLO', 'PERSON_NAME:Chidinma']);
});

test('word-boundary matches only; common words at sentence starts are left alone', () => {
  const text = 'Grace Hart called. Grace is a virtue. Hartford is far. Hart Street is closed. Hart agreed.';
  const out = refine(text, [{ start: 0, end: 10, label: 'PERSON_NAME', score: 0.9 }]);
  assert.deepEqual(out, ['PERSON_NAME:Hart']);
});

test('places and organisations repeat only from confident findings', () => {
  const text = 'She grew up in Toledo. Toledo winters are long.';
  assert.deepEqual(refine(text, [{ start: 15, end: 21, label: 'LOCATION', score: 0.7 }]), ['LOCATION:Toledo']);
  assert.deepEqual(refine(text, [{ start: 15, end: 21, label: 'LOCATION', score: 0.6 }]), []);
});

test('through the analyzer: a surname alone after the full name', () => {
  const spans = new Analyzer({ labels: ['PERSON_NAME'] }).analyzeSync('Attending: Dr. Helen Ferrante\nFollow up with Ferrante in two weeks.');
  assert.deepEqual(spans.map((s) => s.text), ['Helen Ferrante', 'Ferrante']);
});

test('linear on a long document with many names', () => {
  const text = 'Anna Kowalczyk met Pieter Janssen. '.repeat(3000);
  const out = consistencyRefiner(text, [{ start: 0, end: 14, label: 'PERSON_NAME', score: 0.9 }], { profile: 'balanced' });
  assert.ok(out.length >= 3000);
});

test('lower-case mentions of an unusual name; handles, addresses and streets are not names', () => {
  const text = 'Kwame Mensah joined. Say hi to kwame. Mail kwame@example.org or @kwame, see mensah.io and kwame_m. Mensah Street is near. Later, Mensah left.';
  const out = refine(text, [{ start: 0, end: 12, label: 'PERSON_NAME', score: 0.9 }]);
  assert.deepEqual(out, ['PERSON_NAME:kwame', 'PERSON_NAME:Mensah']);
});

test('a seed offered twice by different recognizers adds each mention once', () => {
  const text = 'Lucia Ferreira called. Ferreira will call back; Lucia Ferreira is waiting.';
  const seed: Candidate = { start: 0, end: 14, label: 'PERSON_NAME', score: 0.9 };
  const out = refine(text, [seed, { ...seed }]);
  assert.deepEqual(out, ['PERSON_NAME:Ferreira', 'PERSON_NAME:Lucia Ferreira']);
});
