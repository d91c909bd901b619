import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  luhnValid, verhoeffValid, abaRoutingValid, nhsNumberValid, vinCheckDigitValid, vinCheckDigitRequired, vinShapeValid,
  ibanValid, ssnValid, itinValid, einValid, ukNinoValid, canadianSinValid, aadhaarValid, indianPanValid, germanTaxIdValid,
  paymentCardValid, cardBrand, mod97,
} from '../../src/detect/validators/index.js';

test('Luhn: textbook examples pass, a changed digit fails', () => {
  assert.ok(luhnValid('79927398713'));
  assert.ok(!luhnValid('79927398710'));
  assert.ok(!luhnValid('12a4'));
});

test('Verhoeff: 2363 is valid, 2364 is not', () => {
  assert.ok(verhoeffValid('2363'));
  assert.ok(!verhoeffValid('2364'));
});

test('ABA routing: checksum and Federal Reserve prefix', () => {
  assert.ok(abaRoutingValid('021000021'));
  assert.ok(abaRoutingValid('011000015'));
  assert.ok(!abaRoutingValid('021000022')); // checksum
  assert.ok(!abaRoutingValid('123456789')); // not a multiple of 10
  assert.ok(!abaRoutingValid('02100002')); // eight digits
});

test('NHS number: mod 11', () => {
  assert.ok(nhsNumberValid('9434765919'));
  assert.ok(nhsNumberValid('4010232137'));
  assert.ok(!nhsNumberValid('9434765918'));
});

test('VIN: check digit, shape, regions where the check digit is mandatory', () => {
  assert.ok(vinCheckDigitValid('1HGCM82633A004352'));
  assert.ok(!vinCheckDigitValid('1HGCM82643A004352'));
  assert.ok(vinShapeValid('WVWZZZ1JZXW000001'));
  assert.ok(!vinShapeValid('1HGCM82633A00435O')); // letter O is never used
  assert.ok(vinCheckDigitRequired('1HGCM82633A004352'));
  assert.ok(!vinCheckDigitRequired('WVWZZZ1JZXW000001'));
});

test('IBAN: per-country length and mod 97', () => {
  assert.ok(ibanValid('GB82WEST12345698765432'));
  assert.ok(ibanValid('DE89370400440532013000'));
  assert.ok(ibanValid('NO9386011117947'));
  assert.ok(ibanValid('TR330006100519786457841326'));
  assert.ok(!ibanValid('DE89370400440532013001')); // checksum
  assert.ok(!ibanValid('DE8937040044053201300')); // one short for DE
  assert.ok(!ibanValid('QQ89370400440532013000')); // unknown country
  assert.equal(mod97('3214282912345698765432161182'), 1);
});

test('SSN and ITIN rules', () => {
  assert.ok(ssnValid('472881093'));
  assert.ok(!ssnValid('000123456'));
  assert.ok(!ssnValid('666123456'));
  assert.ok(!ssnValid('912781234')); // 9xx is ITIN territory
  assert.ok(!ssnValid('123001234'));
  assert.ok(!ssnValid('123450000'));
  assert.ok(itinValid('912784431'));
  assert.ok(!itinValid('912694431')); // group 69 not used
  assert.ok(!itinValid('812784431'));
});

test('EIN: assigned prefixes only', () => {
  assert.ok(einValid('843920177'));
  assert.ok(!einValid('073920177'));
  assert.ok(!einValid('003920177'));
});

test('UK National Insurance number prefixes and suffix', () => {
  assert.ok(ukNinoValid('AB123456C'));
  assert.ok(!ukNinoValid('GB123456A'));
  assert.ok(!ukNinoValid('DA123456A'));
  assert.ok(!ukNinoValid('AB123456E'));
});

test('Canadian SIN: Luhn, first digit not 0 or 8', () => {
  assert.ok(canadianSinValid('130692544'));
  assert.ok(!canadianSinValid('130692545'));
  assert.ok(!canadianSinValid('046454286'));
});

test('Aadhaar: 12 digits, first 2-9, Verhoeff', () => {
  assert.ok(aadhaarValid('234123412346'));
  assert.ok(!aadhaarValid('234123412347'));
  assert.ok(!aadhaarValid('134123412346'));
});

test('Indian PAN: holder-type letter in fourth place', () => {
  assert.ok(indianPanValid('KDRPM7305L'));
  assert.ok(!indianPanValid('BQXZB4471K'));
  assert.ok(!indianPanValid('BQXPB447K1'));
});

test('German tax ID: repetition rule and MOD 11,10 check digit', () => {
  assert.ok(germanTaxIdValid('86095742719'));
  assert.ok(!germanTaxIdValid('86095742718')); // check digit
  assert.ok(!germanTaxIdValid('01234567890')); // leading zero
  assert.ok(!germanTaxIdValid('12345678901')); // no repeated digit
});

test('payment cards: issuer range, length and Luhn', () => {
  assert.ok(paymentCardValid('4111111111111111'));
  assert.equal(cardBrand('378282246310005'), 'amex');
  assert.equal(cardBrand('5555555555554444'), 'mastercard');
  assert.equal(cardBrand('2223003122003222'), 'mastercard');
  assert.ok(paymentCardValid('6011111111111117'));
  assert.ok(!paymentCardValid('4111111111111112')); // Luhn
  assert.ok(!paymentCardValid('1234567812345670')); // no issuer starts with 1
});

test('hasAsciiDigit: an ASCII digit anywhere; other scripts\' digits do not count', async () => {
  const { hasAsciiDigit } = await import('../../src/detect/validators/digits.js');
  assert.equal(hasAsciiDigit({ text: 'Room 12 is on the left.' }), true);
  assert.equal(hasAsciiDigit({ text: 'No numbers here at all.' }), false);
  // Full-width and Devanagari digits are not what `\d` reads: the recognizers see them in the normalised view only.
  assert.equal(hasAsciiDigit({ text: 'Ｒｏｏｍ １２ and ४२' }), false);
  assert.equal(hasAsciiDigit({ text: '' }), false);
  assert.equal(hasAsciiDigit({ text: 'call me at 9' }), true);
});
