import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contacts } from './helpers.js';

test('US numbers in the usual formats, extension included', () => {
  assert.deepEqual(contacts('Call me at +1 (413) 555-0182 ext. 4 tomorrow.'), ['+1 (413) 555-0182 ext. 4']);
  assert.deepEqual(contacts('Fax: 1-877-555-0134. Tel (614) 555-0173 x12.'), ['1-877-555-0134', '(614) 555-0173 x12']);
  assert.deepEqual(contacts('Her cell is 330.555.0127 and the office is 330-555-0166 extension 212.'), ['330.555.0127', '330-555-0166 extension 212']);
  assert.deepEqual(contacts('Nurse line (503) 555-0142, after hours 503 555 0188'), ['(503) 555-0142', '503 555 0188']);
});

test('international and national formats of other countries', () => {
  assert.deepEqual(contacts('UK office: 020 7946 0555; mobile 07700 900123.'), ['020 7946 0555', '07700 900123']);
  assert.deepEqual(contacts('Her Dublin number is +353 1 234 5678 or 086 321 7745.'), ['+353 1 234 5678', '086 321 7745']);
  assert.deepEqual(contacts('In Bengaluru: +91 99012 47365, landline 080 2345 6789.'), ['+91 99012 47365', '080 2345 6789']);
  assert.deepEqual(contacts('Büro Berlin 030 1234567, mobil +49 152 3849607.'), ['030 1234567', '+49 152 3849607']);
  assert.deepEqual(contacts('Sydney office (02) 9876 5432; mobile 0412 345 678.'), ['(02) 9876 5432', '0412 345 678']);
  assert.deepEqual(contacts('À Paris : 01 23 45 67 89 ou +33 6 12 34 56 78.'), ['01 23 45 67 89', '+33 6 12 34 56 78']);
  assert.deepEqual(contacts('Toronto desk 416-555-0123; London +44 (0)20 7946 0381.'), ['416-555-0123', '+44 (0)20 7946 0381']);
});

test('spaced-digit evasion is seen through the normalised view', () => {
  assert.deepEqual(contacts('Text her on 4 1 3 5 5 5 0 1 8 2 after six.'), ['4 1 3 5 5 5 0 1 8 2']);
});

test('an unseparated digit run needs a phone word before it', () => {
  assert.deepEqual(contacts('Call 4135550182 if the pain returns.'), ['4135550182']);
  assert.deepEqual(contacts('Reference 4135550182 was closed.'), []);
});

test('near misses: dates, times, ranges, prices, versions, quantities', () => {
  assert.deepEqual(contacts('Seen on 03/06/2024, again on 2024-03-06 and 12.03.2024.'), []);
  assert.deepEqual(contacts('Open 9.30–12.30 and 14:00–17:30; pages 100-120; years 2019-2021.'), []);
  assert.deepEqual(contacts('The quote was $4,155,550,192 or 1 200 000 euros for 12.500.000 units.'), []);
  assert.deepEqual(contacts('Upgraded to v2.10.3 and version 10.4.2.1788 yesterday.'), []);
  assert.deepEqual(contacts('Population 8 336 817 in 2020, up from 8 175 133.'), []);
  assert.deepEqual(contacts('She has 3 kids and 2 dogs, born 1985, 1987 and 1990.'), []);
});

test('near misses: SSN, ZIP+4, card numbers, statute numbers', () => {
  assert.deepEqual(contacts('SSN 123-45-6789, ZIP 43606-1234, EIN 12-3456789.'), []);
  assert.deepEqual(contacts('Card 4111 1111 1111 1111 expires 09/27.'), []);
  assert.deepEqual(contacts('Reported under OAR 437-001-0704 last year.'), []);
});

test('near misses: labelled identifiers that look like phone numbers', () => {
  assert.deepEqual(contacts('MRN 4135550182 was merged.'), []);
  assert.deepEqual(contacts('Account number 413-555-0182 is overdrawn.'), []);
  assert.deepEqual(contacts('Policy # 413 555 0182 renews in May.'), []);
  assert.deepEqual(contacts('NHS number: 631 905 8218.'), []);
  assert.deepEqual(contacts('Order number 555 014 7890 shipped; invoice no. 2024 5567 8890.'), []);
});

test('a phone word after an identifier label wins', () => {
  assert.deepEqual(contacts('Member ID 88231; phone 413-555-0182.'), ['413-555-0182']);
});

test('placeholder-style numbers need a phone word or a parenthesised area code', () => {
  assert.deepEqual(contacts('Phone: 555-123-4567 (cell).'), ['555-123-4567']);
  assert.deepEqual(contacts('Reach the desk at (555) 123-4567 today.'), ['(555) 123-4567']);
  assert.deepEqual(contacts('Statute 555-123-4567 applies.'), []);
});
