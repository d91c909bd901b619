import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText } from '../../src/redact/redactor.js';
import { significanceOf } from '../../src/taxonomy.js';
import type { Span } from '../../src/types.js';

// A long invented document with far more spans than the redactor joins at once (its pieces are
// joined chunk by chunk): every value replaced, every piece of text in between kept, in order.
test('a document with 100,000 spans redacts piece for piece, nothing lost at the chunk joins', () => {
  const lines: string[] = [];
  const spans: Span[] = [];
  let at = 0;
  for (let i = 0; i < 50_000; i++) {
    const before = `Line ${i}: call `;
    const phone = `(413) 555-${String(i % 10_000).padStart(4, '0')}`;
    const middle = ' or write to ';
    const email = `user${i}@example.org`;
    const line = `${before}${phone}${middle}${email}.\n`;
    const phoneStart = at + before.length;
    const emailStart = phoneStart + phone.length + middle.length;
    for (const [start, value] of [[phoneStart, phone], [emailStart, email]] as const) {
      spans.push({ start, end: start + value.length, label: 'CONTACT', text: value, score: 1, source: 'test', significance: significanceOf('CONTACT') });
    }
    lines.push(line);
    at += line.length;
  }
  const text = lines.join('');
  const out = redactText(text, spans);
  const expected = lines.map((_, i) => `Line ${i}: call [CONTACT] or write to [CONTACT].\n`).join('');
  assert.equal(out.length, expected.length);
  assert.equal(out, expected);
  assert.ok(!out.includes('555-') && !out.includes('@example.org'));
});
