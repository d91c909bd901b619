import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../src/detect/context.js';
import { evasionPass } from '../../src/detect/evasion-pass.js';
import { Analyzer } from '../../src/detect/analyzer.js';
import type { Recognizer } from '../../src/detect/recognizer.js';
import { EmailRecognizer } from '../../src/detect/recognizers/contact/email.js';
import { ibanRecognizer } from '../../src/detect/recognizers/financial/iban.js';
import { ssnRecognizer } from '../../src/detect/recognizers/ids/ssn.js';
import { finder } from '../detect/found.js';

test('the evasion pass runs the recognizers on the view and maps their spans back', () => {
  const text = 'SSN ４７２-８\u200B８-１０９３ on file';
  const found = evasionPass([ssnRecognizer()]).detect(new DetectionContext(text));
  assert.ok(Array.isArray(found));
  assert.deepEqual(
    found.map((c) => text.slice(c.start, c.end)),
    ['４７２-８\u200B８-１０９３'],
  );
  assert.equal(found[0].source, 'us-ssn');
});

test('the evasion pass does nothing on text without evasive characters', () => {
  let calls = 0;
  const spy: Recognizer = { name: 'spy', labels: ['ID_NUMBER'], detect: () => (calls++, []) };
  evasionPass([spy]).detect(new DetectionContext('SSN 538-29-6174 \u2013 plain text with a dash'));
  assert.equal(calls, 0);
  evasionPass([spy]).detect(new DetectionContext('SSN 538-29-61\u200B74'));
  assert.equal(calls, 1);
});

test('a recognizer failing inside the evasion pass is not swallowed (fail closed)', () => {
  const broken: Recognizer = {
    name: 'broken',
    labels: ['ID_NUMBER'],
    detect: (ctx) => {
      if (ctx.text.includes('6174')) throw new Error('boom');
      return [];
    },
  };
  const pass = evasionPass([broken]);
  // Not reached on plain text; on the view of an evasive text the error comes through (the analyzer turns it into a DetectorError).
  assert.deepEqual(pass.detect(new DetectionContext('SSN 538-29-6174')), []);
  assert.throws(() => pass.detect(new DetectionContext('SSN 538-29-61\u200B74')), /boom/);
});

test('names hidden by zero-width characters, soft hyphens and look-alike letters are redacted whole', () => {
  const analyzer = new Analyzer();
  for (const name of ['Ma\u200Brta Kowal\u200Bczyk', 'Fran\u00ADcesca Mo\u00ADretti', 'J\u043Ehn Sm\u0456th', '\u039Aatrin \u039Ceyer']) {
    const text = `Please forward this to ${name} before Friday.`;
    const spans = analyzer.analyzeSync(text);
    const hit = spans.find((s) => s.start <= text.indexOf(name) && s.end >= text.indexOf(name) + name.length);
    assert.ok(hit, name);
    assert.equal(hit.label, 'PERSON_NAME');
  }
});

test('lower-case IBANs with a valid checksum are found without a cue; others are not', () => {
  const ibans = finder([ibanRecognizer()]);
  assert.deepEqual(ibans('send it to de47370400440532013077 thanks'), ['de47370400440532013077']);
  assert.deepEqual(ibans('wire to nl91-abna-0417-1643-00 today'), ['nl91-abna-0417-1643-00']);
  assert.deepEqual(ibans('my bank: De44 5001 0517 5407 3249 31'), ['De44 5001 0517 5407 3249 31']);
  assert.deepEqual(ibans('IBAN \uFF24\uFF25\uFF14\uFF17370400440532013077'), ['\uFF24\uFF25\uFF14\uFF17370400440532013077']);
  // One digit off: the checksum fails, and lower case gets no benefit of the doubt.
  assert.deepEqual(ibans('send it to de47370400440532013078 thanks'), []);
  assert.deepEqual(ibans('IBAN de47370400440532013078'), []);
  // Upper case after the cue keeps the old rule: a typo in an IBAN is still an IBAN.
  assert.deepEqual(ibans('IBAN DE47370400440532013078'), ['DE47370400440532013078']);
});

test('obfuscated e-mail addresses are found with their original offsets', () => {
  const emails = finder([new EmailRecognizer()]);
  assert.deepEqual(emails('email me: jane.doe @ gmail.com today'), ['jane.doe @ gmail.com']);
  assert.deepEqual(emails('write kofi dot mensah at gmail dot com'), ['kofi dot mensah at gmail dot com']);
  assert.deepEqual(emails('mail: olga.petrova%40gmail.com'), ['olga.petrova%40gmail.com']);
  assert.deepEqual(emails('send to marguerite.dubois@out-\nlook.com'), ['marguerite.dubois@out-\nlook.com']);
  assert.deepEqual(emails('pm me: lee.chang (@) gmail.com'), ['lee.chang (@) gmail.com']);
  assert.deepEqual(emails('Contact: m\u0430ri\u0430.gonzalez@gm\u0430il.com'), ['m\u0430ri\u0430.gonzalez@gm\u0430il.com']);
  assert.deepEqual(emails('We met at noon. Visit us at acme.com, or email me @ home. Then talk.'), []);
});
