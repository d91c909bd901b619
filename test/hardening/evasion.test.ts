import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/detect/analyzer.js';
import { EVASION_CASES, uncovered } from '../../bench/evasion-cases.js';

/**
 * The evasion corpus (bench/evasion-cases.ts): every non-blank character of the
 * PII hidden in each case must lie inside a span of the default (balanced)
 * profile, scored character by character as a reader would see the output.
 */
const analyzer = new Analyzer();

test('the corpus is large and covers every kind of evasion', () => {
  assert.ok(EVASION_CASES.length >= 120);
  const kinds = new Set(EVASION_CASES.map((c) => c.kind));
  assert.ok(kinds.size >= 16);
  for (const kind of kinds) assert.ok(EVASION_CASES.filter((c) => c.kind === kind).length >= 5, kind);
});

EVASION_CASES.forEach((item, index) => {
  test(`${item.kind} #${index}: every character of the hidden PII is redacted`, () => {
    const spans = analyzer.analyzeSync(item.text);
    for (const s of spans) assert.equal(s.text, item.text.slice(s.start, s.end), 'span offsets index the original text');
    const missing = uncovered(item, spans);
    assert.deepEqual(missing, [], `uncovered offsets ${missing.join(',')}`);
  });
});
