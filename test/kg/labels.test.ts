import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conllLoader } from '../../src/eval/loaders/conll.js';
import { distantLabels, toBio } from '../../src/kg/labels.js';
import { applyMasks } from '../../src/kg/masker.js';

const text = 'Dr. Ilse Brandvold moved to Graz.\nShe repairs violins.';
const masks = [
  { start: 4, end: 18, label: 'PERSON_NAME' as const },
  { start: 28, end: 32, label: 'LOCATION' as const },
];

test('distant labels keep the original text and the masks as spans', () => {
  const doc = distantLabels('b1', text, masks);
  assert.equal(doc.text, text);
  assert.deepEqual(doc.spans.map((s) => text.slice(s.start, s.end)), ['Ilse Brandvold', 'Graz']);
});

test('BIO: one token per line, B- then I-, O elsewhere, a blank line at each line break', () => {
  const bio = toBio(distantLabels('b1', text, masks));
  assert.equal(
    bio,
    ['-DOCSTART-\tO', '', 'Dr\tO', '.\tO', 'Ilse\tB-PERSON_NAME', 'Brandvold\tI-PERSON_NAME', 'moved\tO', 'to\tO', 'Graz\tB-LOCATION', '.\tO', '', 'She\tO', 'repairs\tO', 'violins\tO', '.\tO', '', ''].join('\n'),
  );
  // Splice's own CoNLL reader reads it back with the same mentions.
  const corpus = conllLoader.load(bio, {});
  assert.equal(corpus.documents.length, 1);
  const back = corpus.documents[0];
  assert.deepEqual(back.spans.map((s) => [back.text.slice(s.start, s.end), s.label]), [['Ilse Brandvold', 'PERSON_NAME'], ['Graz', 'LOCATION']]);
});

test('two adjacent masks of the same category stay two mentions in BIO', () => {
  const t = 'Graz Ghent';
  const bio = toBio(distantLabels('b2', t, [{ start: 0, end: 4, label: 'LOCATION' }, { start: 5, end: 10, label: 'LOCATION' }]));
  assert.match(bio, /Graz\tB-LOCATION\nGhent\tB-LOCATION/);
});

test('masked text replaces each mask by its tag', () => {
  assert.equal(applyMasks(text, masks), 'Dr. [PERSON_NAME] moved to [LOCATION].\nShe repairs violins.');
});
