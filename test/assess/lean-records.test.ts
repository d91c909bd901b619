import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessDocument } from '../../src/assess/index.js';
import { cleanName, hasLetter, nameTokens } from '../../src/assess/names.js';
import { placeKey } from '../../src/assess/place-data.js';
import { statedGender } from '../../src/assess/gender-context.js';
import { longestPhrase, phraseTable, words } from '../../src/assess/phrase-match.js';
import { spansIn } from './helpers.js';

/**
 * The assess stage keeps no record per element beyond the spans: `elements` are built when
 * read, the pipeline's spans are assessed in place, and with `explainLater` (long documents)
 * `basis` is computed when read. Every reader must see the same values (invented text only).
 */

const TEXT =
  'Dr. Imelda Varga, the only farrier in Tillbury, NH, treated Oskar Brandt (age 47) for asthma. ' +
  'She works as a registered nurse at Mercy General Hospital and won the 50-54 age group at the Lakeside Marathon.';
const MARKS: Array<[string, Parameters<typeof spansIn>[1][number][1]]> = [
  ['Imelda Varga', 'PERSON_NAME'],
  ['farrier', 'EMPLOYMENT_EDUCATION'],
  ['Tillbury, NH', 'LOCATION'],
  ['Oskar Brandt', 'PERSON_NAME'],
  ['age 47', 'DEMOGRAPHIC'],
  ['asthma', 'MEDICAL'],
  ['registered nurse', 'EMPLOYMENT_EDUCATION'],
  ['Mercy General Hospital', 'MEDICAL'],
  ['won the 50-54 age group at the Lakeside Marathon', 'ACHIEVEMENT'],
];

