import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contacts } from './helpers.js';

test('http(s) and www URLs, trailing punctuation trimmed', () => {
  assert.deepEqual(contacts('Photos are at https://example.org/albums/jane_doe?id=3).'), ['https://example.org/albums/jane_doe?id=3']);
  assert.deepEqual(contacts('Our wedding site is www.lena-und-yusuf.de.'), ['www.lena-und-yusuf.de']);
  assert.deepEqual(contacts('See https://example.net/wiki/Foo_(bar), please.'), ['https://example.net/wiki/Foo_(bar)']);
});

test('bare profile links on social networks', () => {
  assert.deepEqual(
    contacts('Find me on linkedin.com/in/jane-doe, github.com/jdoe and tiktok.com/@jane.d!'),
    ['linkedin.com/in/jane-doe', 'github.com/jdoe', 'tiktok.com/@jane.d'],
  );
  assert.deepEqual(contacts('Portfolio: x.com/rivermoss | instagram.com/river.moss'), ['x.com/rivermoss', 'instagram.com/river.moss']);
});

test('near misses: bare hosts, file paths and non-social domains without a scheme', () => {
  assert.deepEqual(contacts('He works at Amazon.com and reads example.org/news sometimes.'), []);
  assert.deepEqual(contacts('Open the folder src/detect/contact in the repo.'), []);
  assert.deepEqual(contacts('The github.com/ page was down.'), []);
});

test('links to government and large public sites are not personal', () => {
  assert.deepEqual(contacts('Guidance is at https://www.cdc.gov/flu/index.html and www.nhs.uk/conditions.'), []);
  assert.deepEqual(contacts('Forms: https://www.irs.gov/forms or https://en.wikipedia.org/wiki/Tax.'), []);
  assert.deepEqual(contacts('My blog is https://janedoe.substack.com/p/first-post.'), ['https://janedoe.substack.com/p/first-post']);
});
