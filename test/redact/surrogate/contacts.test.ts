import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';
import { readPhone, surrogateContact } from '../../../src/redact/surrogate/contacts.js';

const keyed = new Keyed('contacts');
const noNames = () => undefined;
const digitLayout = (s: string) => s.replace(/\d/g, '9');

test('phones: valid in the same country, same layout; North America uses 555-01XX', () => {
  const us = surrogateContact('(413) 555-2671', keyed, 0, noNames);
  assert.equal(digitLayout(us), '(999) 999-9999');
  assert.match(us, /\) 555-01\d\d$/);
  assert.equal(readPhone(us)?.country, 'US');
  for (const phone of ['+44 20 7946 1234', '+49 30 901820', '06 12 34 56 78', '+33 6 12 34 56 78']) {
    const out = surrogateContact(phone, keyed, 0, noNames);
    assert.notEqual(out, phone);
    assert.equal(digitLayout(out), digitLayout(phone));
    assert.equal(readPhone(out)?.country, readPhone(phone)?.country, phone);
  }
  assert.match(surrogateContact('+44 20 7946 1234', keyed, 0, noNames), /^\+44 20 7946 0\d{3}$/);
});

test('a phone valid nowhere keeps its layout and its country calling code', () => {
  const out = surrogateContact('+99 1234 5678 x12', keyed, 0, noNames);
  assert.match(out, /^\+99 \d{4} \d{4} x\d{2}$/);
});

test('e-mail: name words follow the person stand-ins, public providers stay, other domains become example.<tld>', () => {
  const names = (w: string) => ({ ines: 'Clara', haldane: 'Moreau' })[w];
  assert.match(surrogateContact('ines.haldane82@gmail.com', keyed, 0, names), /^clara\.moreau\d{2}@gmail\.com$/);
  const work = surrogateContact('i.haldane@brightwater-labs.co.uk', keyed, 0, names);
  assert.match(work, /^[a-z]\.moreau@example\.co\.uk$/);
  // Words around the address in the span stay.
  assert.match(surrogateContact('mail: ines.haldane82@gmail.com', keyed, 0, names), /^mail: clara\.moreau\d{2}@gmail\.com$/);
});

test('IP addresses go to the documentation ranges; URLs to example hosts unless a public site', () => {
  assert.match(surrogateContact('10.20.30.40', keyed, 0, noNames), /^(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/);
  assert.match(surrogateContact('fe80::1ff:fe23:4567:890a', keyed, 0, noNames), /^2001:db8::/);
  assert.match(surrogateContact('https://www.haldane-family.net/photos', keyed, 0, noNames), /^https:\/\/www\.example\.net\/\w+$/);
  const handle = surrogateContact('https://github.com/ihaldane', keyed, 0, noNames);
  assert.match(handle, /^https:\/\/github\.com\/[a-z]+$/);
  assert.notEqual(handle, 'https://github.com/ihaldane');
});