test('a basis worked out when read is an ordinary enumerable property to every reader, with the estimate\'s text', () => {
  const eager = assessDocument(TEXT, spansIn(TEXT, MARKS));
  const a = assessDocument(TEXT, spansIn(TEXT, MARKS), { explainLater: true });
  assert.deepEqual(JSON.parse(JSON.stringify(a.spans)), JSON.parse(JSON.stringify(eager.spans)));
  assert.deepEqual(a.spans.map((s) => ({ ...s })), eager.spans.map((s) => ({ ...s })));
  const farrier = a.spans[1];
  assert.match(farrier.basis!, /^uniqueness cue "the only": 1 person \(value alone: /);
  assert.match(a.spans[2].basis!, /Tillbury|village|prior/);
  assert.match(a.spans[5].basis!, /asthma/);
  // JSON, spread and Object.keys see it, in its place (after population, before redactReason).
  const json = JSON.parse(JSON.stringify(farrier));
  assert.equal(json.basis, farrier.basis);
  const keys = Object.keys(farrier);
  assert.deepEqual(keys.slice(keys.indexOf('population')), ['population', 'basis', 'redactReason']);
  assert.equal({ ...farrier }.basis, farrier.basis);
  // The hidden document reference is invisible (no symbol key, nothing of the text in JSON).
  assert.deepEqual(Object.getOwnPropertySymbols({ ...farrier }), []);
  assert.ok(!JSON.stringify(a.spans).includes('Lakeside Marathon.'));
  // Element records carry the same basis as their spans.
  for (let i = 0; i < a.spans.length; i++) assert.equal(a.elements[i].basis, a.spans[i].basis);
  // Writable like any property.
  farrier.basis = 'set by a caller';
  assert.equal(farrier.basis, 'set by a caller');
  assert.equal(JSON.parse(JSON.stringify(farrier)).basis, 'set by a caller');
});

test('in place: the same values as a copy, written into the given spans; re-assessing clears a stale reason', () => {
  const copy = assessDocument(TEXT, spansIn(TEXT, MARKS));
  const own = spansIn(TEXT, MARKS);
  const inPlace = assessDocument(TEXT, own, { inPlace: true, explainLater: true });
  assert.equal(inPlace.spans[0], own[0]);
  assert.deepEqual(JSON.parse(JSON.stringify(inPlace.spans)), JSON.parse(JSON.stringify(copy.spans)));
  assert.deepEqual(JSON.parse(JSON.stringify(inPlace.elements)), JSON.parse(JSON.stringify(copy.elements)));
  // The copy leaves its input alone.
  const input = spansIn(TEXT, MARKS);
  assessDocument(TEXT, input);
  assert.equal(input[0].identifying, undefined);
  assert.equal(Object.keys(input[0]).includes('basis'), false);
  // A huge pool makes the nurse identifying; with the usual pool it is kept: its old reason must go.
  const short = 'My neighbour works as a nurse.';
  const spans = spansIn(short, [['nurse', 'EMPLOYMENT_EDUCATION']]);
  assessDocument(short, spans, { inPlace: true, poolSize: 1e12, highAlwaysIdentifying: false });
  assert.match(spans[0].redactReason!, /^identifying alone/);
  assessDocument(short, spans, { inPlace: true, highAlwaysIdentifying: false });
  assert.equal(spans[0].redact, false);
  assert.equal('redactReason' in spans[0], false);
});

test('re-assessing assessed spans (as the generalisation ladder does) gives the same assessment', () => {
  const first = assessDocument(TEXT, spansIn(TEXT, MARKS), { explainLater: true });
  const again = assessDocument(TEXT, [...first.spans]);
  assert.deepEqual(JSON.parse(JSON.stringify(again.spans)), JSON.parse(JSON.stringify(first.spans)));
  assert.deepEqual(again.k, first.k);
});

// Reference versions of the character-loop fast paths.
const referenceClean = (t: string) => t.toLowerCase().replace(/[’']s$/, '').replace(/[^\p{L}'-]/gu, '');
const referencePlaceKey = (name: string) =>
  name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ').trim().replace(/^the /, '');
const referenceGender = (text: string) => {
  const f = /\b(?:she|her|hers|herself|woman|female|mother|wife|daughter|sister|mrs|ms|girl)\b/i.test(text);
  const m = /\b(?:he|him|his|himself|man|male|father|husband|son|brother|mr|boy)\b/i.test(text);
  return f === m ? undefined : f ? 'female' : 'male';
};

function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomStrings(alphabet: string[], count: number, seed: number): string[] {
  const next = generator(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let j = 1 + Math.floor(next() * 12); j > 0; j--) s += alphabet[Math.floor(next() * alphabet.length)];
    out.push(s);
  }
  return out;
}

test('name tokens, cleaned names and place keys as the regex chains they replace', () => {
  for (const t of ["O'Neil's", "MACDONALD'S", 'Smith’s', 'José', 'Ann-Marie', 'R2-D2', "'s", 'İpek', 'the', '']) {
    assert.equal(cleanName(t), referenceClean(t), t);
    assert.equal(hasLetter(t), /\p{L}/u.test(t), t);
  }
  const alphabet = ['a', 'S', 's', "'", '’', '-', '1', '.', ' ', '  ', 'é', 'İ', '\t', 'the ', 'The ', 'Z'];
  for (const s of randomStrings(alphabet, 20000, 5)) {
    assert.equal(cleanName(s), referenceClean(s), JSON.stringify(s));
    assert.equal(hasLetter(s), /\p{L}/u.test(s), JSON.stringify(s));
    assert.equal(placeKey(s), referencePlaceKey(s), JSON.stringify(s));
    assert.deepEqual(nameTokens(s), s.trim().split(/\s+/).filter((t) => /\p{L}/u.test(t)), JSON.stringify(s));
  }
  assert.equal(placeKey('  The  Rushmere   Hills '), 'rushmere hills');
});

test('words() on ASCII text splits like the Unicode path', () => {
  const alphabet = ['a', 'B', '1', "'", '.', '-', '/', '+', '&', ' ', ',', '\t', '\n', ':', 'x.'];
  const next = words;
  for (const s of randomStrings(alphabet, 20000, 9)) {
    // Appending a non-ASCII separator forces the Unicode path; the words are the same.
    assert.deepEqual(next(s), next(`${s}\u00a0`), JSON.stringify(s));
  }
});

