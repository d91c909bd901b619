import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/detect/analyzer.js';
import { planWindows } from '../../src/detect/windows.js';
import { Pipeline } from '../../src/pipeline.js';

/**
 * A long document is analysed in windows (bounded memory); the spans must be exactly those
 * of a whole-document run, document-level facts included: a name found in the first window
 * is found alone in the last (consistency refiner), a speaker label that opens lines in
 * several windows counts once per line over the whole document, and a word the document
 * writes in lower case anywhere is no name anywhere. All text here is invented.
 */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST = ['Amara', 'Jonas', 'Priya', 'Tomasz', 'Leilani', 'Farid', 'Ingrid', 'Kofi'];
const LAST = ['Okonkwo', 'Lindqvist', 'Raman', 'Kahale', 'Haddad', 'Sørensen', 'Mensah', 'Villanueva'];
const CITIES = ['Marquette', 'Flagstaff', 'Duluth', 'Bozeman'];

function inventedDocument(bytes: number): string {
  const next = generator(17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const sentences: Array<() => string> = [
    () => `${pick(FIRST)} ${pick(LAST)} was seen in clinic today for follow-up of hypertension.`,
    () => `She can be reached at (406) 555-${String(1000 + Math.floor(next() * 8999))} or ${pick(FIRST).toLowerCase()}@example.org.`,
    () => `Home address: ${10 + Math.floor(next() * 900)} Juniper Hollow Road, ${pick(CITIES)}, MT 59${100 + Math.floor(next() * 800)}.`,
    () => 'Vital signs were within normal limits. No acute distress.',
    () => `Rowan: the next visit is booked for ${1 + Math.floor(next() * 28)} March.`,
    () => `Ms. ${pick(LAST)} reported that her brother ${pick(FIRST)} drove her from ${pick(CITIES)} on Tuesday.`,
  ];
  // A full name only at the start, its surname alone at the end: only consistency finds the latter.
  // A chat speaker who opens one line at the start and one at the end (a speaker needs two).
  // "Sawyer" is a name at the start and written in lower case (a trade) only at the end.
  const parts = ['Attending: Dr. Oluwaseun Adebayo-Whitlock', 'Tanvi: can you send the form?', 'Sawyer called about the results.', ''];
  let size = 0;
  while (size < bytes) {
    const line = Array.from({ length: 3 }, () => pick(sentences)()).join(' ');
    parts.push(line);
    if (next() < 0.3) parts.push('');
    size += line.length + 1;
  }
  parts.push('', 'Follow up with Adebayo-Whitlock in two weeks.', 'Tanvi: thanks, received.', 'The sawyer cut the logs.');
  return parts.join('\n');
}

test('windows tile the document, see margins around their core and cut at line breaks', () => {
  const text = inventedDocument(120_000);
  const windows = planWindows(text, 8192, 2048);
  assert.ok(windows.length > 10);
  assert.equal(windows[0].cs, 0);
  assert.equal(windows[windows.length - 1].ce, text.length);
  for (let i = 0; i < windows.length; i++) {
    const w = windows[i];
    assert.ok(w.ws <= w.cs && w.cs < w.ce && w.ce <= w.we, `window ${i}`);
    if (i > 0) {
      assert.equal(w.cs, windows[i - 1].ce);
      assert.equal(text[w.cs - 1], '\n', `cut ${i} at a line break`);
      assert.ok(w.cs - w.ws >= 2048, `margin before window ${i}`);
    }
  }
  assert.deepEqual(planWindows('short text'), [{ ws: 0, cs: 0, ce: 10, we: 10 }]);
});

test('a document analysed in windows gives exactly the spans of a whole-document run', () => {
  const text = inventedDocument(150_000);
  const whole = new Analyzer({ profile: 'balanced', windowChars: Infinity }).analyzeSync(text);
  const windowed = new Analyzer({ profile: 'balanced', windowChars: 16_384 }).analyzeSync(text);
  assert.ok(planWindows(text, 16_384).length >= 8);
  assert.ok(whole.length > 1000);
  assert.deepEqual(windowed, whole);
  // Consistency across windows: the surname alone in the last window, from the full name in the first.
  const last = text.lastIndexOf('Adebayo-Whitlock');
  assert.ok(windowed.some((s) => s.start === last && s.label === 'PERSON_NAME'));
});

test('the pipeline (async path, assessment and redaction) is the same in windows', async () => {
  const text = inventedDocument(60_000);
  const whole = await new Pipeline({ profile: 'balanced', windowChars: Infinity }).redact(text);
  const windowed = await new Pipeline({ profile: 'balanced', windowChars: 8192 }).redact(text);
  assert.deepEqual(windowed.spans, whole.spans);
  assert.equal(windowed.redacted, whole.redacted);
  assert.ok(!windowed.redacted!.includes('Adebayo-Whitlock'));
});
