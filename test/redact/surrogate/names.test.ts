import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';
import { PersonRegistry, parseName } from '../../../src/redact/surrogate/names.js';
import { namePools } from '../../../src/redact/surrogate/pools.js';

function standIns(mentions: string[], key = 'names') {
  const registry = new PersonRegistry(new Keyed(key), () => false);
  const parsed = mentions.map(parseName);
  const people = registry.register(parsed);
  return parsed.map((p, i) => registry.render(p, people[i]));
}

const inPool = (kind: string, gender: string, name: string) =>
  [...namePools().pools.entries()].some(([k, list]) => k.startsWith(`${kind}|`) && k.endsWith(`|${gender}`) && list.includes(name));

test('parsing: titles, given, middle and family names, initials, possessives, family-first', () => {
  const p = parseName("Dr. Ines K. Haldane's");
  assert.equal(p.possessive, "'s");
  assert.equal(p.givenKey, 'ines');
  assert.equal(p.familyKey, 'haldane');
  assert.equal(p.titleGender, undefined);
  const q = parseName('HALDANE, Ines');
  assert.equal(q.familyKey, 'haldane');
  assert.equal(q.givenKey, 'ines');
  assert.equal(parseName('Mrs Haldane').titleGender, 'f');
  assert.equal(parseName('Mrs Haldane').familyKey, 'haldane');
});

test('one person, one stand-in in every form: full name, title and family name, given name alone, initial', () => {
  const [full, titled, given, initial, possessive, upper] = standIns(['Ines Haldane', 'Ms Haldane', 'Ines', 'I. Haldane', "Haldane's", 'INES HALDANE']);
  const [g, f] = full.split(' ');
  assert.notEqual(g, 'Ines');
  assert.notEqual(f, 'Haldane');
  assert.equal(titled, `Ms ${f}`);
  assert.equal(given, g);
  assert.equal(initial, `${g[0]}. ${f}`);
  assert.equal(possessive, `${f}'s`);
  assert.equal(upper, `${g.toUpperCase()} ${f.toUpperCase()}`);
});

test('apparent gender is kept: a woman by title gets a female given name, a man a male one', () => {
  for (let i = 0; i < 12; i++) {
    const [woman] = standIns(['Mrs Jorunn Vestergaard'], `g${i}`);
    const [man] = standIns(['Mr Torbjorn Vestergaard'], `g${i}`);
    const wg = woman.split(' ')[1];
    const mg = man.split(' ')[1];
    assert.ok(inPool('given', 'f', wg) || inPool('given', 'u', wg), `${wg} should be a female or unisex name`);
    assert.ok(inPool('given', 'm', mg) || inPool('given', 'u', mg), `${mg} should be a male or unisex name`);
  }
});

test('cultural origin is kept where the name shows it', () => {
  // A family name the pools list as Polish gets a Polish stand-in.
  const polish = namePools().pools.get('family|polish|g')!;
  const original = polish[3];
  const [out] = standIns([`Mr ${original}`]);
  assert.ok(polish.includes(out.split(' ')[1]), `${out} should be drawn from the Polish pool`);
  // Another script stays in its script.
  const [greek] = standIns(['Νικόλαος Παπαδόπουλος']);
  assert.match(greek, /^\p{Script=Greek}+ \p{Script=Greek}+$/u);
  assert.notEqual(greek, 'Νικόλαος Παπαδόπουλος');
});

test('two people with the same family name share the stand-in family name; different people differ', () => {
  const [a, b, c] = standIns(['Ines Haldane', 'Tomas Haldane', 'Pieter Okonkwo']);
  assert.equal(a.split(' ')[1], b.split(' ')[1]);
  assert.notEqual(a.split(' ')[0], b.split(' ')[0]);
  assert.notEqual(a.split(' ')[1], c.split(' ')[1]);
});

test('a stand-in never repeats an original name word (the registry redraws)', () => {
  const originals = new Set(['ines', 'haldane']);
  const registry = new PersonRegistry(new Keyed('guard'), (c) => originals.has(c.toLowerCase()));
  const parsed = [parseName('Ines Haldane')];
  const out = registry.render(parsed[0], registry.register(parsed)[0]);
  assert.ok(!/ines|haldane/i.test(out));
});
