import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../src/detect/context.js';
import { findSpelledNames } from '../../src/detect/recognizers/names/spelled-names.js';
import { findLowerCaseCueNames } from '../../src/detect/recognizers/names/lower-case-cues.js';

function spelled(text: string): string[] {
  return findSpelledNames(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
}

function lowerCase(text: string): string[] {
  return findLowerCaseCueNames(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
}

test('names spelled out letter by letter, with any separator', () => {
  assert.deepEqual(spelled('My name is J-O-H-N S-M-I-T-H.'), ['J-O-H-N S-M-I-T-H']);
  assert.deepEqual(spelled('name: j o h n s m i t h'), ['j o h n s m i t h']); // one unbroken run: given + family name
  assert.deepEqual(spelled('P.R.I.Y.A. will pick it up'), ['P.R.I.Y.A']);
  assert.deepEqual(spelled('Tenant: D_A_N_A K_O_W_A_L_S_K_I'), ['D_A_N_A K_O_W_A_L_S_K_I']);
  assert.deepEqual(spelled('I am T O M A S Z  N O W A K'), ['T O M A S Z  N O W A K']);
  assert.deepEqual(spelled('the caller was E - M - E - K - A'), ['E - M - E - K - A']);
  // An unknown name is taken after "spelled".
  assert.deepEqual(spelled('surname is spelled Q-W-I-B-B-L-E-R'), ['Q-W-I-B-B-L-E-R']);
});

test('letter runs that are not names are left alone', () => {
  for (const text of ['Options a, b, c and d apply', 'the F.B.I. and the C.I.A. met', 'T O P  S E C R E T', 'x y z axes', 'grade B-A-B-C average', 'R.S.V.P. by Friday']) {
    assert.deepEqual(spelled(text), [], text);
  }
});

test('lower-case names after a strong name cue', () => {
  assert.deepEqual(lowerCase('hi, my name is dana kowalski and i need help'), ['dana kowalski']);
  assert.deepEqual(lowerCase('name: soren lindqvist'), ['soren lindqvist']);
  assert.deepEqual(lowerCase('call me yusuf'), ['yusuf']);
  assert.deepEqual(lowerCase('my name is li wei'), ['li wei']);
  assert.deepEqual(lowerCase('her name was mark'), ['mark']); // an English word is still a name after "name was"
});

test('lower-case names after a weak cue need a name that is no everyday word', () => {
  assert.deepEqual(lowerCase('ask for priya at the front desk'), ['priya']);
  assert.deepEqual(lowerCase('you can talk to emeka about it'), ['emeka']);
  assert.deepEqual(lowerCase('this is tomasz nowak calling back'), ['tomasz nowak']);
  assert.deepEqual(lowerCase('hey its jenny from accounting'), ['jenny']);
  for (const text of ['this is great news', "i'm fine thanks", 'ask for help', 'talk to will about it', 'this is may already', 'i am frank with you']) {
    assert.deepEqual(lowerCase(text), [], text);
  }
});

test('lower-case names on a signature line', () => {
  assert.deepEqual(lowerCase('see you soon.\nthanks,\nmarco'), ['marco']);
  assert.deepEqual(lowerCase('cheers\n- leila haddad'), ['leila haddad']);
  assert.deepEqual(lowerCase('best regards,\n\ningrid lindqvist\n'), ['ingrid lindqvist']);
  // A closing followed by a sentence is no signature.
  assert.deepEqual(lowerCase('thanks,\nwill call tomorrow'), []);
});

test('a name inside an address or a handle is not taken on its own', () => {
  assert.deepEqual(lowerCase('my name is @dana_k'), []);
  assert.deepEqual(lowerCase('name: dana.kowalski@mail.com'), []);
});

test('names written in leetspeak', async () => {
  const { findLeetNames } = await import('../../src/detect/recognizers/names/leet-names.js');
  const leet = (text: string) => findLeetNames(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
  assert.deepEqual(leet('J0hn Sm1th signed the form'), ['J0hn', 'Sm1th']);
  assert.deepEqual(leet('patient m4ri4 g0nz4l3z called'), ['m4ri4', 'g0nz4l3z']);
  assert.deepEqual(leet('$arah and m@ria came'), ['$arah', 'm@ria']);
  // Codes, ordinals, units and leet words that are no names.
  assert.deepEqual(leet('take B12 and the 4th dose, CO2 at 415, A1C, mp3, h3llo, gr8, 2day, $50, Anna!, up at 5am and 7am'), []);
  // An everyday word that is also a name needs a leet name beside it.
  assert.deepEqual(leet('the sm1th forged it'), []);
});

test('lower-case names after a form label or a closing on the same line', () => {
  assert.deepEqual(lowerCase('Patient: soren lindqvist, 54'), ['soren lindqvist']);
  assert.deepEqual(lowerCase('cheers, dana'), ['dana']);
  assert.deepEqual(lowerCase('thanks, will do'), []);
  // A form label whose value goes on is no name field ("CC" is a chief complaint here); "from" is no name cue.
  assert.deepEqual(lowerCase('CC: abd pain x 6h, fever'), []);
  assert.deepEqual(lowerCase('she sold sauce from clay jars'), []);
});
