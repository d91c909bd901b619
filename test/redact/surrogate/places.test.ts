import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupPlace } from '../../../src/lexicons/gazetteer.js';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';
import { surrogateAddress } from '../../../src/redact/surrogate/addresses.js';
import { countryCode, placeInfo, surrogatePlace } from '../../../src/redact/surrogate/places.js';
import { surrogateOrganization, industryOf } from '../../../src/redact/surrogate/organizations.js';
import { zip3State } from '../../../src/redact/zip3.js';

const keyed = new Keyed('places');
const never = () => false;

test('a town becomes a town of similar size in the same country, case kept', () => {
  for (const [town, country] of [['Scranton', 'US'], ['Lyon', 'FR'], ['Tampere', 'FI']] as const) {
    const original = lookupPlace(town).find((p) => p.country === country)!;
    for (let i = 0; i < 5; i++) {
      const out = surrogatePlace(town, keyed.stream('t', town, i), never);
      assert.notEqual(out, town);
      const place = lookupPlace(out).find((p) => p.country === country);
      assert.ok(place, `${out} should be a place in ${country}`);
      assert.ok(place!.population > original.population / 8 && place!.population < original.population * 8, `${out} should be of similar size`);
    }
  }
  assert.equal(surrogatePlace('TAMPERE', keyed.stream('t', 'x'), never), surrogatePlace('TAMPERE', keyed.stream('t', 'x'), never).toUpperCase());
});

test('a country becomes another country; a US state another state; "Town, ST" keeps its form', () => {
  const c = surrogatePlace('Portugal', keyed.stream('c', 'pt'), never);
  assert.ok(countryCode(c) && countryCode(c) !== 'PT', c);
  const s = surrogatePlace('Ohio', keyed.stream('s', 'oh'), never);
  assert.equal(placeInfo(s).kind, 'us-state');
  assert.notEqual(s, 'Ohio');
  assert.match(surrogatePlace('Scranton, PA', keyed.stream('q', 'x'), never), /^[\p{L} .'-]+, [A-Z]{2}$/u);
  assert.match(surrogatePlace('Lake Winnipesaukee', keyed.stream('l', 'x'), never), /^Lake \p{Lu}\p{L}+$/u);
});

test('an address keeps its lines, numbers of the same length, street type and country; the ZIP follows the new state', () => {
  const address = '4417 Larkspur Lane, Dunmore, PA 18512';
  const out = surrogateAddress(address, keyed, never, 0);
  const m = /^(\d{4}) (\p{L}+) Lane, ([\p{L} .'-]+), ([A-Z]{2}) (\d{5})$/u.exec(out);
  assert.ok(m, out);
  assert.notEqual(m![1], '4417');
  assert.notEqual(m![2], 'Larkspur');
  assert.equal(zip3State(m![5].slice(0, 3)), m![4]);
  const nordic = surrogateAddress('Skovbrynet 12\n2800 Lyngby\nDenmark', keyed, never, 0);
  assert.match(nordic, /^\p{Lu}\p{Ll}+ \d{2}\n\d{4} [\p{L} .-]+\nDenmark$/u);
  const compound = surrogateAddress('Lindenstraße 7, 10969 Berlin', keyed, never, 0);
  assert.match(compound, /^\p{Lu}\p{Ll}+straße \d, \d{5} [\p{L} .-]+$/u);
  assert.ok(!compound.includes('Linden') && !compound.includes('Berlin'));
});

test('organisations keep what kind they are', () => {
  const hospital = surrogateOrganization('St. Brendan Memorial Hospital', keyed.stream('o', '1'), never);
  assert.match(hospital, /Memorial Hospital$/);
  assert.notEqual(hospital, 'St. Brendan Memorial Hospital');
  const inc = surrogateOrganization('Quillfeather Analytics Inc.', keyed.stream('o', '2'), never);
  assert.match(inc, /^\p{Lu}\p{L}+ Analytics Inc\.$/u);
  assert.ok(!inc.includes('Quillfeather'));
  const acronym = surrogateOrganization('QFX', keyed.stream('o', '3'), never);
  assert.match(acronym, /^[A-Z]{3}$/);
  assert.notEqual(acronym, 'QFX');
  assert.equal(industryOf('Riverside Community Hospital')?.label, 'a health-care organisation');
  assert.equal(industryOf('Quillfeather Credit Union')?.label, 'a bank or insurer');
});
