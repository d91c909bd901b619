import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateK, greedyRemoval, type Group } from '../../src/assess/k-anonymity.js';
import { formatCount, formatNumber } from '../../src/assess/number-format.js';
import { words, wordsKey } from '../../src/assess/phrase-match.js';
import { cleanName, estimateName, nameTokens } from '../../src/assess/names.js';
import { formatShare } from '../../src/assess/demographics.js';
import { nameTable } from '../../src/assess/tables.js';
import { uniquenessCue } from '../../src/assess/uniqueness-cues.js';
import type { AttributeKind } from '../../src/assess/types.js';

/**
 * The assess stage's fast paths must give exactly what the plain versions they
 * replace gave (the plain versions are written out here as references).
 */

// A small deterministic generator (no wall clock, no Math.random: reproducible failures).
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('formatNumber / formatCount print like toLocaleString("en-US")', () => {
  const values = [0, -0, 1, 999, 1000, 1234567, 8_050_000_000, 2 ** 53 - 1, 2 ** 53, 1e21, 1e30, -1234, 0.5, 2.5, 1234.5678, Infinity, NaN];
  const next = generator(7);
  for (let i = 0; i < 5000; i++) values.push(Math.floor(next() * 10 ** (i % 17)), next() * 10 ** (i % 24), 1 / (next() * 10 ** -(i % 30)));
  for (const v of values) {
    assert.equal(formatNumber(v), v.toLocaleString('en-US'), String(v));
    assert.equal(formatCount(v), Math.round(v).toLocaleString('en-US'), String(v));
  }
});

const NON_WORD = /[^\p{L}\p{N}'&./+-]+/gu;
function referenceWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(NON_WORD, ' ')
    .split(' ')
    .map((w) => (w.endsWith('.') ? w.slice(0, -1) : w))
    .map((w) => w.replace(/^['.\-/]+|['\-/]+$/g, ''))
    .filter(Boolean);
}

test('words() splits like the regex chain it replaces', () => {
  for (const s of ["Registered Nurse.", "the U.S. Navy", "O’Brien's -- co-founder/CEO", "'90s ./-x-/ y.'", "Ph.D. in Chemistry", "İstanbul & São Paulo", ""]) {
    assert.deepEqual(words(s), referenceWords(s), s);
  }
  const alphabet = ['a', 'B', 'é', '1', "'", '’', '‘', '.', '-', '/', '+', '&', ' ', ',', '\t', 'İ', '😀', '\n'];
  const next = generator(11);
  for (let i = 0; i < 20000; i++) {
    let s = '';
    for (let j = 1 + Math.floor(next() * 10); j > 0; j--) s += alphabet[Math.floor(next() * alphabet.length)];
    assert.deepEqual(words(s), referenceWords(s), JSON.stringify(s));
  }
});

// The Set-based greedy step and Map-based k as they were first written.
const MULTI = new Set<AttributeKind>(['medical', 'provider', 'organization', 'achievement', 'trait', 'event', 'demographic']);
function referenceK(groups: Iterable<Group>, base: number, contextShare = 1): number {
  let population = base;
  const single = new Map<AttributeKind, number>();
  const multi = new Map<AttributeKind, number[]>();
  for (const g of groups) {
    if (g.placePopulation !== undefined) {
      population = Math.min(population, g.placePopulation);
      continue;
    }
    if (MULTI.has(g.kind)) {
      const list = multi.get(g.kind);
      if (list) list.push(g.share);
      else multi.set(g.kind, [g.share]);
    } else single.set(g.kind, Math.min(single.get(g.kind) ?? 1, g.share));
  }
  let k = population * contextShare;
  for (const share of single.values()) k *= share;
  for (const shares of multi.values()) {
    shares.sort((a, b) => a - b);
    for (const share of shares.slice(0, 2)) k *= share;
  }
  return k;
}
function referenceGreedy(groups: readonly Group[], base: number, poolSize: number, contextShare = 1) {
  const kept = new Set(groups);
  const kBefore = referenceK(kept, base, contextShare);
  let k = kBefore;
  const removed: Group[] = [];
  while (k < poolSize && kept.size > 0) {
    let best: Group | undefined;
    let bestK = k;
    for (const g of [...kept]) {
      kept.delete(g);
      const next = referenceK(kept, base, contextShare);
      kept.add(g);
      if (next > bestK || (best && next === bestK && g.chars < best.chars)) {
        best = g;
        bestK = next;
      }
    }
    if (!best) break;
    kept.delete(best);
    removed.push(best);
    k = bestK;
  }
  return { removed, kBefore, kAfter: k, reached: k >= poolSize };
}

