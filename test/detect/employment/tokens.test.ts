import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { isSpaceGap, isSpaceGapAt, tokensOf } from '../../../src/detect/recognizers/employment/tokens.js';
import { employmentRecognizers } from '../../../src/detect/recognizers/employment/index.js';
import { medicalRecognizers } from '../../../src/detect/recognizers/medical/index.js';
import { achievementsRecognizers } from '../../../src/detect/recognizers/achievements/index.js';
import type { Candidate } from '../../../src/types.js';

// The reference definition of a token: the plain global search.
const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

const SAMPLES = [
  'Dr. Anna-Maria O\u2019Brien, owner-operator of Kiki\'s Café, met the CEO at 9am.',
  'naïve façade — ΣΟΦΙΑΣ σοφία İstanbul KELVIN \u212Aelvin 𝐀𝐁𝐂 𝑥 test',
  "rock-'n'-roll -- x--y a' 'b co-op- -lead 3rd 21st A1C",
  'lower case words only, shared strings',
  // Upper case after lower case within a word, after a separator, and non-ASCII letters that lower-casing changes.
  "iPhone eBay co-Op O'NEIL x-RAY abc’D kİlo ǅemal Kelvin-K 4G-LTE École-école",
  '',
];

test('tokens match the reference pattern, with lower-case forms from ctx.lower', () => {
  for (const text of SAMPLES) {
    const ctx = new DetectionContext(text);
    const expected = [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0], lower: ctx.lower.slice(m.index, m.index + m[0].length) }));
    assert.deepEqual(tokensOf(ctx).map((t) => ({ ...t })), expected);
  }
});

test('isSpaceGapAt agrees with isSpaceGap on a slice', () => {
  const text = 'a b  c   d    e\tf\u00A0g\nh-i';
  for (let from = 0; from < text.length; from++) {
    for (let to = from; to <= text.length; to++) assert.equal(isSpaceGapAt(text, from, to), isSpaceGap(text.slice(from, to)));
  }
  assert.equal(isSpaceGapAt('ab', 2, 1), false);
});

const all = [...employmentRecognizers({ profile: 'balanced' }), ...medicalRecognizers({ profile: 'balanced' }), ...achievementsRecognizers({ profile: 'balanced' })];

function spans(text: string, name: string): string[] {
  const ctx = new DetectionContext(text);
  const r = all.find((x) => x.name === name)!;
  return (r.detect(ctx) as Candidate[]).map((c) => text.slice(c.start, c.end));
}

test('honorifics (from the data file) keep a person out of employer names', () => {
  assert.deepEqual(spans('She works at Dr. Patel Family Practice.', 'employer'), []);
  assert.deepEqual(spans('He worked for Coach Rivera for two seasons.', 'employer'), []);
  assert.deepEqual(spans('She works at Harbor Point Cold Storage.', 'employer'), ['Harbor Point Cold Storage']);
});

test('accomplishment phrases stop at clause words and drop trailing prepositions (data files)', () => {
  assert.ok(spans('She won the Hugo Award last year and retired.', 'achievement').includes('won the Hugo Award'));
  assert.ok(spans('He won the state championship in the 400 m because he trained.', 'achievement').includes('won the state championship in the 400 m'));
});

test('word-level medical classes are the same on every visit (per-word cache)', () => {
  for (let k = 0; k < 3; k++) {
    assert.deepEqual(spans('She has diabetis and takes amlodapine daily.', 'medical-term'), ['diabetis', 'amlodapine']);
    // A capitalised word is never read as a misspelling.
    assert.deepEqual(spans('Diabetis was ruled out.', 'medical-term'), []);
    assert.deepEqual(spans('He was started on lisinopril 10 mg.', 'medical-term'), ['lisinopril']);
  }
});

const SIZE = 100_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const ADVERSARIAL: Record<string, string> = {
  digits: fill('7'),
  dots: fill('.'),
  ats: fill('@'),
  dashes: fill('-'),
  spaces: fill(' '),
  hyphenWords: fill('ab-'),
  apostrophes: fill("a'"),
  capitalised: fill('Senior Vice President Hospital University Award Festival '),
  medical: fill('chronic left knee pain type 2 diabetes mellitus stage '),
  unicode: fill('Ça 𝐀 — ’s '),
};

for (const [name, input] of Object.entries(ADVERSARIAL)) {
  test(`employment, medical and achievement recognizers finish on 100 KB of ${name}`, { timeout: 30_000 }, () => {
    const ctx = new DetectionContext(input);
    for (const r of all) assert.ok(Array.isArray(r.detect(ctx)));
  });
}
