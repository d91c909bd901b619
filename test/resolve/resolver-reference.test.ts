import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beats, finalSpans, resolve, strongerFirst, trimRange, type Working } from '../../src/resolve/resolver.js';
import { SpanIndex } from '../../src/resolve/span-index.js';
import type { Candidate } from '../../src/types.js';
import type { Label } from '../../src/taxonomy.js';

/**
 * The resolver keeps its accepted spans in a SpanIndex and its remainders in a heap
 * (O(n log n)); the plain version it replaces (a sorted array with Array.splice and a
 * queue with sorted insertion, O(n²)) is written out here as the reference, and both
 * must give the same spans on random candidates, composite labels and ties included.
 */
const MEANINGFUL = /[\p{L}\p{N}].*[\p{L}\p{N}]/su;

function referenceResolve(text: string, candidates: readonly Candidate[]) {
  const queue: Working[] = candidates
    .filter((c) => c.end > c.start && c.start >= 0 && c.end <= text.length)
    .map((c) => ({ ...c, source: c.source ?? 'unknown' }));
  queue.sort(strongerFirst);
  const accepted: Working[] = [];
  const indexAt = (start: number) => {
    let i = 0;
    while (i < accepted.length && accepted[i].start < start) i++;
    return i;
  };
  const overlaps = (start: number, end: number) => accepted.filter((a) => a.start < end && a.end > start);
  for (let next = 0; next < queue.length; next++) {
    const cand = queue[next];
    const all = overlaps(cand.start, cand.end);
    if (all.length === 0) {
      accepted.splice(indexAt(cand.start), 0, cand);
      continue;
    }
    if (all.every((o) => beats(cand, o) && o.start >= cand.start && o.end <= cand.end)) {
      for (const o of all) accepted.splice(accepted.indexOf(o), 1);
      accepted.splice(indexAt(cand.start), 0, cand);
      continue;
    }
    const clash = all[0];
    const pieces: Array<[number, number]> = [];
    if (cand.start < clash.start) pieces.push([cand.start, clash.start]);
    if (cand.end > clash.end) pieces.push([clash.end, cand.end]);
    for (const [s, e] of pieces) {
      const [ts, te] = trimRange(text, s, e);
      if (te > ts && MEANINGFUL.test(text.slice(ts, te))) {
        const item = { ...cand, start: ts, end: te, score: cand.score * 0.9 };
        let at = next + 1;
        while (at < queue.length && strongerFirst(queue[at], item) <= 0) at++;
        queue.splice(at, 0, item);
      }
    }
  }
  return finalSpans(text, accepted);
}

function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Invented text with letters, digits, punctuation runs, spaces and a surrogate pair (𝐀, a letter).
const PIECES = ['Anna', ' ', 'Okafor', ', ', '12', ' Elm Street', '...', '--', '𝐀', 'é', '\n', '(', ')', 'Lenox', ' MA ', '01240', '  ', 'x'];
const LABELS: Label[] = ['PERSON_NAME', 'ADDRESS', 'LOCATION', 'ORGANIZATION', 'EVENT', 'BIRTH', 'MEDICAL', 'TRAIT', 'ACHIEVEMENT', 'CONTACT'];

test('the resolver gives the same spans as the plain reference on random candidates', () => {
  const next = generator(5);
  for (let round = 0; round < 1500; round++) {
    let text = '';
    while (text.length < 20 + next() * 200) text += PIECES[Math.floor(next() * PIECES.length)];
    const candidates: Candidate[] = [];
    for (let i = Math.floor(next() * 40); i > 0; i--) {
      const start = Math.floor(next() * text.length);
      // Long candidates too, so that one loses to several spans inside it.
      const length = next() < 0.2 ? Math.floor(next() * text.length) : 1 + Math.floor(next() * 12);
      candidates.push({
        start,
        end: Math.min(text.length, start + length),
        label: LABELS[Math.floor(next() * LABELS.length)],
        // Few scores, so that ties on significance, length and score occur (remainders score ×0.9).
        score: [0.5, 0.7, 0.9, 0.9 * 0.9, 0.7 * 0.9][Math.floor(next() * 5)],
        source: `r${Math.floor(next() * 3)}`,
      });
    }
    assert.deepEqual(resolve(text, candidates), referenceResolve(text, candidates), `round ${round}`);
  }
});

