import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { hasDigitRun } from '../../../src/detect/recognizers/ids/digit-runs.js';
import { found } from './helpers.js';

test('k ASCII digits in a row', () => {
  const t = (text: string) => new DetectionContext(text);
  assert.equal(hasDigitRun(t('Call me after lunch.'), 1), false);
  assert.equal(hasDigitRun(t('Room 12, floor 3, code 4471-22.'), 4), true);
  assert.equal(hasDigitRun(t('Room 12, floor 3, code 4471-22.'), 5), false);
  // Full-width and Arabic-Indic digits are not what \d reads.
  assert.equal(hasDigitRun(t('Ticket \uFF11\uFF12\uFF13\uFF14\uFF15 and \u0661\u0662\u0663 and 77'), 2), true);
  assert.equal(hasDigitRun(t('Ticket \uFF11\uFF12\uFF13\uFF14\uFF15 and \u0661\u0662\u0663 and 77'), 3), false);
});

test('the digit-run guard keeps numbers whose run is exactly long enough', () => {
  // Each of these matches holds a run of exactly the length its recognizer asks for.
  assert.deepEqual(found('Employer ID 46-7309152 on the W-2.', 'ID_NUMBER'), ['46-7309152']);
  assert.deepEqual(found('Her SSN is 512-63-2087.', 'ID_NUMBER'), ['512-63-2087']);
  assert.deepEqual(found('Last four of SSN: 7746.', 'ID_NUMBER'), ['7746']);
  assert.deepEqual(found('NI number QQ 12 34 56 C on the payslip.', 'ID_NUMBER'), ['QQ 12 34 56 C']);
});
