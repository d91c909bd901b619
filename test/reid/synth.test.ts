import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocumentsJsonl, parseProfilesJsonl } from '../../src/reid/profiles.js';
import { synthesise } from '../../src/reid/synth.js';

test('the same seed gives the same population; another seed another', () => {
  const a = synthesise({ people: 120, documents: 30, seed: 4 });
  const b = synthesise({ people: 120, documents: 30, seed: 4 });
  const c = synthesise({ people: 120, documents: 30, seed: 5 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(a.documents.map((d) => d.text), c.documents.map((d) => d.text));
});

test('profiles and documents round-trip through the loaders; each document names a real profile', () => {
  const pop = synthesise({ people: 300, documents: 60, seed: 9 });
  const profiles = parseProfilesJsonl(pop.profiles.map((p) => JSON.stringify(p)).join('\n'));
  const documents = parseDocumentsJsonl(pop.documents.map((d) => JSON.stringify(d)).join('\n'), 'd', { requireProfile: true });
  assert.equal(profiles.length, 300);
  assert.equal(documents.length, 60);
  const ids = new Set(profiles.map((p) => p.id));
  assert.equal(new Set(documents.map((d) => d.profile)).size, 60, 'one biography per sampled person');
  for (const d of documents) assert.ok(ids.has(d.profile!));
});

test('attributes follow realistic distributions and biographies vary their phrasing', () => {
  const pop = synthesise({ people: 2000, documents: 400, seed: 2 });
  for (const p of pop.profiles) {
    for (const key of ['name', 'birth_date', 'birthplace', 'residence', 'occupation']) assert.ok(p.attributes[key]?.length, `${p.id} has ${key}`);
    assert.match(p.attributes.birth_date[0], /^(19|20)[0-9]{2}-[01][0-9]-[0-3][0-9]$/);
  }
  const years = pop.profiles.map((p) => 2024 - Number(p.attributes.birth_date[0].slice(0, 4)));
  assert.ok(Math.min(...years) >= 20 && Math.max(...years) <= 95);
  const count = (attr: string) => {
    const m = new Map<string, number>();
    for (const p of pop.profiles) for (const v of p.attributes[attr] ?? []) m.set(v, (m.get(v) ?? 0) + 1);
    return [...m.values()].sort((a, b) => b - a);
  };
  // Heavy-tailed: common occupations and places repeat, names are mostly unique.
  assert.ok(count('occupation')[0] > 40, 'some occupation is common');
  assert.ok(count('name').length > 1900, 'names mostly unique');
  const texts = pop.documents.map((d) => d.text);
  // Dates appear in several written forms across the corpus.
  const forms = [/\b[0-9]{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) [0-9]{4}\b/, /\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b/, /\b[0-9]{2}\/[0-9]{2}\/[0-9]{4}\b/, /\bthe [0-9]{1,2}(st|nd|rd|th) of\b/];
  for (const f of forms) assert.ok(texts.some((t) => f.test(t)), String(f));
  // Every biography names its person in some form (full name, initial or surname).
  for (const d of pop.documents) {
    const family = pop.profiles.find((p) => p.id === d.profile)!.attributes.name[0].split(' ').at(-1)!;
    assert.ok(d.text.includes(family), d.id);
  }
});

test('bad sizes are refused', () => {
  assert.throws(() => synthesise({ people: 0 }), /people must be a positive integer/);
  assert.throws(() => synthesise({ people: 5, documents: 6 }), /documents must be/);
});
