import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LowerCaseSkip, SequenceTagger } from '../../src/learn/tagger.js';
import { tagLexicons } from '../../src/learn/lexicons.js';
import { dataPath } from '../../src/lexicons/data-files.js';

/**
 * The tagger scores tokens with the fast scorer (rows of one typed array found from small
 * caches, no feature strings); its tags and margins must be bit for bit those of the
 * feature-string path it replaces, on ordinary text and on odd tokens ("|" words and shapes,
 * symbols, digits, line breaks, letters of other scripts). All text here is invented.
 */
const tagger = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons());

function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SENTENCES = [
  'Dr. Amara Okonkwo saw the patient in Flagstaff on 12 March 2024.',
  'Contact Jonas Lindqvist at jonas.lindqvist@example.org or (406) 555-0142.',
  'She works as a data engineer at Bluegate Analytics in Bozeman, MT.',
  'Attending: Priya Raman, MD | Ward 5 West | MRN 00518306',
  'PATIENT: TOMASZ WIŚNIEWSKI — DOB 11/03/1958',
  'Mr. O’Neil-Haddad and Ms. de la Cruz met Yuki at Riverside Unified School District.',
];
const PIECES = ['|', '||', '<s>', '</s>', '_', 'Anna', 'anna', 'ANNA', 'x', '42', 'Θεσσαλονίκη', '東京', '—', '.', ':', '\n', ' ', '  ', "d'Arc", 'Zoë', '@', '#1', 'A.B.', '|Maria|', 's-1'];

test('the fast scorer gives exactly the tags and margins of the feature-string path', () => {
  const next = generator(21);
  const texts = [...SENTENCES, SENTENCES.join(' '), SENTENCES.join('\n')];
  for (let i = 0; i < 300; i++) {
    let text = '';
    for (let k = 5 + Math.floor(next() * 40); k > 0; k--) {
      text += next() < 0.3 ? SENTENCES[Math.floor(next() * SENTENCES.length)] : PIECES[Math.floor(next() * PIECES.length)];
      text += next() < 0.7 ? ' ' : '';
    }
    texts.push(text);
  }
  const skipLower = (t: { text: string }) => t.text[0] === t.text[0].toLowerCase();
  let tagged = 0;
  for (const text of texts) {
    for (const skip of [undefined, skipLower, new LowerCaseSkip(new Set(['van', 'de', 'la', '&', '東京', 'θ']))]) {
      const fast = tagger.tagIndicesFast(text, skip);
      const plain = tagger.tagIndicesPlain(text, skip);
      assert.deepEqual(fast.tags, plain.tags, text);
      assert.deepEqual(fast.margins, plain.margins, text);
      tagged += fast.tags.filter((t) => t !== 0).length;
    }
  }
  // The texts are full of names: the comparison covers tagged tokens, not only O.
  assert.ok(tagged > 500);
});

test('with a tiny type cache, emptied again and again within documents, the scores stay those of the string path', () => {
  const small = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons());
  small.scorerCacheLimit = 16;
  const next = generator(5);
  let tagged = 0;
  for (let i = 0; i < 60; i++) {
    let text = '';
    for (let k = 10 + Math.floor(next() * 30); k > 0; k--) {
      text += next() < 0.5 ? SENTENCES[Math.floor(next() * SENTENCES.length)] : PIECES[Math.floor(next() * PIECES.length)];
      text += next() < 0.7 ? ' ' : '';
    }
    for (const skip of [undefined, new LowerCaseSkip(new Set(['de', 'la']))]) {
      const fast = small.tagIndicesFast(text, skip);
      const plain = small.tagIndicesPlain(text, skip);
      assert.deepEqual(fast.tags, plain.tags, text);
      assert.deepEqual(fast.margins, plain.margins, text);
      tagged += fast.tags.filter((t) => t !== 0).length;
    }
  }
  assert.ok(tagged > 200);
});

test('a document after a longer one is tagged as by a fresh tagger (the reused buffers hold nothing of the one before)', () => {
  const reused = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons());
  const skip = new LowerCaseSkip(new Set(['van', 'de']));
  const long = SENTENCES.join('\n').repeat(30);
  const short = 'Dr. Amara Okonkwo saw Ms. van Dijk.';
  const names = new Set(['PERSON_NAME', 'LOCATION', 'ORGANIZATION'] as const);
  const wanted = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons()).candidates(short, names, skip);
  assert.ok(wanted.some((c) => c.label === 'PERSON_NAME'));
  assert.ok(reused.candidates(long, names, skip).length > 30);
  assert.deepEqual(reused.candidates(short, names, skip), wanted);
  assert.deepEqual(reused.candidates('ok', names, skip), []);
  assert.deepEqual(reused.candidates(short, names, skip), wanted);
  // tag() copies what it returns: a later call leaves it as it was.
  const tagged = reused.tag(short, skip);
  const copy = JSON.parse(JSON.stringify(tagged));
  reused.tag(long, skip);
  assert.deepEqual(tagged, copy);
});