test('estimateK and greedyRemoval give bit-identical results to the Set/Map versions', () => {
  const kinds: AttributeKind[] = ['age', 'occupation', 'religion', 'medical', 'trait', 'event', 'name', 'place', 'organization'];
  const next = generator(3);
  for (let round = 0; round < 400; round++) {
    const groups: Group[] = [];
    for (let i = Math.floor(next() * 25); i > 0; i--) {
      const kind = kinds[Math.floor(next() * kinds.length)];
      const place = kind === 'place' && next() < 0.7;
      // Shares from a few values so that ties (and tie-breaks on chars) occur.
      const share = [0.5, 0.1, 0.013, 0.0007, 1 / 3, next()][Math.floor(next() * 6)];
      groups.push({ members: [i], kind, placePopulation: place ? Math.round(next() * 1e6) : undefined, share: place ? 1 : share, chars: Math.floor(next() * 4) });
    }
    const base = [340_000_000, 8_050_000_000, 5_000_000][round % 3];
    const pool = [10_000, 100, 1e6][Math.floor(round / 3) % 3];
    const ctx = round % 2 ? 0.5 : 1;
    assert.equal(estimateK(groups, base, ctx), referenceK(groups, base, ctx));
    const got = greedyRemoval(groups, base, pool, ctx);
    const want = referenceGreedy(groups, base, pool, ctx);
    assert.equal(got.kBefore, want.kBefore);
    assert.equal(got.kAfter, want.kAfter);
    assert.equal(got.reached, want.reached);
    assert.deepEqual(got.removed.map((g) => groups.indexOf(g)), want.removed.map((g) => groups.indexOf(g)));
  }
});

