import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakerNameLists, tagLexicons } from '../../src/learn/lexicons.js';

// The tagger's name lists are read from data/ (written by scripts/build-tagger-names.ts) so
// that Faker is not imported at run time; they must hold exactly what Faker gives.
test('the tagger name lists in data/ match the Faker locales they are built from', async () => {
  const lex = tagLexicons();
  const faker = await fakerNameLists();
  assert.ok(faker.given.size > 1000 && faker.family.size > 1000);
  assert.deepEqual([...lex.givenNames].sort(), [...faker.given].sort());
  assert.deepEqual([...lex.familyNames].sort(), [...faker.family].sort());
  assert.ok(lex.givenNames.has('maria') && lex.familyNames.has('schmidt'));
});
