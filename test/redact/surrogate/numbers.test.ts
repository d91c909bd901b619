import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alnumUpper, cardBrand, digitsOf, ibanValid, itinValid, nhsNumberValid, paymentCardValid, ukNinoValid, vinCheckDigitValid } from '../../../src/detect/validators/index.js';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';
import { surrogateNumber } from '../../../src/redact/surrogate/numbers.js';

const keyed = new Keyed('numbers');
const layout = (s: string) => s.replace(/[0-9]/g, '9').replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a');

test('card numbers: same brand, length and grouping, Luhn-valid, from a test IIN', () => {
  for (const card of ['4556 7375 8689 9855', '5425233430109903', '3714 496353 98431']) {
    const out = surrogateNumber(card, keyed, 0);
    assert.notEqual(digitsOf(out), digitsOf(card));
    assert.equal(layout(out), layout(card));
    assert.ok(paymentCardValid(digitsOf(out)), out);
    assert.equal(cardBrand(digitsOf(out)), cardBrand(digitsOf(card)));
    assert.match(digitsOf(out), /^(?:411111|400000|424242|555555|510510|222300|378282|371449)/);
  }
});

test('IBAN: same country and length, check digits recomputed, grouping and case kept', () => {
  const iban = 'GB33 BUKB 2020 1555 5555 55';
  const out = surrogateNumber(iban, keyed, 0);
  assert.ok(ibanValid(alnumUpper(out)), out);
  assert.equal(out.slice(0, 2), 'GB');
  assert.equal(layout(out), layout(iban));
  assert.notEqual(alnumUpper(out), alnumUpper(iban));
  const lower = surrogateNumber('fr7630006000011234567890189', keyed, 0);
  assert.ok(ibanValid(alnumUpper(lower)) && lower === lower.toLowerCase() && lower.startsWith('fr'));
});

test('SSN → the block reserved for advertising; NHS number → the 999 test range', () => {
  const ssn = surrogateNumber('219-09-9999', keyed, 0);
  assert.match(ssn, /^987-65-432\d$/);
  assert.ok(itinValid(digitsOf(ssn)));
  const nhs = surrogateNumber('943 476 5919', keyed, 0);
  assert.match(nhs, /^999 \d{3} \d{4}$/);
  assert.ok(nhsNumberValid(digitsOf(nhs)));
});

test('schemes with a check character stay valid: NINO, VIN', () => {
  const nino = surrogateNumber('AB 12 34 56 C', keyed, 0);
  assert.ok(ukNinoValid(alnumUpper(nino)), nino);
  assert.equal(layout(nino), layout('AB 12 34 56 C'));
  const vin = surrogateNumber('1M8GDM9AXKP042788', keyed, 0);
  assert.ok(vinCheckDigitValid(vin), vin);
  assert.notEqual(vin, '1M8GDM9AXKP042788');
});

test('an unknown number keeps its shape only', () => {
  const out = surrogateNumber('MRN-00482913', keyed, 0);
  assert.equal(layout(out), layout('MRN-00482913'));
  assert.notEqual(out, 'MRN-00482913');
});
