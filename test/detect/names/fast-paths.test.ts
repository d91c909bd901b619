import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { hasLabelCue, hasPlaceCue, hasRelationCue, isSignature } from '../../../src/detect/recognizers/names/cues.js';
import { findSpeakers } from '../../../src/detect/recognizers/names/speakers.js';
import { FirstCharLengths } from '../../../src/detect/recognizers/names/word-filter.js';
import { findInformalNames, isLowerTitle, isPossessive, LOWER_TITLES, POSSESSIVES } from '../../../src/detect/recognizers/names/informal-names.js';
import { findPersonNames } from '../../../src/detect/recognizers/names/person-names.js';
import { namesRecognizers } from '../../../src/detect/recognizers/names/index.js';
import { isBlankGap } from '../../../src/detect/recognizers/names/tokens.js';
import { familyNames, givenNames, isFamilyName, isGivenName } from '../../../src/lexicons/names.js';
import { personNameRecognizer } from '../../../src/detect/recognizers/names/person-names.js';
import { placeRecognizer } from '../../../src/detect/recognizers/places/places.js';
import { organizationRecognizer } from '../../../src/detect/recognizers/organizations/organizations.js';

// The cue tests and scans have cheap pre-checks in front of their regular
// expressions; these cases sit on the edges of those pre-checks.

test('relation cues: last word, optional "of", comma, blanks and quote', () => {
  assert.ok(hasRelationCue('we met my wife '));
  assert.ok(hasRelationCue('survived by '));
  assert.ok(hasRelationCue('the daughter of '));
  assert.ok(hasRelationCue('dear, '));
  assert.ok(hasRelationCue('my name, '));
  assert.ok(hasRelationCue('a.k.a. '));
  assert.ok(hasRelationCue('his fiancé '));
  assert.ok(hasRelationCue('a friend "'));
  assert.ok(!hasRelationCue('a friendly '));
  assert.ok(!hasRelationCue('my wife    '));
  assert.ok(!hasRelationCue('signed the form '));
  assert.ok(!hasRelationCue(''));
});

test('form-label cues need a colon right before the name', () => {
  assert.ok(hasLabelCue('Patient: Ana', 9));
  assert.ok(hasLabelCue('Attending:   "Ana', 14));
  assert.ok(!hasLabelCue('Patient Ana', 8));
  assert.ok(!hasLabelCue('Note: seen by Ana', 14));
  assert.ok(!hasLabelCue(':Ana', 1));
});

test('signatures: alone on a line after a closing or a dash', () => {
  const letter = 'See you then.\nBest,\nAnna\n';
  const at = letter.indexOf('Anna');
  assert.ok(isSignature(letter, at, at + 4));
  const dashed = 'Thanks!\n— Lulu';
  assert.ok(isSignature(dashed, dashed.indexOf('Lulu'), dashed.length));
  const inline = 'Best,\nwe met Anna';
  assert.ok(!isSignature(inline, inline.indexOf('Anna'), inline.length));
});

test('place cues end in a cue word and one or two blanks', () => {
  assert.ok(hasPlaceCue('she grew up '));
  assert.ok(hasPlaceCue('moved to the '));
  assert.ok(hasPlaceCue('lives in\t'));
  assert.ok(!hasPlaceCue('lives in   '));
  assert.ok(!hasPlaceCue('within '));
  assert.ok(!hasPlaceCue('in'));
});

test('speakers are found at every kind of line start', () => {
  const chat = 'Tanvi: hi\r\nKwame Osei: hello\rTanvi: ok\u2028Kwame Osei: bye';
  const found = findSpeakers(new DetectionContext(chat)).map((c) => chat.slice(c.start, c.end));
  assert.deepEqual(found, ['Tanvi', 'Kwame Osei', 'Tanvi', 'Kwame Osei']);
  const paragraphs = 'Tanvi: hi\u2029Kwame Osei: hello\u2029Tanvi: ok\u2029Kwame Osei: bye';
  assert.deepEqual(findSpeakers(new DetectionContext(paragraphs)).map((c) => paragraphs.slice(c.start, c.end)), ['Tanvi', 'Kwame Osei', 'Tanvi', 'Kwame Osei']);
  // Not at a line start: no speaker.
  assert.deepEqual(findSpeakers(new DetectionContext('Re - Tanvi: hi\nRe - Tanvi: ok')), []);
});

test('speakers: newline-only texts, long lines, and texts that cannot hold two', () => {
  const spans = (text: string) => findSpeakers(new DetectionContext(text)).map((c) => text.slice(c.start, c.end));
  // Lines broken by "\n" only (found with indexOf), one of them longer than a speaker match can reach.
  const chat = `Tanvi: hi\n${'a long line without the mark '.repeat(20)}\nKwame Osei: hello\nTanvi: ok\nKwame Osei: bye`;
  assert.deepEqual(spans(chat), ['Tanvi', 'Kwame Osei', 'Tanvi', 'Kwame Osei']);
  // "\n" and "\r" mixed: the scan of every break.
  assert.deepEqual(spans('Tanvi: hi\rTanvi: ok\nnote'), ['Tanvi', 'Tanvi']);
  // One line, or one colon: no speaker opens two lines.
  assert.deepEqual(spans('Tanvi: hi Tanvi: ok'), []);
  assert.deepEqual(spans('Tanvi: hi\nTanvi said ok'), []);
});

