import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { personNameRecognizer } from '../../../src/detect/recognizers/names/person-names.js';
import { consistencyRefiner } from '../../../src/resolve/consistency.js';

const rec = personNameRecognizer({ profile: 'balanced' });
function names(text: string): string[] {
  return (rec.detect(new DetectionContext(text)) as Array<{ start: number; end: number }>).map((c) => text.slice(c.start, c.end));
}

test('lower-case names after a title or a relation word', () => {
  assert.ok(names('hi dr nguyen, quick question about my pills').includes('nguyen'));
  assert.ok(names('my son rohan has a fever since monday').includes('rohan'));
  assert.ok(names('essay draft by jose luis ramirez').includes('jose luis ramirez'));
});

test('lower-case everyday words are not names', () => {
  assert.deepEqual(names('my son said the doctor was great, thanks so much'), []);
  assert.deepEqual(names('hi dr, can i take it with food?'), []);
});

test('nicknames introduced as such', () => {
  assert.ok(names('Everyone at the garage called him "Sparky" for years.').includes('Sparky'));
  assert.ok(names('She is known to all her students as Bunny.').includes('Bunny'));
  assert.ok(names('DEFENDANT: DOE, JOHN AKA: "Smokey"').includes('Smokey'));
  assert.deepEqual(names('The word "Free" is printed on the label.'), []);
  assert.deepEqual(names('NOBODY HAS CALLED ME BACK ABOUT THIS.').filter((n) => n === 'BACK'), []);
});

test('dotted initials as a name, not abbreviations', () => {
  assert.ok(names('The minor child, T.R., lives with the mother.').includes('T.R.'));
  assert.deepEqual(names('We moved to the U.S. at 5 P.M. on Friday.').filter((n) => /\./.test(n)), []);
});

test('initial and surname in capitals', () => {
  assert.ok(names('RESULTS CALLED TO J. OKONKWO AT 10:40').includes('J. OKONKWO'));
});

test('a dash bullet is no signature; products, languages and greetings are not names', () => {
  assert.deepEqual(names('Skills:\n- Loan servicing\n- Do not disturb'), []);
  assert.deepEqual(names('I speak Finnish and German, and I code in Python.'), []);
  assert.deepEqual(names('Trade-in: 2014 Nissan Altima, plate on file'), []);
});

test('chat speakers after timestamps may be everyday words', () => {
  const chat = '[14/06, 19:02] Autumn Leaf: hi all\n[14/06, 19:03] Priya: hey\n[14/06, 19:05] Autumn Leaf: ok';
  assert.ok(names(chat).includes('Autumn Leaf'));
});

test('consistency spreads a found name to its lower-case mentions, not tagger guesses', () => {
  const text = 'From: Kwabena Mensah\nhi kwabena, see you. Wage slip attached. Wage totals.';
  const seeds = [
    { start: 6, end: 20, label: 'PERSON_NAME' as const, score: 0.9, source: 'person-name' },
    { start: text.indexOf('Wage'), end: text.indexOf('Wage') + 4, label: 'PERSON_NAME' as const, score: 0.6, source: 'tagger' },
  ];
  const out = consistencyRefiner(text, seeds, { profile: 'balanced' });
  const found = out.map((c) => text.slice(c.start, c.end));
  assert.ok(found.includes('kwabena'));
  assert.equal(found.filter((f) => f === 'Wage').length, 1);
});

test('long runs of cue words find no name in themselves and do not hide the name after them', () => {
  // Junk made of the cues these rules look for: nothing in it is a name.
  for (const junk of ['A.B.'.repeat(5000), '"Xx '.repeat(5000), 'known as '.repeat(3000), 'my son '.repeat(3000)]) {
    assert.deepEqual(names(junk), [], `${JSON.stringify(junk.slice(0, 12))}… holds no name`);
  }
  // The same junk before a real (invented) name: the name is still found, and only it.
  assert.deepEqual(names('known as '.repeat(3000) + 'Bunny.'), ['Bunny']);
  assert.deepEqual(names('my son '.repeat(3000) + 'rohan has a fever since monday'), ['rohan']);
  assert.ok(names('dr '.repeat(5000) + 'nguyen, quick question').some((n) => n.endsWith('nguyen')));
});
