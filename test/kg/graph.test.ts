import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKnowledgeGraph, sniffGraphFormat } from '../../src/kg/graph.js';
import { InvertedIndex } from '../../src/kg/inverted-index.js';
import { profilesFromTriples } from '../../src/kg/triples.js';
import { isPostings } from '../../src/kg/postings.js';

const dir = mkdtempSync(join(tmpdir(), 'splice-kg-graph-'));

test('triples become profiles; objects that are named nodes stand for their names; typed graphs keep only people', () => {
  const profiles = profilesFromTriples([
    { s: 'Q1', p: 'rdf:type', o: 'human' },
    { s: 'Q1', p: 'name', o: 'Tove Lindqvist' },
    { s: 'Q1', p: 'birthPlace', o: 'Q90' },
    { s: 'Q1', p: 'occupation', o: 'glassblower' },
    { s: 'Q90', p: 'rdfs:label', o: 'Malmö' },
    { s: 'Q90', p: 'type', o: 'city' },
    { s: 'Q2', p: 'type', o: 'Q5' },
    { s: 'Q2', p: 'name', o: 'Ilja Brunn' },
    { s: 'Q2', p: 'spouse', o: 'Q1' },
  ]);
  assert.deepEqual(profiles.map((p) => p.id), ['Q1', 'Q2']);
  assert.deepEqual(profiles[0].attributes.birthPlace, ['Malmö']);
  assert.deepEqual(profiles[1].attributes.spouse, ['Tove Lindqvist']);
  assert.equal(profiles[0].attributes['rdf:type'], undefined);
});

test('untyped triples: every subject is an individual', () => {
  const profiles = profilesFromTriples([
    { s: 'a', p: 'name', o: 'Rhea Castellano' },
    { s: 'b', p: 'name', o: 'Odo Hartl' },
  ]);
  assert.equal(profiles.length, 2);
});

test('graph files are told apart by their first line; bad lines name file and line, not content', async () => {
  const profiles = join(dir, 'people.jsonl');
  writeFileSync(profiles, '{"id":"x1","attributes":{"name":"Rhea Castellano","occupation":["luthier"]}}\n{"id":"x2","attributes":{"name":"Odo Hartl","occupation":"luthier"}}\n');
  const triples = join(dir, 'triples.jsonl');
  writeFileSync(triples, '{"s":"x1","p":"name","o":"Rhea Castellano"}\n{"s":"x1","p":"occupation","o":"luthier"}\n{"s":"x2","p":"name","o":"Odo Hartl"}\n');
  assert.equal(await sniffGraphFormat(profiles), 'profiles');
  assert.equal(await sniffGraphFormat(triples), 'triples');
  const a = await loadKnowledgeGraph(profiles);
  const b = await loadKnowledgeGraph(triples);
  assert.deepEqual(a.ids, ['x1', 'x2']);
  assert.deepEqual(b.ids, ['x1', 'x2']);
  const bad = join(dir, 'bad.jsonl');
  writeFileSync(bad, '{"s":"x1","p":"name","o":"Rhea Castellano"}\n{"s":"x1","p":"","o":"secret value"}\n');
  await assert.rejects(loadKnowledgeGraph(bad), (err: Error) => /line 2/.test(err.message) && !err.message.includes('secret'));
  const other = join(dir, 'other.jsonl');
  writeFileSync(other, '{"name":"Rhea"}\n');
  await assert.rejects(loadKnowledgeGraph(other), /neither a profile/);
});

test('the inverted index: sorted postings per term, generic values left out, labels from the attributes', async () => {
  const path = join(dir, 'idx.jsonl');
  writeFileSync(
    path,
    [
      { id: 'a', attributes: { name: 'Rhea Castellano', gender: 'female', occupation: 'luthier', residence: 'Graz, Austria' } },
      { id: 'b', attributes: { name: 'Odo Castellano', gender: 'male', occupation: 'luthier', nationality: 'Austrian' } },
      { id: 'c', attributes: { name: 'Ines Wirth', occupation: 'human', birth_date: '1971-05-09' } },
    ]
      .map((p) => JSON.stringify(p))
      .join('\n'),
  );
  const index = InvertedIndex.build(await loadKnowledgeGraph(path));
  const list = (key: string) => [...index.postings(index.termOf(key)!)];
  assert.deepEqual(list('castellano'), [0, 1]);
  assert.deepEqual(list('luthier'), [0, 1]);
  assert.deepEqual(list('austria'), [0, 1], 'country and nationality are one another’s variants');
  assert.deepEqual(list('rhea castellano'), [0]);
  assert.deepEqual(list('9 may 1971'), [2]);
  assert.equal(index.termOf('female'), undefined);
  assert.equal(index.termOf('human'), undefined);
  for (let t = 0; t < index.size; t++) assert.ok(isPostings(index.postings(t)));
  assert.equal(index.labelFor(index.termOf('rhea castellano')!), 'PERSON_NAME');
  assert.equal(index.labelFor(index.termOf('graz')!), 'LOCATION');
  // "Austria" is a residence for a (LOCATION) and a nationality for b (DEMOGRAPHIC): each subject gets its own.
  assert.equal(index.labelFor(index.termOf('austrian')!, 0), 'LOCATION');
  assert.equal(index.labelFor(index.termOf('austrian')!, 1), 'DEMOGRAPHIC');
});