test('dotted initials next to other dots, capitals and astral letters', () => {
  const names = (text: string) => findInformalNames(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
  assert.deepEqual(names('Ask T.R. or K. M. about it.'), ['T.R.', 'K. M.']);
  assert.deepEqual(names('Read ..T.R., then A.B.C.D.'), []);
  // A capital outside the BMP is a capital too.
  assert.deepEqual(names('𝐀.T.R. said'), ['𝐀.T.R.']);
});

test('a name against an address, a handle or a street suffix is dropped (character tests of blocked)', () => {
  const person = personNameRecognizer({ profile: 'balanced' });
  const names = (text: string) => (person.detect(new DetectionContext(text)) as Array<{ start: number; end: number }>).map((c) => text.slice(c.start, c.end));
  assert.deepEqual(names('Ask Marta Kowalczyk now'), ['Marta Kowalczyk']);
  assert.deepEqual(names('Ask Marta Kowalczyk st now'), ['Marta Kowalczyk']);
  assert.deepEqual(names('Ask Marta Kowalczyk street now'), ['Marta Kowalczyk']);
  assert.deepEqual(names('Marta Kowalczyk. org'), ['Marta Kowalczyk']);
  for (const text of [
    'Email Marta Kowalczyk@example.org today',
    'ping @Marta Kowalczyk now',
    'see /Marta Kowalczyk now',
    '#Marta Kowalczyk',
    '=Marta Kowalczyk',
    'a\\Marta Kowalczyk',
    'Try x.Marta Kowalczyk now',
    'Try Marta Kowalczyk_2 now',
    'Try Marta Kowalczyk2 now',
    'Marta Kowalczyk/x',
    'Marta Kowalczyk.Org',
    'Ask Marta Kowalczyk St. now',
    'Ask Marta Kowalczyk st. now',
    'Ask Marta Kowalczyk Dr. now',
    'Ask Marta Kowalczyk Street now',
    'Ask Marta Kowalczyk  Street now',
  ]) {
    assert.deepEqual(names(text), [], text);
  }
  // After a relation cue a single word is a place only with a place cue around it.
  assert.deepEqual(names('I saw my sister Austin yesterday'), ['Austin']);
  assert.deepEqual(names('I saw my sister Austin, TX yesterday'), []);
});

test('the cheap lower-case title and possessive tests agree with their sets', () => {
  for (const w of LOWER_TITLES) assert.ok(isLowerTitle(w), w);
  for (const w of POSSESSIVES) assert.ok(isPossessive(w), w);
  for (const w of ['d', 'drs', 'mister', 'professors', 'nurses', 'the', 'their', 'thy', 'hers', 'yours', 'u', 'm']) {
    assert.equal(isLowerTitle(w), LOWER_TITLES.has(w), w);
    assert.equal(isPossessive(w), POSSESSIVES.has(w), w);
  }
});

test('texts without a capital, a colon, a quote or a dot skip those scans and find the rest', () => {
  const [person, evasion] = namesRecognizers({ profile: 'balanced' });
  const found = (r: typeof person, text: string) => (r.detect(new DetectionContext(text)) as Array<{ start: number; end: number }>).map((c) => text.slice(c.start, c.end));
  assert.deepEqual(findPersonNames(new DetectionContext('no capitals in here at all'), 'balanced'), []);
  assert.deepEqual(found(evasion, 'hi there, my name is dana kowalski'), ['dana kowalski']);
  assert.deepEqual(found(person, 'hi dr hoang, see you soon'), ['hoang']);
  assert.deepEqual(found(person, 'He was known to everyone as \u201CBoots\u201D back then'), ['Boots']);
  assert.deepEqual(found(person, 'He was known to everyone as "Boots" back then'), ['Boots']);
  assert.deepEqual(found(person, 'Everyone calls her Ro at home'), ['Ro']);
  // An astral character in the window: the relation cue is read by the expression.
  assert.ok(hasRelationCue('\u{1F642} my wife '));
  assert.ok(!hasRelationCue('\u{1F642} a friendly '));
});

test('name tests through the flag table answer as the name sets, hyphenated names included', () => {
  const given = [...givenNames()].slice(0, 500);
  const family = [...familyNames()].slice(0, 500);
  for (const g of given) assert.ok(isGivenName(g), g);
  for (const f of family) assert.ok(isFamilyName(f), f);
  assert.ok(isFamilyName(`${given[7]}-${family[9]}`));
  assert.ok(!isFamilyName('table-chairs'));
  assert.ok(!isGivenName('quickly'));
});

test('isBlankGap reads as /^[ \\t]{1,2}$/', () => {
  for (const gap of ['', ' ', '  ', '   ', '\t', ' \t', '\t\t', '\t  ', '.', ' .', '\n', ' \n', '\u00a0', ', ']) {
    assert.equal(isBlankGap(gap), /^[ \t]{1,2}$/.test(gap), JSON.stringify(gap));
  }
});

test('FirstCharLengths never rules out a word of its set, and rules out others by first letter and length', () => {
  const words = ['as', 'him', 'her', 'nickname', "it's", 'k'];
  const filter = new FirstCharLengths(words);
  for (const w of words) assert.ok(filter.mayHold(w), w);
  // Same first letter, other length; other first letter; empty; a first character outside ASCII.
  for (const w of ['ask', 'hi', 'hers', 'nicknamed', 'its', 'ka', 'bas', '', '\u00E9s']) assert.ok(!filter.mayHold(w), w);
  // Same first letter and length as a word of the set: left to the look-up.
  assert.ok(filter.mayHold('ha!'));
  assert.throws(() => new FirstCharLengths(['\u00E9t\u00E9']));
});
