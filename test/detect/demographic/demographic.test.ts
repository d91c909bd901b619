import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { demographicRecognizers } from '../../../src/detect/recognizers/demographic/index.js';
import { termCandidates } from '../../../src/detect/recognizers/demographic/terms.js';

const [recognizer] = demographicRecognizers({ profile: 'balanced' });

function found(text: string): string[] {
  const out = recognizer.detect(new DetectionContext(text));
  if (out instanceof Promise) throw new Error('demographic recognizer must be synchronous');
  return out.map((c) => text.slice(c.start, c.end)).sort();
}

test('ages with units joined', () => {
  assert.deepEqual(found('a 63-year-old retired welder'), ['63-year-old']);
  assert.deepEqual(found('Pt is 81 y/o, lives alone.'), ['81 y/o']);
  assert.deepEqual(found('Age: 9 years'), ['9 years']);
  assert.deepEqual(found('my daughter is twelve years old'), ['twelve years old']);
});

test('ages after cues, in clauses and appositions', () => {
  assert.deepEqual(found('The boy, aged 7, was unhurt.'), ['7']);
  assert.deepEqual(found("honestly i'm 27 and still confused"), ['27']);
  assert.deepEqual(found('Ms. Park, 58, testified on Monday.'), ['58']);
  assert.deepEqual(found('Her son Theo (11) plays chess.'), ['11']);
  assert.deepEqual(found('She retired at the age of sixty-two.'), ['sixty-two']);
  assert.deepEqual(found('a man in his late thirties'), ['late thirties']);
});

test('nationality, ethnicity and race describing a person', () => {
  assert.deepEqual(found('She is a Kenyan-British engineer.'), ['Kenyan-British']);
  assert.deepEqual(found('a Vietnamese woman and her Peruvian husband'), ['Peruvian', 'Vietnamese']);
  assert.deepEqual(found('He holds Chilean and Spanish citizenship.'), ['Chilean', 'Spanish']);
  assert.deepEqual(found('Witness described a black male, about six feet.'), ['black']);
  assert.deepEqual(found('Nationality: Moldovan\nRace: Asian'), ['Asian', 'Moldovan']);
});

test('religion and gender identity', () => {
  assert.deepEqual(found('He is a devout Presbyterian and tithes monthly.'), ['Presbyterian']);
  assert.deepEqual(found('Patient is a Jehovah’s Witness; declines transfusion.'), ['Jehovah’s Witness']);
  assert.deepEqual(found('Alex is genderqueer and uses they/them.'), ['genderqueer']);
  assert.deepEqual(found('She is a trans woman who works nights.'), ['trans woman']);
  assert.deepEqual(found('Religion: Sikh'), ['Sikh']);
});

test('near misses: colours, organisations, languages, names, plain gender words', () => {
  for (const text of [
    'She wore a black coat and white shoes.',
    'He works for American Airlines near the Irish Sea.',
    'They donated to Catholic Charities and the Methodist Hospital.',
    'Christian Bale was in town.',
    'She speaks French and reads Japanese.',
    'A woman and a man arrived; she said he was late.',
    'Room 4 (12) was closed; Section (3) applies.',
    'Troponin I was 0.84 on arrival.',
    'Revenue was £30m (c. 30M) in 2020.',
    'We turned 5 pages of the report.',
    'The Italian restaurant on Main Street closed.',
    'My English teacher said so.',
  ]) {
    assert.deepEqual(found(text), [], text);
  }
});

test('terms are found after texts without any, in any case, with a plural s, a hyphen or a non-ASCII word before them', () => {
  // The word scan reuses its buffers and looks words up by a hash filter before the trie: each text is read afresh.
  assert.deepEqual(found('Nothing here but a plain sentence about the weather.'), []);
  assert.deepEqual(found('They are KENYANS.'), ['KENYANS']);
  assert.deepEqual(found('Both are devout Catholics.'), ['Catholics']);
  assert.deepEqual(found('Zoë, a Somali American nurse, arrived.'), ['Somali American']);
  assert.deepEqual(found('a well-known Afro-Cuban drummer'), ['Afro-Cuban']);
  assert.deepEqual(found('Nos vemos mañana: he is Peruvian.'), ['Peruvian']);
  const terms = (text: string) => termCandidates(text).map((c) => text.slice(c.start, c.end));
  assert.deepEqual(terms('Two KENYANS and three Ghanaians joined the tour.'), ['KENYANS', 'Ghanaians']);
  // One letter more than a term's plural, or a country name, is no term.
  assert.deepEqual(terms('She is Kenyanss; Kenya was mentioned.'), []);
});

test('"trans" alone is read in any case, also with a long s', () => {
  assert.deepEqual(found("I'm 19, TRANS (mtf)."), ['19', 'TRANS', 'mtf']);
  assert.deepEqual(found('she is tran\u017f.'), ['tran\u017f']);
  assert.deepEqual(found('The transit was late, trans-Atlantic too.'), []);
});

test('term candidates read their neighbouring words lazily, and only until the next scan', () => {
  // Words before the first term (an apostrophe word, a non-ASCII one) and after it are read from the scan's bounds.
  const text = "We don't know Zoë well; she's a Korean American engineer from Busan.";
  const hits = termCandidates(text);
  assert.deepEqual(hits.map((h) => text.slice(h.start, h.end)), ['Korean American']);
  const { toks, first, last } = hits[0];
  assert.equal(toks.at(first)?.text, 'Korean');
  assert.equal(toks.at(last + 1)?.key, 'engineer');
  assert.equal(toks.at(first - 1)?.text, 'a');
  assert.equal(toks.at(-1), undefined);
  assert.equal(toks.at(toks.length), undefined);
  // The scan's buffers are reused: a list read after another scan fails instead of reading the other text's words.
  termCandidates('A Ghanaian national and a Peruvian citizen.');
  assert.throws(() => toks.at(first + 3), /word list read after a later scan/);
  assert.throws(() => toks.endOf(last), /word list read after a later scan/);
});
