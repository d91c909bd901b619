import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contacts } from './helpers.js';

test('plain e-mail addresses, with sub-domains and plus tags', () => {
  assert.deepEqual(contacts('Please send the signed form to maria.lopez+forms@mail.stateuniv.edu by Friday.'), ['maria.lopez+forms@mail.stateuniv.edu']);
  assert.deepEqual(contacts('From: Tom Reyes <t_reyes77@outlook.co.uk>'), ['t_reyes77@outlook.co.uk']);
});

test('trailing sentence punctuation is not part of the address', () => {
  assert.deepEqual(contacts('Her e-mail is anna.k@fastmail.fm.'), ['anna.k@fastmail.fm']);
  assert.deepEqual(contacts('(write to jo@example.org)'), ['jo@example.org']);
});

test('obfuscated forms are found and mapped back to the original text', () => {
  assert.deepEqual(contacts('Write to john [at] gmail [dot] com please.'), ['john [at] gmail [dot] com']);
  assert.deepEqual(contacts('Write to john (at) gmail.com please.'), ['john (at) gmail.com']);
  assert.deepEqual(contacts('Reply to rosa at example dot org or call.'), ['rosa at example dot org']);
  assert.deepEqual(contacts('Try pjones42 at yahoo.com tonight.'), ['pjones42 at yahoo.com']);
});

test('zero-width and full-width characters inside an address', () => {
  assert.deepEqual(contacts('Mail: ja\u200Bne@exam\u200Cple.com today'), ['ja\u200Bne@exam\u200Cple.com']);
  assert.deepEqual(contacts('Mail: ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ today'), ['ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ']);
});

test('near misses: prose with "at", a bare @, a domain without a user', () => {
  assert.deepEqual(contacts('Visit us at acme.com for the opening hours.'), []);
  assert.deepEqual(contacts('We met at noon. Then we left at three.'), []);
  assert.deepEqual(contacts('Meet me @ the library, not at home.'), []);
  assert.deepEqual(contacts('The image is named logo@2x.png in the assets folder.'), []);
});
