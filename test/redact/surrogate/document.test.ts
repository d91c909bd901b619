import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText } from '../../../src/redact/redactor.js';
import { parsePolicy } from '../../../src/redact/policy.js';
import { SurrogateDocument } from '../../../src/redact/surrogate/document.js';
import { Forbidden, sweep } from '../../../src/redact/surrogate/leak-guard.js';
import { readPhone } from '../../../src/redact/surrogate/contacts.js';
import { spansOf } from './helpers.js';

const text =
  'Ines Haldane (born 02/11/1979 in Tampere) saw Dr. Pieter Okonkwo on 03/14/2023. ' +
  'Ms Haldane, 44, works as a pharmacist at Brightwater Family Clinic; call (413) 555-2671 or write to ines.haldane82@gmail.com. ' +
  'Ines came back on 03/21/2023; Haldane was fine.';
const spans = spansOf(text, [
  ['PERSON_NAME', 'Ines Haldane'],
  ['BIRTH', '02/11/1979'],
  ['BIRTH', 'Tampere'],
  ['PERSON_NAME', 'Pieter Okonkwo'],
  ['DATE', '03/14/2023'],
  ['PERSON_NAME', 'Haldane'],
  ['DEMOGRAPHIC', '44'],
  ['EMPLOYMENT_EDUCATION', 'pharmacist'],
  ['MEDICAL', 'Brightwater Family Clinic'],
  ['CONTACT', '(413) 555-2671'],
  ['CONTACT', 'ines.haldane82@gmail.com'],
  ['PERSON_NAME', 'Ines'],
  ['DATE', '03/21/2023'],
]);
const policy = parsePolicy('surrogate');