// The cue search as first written (slices and lastIndexOf, no pre-checks), with the same patterns.
const CUE_BEFORE =
  /(?:\bthe\s{1,3}(?:only|sole|lone|single|first|last|youngest|oldest)|\bonly\s{1,3}one|\bone\s{1,3}and\s{1,3}only|(?:['’]s|\bits|\btheir|\bour|\bhis|\bher)\s{1,3}(?:only|sole|lone|first|youngest|oldest))(?:\s{1,3}(?!(?:in|at|of|from|for|to|on|with|near|by|and|or)\b)[\p{L}\p{N}'’-]{1,30}){0,3}\s{0,3}$/iu;
const CUE_AFTER = /^\s{0,3},?\s{0,3}(?:who|which|that)\s{1,3}(?:is|was|remains)\s{1,3}the\s{1,3}(?:only|sole|first|last)\b/i;
const CUE_WORD = /\b(?:only|sole|lone|single|first|last|youngest|oldest)\b/i;
const CUE_INSIDE = /^(?:the\s{1,3})?(?:only|sole|lone)\s/i;
function referenceCue(text: string, start: number, end: number): string | undefined {
  const inside = CUE_INSIDE.exec(text.slice(start, end));
  if (inside) return inside[0].trim();
  let before = text.slice(Math.max(0, start - 80), start);
  const boundary = Math.max(before.lastIndexOf('.'), before.lastIndexOf('!'), before.lastIndexOf('?'), before.lastIndexOf('\n'));
  if (boundary >= 0) before = before.slice(boundary + 1);
  const m = CUE_WORD.test(before) ? CUE_BEFORE.exec(before) : null;
  if (m) return m[0].trim().replace(/\s+/g, ' ');
  const after = CUE_AFTER.exec(text.slice(end, end + 80));
  if (after) return after[0].trim().replace(/\s+/g, ' ');
  return undefined;
}

test('uniqueness cue pre-checks find what the plain search found, and miss what it missed', () => {
  const cases: Array<[string, string, string | undefined]> = [
    ['She is the only female firefighter in town.', 'female firefighter', 'the only'],
    ['He became the town’s sole pharmacist.', 'pharmacist', '’s sole'],
    ['Only female firefighter in town.', 'Only female firefighter', 'Only'],
    ['She was the only female firefighter.', 'only female firefighter', 'only'],
    ['Dana Ruiz, who is the only surgeon here, retired.', 'Dana Ruiz', ', who is the only'],
    ['Dana Ruiz  ,\tThat was the first', 'Dana Ruiz', ', That was the first'],
    ['Only one. The nurse came.', 'nurse', undefined],
    ['The nurse, who was on call, came.', 'nurse', undefined],
    ['The only nurse in Lenox came.', 'Lenox', undefined],
  ];
  for (const [text, value, cue] of cases) {
    const start = text.indexOf(value);
    assert.equal(uniquenessCue(text, start, start + value.length), cue, text);
    assert.equal(referenceCue(text, start, start + value.length), cue, text);
  }
  const pieces = ['the', 'only', 'sole', 'Lone', 'first', 'its', "'s", 'who', 'is', 'That', 'was', 'in', 'nurse', 'Lenox', ',', '.', '!', '\n', ' ', '  ', '\t', 'x'];
  const next = generator(5);
  for (let i = 0; i < 20000; i++) {
    let text = '';
    for (let j = Math.floor(next() * 24); j > 0; j--) text += pieces[Math.floor(next() * pieces.length)] + (next() < 0.7 ? ' ' : '');
    const start = Math.floor(next() * (text.length + 1));
    const end = Math.min(text.length, start + Math.floor(next() * 12));
    assert.equal(uniquenessCue(text, start, end), referenceCue(text, start, end), JSON.stringify([text, start, end]));
  }
  // Adversarial: long runs of cue words and of sentence boundaries.
  const text = 'the only '.repeat(12_000) + 'x';
  assert.equal(uniquenessCue(text, text.length - 1, text.length), referenceCue(text, text.length - 1, text.length));
  const dots = '.'.repeat(100_000) + 'nurse';
  assert.equal(uniquenessCue(dots, 100_000, dots.length), undefined);
});

test('nameTokens splits like trim / split(/\\s+/) / filter(letter) on ASCII and other text', () => {
  const reference = (text: string) => text.trim().split(/\s+/).filter((t) => /\p{L}/u.test(t));
  for (const s of ['Dana Ruiz', '  Mara  de la Cruz ', 'J. R. R. Tolkien', 'O’Neill\u00a0Byrne', 'Zoë\tKowalski', '42 7', '', ' \n ']) {
    assert.deepEqual(nameTokens(s), reference(s), JSON.stringify(s));
  }
  const alphabet = ['a', 'Q', 'é', '1', '.', '-', "'", ' ', '  ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u2003', '_', 'Ж'];
  const next = generator(13);
  for (let i = 0; i < 20000; i++) {
    let s = '';
    for (let j = Math.floor(next() * 12); j > 0; j--) s += alphabet[Math.floor(next() * (next() < 0.8 ? 12 : alphabet.length))];
    assert.deepEqual(nameTokens(s), reference(s), JSON.stringify(s));
  }
});

test('wordsKey is words().join(" ")', () => {
  for (const s of ['The Red Cross', 'Acme Corp.', "St. Mary's Hospital", 'café du Monde', '', '--']) assert.equal(wordsKey(s), words(s).join(' '), s);
  // Words of letters and digits between single spaces (the text itself, lower-cased) and near misses.
  for (const s of ['Orla Penhallow', 'route 9 diner', 'a', 'Orla  Penhallow', ' Orla', 'Orla ', 'Orla\tPenhallow', 'Orla-Penhallow', 'Dr. Orla']) {
    assert.equal(wordsKey(s), words(s).join(' '), JSON.stringify(s));
  }
  assert.equal(wordsKey('Orla  Penhallow'), 'orla penhallow');
  const alphabet = ['a', 'B', 'é', '1', "'", '’', '.', '-', '/', '+', '&', ' ', ',', '\t'];
  const next = generator(17);
  for (let i = 0; i < 20000; i++) {
    let s = '';
    for (let j = Math.floor(next() * 10); j > 0; j--) s += alphabet[Math.floor(next() * (next() < 0.9 ? 13 : alphabet.length))];
    assert.equal(wordsKey(s), words(s).join(' '), JSON.stringify(s));
  }
});

// estimateName's notes as first written (arrays of notes joined), for the rewritten string building.
function referenceNameBasis(tokens: string[]): { share: number; basis: string } {
  const data = nameTable();
  const given = (t: string): [number, string] => {
    if (/^[A-Za-z]\.?$/.test(t)) return [1 / 26, 'initial 1/26'];
    const share = data.givenNames.get(cleanName(t));
    if (share !== undefined) return [share / 2, `given name ${(share * 50).toFixed(2)}%`];
    return [data.unknownGivenNameShare, `unlisted given name ${data.unknownGivenNameShare}`];
  };
  const surname = (t: string): [number, string] => {
    const key = cleanName(t);
    const parts = key.includes('-') ? key.split('-').filter(Boolean) : key ? [key] : [];
    let share = 1;
    const notes: string[] = [];
    for (const part of parts) {
      const count = data.surnames.get(part);
      if (count !== undefined) {
        share *= count / data.usPopulation;
        notes.push(`surname ${((count / data.usPopulation) * 100).toFixed(3)}%`);
      } else {
        share *= data.unknownSurnameShare;
        notes.push(`unlisted surname ${data.unknownSurnameShare}`);
      }
    }
    return [share, notes.join(' × ')];
  };
  const [g, gNote] = given(tokens[0]);
  const [s, sNote] = surname(tokens[tokens.length - 1]);
  let share = g * s;
  const notes = [gNote, sNote];
  for (const middle of tokens.slice(1, -1)) {
    const [m, mNote] = given(middle);
    share *= m;
    notes.push(`middle ${mNote}`);
  }
  return { share, basis: `full name: ${notes.join(' × ')} (Census name files, parts independent)` };
}

test('estimateName builds the same notes as the array-based version (hyphens, initials, middles)', () => {
  const data = nameTable();
  const givens = [...data.givenNames.keys()].slice(0, 5).map((k) => k[0].toUpperCase() + k.slice(1));
  const surnames = [...data.surnames.keys()].slice(0, 5).map((k) => k[0].toUpperCase() + k.slice(1));
  const pool = [...givens, ...surnames, 'Qzxwv', 'J.', 'K', `${surnames[0]}-${surnames[1]}`, `${surnames[2]}-Vrolk`, '-', 'Ann-', "O'Rourke's"];
  const next = generator(19);
  for (let i = 0; i < 3000; i++) {
    const tokens: string[] = [];
    for (let j = 2 + Math.floor(next() * 3); j > 0; j--) tokens.push(pool[Math.floor(next() * pool.length)]);
    const text = tokens.join(' ');
    // The words holding a letter, as estimateName reads them ("-" is none).
    const named = tokens.filter((t) => /\p{L}/u.test(t));
    if (named.length < 2) continue;
    const got = estimateName(text);
    const want = referenceNameBasis(named);
    assert.equal(got.basis, want.basis, text);
    assert.equal((got as { share: number }).share, want.share, text);
  }
  // A lone hyphenated family name: the parts multiplied, their notes joined.
  const lone = estimateName(`${surnames[0]}-${surnames[1]}`);
  assert.match(lone.basis, /^surname [\d.]+% × surname [\d.]+% \(Census 2010\)$/);
});

test('formatShare keeps 0 and -0 apart and gives the same text when asked again', () => {
  const zero = formatShare(0);
  const negativeZero = formatShare(-0);
  assert.notEqual(zero, negativeZero);
  assert.equal(formatShare(0), zero);
  assert.equal(formatShare(-0), negativeZero);
  for (const share of [0.5, 0.0123, 0.00004, 1 / 3]) assert.equal(formatShare(share), formatShare(share));
  assert.equal(formatShare(0.5), '50.0%');
  assert.equal(formatShare(0.00004), `1 in ${formatCount(25_000)}`);
});

test('greedyRemoval counts a group passed twice once (as the Set it replaces did)', () => {
  const a: Group = { members: [0], kind: 'age', share: 0.01, chars: 5 };
  const b: Group = { members: [1], kind: 'occupation', share: 0.001, chars: 9 };
  const c: Group = { members: [2], kind: 'medical', share: 0.02, chars: 4 };
  for (const groups of [[a, b, a, c], [b, b, b], [c, a, b, c, a]]) {
    const got = greedyRemoval(groups, 340_000_000, 10_000);
    const want = referenceGreedy(groups, 340_000_000, 10_000, 1);
    assert.equal(got.kBefore, want.kBefore);
    assert.equal(got.kAfter, want.kAfter);
    assert.deepEqual(got.removed, want.removed);
  }
});
