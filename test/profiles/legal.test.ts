import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../src/detect/context.js';
import type { Recognizer } from '../../src/detect/recognizer.js';
import { applicationNumberRecognizer } from '../../src/detect/recognizers/legal/application-number.js';
import { caseNumberRecognizer } from '../../src/detect/recognizers/legal/case-number.js';
import { amountRecognizer } from '../../src/detect/recognizers/legal/amount.js';
import { durationRecognizer } from '../../src/detect/recognizers/legal/duration.js';
import { registryReferenceRecognizer } from '../../src/detect/recognizers/legal/registry-reference.js';

function found(rec: Recognizer, text: string): string[] {
  return (rec.detect(new DetectionContext(text)) as Array<{ start: number; end: number }>).map((c) => text.slice(c.start, c.end));
}

test('application numbers, one span per number of a list', () => {
  const rec = applicationNumberRecognizer();
  assert.deepEqual(found(rec, 'in applications nos. 23456/01, 34567/02 and 45678/03 lodged'), ['23456/01', '34567/02', '45678/03']);
  assert.deepEqual(found(rec, 'requête n° 12345/98 ; Beschwerde Nr. 2222/19'), ['12345/98', '2222/19']);
  assert.deepEqual(found(rec, 'a ratio of 12345/98 and page 3/4'), []);
});

test('case, docket and file numbers need a code, and a marker after a weak cue', () => {
  const rec = caseNumberRecognizer();
  assert.deepEqual(found(rec, 'Case No. 1:19-cv-01234 and Docket No. 19-1234; Az. 3 StR 123/19; the case C-123/19.'), ['1:19-cv-01234', '19-1234', '3 StR 123/19', 'C-123/19']);
  assert.deepEqual(found(rec, 'In case 3 people come; the judgment of 12 March; case law; file 2011 was lost.'), []);
  assert.deepEqual(found(rec, 'by decision no. 44/2009 of the court'), ['44/2009']);
});

test('sums and percentages with their currency', () => {
  const rec = amountRecognizer();
  assert.deepEqual(found(rec, 'awarded EUR 9,600, 2,500 euros, €300, 10,000 Swiss francs, USD 1.2 million and 30%.'), ['EUR 9,600', '2,500 euros', '€300', '10,000 Swiss francs', 'USD 1.2 million', '30%']);
  assert.deepEqual(found(rec, 'In 2004 there were 300 pages and 12 witnesses.'), []);
});

test('durations, but not ages', () => {
  const rec = durationRecognizer();
  assert.deepEqual(found(rec, "sentenced to four years and six months' imprisonment, detained for 18 months, cinq ans, drei Jahre"), ['four years and six months', '18 months', 'cinq ans', 'drei Jahre']);
  assert.deepEqual(found(rec, 'a 45-year-old man, a 10-day-old infant'), []);
});

test('register references are ID_NUMBER, cells and wards are LOCATION', () => {
  const rec = registryReferenceRecognizer();
  const text = 'plot no. 52/3, cadastral number 77:01:0004012:1033, held in cell no. 14, in 2004, entry 3.';
  const out = rec.detect(new DetectionContext(text)) as Array<{ start: number; end: number; label: string }>;
  assert.deepEqual(out.map((c) => [c.label, text.slice(c.start, c.end)]), [
    ['ID_NUMBER', '52/3'],
    ['ID_NUMBER', '77:01:0004012:1033'],
    ['LOCATION', 'cell no. 14'],
  ]);
});
