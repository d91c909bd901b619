import { test } from 'node:test';
import assert from 'node:assert/strict';
import { insensitiveCueMatchers } from '../../../src/detect/recognizers/ids/cue-scan.js';

/**
 * The word-driven finder must give exactly the matches of the global
 * case-insensitive cue alternation it replaces, on prose and on text full of
 * boundary cases: other cases, accented and look-alike letters ('İ', 'ſ',
 * Kelvin sign), digits glued to cues, apostrophes, tabs, URLs and '#'.
 */
function globalMatches(re: RegExp, text: string): Array<{ start: number; end: number; value: string }> {
  const out: Array<{ start: number; end: number; value: string }> = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, value: m[0] });
  return out;
}

const { phrases, global, finder: plainFinder } = insensitiveCueMatchers();

/**
 * The finder's matches with the matched text as `value`: a plain one gives its phrase (the
 * text in lower case), checked here, so that every match compares with the alternation's.
 */
const finder = {
  matches(text: string): Array<{ start: number; end: number; value: string }> {
    return plainFinder.matches(text).map((m) => {
      const value = text.slice(m.start, m.end);
      if (m.plain) assert.equal(m.value, value.toLowerCase());
      return { start: m.start, end: m.end, value };
    });
  },
};

test('same matches as the alternation on realistic sentences', () => {
  const texts = [
    'Passport No. X1234567 was issued in Dublin; Patient ID: 4471-22, MRN 88213, Policy # AB-22-991.',
    "Driver's licence D1234-56789 and operator’s license 77821 on file; sort code 20-00-00, account 41239876.",
    'See https://example.com/?number=5&tier_id=3 and user.id=7; Numéro de sécurité sociale 1 85 05 78 006 084 36.',
    'PASSPORT\tnumber: 553 221 879 (expires 2031). Claim2 nos. 55, card4 #5521, Acct. 0042.',
    'Führerschein B072RRE2I55, Póliza 99-1, Fødselsnummer 01017012345, Henkilötunnus 131052-308T.',
  ];
  for (const text of texts) assert.deepEqual(finder.matches(text), globalMatches(global, text));
});

test('same matches as the alternation on random text built from cue pieces', () => {
  // A small deterministic generator: the test must not depend on chance.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pieces = [
    ...phrases,
    ...phrases.slice(0, 80).map((p) => p.toUpperCase()),
    ...phrases.slice(0, 50).map((p) => p[0].toUpperCase() + p.slice(1)),
    ' ', '  ', '\t', '.', ':', '#', '/', '?', '=', '_', '-', "'", '’', '1', '42', 'x', 'é', 'É', 'İ', 'ſ', '\u212A', 'ß', 'Ω', '\n', 'Henkilötunnus', 'NUMÉRO DE DOSSIER', 'numéro2', 'ÿ', 'Ÿ',
  ];
  for (let doc = 0; doc < 600; doc++) {
    let text = '';
    const length = 5 + Math.floor(next() * 60);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(next() * pieces.length)];
    assert.deepEqual(finder.matches(text), globalMatches(global, text), JSON.stringify(text));
  }
});

test('same matches where a first word is followed by something other than its phrase', () => {
  // The finder skips the pattern when the character after a first word cannot continue any of its phrases.
  const texts = [
    'a c, a-c, A/C 5521, a/c, a.c, a-number 7, I 94, i-94 form, I–94, your ref 8812, your  Ref: 22, your\tref, your’ref.',
    'no 5, No. 5, no.5, no, our ref 1, our order, work order 55, workorder, street address, street, home address 12, home',
  ];
  for (const text of texts) assert.deepEqual(finder.matches(text), globalMatches(global, text));
  let seed = 777;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const firstWords = [...new Set(phrases.map((p) => /^[a-z\u00c0-\u024f]*/.exec(p)![0]).filter((w) => w.length > 0))];
  const pieces = [...firstWords, ...firstWords.slice(0, 60).map((w) => w.toUpperCase()), ...phrases.slice(0, 60), ' ', '  ', '\t', '.', '/', '-', "'", '’', '1', ':', '#', 'x', 'é', '\n'];
  for (let doc = 0; doc < 600; doc++) {
    let text = '';
    const length = 5 + Math.floor(next() * 60);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(next() * pieces.length)];
    assert.deepEqual(finder.matches(text), globalMatches(global, text), JSON.stringify(text));
  }
});

test('a match of one whole a-z word comes back as that word in lower case', () => {
  const text = 'SCHOOL 1 on Elm, Suite 5, Account 4471, account number 12, apt. 4';
  const got = plainFinder.matches(text).map((m) => [m.start, m.end, m.value, m.plain]);
  assert.deepEqual(got, [[0, 6, 'school', true], [17, 22, 'suite', true], [26, 33, 'account', true], [40, 54, 'account number', false], [59, 63, 'apt.', false]]);
});
