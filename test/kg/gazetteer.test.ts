import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Gazetteer } from '../../src/kg/gazetteer.js';
import { foldText, normalizeKey } from '../../src/kg/normalize.js';

const keys = ['ann', 'ann arbor', 'arbor day', 'josé da silva', 'da silva', 'o\'neil', 'mar. 3, 1985', '1985', 'zürich'].map(normalizeKey);
const gazetteer = new Gazetteer(keys);
const found = (text: string) => gazetteer.find(text).map((o) => [text.slice(o.start, o.end), keys[o.term]]);

test('keys are folded and trimmed of edge punctuation', () => {
  assert.equal(normalizeKey('  José  DA\tSilva. '), 'jose da silva');
  assert.equal(normalizeKey('Acme Inc.'), 'acme inc');
  assert.equal(normalizeKey('O’Neil'), "o'neil");
  assert.equal(normalizeKey('—'), '');
});

test('fold keeps a map to original UTF-16 offsets (whitespace runs, marks, astral characters)', () => {
  const f = foldText('A\u0301b  \n😀É');
  assert.equal(f.text, 'ab 😀e');
  assert.deepEqual([...f.starts], [0, 2, 3, 6, 6, 8]);
  assert.deepEqual([...f.ends], [2, 3, 6, 8, 8, 9]);
});

test('matches need word boundaries on both sides', () => {
  assert.deepEqual(found('Annual report by Ann.'), [['Ann', 'ann']]);
  assert.deepEqual(found('Joanna and Annette'), []);
  assert.deepEqual(found('born 1985; not 19850 or x1985'), [['1985', '1985']]);
});

test('leftmost-longest: the longer term wins at the same start, and overlaps are dropped', () => {
  assert.deepEqual(found('She moved to Ann Arbor Day after day.'), [['Ann Arbor', 'ann arbor']]);
  assert.deepEqual(found('Visit Arbor Day events'), [['Arbor Day', 'arbor day']]);
  assert.deepEqual(found('JOSÉ DA SILVA met Ms. da Silva'), [['JOSÉ DA SILVA', 'jose da silva'], ['da Silva', 'da silva']]);
});

test('case, accents, curly apostrophes and line breaks do not hide a term; offsets are the original ones', () => {
  const text = '😀 Jose\nda  Silva met O’Neil in Zu\u0308rich on Mar. 3, 1985.';
  const hits = gazetteer.find(text);
  assert.deepEqual(
    hits.map((o) => text.slice(o.start, o.end)),
    ['Jose\nda  Silva', 'O’Neil', 'Zu\u0308rich', 'Mar. 3, 1985'],
  );
  assert.equal(hits[0].start, 3);
});

test('an empty text or dictionary finds nothing', () => {
  assert.deepEqual(gazetteer.find(''), []);
  assert.deepEqual(new Gazetteer([]).find('Ann Arbor'), []);
});

test("'all' mode keeps nested and overlapping hits, still word-bounded", () => {
  const text = 'She moved to Ann Arbor Day after day.';
  const hits = gazetteer.find(text, 'all').map((o) => text.slice(o.start, o.end));
  assert.deepEqual(hits, ['Ann Arbor', 'Ann', 'Arbor Day']);
  assert.deepEqual(gazetteer.find('Annual Arbor', 'all'), []);
});
