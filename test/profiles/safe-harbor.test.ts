import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/detect/analyzer.js';
import { Pipeline } from '../../src/pipeline.js';
import { parsePolicy } from '../../src/redact/policy.js';
import { SAFE_HARBOR_CASES } from './clinical-fixture.js';

/**
 * HIPAA Safe Harbor, 45 CFR 164.514(b)(2)(i): each of the 18 identifiers on
 * invented clinical text, under --profile safe-harbor. Each case names the value
 * that must be covered by a span and must be gone from the redacted text.
 */
const analyzer = new Analyzer({ profile: 'safe-harbor' });
const pipeline = new Pipeline({ profile: 'safe-harbor' });

for (const c of SAFE_HARBOR_CASES) {
  test(`Safe Harbor identifier ${c.id}: ${c.identifier}`, async () => {
    const start = c.text.indexOf(c.value);
    assert.ok(start >= 0, 'fixture value is in its text');
    const spans = analyzer.analyzeSync(c.text);
    const covering = spans.filter((s) => s.start < start + c.value.length && s.end > start);
    const covered = covering.reduce((n, s) => n + Math.min(s.end, start + c.value.length) - Math.max(s.start, start), 0);
    assert.equal(covered, c.value.length, `"${c.value}" fully covered (spans: ${spans.map((s) => s.label).join(', ')})`);
    const { redacted } = await pipeline.redact(c.text);
    assert.ok(!redacted!.includes(c.value), 'value removed by redact');
  });
}

test('identifier 2: the whole street address and the town are removed', async () => {
  const { redacted } = await pipeline.redact(SAFE_HARBOR_CASES[1].text);
  for (const part of ['Larkspur', 'Dunmore', '18512', 'Scranton']) assert.ok(!redacted!.includes(part), part);
});

test('identifier 3: every date element but the year goes; generalize keeps the year only', async () => {
  const text = 'Admitted on 03/14/2023 and discharged on March 18, 2023; seen again on 2 May.';
  const tagged = await pipeline.redact(text);
  assert.equal(tagged.redacted, 'Admitted on [DATE] and discharged on [DATE]; seen again on [DATE].');
  const general = await new Pipeline({ profile: 'safe-harbor', policy: parsePolicy('generalize') }).redact(text);
  assert.equal(general.redacted, 'Admitted on 2023 and discharged on 2023; seen again on [DATE].');
});

test('identifier 3: ages over 89 and the birth years that reveal them become one category', async () => {
  const p = new Pipeline({ profile: 'safe-harbor', policy: parsePolicy('generalize') });
  const oldest = new Date().getFullYear() - 90;
  const { redacted } = await p.redact(`A 93-year-old widow, born in ${oldest - 3}, and her 47-year-old son.`);
  assert.equal(redacted, `A 90+-year-old widow, born in ${oldest} or earlier, and her 40-49-year-old son.`);
});

test('identifier 2: ZIP codes keep three digits only where the area holds more than 20,000 people', async () => {
  const p = new Pipeline({ profile: 'safe-harbor', policy: parsePolicy('generalize') });
  // 185xx (Scranton area, PA): a large area. 036xx (New Hampshire): one of the 17 restricted prefixes.
  const big = await p.redact('She lives at 4417 Larkspur Lane, Dunmore, PA 18512.');
  assert.equal(big.redacted, 'She lives at PA 185**.');
  const small = await p.redact('He lives at 12 Orchard Road, Walpole, NH 03608.');
  assert.equal(small.redacted, 'He lives at NH 000**.');
});
