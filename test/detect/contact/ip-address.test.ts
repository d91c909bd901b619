import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contacts } from './helpers.js';

test('IPv4 addresses with and without a network word', () => {
  assert.deepEqual(contacts('The login came from 151.84.203.66, not from the usual 68.47.129.5.'), ['151.84.203.66', '68.47.129.5']);
  assert.deepEqual(contacts('The tablet last synced from 10.22.7.164 on the clinic network.'), ['10.22.7.164']);
  assert.deepEqual(contacts('DNS server: 8.8.8.8.'), ['8.8.8.8']);
  assert.deepEqual(contacts('Blocked range 203.0.113.0/24 yesterday.'), ['203.0.113.0/24']);
});

test('IPv6 addresses, full and compressed', () => {
  assert.deepEqual(contacts('IPv6 2001:0db8:85a3:0000:0000:8a2e:0370:7334 was logged.'), ['2001:0db8:85a3:0000:0000:8a2e:0370:7334']);
  assert.deepEqual(contacts('My laptop also shows fe80::1ff:fe23:4567:890a, which changes.'), ['fe80::1ff:fe23:4567:890a']);
  assert.deepEqual(contacts('Gateway 2001:db8::1 replied.'), ['2001:db8::1']);
  assert.deepEqual(contacts('Mapped ::ffff:192.0.2.128 on the proxy.'), ['::ffff:192.0.2.128']);
});

test('near misses: octets over 255, versions, sections, times, MAC addresses', () => {
  assert.deepEqual(contacts('The reading was 256.300.1.2 units.'), []);
  assert.deepEqual(contacts('Upgrade to version 1.2.3.4; the modem firmware is 4.12.1.9.'), []);
  assert.deepEqual(contacts('See section 2.1.4.3 and Table 4.1.1.2 of the manual.'), []);
  assert.deepEqual(contacts('Items 1.2.3.4 were listed.'), []);
  assert.deepEqual(contacts('The race started at 12:30:45 sharp.'), []);
  assert.deepEqual(contacts('Device MAC 00:1A:2B:3C:4D:5E was whitelisted.'), []);
});
