import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from '../../src/resolve/resolver.js';

const text = 'Ms. Dana Whitfield lives at 12 Elm Street, Lenox, MA 01240 and ran the 2019 Chicago Marathon.';
const at = (s: string) => text.indexOf(s);

test('a full address absorbs the city inside it', () => {
  const addr = at('12 Elm Street');
  const city = at('Lenox');
  const spans = resolve(text, [
    { start: city, end: city + 5, label: 'LOCATION', score: 0.9, source: 'city' },
    { start: addr, end: at(' and ran'), label: 'ADDRESS', score: 0.8, source: 'address' },
  ]);
  assert.equal(spans.length, 1);
  assert.equal(spans[0].label, 'ADDRESS');
  assert.equal(spans[0].text, '12 Elm Street, Lenox, MA 01240');
});

test('a named event wins over the higher-significance place inside it', () => {
  const ev = at('2019 Chicago Marathon');
  const city = at('Chicago');
  const spans = resolve(text, [
    { start: city, end: city + 7, label: 'LOCATION', score: 0.9, source: 'city' },
    { start: ev, end: ev + '2019 Chicago Marathon'.length, label: 'EVENT', score: 0.7, source: 'event' },
  ]);
  assert.deepEqual(spans.map((s) => [s.label, s.text]), [['EVENT', '2019 Chicago Marathon']]);
});

test('higher significance wins a partial overlap and the loser keeps its remainder', () => {
  const name = at('Dana Whitfield');
  const spans = resolve(text, [
    { start: name, end: name + 14, label: 'PERSON_NAME', score: 0.9, source: 'names' },
    { start: name + 5, end: at(' lives') + 6, label: 'ORGANIZATION', score: 0.4, source: 'orgs' },
  ]);
  assert.deepEqual(spans.map((s) => [s.label, s.text]), [['PERSON_NAME', 'Dana Whitfield'], ['ORGANIZATION', 'lives']]);
});

test('same-label spans separated by a space merge into one', () => {
  const first = at('Dana');
  const last = at('Whitfield');
  const spans = resolve(text, [
    { start: first, end: first + 4, label: 'PERSON_NAME', score: 0.6, source: 'a' },
    { start: last, end: last + 9, label: 'PERSON_NAME', score: 0.8, source: 'b' },
  ]);
  assert.equal(spans.length, 1);
  assert.equal(spans[0].text, 'Dana Whitfield');
  assert.equal(spans[0].source, 'a+b');
  assert.equal(spans[0].significance, 'HIGH');
});

test('a merged span names each source once, even one whose name is part of another', () => {
  const words = 'Ms. Ilsa Brennock Vey Odrin, Lenox';
  const word = (w: string) => ({ start: words.indexOf(w), end: words.indexOf(w) + w.length });
  // Disjoint candidates, given in no order of start (the resolver sorts them).
  const spans = resolve(words, [
    { ...word('Vey'), label: 'PERSON_NAME', score: 0.5, source: 'names' },
    { ...word('Ilsa'), label: 'PERSON_NAME', score: 0.6, source: 'names-extra' },
    { ...word('Odrin'), label: 'PERSON_NAME', score: 0.7, source: 'name' },
    { ...word('Brennock'), label: 'PERSON_NAME', score: 0.4, source: 'names' },
    { ...word('Lenox'), label: 'LOCATION', score: 0.9, source: 'names' },
  ]);
  assert.deepEqual(
    spans.map((s) => [s.text, s.source, s.score]),
    [
      ['Ilsa Brennock Vey Odrin', 'names-extra+names+name', 0.7],
      ['Lenox', 'names', 0.9],
    ],
  );
});

test('out-of-range and empty candidates are dropped', () => {
  const spans = resolve(text, [
    { start: 5, end: 5, label: 'PERSON_NAME', score: 1 },
    { start: -1, end: 3, label: 'PERSON_NAME', score: 1 },
    { start: 0, end: text.length + 1, label: 'PERSON_NAME', score: 1 },
  ]);
  assert.deepEqual(spans, []);
});

test('the lower-case view of a context keeps offsets even for characters that grow', async () => {
  const { DetectionContext } = await import('../../src/detect/context.js');
  const ctx = new DetectionContext('İstanbul DOB: 01/02/1990');
  assert.equal(ctx.lower.length, ctx.text.length);
  assert.equal(ctx.lower.slice(9, 12), 'dob');
});

test('a composite span absorbs stronger spans inside it whatever the order they arrive in', () => {
  const t = 'In 2019 she won the silver medal at the Grandma\'s Marathon in Duluth.';
  const ach = t.indexOf('won');
  const name = t.indexOf('Marathon');
  const city = t.indexOf('Duluth');
  const candidates = [
    { start: name, end: name + 8, label: 'PERSON_NAME' as const, score: 0.4, source: 'tagger' },
    { start: city, end: city + 6, label: 'LOCATION' as const, score: 0.9, source: 'place' },
    { start: ach, end: city + 6, label: 'ACHIEVEMENT' as const, score: 0.7, source: 'achievement' },
  ];
  for (const order of [candidates, [...candidates].reverse()]) {
    const spans = resolve(t, order);
    assert.deepEqual(spans.map((s) => [s.label, s.text]), [['ACHIEVEMENT', t.slice(ach, city + 6)]]);
  }
});
