import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contacts } from './helpers.js';

test('@handles with dots, underscores and hyphens', () => {
  assert.deepEqual(contacts('Follow @jane_doe99 on Twitter.'), ['@jane_doe99']);
  assert.deepEqual(contacts('Insta is @marlow.tides if the feed is down.'), ['@marlow.tides']);
  assert.deepEqual(contacts('Venmo @Mike-Plumbing-VT or pay by check.'), ['@Mike-Plumbing-VT']);
});

test('Reddit user names keep their u/ prefix', () => {
  assert.deepEqual(contacts('Posted by u/throwaway_123 in r/legaladvice'), ['u/throwaway_123']);
});

test('labelled user names: value only, repeats marked too', () => {
  assert.deepEqual(contacts('My username is jdoe_88 and my Skype: jane.doe.work; gamertag xXSniperXx.'), ['jdoe_88', 'jane.doe.work', 'xXSniperXx']);
  assert.deepEqual(contacts('Reset the password for username jsmith, then sign jsmith out.'), ['jsmith', 'jsmith']);
  assert.deepEqual(contacts('She posted from the account kfinch_2day on Snapchat.'), ['kfinch_2day']);
  assert.deepEqual(contacts('User: mossyheron_41 · Joined Jan 2023'), ['mossyheron_41']);
});

test('near misses: e-mail, times, prose after a cue word', () => {
  assert.deepEqual(contacts('Meet @ 5pm or @5pm at the gym.'), []);
  assert.deepEqual(contacts('The handlebars broke. Handle with care.'), []);
  assert.deepEqual(contacts('Enter your username and password in the user name field.'), []);
  assert.deepEqual(contacts('She opened an account at the bank and a user account later.'), []);
  assert.deepEqual(contacts('Write to ana@example.com today.'), ['ana@example.com']);
});

test('weak cues need a username-like value', () => {
  assert.deepEqual(contacts('Instagram: river.moss.art and Instagram is amazing.'), ['river.moss.art']);
  assert.deepEqual(contacts('The login came from Ohio; the account AB12345678 was frozen.'), []);
  assert.deepEqual(contacts('Instagram: rivermoss'), ['rivermoss']);
});

test('user-name cues in any case and spacing, "\u017f" and the Kelvin sign included, only at a word start', () => {
  assert.deepEqual(contacts('USERNAME IS qorvex_77 now'), ['qorvex_77']);
  assert.deepEqual(contacts('gamer\ttag  zzTundraXx then'), ['zzTundraXx']);
  // "\u017f" (long s) and "\u212a" (Kelvin sign) match "s" and "k" in a case-insensitive cue.
  assert.deepEqual(contacts('u\u017fername: plover_12 then'), ['plover_12']);
  assert.deepEqual(contacts('my \u212aik: plover_12 then'), ['plover_12']);
  // Inside a word a cue is no cue.
  assert.deepEqual(contacts('the superuser: plover_12 then'), []);
});