test('stated gender in one scan, as the two patterns it replaces', () => {
  for (const t of ['She said he left.', 'His brother called.', 'Her sister and mother came.', 'The manager spoke.', 'heroes and shepherds', 'MS clinic; Mr. Lund', '']) {
    assert.equal(statedGender(t), referenceGender(t), t);
  }
  const alphabet = ['she', 'he', 'her', 'his', 'man', 'woman', 'x', ' ', '.', 'S', 'HE', 'r', '_', '1'];
  for (const s of randomStrings(alphabet, 20000, 3)) assert.equal(statedGender(s), referenceGender(s), JSON.stringify(s));
});

test('longest phrase: the longest, then the last, as a scan of every n-gram', () => {
  const table = phraseTable<number>([
    [1, ['nurse', 'registered nurse', 'nurse practitioner']],
    [2, ['family nurse practitioner', 'practitioner']],
    [3, ['head', 'head nurse']],
  ]);
  const reference = (tokens: string[]) => {
    for (let n = Math.min(table.maxWords, tokens.length); n >= 1; n--)
      for (let i = tokens.length - n; i >= 0; i--) {
        const phrase = tokens.slice(i, i + n).join(' ');
        const value = table.byPhrase.get(phrase);
        if (value !== undefined) return { phrase, value, at: i, words: n };
      }
    return undefined;
  };
  const vocabulary = ['nurse', 'registered', 'family', 'practitioner', 'head', 'senior', 'the'];
  const next = generator(21);
  for (let i = 0; i < 5000; i++) {
    const tokens = Array.from({ length: Math.floor(next() * 7) }, () => vocabulary[Math.floor(next() * vocabulary.length)]);
    assert.deepEqual(longestPhrase(table, tokens), reference(tokens), tokens.join(' '));
  }
  assert.deepEqual(longestPhrase(table, words('Senior family nurse practitioner')), { phrase: 'family nurse practitioner', value: 2, at: 1, words: 3 });
});

test('element records read after later documents were assessed are those of their own document', () => {
  // The stage's per-element working arrays are reused from document to document: the records
  // of a document read late must not see the next document's verdicts or populations.
  const first = assessDocument(TEXT, spansIn(TEXT, MARKS));
  const other = 'Contact Bertram Quill at bquill@example.org; he is a retired welder in Ostrava.';
  const second = assessDocument(other, spansIn(other, [['Bertram Quill', 'PERSON_NAME'], ['bquill@example.org', 'CONTACT'], ['welder', 'EMPLOYMENT_EDUCATION'], ['Ostrava', 'LOCATION']]));
  // A document longer than the kept working arrays, in between.
  const many = Array.from({ length: 5000 }, (_, i) => `Ward ${i} nurse.`).join(' ');
  const manyMarks: Array<[string, Parameters<typeof spansIn>[1][number][1]]> = [];
  for (let i = 0; i < 5000; i++) manyMarks.push([`Ward ${i} nurse`, 'EMPLOYMENT_EDUCATION']);
  const long = assessDocument(many, spansIn(many, manyMarks));
  const fresh = assessDocument(TEXT, spansIn(TEXT, MARKS)).elements;
  assert.deepEqual(first.elements, fresh);
  // The two documents' verdicts differ at the same indices (a late read of the first would show it).
  assert.deepEqual(second.elements.map((e) => e.verdict), ['identifying-alone', 'direct-identifier', 'high-significance', 'kept']);
  assert.notDeepEqual(first.elements.slice(0, 4).map((e) => [e.verdict, e.population]), second.elements.map((e) => [e.verdict, e.population]));
  assert.equal(second.elements[3].redactReason, undefined);
  assert.equal(long.elements.length, 5000);
  assert.deepEqual(second.elements.map((e) => e.label), ['PERSON_NAME', 'CONTACT', 'EMPLOYMENT_EDUCATION', 'LOCATION']);
});
