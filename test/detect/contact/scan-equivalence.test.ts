import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMAIL, emailMatches } from '../../../src/detect/recognizers/contact/email.js';
import { IPV4, IPV6, ipv4Matches, ipv6Matches } from '../../../src/detect/recognizers/contact/ip-address.js';
import { BARE_PROFILE, SCHEMED, bareProfileMatches, schemedMatches } from '../../../src/detect/recognizers/contact/url.js';

/**
 * The e-mail, IP and URL recognizers find their matches from an anchor ("@",
 * ".", ":", "/", "://", "www.") instead of running the global pattern over
 * every position. They must give exactly the global pattern's matches.
 */
function globalMatches(re: RegExp, text: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ index: m.index, value: m[0] });
  return out;
}

const scans: Array<[string, RegExp, (text: string) => Array<{ index: number; value: string }>]> = [
  ['email', EMAIL, emailMatches],
  ['ipv4', IPV4, ipv4Matches],
  ['ipv6', IPV6, ipv6Matches],
  ['schemed', SCHEMED, schemedMatches],
  ['bare profile', BARE_PROFILE, bareProfileMatches],
];

const sentences = [
  'Mail maria.lopez+forms@mail.stateuniv.edu or t_reyes77@outlook.co.uk; not icon@2x.png, x.@y.com or a@@b.org.',
  'Gateway 10.0.0.1/24 and host 192.168.14.201, not v1.2.3.4, 256.1.1.1, 1234.5.6.7 or 10.1.1.1.5.',
  'Server fe80::1ff:fe23:4567:890a and 2001:db8::8a2e:370:7334, mapped ::ffff:192.0.2.128; the talk is at 12:30:45.',
  'See https://www.example.org/path?q=1, HTTP://EXAMPLE.COM and www.shop.example.co.uk/cart (or xwww.a.com).',
  'Profiles: linkedin.com/in/jane-doe, github.com/jdoe88/, x@twitter.com/abc, a/github.com/b, git-hub.example.com//x.',
];

test('same matches as the global patterns on realistic sentences', () => {
  for (const [name, re, scan] of scans) {
    let found = 0;
    for (const text of sentences) {
      const expected = globalMatches(re, text);
      found += expected.length;
      assert.deepEqual(scan(text), expected, `${name}: ${text}`);
    }
    assert.ok(found > 0, `${name}: the sentences hold matches`);
  }
});

test('same matches as the global patterns on random text built from address pieces', () => {
  // A small deterministic generator: the test must not depend on chance.
  let seed = 4242;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pieces = [
    '@', '@', '.', '.', '..', ':', '::', '/', '//', '://', ' ', '\n', '-', '_', '%', '+', 'a', 'jo', 'mail', 'example', 'com', 'co', 'uk',
    'www', 'WWW', 'http', 'https', 'HTTPS', 'ſ', '\u212A', 'é', '𝐀', '1', '12', '192', '255', '256', '0', 'fe80', 'db8', 'ffff', 'github', 'linkedin',
    'in', 'x'.repeat(70), '9'.repeat(5),
  ];
  for (let doc = 0; doc < 1500; doc++) {
    let text = '';
    const length = 3 + Math.floor(next() * 40);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(next() * pieces.length)];
    for (const [name, re, scan] of scans) assert.deepEqual(scan(text), globalMatches(re, text), `${name}: ${JSON.stringify(text)}`);
  }
});
