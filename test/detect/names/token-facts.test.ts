import { test } from 'node:test';
import assert from 'node:assert/strict';
import { familyNames, givenNames, nameStopwords } from '../../../src/lexicons/names.js';
import { KEY_ENGLISH, KEY_FAMILY, KEY_GIVEN, KEY_NAME, KEY_STOP, factsOf, lowerCaseKeys, mayBeNameKey, tokenFacts } from '../../../src/detect/recognizers/names/classify.js';
import { foldKey, tokenize } from '../../../src/detect/recognizers/names/tokens.js';
import { hasRelationCue } from '../../../src/detect/recognizers/names/cues.js';

// The scans below replace regular expressions and look-ups by cheaper equivalents;
// these tests hold them to the definitions they replace.

/** The tokenizer's definition (names/tokens.ts): the expression its scan reads. */
const WORD = /[\p{L}][\p{L}\p{M}]{0,40}(?:['\u2019\-][\p{L}][\p{L}\p{M}]{0,40}){0,4}/gu;

function referenceTokens(text: string): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    if (/['\u2019]s$/.test(word) && word.length > 3) word = word.slice(0, -2);
    out.push([m.index, m.index + word.length, foldKey(word)]);
  }
  return out;
}

test('the tokenizer scan finds the tokens of its regular expression', () => {
  const texts = [
    "Dr. O'Neil-Okoro's notes: Zoë Ødegaard, São Paulo, d\u2019Arcy\u2019s visit.",
    'J. R. R. Tolkien and ÉMILE (aged 9) met at 10:30 \u2014 café e\u0301te\u0301, naïve.',
    'a'.repeat(45) + " x-y-z-w-v-u-t o'b'c'd'e'f 𝐀𝐁𝐂 \uD800 lone \uDC00 surrogates İstanbul ǅemal",
    "don't can\u2019t it's JAMES'S  --hyphen- 'quoted' ab-'c",
  ];
  for (const text of texts) {
    const got = tokenize(text).map((t) => [t.start, t.end, t.key]);
    assert.deepEqual(got, referenceTokens(text), text);
  }
});

test('token shapes and keys of ASCII and curly-apostrophe words', () => {
  const tokens = tokenize('Mary O\u2019BRIEN met x-Ray and I at McDonald\u2019s');
  assert.deepEqual(
    tokens.map((t) => [t.text, t.key, t.shape]),
    [
      ['Mary', 'mary', 'title'],
      ['O\u2019BRIEN', "o'brien", 'upper'],
      ['met', 'met', 'lower'],
      ['x-Ray', 'x-ray', 'lower'],
      ['and', 'and', 'lower'],
      ['I', 'i', 'initial'],
      ['at', 'at', 'lower'],
      ['McDonald', 'mcdonald', 'title'],
    ],
  );
});

test('the name filter lets every given and family name that is no stopword through', () => {
  const stop = nameStopwords();
  let checked = 0;
  for (const set of [givenNames(), familyNames()]) {
    for (const key of set) {
      if (stop.has(key)) continue;
      checked++;
      if (!mayBeNameKey(key)) assert.fail(`filtered out: ${key}`);
    }
  }
  assert.ok(checked > 1000);
  // Most everyday words are ruled out without a look-up.
  const words = ['table', 'quickly', 'because', 'window', 'yesterday', 'medicine', 'happened', 'between'];
  assert.ok(words.filter((w) => mayBeNameKey(w)).length <= 2);
});

test('token facts agree with the lexicons, and the lower-case keys hold the names written in lower case', () => {
  const text = 'ask for priya or the kowalski twins; Priya said the table was by the window with mary-jane';
  const tokens = tokenize(text);
  const facts = tokenFacts(tokens);
  tokens.forEach((t, i) => {
    const bits = factsOf(t.key).bits;
    assert.equal(facts.bits(i), bits);
    if (t.shape === 'lower' && bits & (KEY_GIVEN | KEY_FAMILY) && !(bits & KEY_STOP)) assert.ok(facts.mayBeName(i), t.key);
  });
  const priya = factsOf('priya').bits;
  assert.ok(priya & KEY_GIVEN && priya & KEY_NAME && !(priya & KEY_ENGLISH));
  const keys = lowerCaseKeys(tokens);
  assert.ok(keys.has('priya') && keys.has('kowalski') && keys.has('mary-jane'));
  assert.ok(!keys.has('table') && !keys.has('window'));
});

test('relation cues read from the end: doubled blanks, "of", comma, blanks and quote', () => {
  assert.ok(hasRelationCue('the family was survived  by '));
  assert.ok(hasRelationCue('the eldest son of '));
  assert.ok(hasRelationCue('with her brother, \t"'));
  assert.ok(hasRelationCue('brother'));
  assert.ok(hasRelationCue('(wife '));
  assert.ok(!hasRelationCue('(wife) '));
  assert.ok(!hasRelationCue('the family was survived   by '));
  assert.ok(!hasRelationCue('stepbrotherly '));
  assert.ok(!hasRelationCue('godbrother '));
  assert.ok(!hasRelationCue('brother of of '));
  // A letter outside the BMP before the phrase is a letter.
  assert.ok(!hasRelationCue('𝐀wife '));
  assert.ok(hasRelationCue('𝐀 wife '));
});
