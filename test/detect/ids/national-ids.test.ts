import { test } from 'node:test';
import assert from 'node:assert/strict';
import { found } from './helpers.js';
import { DetectionContext } from '../../../src/detect/context.js';
import { financialRecognizers } from '../../../src/detect/recognizers/financial/index.js';
import type { Candidate } from '../../../src/types.js';

test('US SSN: dashed numbers that follow the SSA rules, with or without a cue', () => {
  assert.deepEqual(found('Applicant SSN: 538-20-4719, verified against the card.', 'ID_NUMBER'), ['538-20-4719']);
  assert.deepEqual(found('Her number 538-20-4719 was on the W-2.', 'ID_NUMBER'), ['538-20-4719']);
  assert.deepEqual(found('Social Security number 538 20 4719 on file.', 'ID_NUMBER'), ['538 20 4719']);
  assert.deepEqual(found('SSN (masked): ***-**-4719', 'ID_NUMBER'), ['***-**-4719']);
  assert.deepEqual(found('SSN: XXX-XX-4719', 'ID_NUMBER'), ['XXX-XX-4719']);
  assert.deepEqual(found('Caller verified the last four of her SSN 4719 and DOB.', 'ID_NUMBER'), ['4719']);
});

test('US SSN near misses: invalid areas, plain digits without a cue, phone numbers, dates', () => {
  assert.deepEqual(found('Values like 666-12-3456 and 000-12-3456 are never issued.', 'ID_NUMBER'), []);
  assert.deepEqual(found('Ship 538204719 units by Friday.', 'ID_NUMBER'), []);
  assert.deepEqual(found('Call 555-867-5309 or 2024-05-12 works.', 'ID_NUMBER'), []);
});

test('ITIN and EIN', () => {
  assert.deepEqual(found('She files with ITIN 927-81-3056 this year.', 'ID_NUMBER'), ['927-81-3056']);
  assert.deepEqual(found('Harbor Bakery LLC (EIN 27-1837465) filed late.', 'ID_NUMBER'), ['27-1837465']);
  assert.deepEqual(found('Harbor Bakery LLC (EIN 07-1837465) filed late.', 'ID_NUMBER'), ['07-1837465'], 'labelled but invalid prefix: still taken by the label rule');
  assert.deepEqual(found('The score was 27-1837465 in the ledger export.', 'ID_NUMBER'), []);
});

test('VIN: check digit alone, or a VIN cue', () => {
  assert.deepEqual(found('Vehicle: 2013 Ford F-150, 1FTFW1ET9DFC10312, grey.', 'ID_NUMBER'), ['1FTFW1ET9DFC10312']);
  assert.deepEqual(found('VIN WVWZZZ1JZXW000001 (imported).', 'ID_NUMBER'), ['WVWZZZ1JZXW000001']);
  assert.deepEqual(found('Build hash 1FTFW1ET8DFC10312 deployed.', 'ID_NUMBER'), []);
});

test('UK NHS number needs the checksum and the NHS cue', () => {
  assert.deepEqual(found('NHS number: 721 390 4655', 'ID_NUMBER'), ['721 390 4655']);
  assert.deepEqual(found('NHS number: 721 390 4656', 'ID_NUMBER'), ['721 390 4656'], 'checksum fails but the label rule still takes it');
  assert.deepEqual(found('Ring the surgery on 721 390 4655 after ten.', 'ID_NUMBER'), []);
});

test('UK National Insurance number', () => {
  assert.deepEqual(found('National Insurance number: JT 48 21 67 B', 'ID_NUMBER'), ['JT 48 21 67 B']);
  assert.deepEqual(found('Her NI is JT482167B.', 'ID_NUMBER'), ['JT482167B']);
  assert.deepEqual(found('The string GB482167A is not valid.', 'ID_NUMBER'), []);
});

test('Canadian SIN near a SIN cue', () => {
  assert.deepEqual(found('My SIN is 619 483 720 if you need it.', 'ID_NUMBER'), ['619 483 720']);
  assert.deepEqual(found('We sold 619 483 720 units in 2023.', 'ID_NUMBER'), []);
});

test('Aadhaar (Verhoeff) and PAN', () => {
  assert.deepEqual(found('Aadhaar: 4918 3072 5617', 'ID_NUMBER'), ['4918 3072 5617']);
  assert.deepEqual(found('Aadhaar: 4918 3072 5618', 'ID_NUMBER'), ['4918 3072 5618'], 'invalid checksum but labelled');
  assert.deepEqual(found('Totals 4918 3072 5618 were wrong.', 'ID_NUMBER'), []);
  assert.deepEqual(found('PAN: AFZPK7190K for the tax filing.', 'ID_NUMBER'), ['AFZPK7190K']);
  assert.deepEqual(found('Model AFZZK7190K shipped.', 'ID_NUMBER'), []);
});

test('German tax ID: checksum with a tax cue', () => {
  assert.deepEqual(found('Steuerliche Identifikationsnummer 36519802411', 'ID_NUMBER'), ['36519802411']);
  assert.deepEqual(found('Ihre IdNr lautet 36 519 802 411.', 'ID_NUMBER'), ['36 519 802 411']);
  assert.deepEqual(found('Bestellmenge 36519802412 Stück', 'ID_NUMBER'), []);
});

test('a text without ASCII digits is skipped whole; a bank code of six capitals still reaches the cue scan', () => {
  // Full-width digits: what the recognizers' `\d` never read; the same text with ASCII digits is found.
  assert.deepEqual(found('Passport no. Ｘ１２３４５６７ and SSN ５３８-２０-４７１９', 'ID_NUMBER'), []);
  assert.deepEqual(found('Passport no. X1234567 and SSN 538-20-4719', 'ID_NUMBER'), ['X1234567', '538-20-4719']);
  // No digit at all, yet a BIC after its label (the BIC recognizer runs in the recall profile).
  const text = 'Please wire it to BIC: DEUTDEFF at the branch.';
  const ctx = new DetectionContext(text);
  const bic = financialRecognizers({ profile: 'recall' }).find((r) => r.name === 'bic')!;
  assert.deepEqual((bic.detect(ctx) as Candidate[]).map((c) => text.slice(c.start, c.end)), ['DEUTDEFF']);
});

test('VIN: found wherever the 17 characters sit in the text (probe positions)', () => {
  // hasVinRun probes every 17th position: the VIN must be found at every offset.
  for (let pad = 0; pad < 20; pad++) {
    const text = `${'x'.repeat(pad)} VIN 1M8GDM9AXKP042788 noted.`;
    assert.deepEqual(found(text, 'ID_NUMBER'), ['1M8GDM9AXKP042788'], `pad ${pad}`);
  }
  assert.deepEqual(found('1M8GDM9AXKP042788', 'ID_NUMBER'), ['1M8GDM9AXKP042788']);
  assert.deepEqual(found('VIN 1M8GDM9AXKP04278 short.', 'ID_NUMBER'), []);
});
