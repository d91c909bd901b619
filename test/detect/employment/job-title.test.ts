import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { findJobTitles } from '../../../src/detect/recognizers/employment/job-title.js';

const titles = (text: string) => [...new Set(findJobTitles(new DetectionContext(text)).map((m) => text.slice(m.start, m.end)))];

test('a multi-word head at the very end of the text, whole or cut short', () => {
  assert.deepEqual(titles('She was appointed vice president'), ['vice president']);
  // "vice" alone is no head: the text ends before the head's second word.
  assert.deepEqual(titles('She was appointed vice'), []);
  assert.deepEqual(titles('He works as a registered nurse'), ['registered nurse']);
});

test('a title grows over its qualifiers and "of …", and a later head absorbs an earlier one', () => {
  assert.deepEqual(titles('Maria Ortiz, Head of Visitor Services, spoke first.'), ['Head of Visitor Services']);
  assert.deepEqual(titles('She trained as a nurse practitioner in Leeds.'), ['nurse practitioner']);
});
