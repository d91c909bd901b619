import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { caseNumberRecognizer } from '../../../src/detect/recognizers/legal/case-number.js';
import { applicationNumberRecognizer } from '../../../src/detect/recognizers/legal/application-number.js';
import { deviceSerialRecognizer } from '../../../src/detect/recognizers/devices/device-serial.js';
import { scanStartNearDigit } from '../../../src/detect/recognizers/legal/near-digit.js';
import { SeededRandom } from '../../../src/learn/random.js';
import type { Recognizer } from '../../../src/detect/recognizer.js';

/**
 * The case-number, device-serial and application-number scans start a reach before the next digit instead of
 * running their cue patterns over the whole text: the candidates must be those of the plain
 * scan (reach Infinity), on text full of cues far from and near to digits.
 */
const spans = (r: Recognizer, text: string) => (r.detect(new DetectionContext(text)) as Array<{ start: number; end: number; score: number }>).map((c) => [c.start, c.end, c.score]);

test('scanStartNearDigit: a reach before the next digit, never before `from`, -1 with no digit left', () => {
  const text = 'Filed under docket no. 19-1234 on Monday';
  assert.equal(scanStartNearDigit(text, 0, 5), text.indexOf('19') - 5);
  assert.equal(scanStartNearDigit(text, 20, 50), 20);
  assert.equal(scanStartNearDigit(text, text.indexOf('34') + 2, 5), -1);
});

test('same case numbers, device serials and application numbers as the plain scan', () => {
  const rng = new SeededRandom(4242);
  const pieces = [
    'case', 'Case No.', 'docket #', 'File no. ', 'order', 'Report', 'appeal nos. ', 'Az. ', 'Geschäftszeichen ', 'procès-verbal n° ', 'RG ', 'reference: ',
    'serial', 'Serial Number ', 'S/N: ', 'sn#', 'IMEI ', 'device serial ', 'Device ID ', 'implant identifier: ', 'MAC address ', 'lot no. ', 'UDI ',
    'Applications numbers  ', 'application no. ', 'requête n° ', 'Beschwerde Nr. ', 'nos. ', '12345/98', ', 2/98 and 3/98', ' et n° 44/01',
    '19-1234', '2011/123', '3 StR 123/19', 'C-123/19', 'PM4471-22X9', '00:1A:2B:3C:4D:5E', '(01)00844588003288', '5', '2020', 'AB12', '7',
    // The longest cues and codes whose digit stands farthest from the cue: the reach's bounds.
    'Geschäftszeichen numbers  ', 'device  identifier : ', 'ABCDEFGHIJKL5', 'Abcdefghijkl-7', 'abcdefghijklmnopqrstuvwx1', 'ABCDEFGHIJKLMNOPQRSTUVW-9',
    ' ', ' ', '  ', '\t', '.', ',', '-', '\n', 'the ', 'patient ', 'was seen ', 'reorder', 'preorder ', 'ſerial ', 'é', '𝐀',
    'and the long report was filed without any number at all, ', 'x'.repeat(150), ' lorem ipsum dolor sit amet '.repeat(6),
  ];
  const reached = [caseNumberRecognizer(), deviceSerialRecognizer(), applicationNumberRecognizer()];
  const plain = [caseNumberRecognizer(Infinity), deviceSerialRecognizer(Infinity), applicationNumberRecognizer(Infinity)];
  let found = 0;
  for (let doc = 0; doc < 800; doc++) {
    let text = '';
    const length = 3 + Math.floor(rng.next() * 40);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(rng.next() * pieces.length)];
    for (let r = 0; r < reached.length; r++) {
      const want = spans(plain[r], text);
      found += want.length;
      assert.deepEqual(spans(reached[r], text), want, JSON.stringify(text));
    }
  }
  // The generated texts hold many real candidates: the comparison is not between empty lists.
  assert.ok(found > 500, `only ${found} candidates`);
});

test('a cue far from any digit gives nothing, a cue before a code still does', () => {
  const text = `Case reference pending. ${'No digits in this long stretch of the letter. '.repeat(8)}Docket No. 21-0457 was assigned; serial number PM4471-22X9.`;
  const caseSpans = spans(caseNumberRecognizer(), text).map(([s, e]) => text.slice(s, e));
  const deviceSpans = spans(deviceSerialRecognizer(), text).map(([s, e]) => text.slice(s, e));
  assert.deepEqual(caseSpans, ['21-0457']);
  assert.deepEqual(deviceSpans, ['PM4471-22X9']);
});

test('a code whose digit stands far from its cue, with no digit before it, is still found', () => {
  const filler = 'Notes from the hearing follow here. '.repeat(5);
  const caseText = `${filler}Geschäftszeichen numbers  ABCDEFGHIJKL-5 was cited.`;
  const deviceText = `${filler}device  number : abcdefghijklmnopqrst-uvw1 was logged.`;
  const caseFound = (reach?: number) => spans(caseNumberRecognizer(reach), caseText).map(([s, e]) => caseText.slice(s, e));
  const deviceFound = (reach?: number) => spans(deviceSerialRecognizer(reach), deviceText).map(([s, e]) => deviceText.slice(s, e));
  assert.deepEqual(caseFound(), ['ABCDEFGHIJKL-5']);
  assert.deepEqual(deviceFound(), ['abcdefghijklmnopqrst-uvw1']);
  const applicationText = `${filler}Applications numbers  12345/98 were joined.`;
  const applicationFound = (reach?: number) => spans(applicationNumberRecognizer(reach), applicationText).map(([s, e]) => applicationText.slice(s, e));
  assert.deepEqual(applicationFound(), ['12345/98']);
  // A reach shorter than the cue and its code would miss them: the bound matters.
  assert.deepEqual(caseFound(30), []);
  assert.deepEqual(deviceFound(30), []);
  assert.deepEqual(applicationFound(10), []);
});
