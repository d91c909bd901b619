import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assessDocument } from '../../src/assess/index.js';
import { hasUpper, startsUpper, startsUpperDigitOrAmpersand } from '../../src/assess/letters.js';
import { normalizePhrase, words } from '../../src/assess/phrase-match.js';
import { parseZipRows, zctaPopulation } from '../../src/assess/place-data.js';
import { uniqueRole } from '../../src/assess/roles.js';
import { dataPath } from '../../src/lexicons/data-files.js';
import type { Span } from '../../src/types.js';

/**
 * The paths that spare a process its first-use costs (Unicode classes and large
 * alternations compiled, tables keyed) must answer as the plain versions did.
 */

test('the letter tests answer as the Unicode patterns', () => {
  const samples = ['', 'Amara', 'amara', '3M', '&Co', 'élan', 'Élan', 'ñandú', 'Ωmega', 'ωmega', '𝐀lpha', '٣٤', 'Ⅻ', 'x', 'X', ' X', '-Z', 'lower then Upper', 'all lower', 'çedilla Ç'];
  for (const s of samples) {
    assert.equal(startsUpper(s), /^\p{Lu}/u.test(s), s);
    assert.equal(hasUpper(s), /\p{Lu}/u.test(s), s);
    assert.equal(startsUpperDigitOrAmpersand(s), /^[\p{Lu}\p{N}&]/u.test(s), s);
  }
});

test('table phrases already in normal form are kept as they are, others normalised by words()', () => {
  for (const phrase of ['type 2 diabetes', 'registered nurse', 'Registered Nurse', "crohn's disease", 'u.s. army', 'covid-19', '  spaced  out ', 'café owner', '']) {
    assert.equal(normalizePhrase(phrase), words(phrase).join(' '), phrase);
  }
});

test('a role is found after up to three prefix words, as the single pattern found it', () => {
  const role = (text: string, start: number, end: number) => uniqueRole(text, start, end)?.basis;
  assert.equal(role('She is the new interim mayor of Lakewood.', 7, 28), 'role "the new interim mayor of Lakewood.…": one holder (1 person)');
  assert.equal(role('the  former   acting  head coach of the Ridgeview Owls', 0, 32), 'role "the  former   acting  head coach of the Ridgeview…": one holder (1 person)');
  assert.equal(role('the\u00a0mayor of Lakewood', 0, 9), 'role "the\u00a0mayor of Lakewood…": one holder (1 person)');
  assert.equal(role('co-founder of Bluegate Analytics', 0, 10), 'role "co-founder of Bluegate…": a few holders (about 3 people)');
  // Case folding reads the long s as "s": left to the pattern, not refused by the word check.
  assert.equal(role('ſheriff of Nottingham', 0, 7), 'role "ſheriff of Nottingham…": one holder (1 person)');
  // Four prefix words, "then", or four spaces: no role (the pattern allows three, 1-3 spaces).
  assert.equal(role('the new  interim acting  current mayor of Lakewood', 0, 38), undefined);
  assert.equal(role('the then mayor of Lakewood', 0, 14), undefined);
  assert.equal(role('the    mayor of Lakewood', 0, 12), undefined);
  assert.equal(role('senior hydrologist at Northwind Water', 0, 18), undefined);
});

test('ZIP code areas: binary search over the parsed rows gives the TSV figures', () => {
  const rows = readFileSync(dataPath('assess/us-zcta.tsv'), 'utf8').split('\n').filter((l) => /^\d{5}\t/.test(l));
  for (const line of [rows[0], rows[Math.floor(rows.length / 2)], rows[rows.length - 1]]) {
    const [zip, population] = line.split('\t');
    assert.equal(zctaPopulation(zip), Number(population), zip);
  }
  assert.equal(zctaPopulation('00000'), undefined);
  assert.equal(zctaPopulation('1234'), undefined);
  assert.equal(zctaPopulation('abcde'), undefined);
  const table = parseZipRows('# source: invented\n01001\t1200\n01002\t35\n\n02110\t4100\r\n');
  assert.ok(table);
  assert.deepEqual([...table.codes.subarray(0, table.size)], [1001, 1002, 2110]);
  assert.deepEqual([...table.populations.subarray(0, table.size)], [1200, 35, 4100]);
  // Rows out of order or not "ddddd<TAB>…": left to the Map reading of the file.
  assert.equal(parseZipRows('01002\t35\n01001\t1200\n'), undefined);
  assert.equal(parseZipRows('1001\t1200\n'), undefined);
  assert.equal(parseZipRows('01001 1200\n'), undefined);
});

test('a document without elements gets the same result shape and k as before', () => {
  const none = assessDocument('She walked home along the river.', []);
  assert.deepEqual(Object.keys(none), ['spans', 'elements', 'poolSize', 'reference', 'context', 'k', 'identifyingInCombination', 'removedInCombination', 'reached']);
  assert.deepEqual(none.elements, []);
  assert.deepEqual(none.context, ['gender stated in clear (female pronouns or words): ×0.5']);
  const k = none.reference.population * 0.5;
  assert.deepEqual(none.k, { all: k, notAlone: k, kept: k, final: k });
  assert.equal(none.reached, true);
  const small = assessDocument('ok', [], { basePopulation: 5000 });
  assert.equal(small.identifyingInCombination, true);
  assert.equal(small.reached, false);
});

test('the elements of a result are an enumerable accessor, built once, and can be replaced', () => {
  const text = 'Amara Okonkwo lives in Lenox.';
  const spans: Span[] = [
    { label: 'PERSON_NAME', text: 'Amara Okonkwo', start: 0, end: 13, score: 0.9, source: 'test' } as Span,
    { label: 'LOCATION', text: 'Lenox', start: 23, end: 28, score: 0.9, source: 'test' } as Span,
  ];
  const result = assessDocument(text, spans);
  assert.equal(typeof Object.getOwnPropertyDescriptor(result, 'elements')?.get, 'function');
  assert.equal(result.elements, result.elements);
  assert.deepEqual(result.elements.map((e) => e.label), ['PERSON_NAME', 'LOCATION']);
  assert.deepEqual(JSON.parse(JSON.stringify(result)).elements.length, 2);
  assert.deepEqual({ ...result }.elements, result.elements);
  result.elements = [];
  assert.deepEqual(result.elements, []);
});

test('a uniqueness cue is still read in a document that holds a cue word, and none is invented without one', () => {
  const pharmacist = (text: string) => {
    const start = text.indexOf('pharmacist');
    const span = { label: 'EMPLOYMENT_EDUCATION', text: 'pharmacist', start, end: start + 10, score: 0.9, source: 'test' } as Span;
    return assessDocument(text, [span]).spans[0];
  };
  const sole = pharmacist('She is the sole pharmacist in Lenox.');
  assert.equal(sole.population, 1);
  assert.match(sole.basis ?? '', /^uniqueness cue "the sole": 1 person/);
  const after = pharmacist('Dana Reyes, a pharmacist, who is the only one left in town.');
  assert.equal(after.population, 1);
  const none = pharmacist('She is a pharmacist in Lenox.');
  assert.ok((none.population ?? 0) > 1000);
  assert.match(none.basis ?? '', /^occupation "pharmacist"/);
});