test('a composite candidate over many stronger spans loses at its end, keeps its gaps, and stays fast to resolve', () => {
  // "Anna Okafor, Anna Okafor, …" on one line: 2,000 names inside one long EVENT candidate
  // that overlaps a CONTACT span at its end (so it cannot absorb them).
  const unit = 'Anna Okafor, ';
  const text = unit.repeat(2000) + 'anna@example.org';
  const candidates: Candidate[] = [];
  for (let i = 0; i < 2000; i++) candidates.push({ start: i * unit.length, end: i * unit.length + 11, label: 'PERSON_NAME', score: 0.9, source: 'names' });
  const email = text.indexOf('anna@');
  candidates.push({ start: email, end: text.length, label: 'CONTACT', score: 0.95, source: 'email' });
  candidates.push({ start: 0, end: email + 4, label: 'EVENT', score: 0.6, source: 'event' });
  const spans = resolve(text, candidates);
  assert.deepEqual(spans, referenceResolve(text, candidates));
  assert.equal(spans.filter((s) => s.label === 'PERSON_NAME').length, 2000);
  assert.equal(spans.filter((s) => s.label === 'CONTACT').length, 1);
});

test('SpanIndex finds, inserts and removes disjoint ranges in order across block splits', () => {
  const index = new SpanIndex<{ start: number; end: number }>();
  const items = Array.from({ length: 1000 }, (_, i) => ({ start: i * 10, end: i * 10 + 5 }));
  // Inserted out of order (a stride co-prime with 1000).
  for (let k = 0; k < 1000; k++) index.insert(items[(k * 7) % 1000]);
  assert.equal(index.size, 1000);
  assert.deepEqual(index.toArray(), items);
  assert.equal(index.firstOverlap(4, 12), items[0]);
  assert.equal(index.firstOverlap(5, 10), undefined);
  assert.equal(index.lastOverlap(0, 33), items[3]);
  assert.deepEqual(index.overlapping(3, 31), items.slice(0, 4));
  for (let k = 0; k < 1000; k += 2) index.remove(items[k]);
  assert.deepEqual(index.toArray(), items.filter((_, k) => k % 2 === 1));
  assert.equal(index.firstOverlap(0, 10), undefined);
  assert.throws(() => index.remove(items[0]), /not in the set/);
});

test('candidates that never overlap (the short cut for most documents) resolve as the reference does, in any order', () => {
  const next = generator(11);
  let merged = 0;
  for (let round = 0; round < 600; round++) {
    let text = '';
    while (text.length < 40 + next() * 200) text += PIECES[Math.floor(next() * PIECES.length)];
    // Disjoint ranges, some touching and some a blank apart (same-label neighbours merge), then shuffled.
    const candidates: Candidate[] = [];
    const count = 1 + Math.floor(next() * 60); // across the size limit of the short cut (48)
    for (let at = 0; candidates.length < count && at < text.length - 1; ) {
      const start = at + Math.floor(next() * 3);
      const end = Math.min(text.length, start + 1 + Math.floor(next() * 6));
      if (end <= start) break;
      candidates.push({ start, end, label: LABELS[Math.floor(next() * 3)], score: [0.5, 0.7, 0.9][Math.floor(next() * 3)], source: `r${Math.floor(next() * 3)}` });
      at = end;
    }
    for (let i = candidates.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
    }
    const spans = resolve(text, candidates);
    assert.deepEqual(spans, referenceResolve(text, candidates), `round ${round}`);
    merged += candidates.length - spans.length;
  }
  assert.ok(merged > 0, 'some neighbours merged');
});

test('one overlap among many disjoint candidates is resolved by precedence, not taken as disjoint', () => {
  const text = 'Anna Okafor met Bram Lenox at 12 Elm Street in Lenox.';
  const candidates: Candidate[] = [
    { start: 47, end: 52, label: 'LOCATION', score: 0.8, source: 'place' },
    { start: 0, end: 11, label: 'PERSON_NAME', score: 0.9, source: 'names' },
    { start: 30, end: 43, label: 'ADDRESS', score: 0.9, source: 'address' },
    { start: 16, end: 26, label: 'PERSON_NAME', score: 0.9, source: 'names' },
    // Overlaps the address: the composite address absorbs it.
    { start: 33, end: 36, label: 'LOCATION', score: 0.95, source: 'place' },
  ];
  const spans = resolve(text, candidates);
  assert.deepEqual(spans, referenceResolve(text, candidates));
  assert.deepEqual(spans.map((s) => [s.text, s.label]), [['Anna Okafor', 'PERSON_NAME'], ['Bram Lenox', 'PERSON_NAME'], ['12 Elm Street', 'ADDRESS'], ['Lenox', 'LOCATION']]);
});