test('surrogate output: no original value left, one stand-in per person, the text keeps its shape', () => {
  const out = redactText(text, spans, { policy, settings: { surrogateKey: 'doc' } });
  for (const s of spans) if (s.text.length >= 4) assert.ok(!out.toLowerCase().includes(s.text.toLowerCase()), `${s.text} leaked`);
  // The unmarked "Haldane" at the end was swept in as a mention of the same person.
  assert.ok(!/Haldane|Okonkwo|Tampere/.test(out));
  const m = /^(\p{Lu}\p{L}+) (\p{Lu}[\p{L}'-]+) \(born (\d\d\/\d\d\/\d{4}) in ([^)]+)\) saw Dr\. (\S+) (\S+) on (\d\d\/\d\d\/\d{4})\. Ms (\S+), (\d+), works as an? [\p{L} ]+ at ([\p{L} ]+) Family Clinic; call (\(\d{3}\) 555-01\d\d) or write to ([a-z]+)\.([a-z]+)\d\d@gmail\.com\. (\S+) came back on (\d\d\/\d\d\/\d{4}); (\S+) was fine\.$/u.exec(out);
  assert.ok(m, out);
  const [, given, family, , , , , first, titled, age, , phone, mailGiven, mailFamily, alone, second, last] = m!;
  assert.equal(titled, family);
  assert.equal(alone, given);
  assert.equal(last, family);
  assert.equal(mailGiven, given.toLowerCase());
  assert.equal(mailFamily, family.toLowerCase());
  assert.ok(Number(age) >= 40 && Number(age) <= 49);
  assert.equal(readPhone(phone)?.country, 'US');
  // Dates move by one offset: the interval of seven days stays.
  const day = (s: string) => Date.UTC(Number(s.slice(6)), Number(s.slice(0, 2)) - 1, Number(s.slice(3, 5)));
  assert.equal((day(second) - day(first)) / 86_400_000, 7);
});

test('with one key the same person gets the same stand-in in another document; without a key not', () => {
  const other = 'Later, Ines Haldane wrote again.';
  const otherSpans = spansOf(other, [['PERSON_NAME', 'Ines Haldane']]);
  const a = redactText(text, spans, { policy, settings: { surrogateKey: 'corpus' } });
  const b = redactText(other, otherSpans, { policy, settings: { surrogateKey: 'corpus' } });
  assert.ok(b.startsWith(`Later, ${a.slice(0, a.indexOf(' ('))} wrote`), `${a} / ${b}`);
  // Without a key each document draws afresh (several people: all equal by chance is negligible).
  const many = 'Ines Haldane, Pieter Okonkwo, Tove Lindqvist, Amara Eze and Rafael Quintero met.';
  const manySpans = spansOf(many, [
    ['PERSON_NAME', 'Ines Haldane'],
    ['PERSON_NAME', 'Pieter Okonkwo'],
    ['PERSON_NAME', 'Tove Lindqvist'],
    ['PERSON_NAME', 'Amara Eze'],
    ['PERSON_NAME', 'Rafael Quintero'],
  ]);
  assert.notEqual(redactText(many, manySpans, { policy }), redactText(many, manySpans, { policy }));
});

test('the leak guard: unmarked repeats are swept in, and a replaced value left in clear fails closed', () => {
  const forbidden = new Forbidden(['Haldane', 'Ines Haldane', 'abc']);
  assert.deepEqual(
    forbidden.occurrences('Mrs HALDANE met Ines  haldane; Haldanes no.').map((o) => o.value),
    ['haldane', 'ines haldane'],
  );
  assert.ok(forbidden.contains('x.haldane@example.com'));
  assert.ok(!forbidden.contains('abc'));
  const t = 'Ines Haldane called. Later Haldane called again.';
  const s = spansOf(t, [['PERSON_NAME', 'Ines Haldane']]);
  const model = new Map([['haldane', { ...s[0], text: 'Haldane' }]]);
  const extra = sweep(t, s, model, forbidden);
  assert.equal(extra.length, 1);
  assert.equal(t.slice(extra[0].start, extra[0].end), 'Haldane');
  const doc = new SurrogateDocument(t, s, () => 'surrogate', { surrogateKey: 'g' });
  assert.throws(() => doc.guardClear(' and Haldane too'), /leak guard/);
  assert.doesNotThrow(() => doc.guardClear(' and nobody else'));
});

test('policy mixes: surrogate names beside tagged contacts; date offsets per person are keyed on the person', () => {
  const mixed = redactText(text, spans, { policy: parsePolicy('tag,PERSON_NAME=surrogate'), settings: { surrogateKey: 'mix' } });
  assert.match(mixed, /\[CONTACT\]/);
  assert.ok(!/Haldane|Okonkwo/.test(mixed));
  const one = 'Ines Haldane was seen on 03/14/2023.';
  const two = 'On 03/14/2023 the clinic saw Ines Haldane again.';
  const dateOf = (s: string) => /\d\d\/\d\d\/\d{4}/.exec(s)![0];
  const run = (t: string) => redactText(t, spansOf(t, /^On/.test(t) ? [['DATE', '03/14/2023'], ['PERSON_NAME', 'Ines Haldane']] : [['PERSON_NAME', 'Ines Haldane'], ['DATE', '03/14/2023']]), { policy, settings: { surrogateKey: 'p', dateShiftScope: 'person' } });
  assert.equal(dateOf(run(one)), dateOf(run(two)));
});

test('neighbour operator: stand-ins among the N nearest names', async () => {
  const { nearestNames } = await import('../../../src/redact/surrogate/embedding.js');
  const near = nearestNames('Haldane', 'family', 3);
  assert.equal(near.length, 3);
  assert.ok(!near.includes('Haldane'));
  const t = 'Ines Haldane called.';
  const out = redactText(t, spansOf(t, [['PERSON_NAME', 'Ines Haldane']]), { policy: parsePolicy('neighbour'), settings: { surrogateKey: 'n', neighbours: 3 } });
  const [g, f] = out.replace(' called.', '').split(' ');
  assert.ok(near.includes(f), `${f} should be one of ${near.join(', ')}`);
  assert.ok(nearestNames('Ines', 'given', 3).includes(g));
});

test('the leak guard: a value no stand-in can clear is tagged, never written back and never failing the document', () => {
  // An invented post: the organisation replaced is also the host a URL stand-in keeps for a public site.
  // (URL stand-ins keep the host of a large public site, and every one of them would hold "reddit").
  const post = 'Shared on Reddit by Okonkwo: https://www.reddit.com/r/tampere/comments/x1y2z3/ (read it).';
  const postSpans = spansOf(post, [
    ['ORGANIZATION', 'Reddit'],
    ['PERSON_NAME', 'Okonkwo'],
    ['CONTACT', 'https://www.reddit.com/r/tampere/comments/x1y2z3/'],
  ]);
  const out = redactText(post, postSpans, { policy, settings: { surrogateKey: 'tagged-fallback' } });
  assert.doesNotMatch(out, /reddit|okonkwo|tampere/i);
  assert.match(out, /^Shared on \S.* by \S.*: \[CONTACT\] \(read it\)\.$/);
});
