import { test } from 'node:test';
import assert from 'node:assert/strict';
import { found, detect } from '../ids/helpers.js';

test('payment cards: grouped or run together, Luhn and issuer checked', () => {
  assert.deepEqual(found('Charged to my Visa 4539 2017 4688 1255 twice.', 'FINANCIAL'), ['4539 2017 4688 1255']);
  assert.deepEqual(found('Card: 5304-1288-9017-3421 exp 09/27', 'FINANCIAL'), ['5304-1288-9017-3421']);
  assert.deepEqual(found('amex 371449635398431 on file', 'FINANCIAL'), ['371449635398431']);
  assert.deepEqual(found('Tracking 4539201746881256 is in transit.', 'FINANCIAL'), [], 'Luhn fails, no card cue');
  assert.deepEqual(found('Serial 1234 5678 9012 3456 on the box.', 'FINANCIAL'), []);
});

test('masked cards and "ending in"', () => {
  assert.deepEqual(found('Replacement card **** **** **** 7731 is on its way.', 'FINANCIAL'), ['**** **** **** 7731']);
  assert.deepEqual(found('Paid by card xxxx-2281 on 3 May.', 'FINANCIAL'), ['xxxx-2281']);
  assert.deepEqual(found('acct 6011 88XX XXXX 4410 closed', 'FINANCIAL'), ['6011 88XX XXXX 4410']);
  assert.deepEqual(found('Refund to the Mastercard ending in 0915 within 5 days.', 'FINANCIAL'), ['0915']);
  assert.deepEqual(found('Her phone number ending in 0915 was disconnected.', 'FINANCIAL'), []);
});

test('IBAN: country length and mod 97, printed with or without spaces', () => {
  assert.deepEqual(found('Please wire the deposit to IBAN GB29 NWBK 6016 1331 9268 19. Thanks!', 'FINANCIAL'), ['GB29 NWBK 6016 1331 9268 19']);
  assert.deepEqual(found('Konto FR7630006000011234567890189 (BNP).', 'FINANCIAL'), ['FR7630006000011234567890189']);
  assert.deepEqual(found('Reference GB28 NWBK 6016 1331 9268 19 is wrong.', 'FINANCIAL'), [], 'mod 97 fails, no IBAN cue');
});

test('routing, account, sort code and BIC after their labels', async () => {
  assert.deepEqual(found('Direct deposit: routing 072000096, account 5517002934.', 'FINANCIAL'), ['072000096', '5517002934']);
  assert.deepEqual(found('ABA 322270152 / acct. 000918273645', 'FINANCIAL'), ['322270152', '000918273645']);
  assert.deepEqual(found('Pay into sort code 20-17-44, account number 40918273.', 'FINANCIAL'), ['20-17-44', '40918273']);
  assert.deepEqual(found('Savings 88120391 and checking 88120405 at the credit union.', 'FINANCIAL'), ['88120391', '88120405']);
  assert.deepEqual(found('Loan no. 0007718230-02 is current.', 'FINANCIAL'), ['0007718230-02']);
  assert.deepEqual(found('SWIFT: BOFAUS3NXXX', 'FINANCIAL'), [], 'a BIC names a bank, not an account: recall profile only');
  const { DetectionContext } = await import('../../../src/detect/context.js');
  const { financialRecognizers } = await import('../../../src/detect/recognizers/financial/index.js');
  const recall = financialRecognizers({ profile: 'recall' }).flatMap((r) => r.detect(new DetectionContext('SWIFT: BOFAUS3NXXX')) as Array<{ start: number; end: number }>);
  assert.deepEqual(recall.map((c) => 'SWIFT: BOFAUS3NXXX'.slice(c.start, c.end)), ['BOFAUS3NXXX']);
  assert.deepEqual(found('Customer account: AC-44102-TX', 'ID_NUMBER'), ['AC-44102-TX'], 'a lettered account code is an account reference');
});

test('financial near misses: prices, order quantities, years, dates, phone numbers', () => {
  const negatives = [
    'The account was opened in 2019 with $2,500.',
    'Account for 12 percent of sales.',
    'Routing the cable through 3 rooms took 45 minutes.',
    'Checking in at 14:00 on 05/06/2024.',
    'Savings of 30% on 1,200 units.',
    'Sort code and account number are on the back of the card.',
    'Call 0207 946 0958 to update your card details.',
    'Swift action was taken in 2022.',
    'We ordered 4500 4500 4500 4500 widgets.',
  ];
  for (const text of negatives) assert.deepEqual(detect(text), [], text);
});
