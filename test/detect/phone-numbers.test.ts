import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as esm from 'libphonenumber-js/max';
import { getExampleNumber, parsePhoneNumberFromString, phoneLib } from '../../src/detect/validators/phone-numbers.js';

// Invented numbers in several countries' formats (fictional ranges where a country has one).
const NUMBERS: Array<[string, esm.CountryCode | undefined]> = [
  ['+1 413 555 0182', undefined],
  ['(614) 555-0173', 'US'],
  ['020 7946 0555', 'GB'],
  ['07700 900123', 'GB'],
  ['086 321 7745', 'IE'],
  ['030 1234567', 'DE'],
  ['0412 345 678', 'AU'],
  ['01 23 45 67 89', 'FR'],
  ['080 2345 6789', 'IN'],
  ['03-1234-5678', 'JP'],
  ['12345', 'US'],
  ['+44 (0)20 7946 0381', undefined],
];

test('the lazily required CommonJS build answers as the ES-module build does', () => {
  for (const [raw, country] of NUMBERS) {
    const a = parsePhoneNumberFromString(raw, country);
    const b = esm.parsePhoneNumberFromString(raw, country);
    assert.equal(a?.number, b?.number, raw);
    assert.equal(a?.isValid(), b?.isValid(), raw);
    assert.equal(a?.isPossible(), b?.isPossible(), raw);
    assert.equal(a?.country, b?.country, raw);
  }
  assert.equal(parsePhoneNumberFromString('020 7946 0555', 'GB')?.isValid(), true);
  assert.equal(parsePhoneNumberFromString('12345', 'US')?.isPossible() ?? false, false);
});

test('one copy of the library per process, with the same metadata as the ES-module build', () => {
  assert.equal(phoneLib(), phoneLib());
  const examples = { GB: '7400123456', DE: '15123456789' } as unknown as esm.Examples;
  assert.equal(getExampleNumber('GB', examples)?.number, esm.getExampleNumber('GB', examples)?.number);
  assert.deepEqual(phoneLib().getCountries(), esm.getCountries());
  assert.deepEqual(phoneLib().getCountries().map((c) => phoneLib().getCountryCallingCode(c)), esm.getCountries().map((c) => esm.getCountryCallingCode(c)));
});
