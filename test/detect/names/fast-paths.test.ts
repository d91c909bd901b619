import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { hasLabelCue, hasPlaceCue, hasRelationCue, isSignature } from '../../../src/detect/recognizers/names/cues.js';
import { findSpeakers } from '../../../src/detect/recognizers/names/speakers.js';
import { findInformalNames } from '../../../src/detect/recognizers/names/informal-names.js';
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
  // Not at a line start: no speaker.
  assert.deepEqual(findSpeakers(new DetectionContext('Re - Tanvi: hi\nRe - Tanvi: ok')), []);
});

test('dotted initials next to other dots, capitals and astral letters', () => {
  const names = (text: string) => findInformalNames(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
  assert.deepEqual(names('Ask T.R. or K. M. about it.'), ['T.R.', 'K. M.']);
  assert.deepEqual(names('Read ..T.R., then A.B.C.D.'), []);
  // A capital outside the BMP is a capital too.
  assert.deepEqual(names('𝐀.T.R. said'), ['𝐀.T.R.']);
});
