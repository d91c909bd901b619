import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pipeline } from '../../../src/pipeline.js';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';
import { placeInfo, surrogatePlace } from '../../../src/redact/surrogate/places.js';
import { surrogateNumber } from '../../../src/redact/surrogate/numbers.js';
import { surrogateNamedPhrase } from '../../../src/redact/surrogate/descriptive.js';
import { reshape } from '../../../src/redact/surrogate/shape.js';
import type { Label } from '../../../src/taxonomy.js';

// Stand-ins should read as the same kind of value to `splice detect` as the originals did
// (scripts/surrogate-check.ts measures this on corpora; these are invented sentences).
const pipeline = new Pipeline({ profile: 'balanced' });
const never = () => false;

/** The labels `splice detect` gives over [start, end) of `text`. */
async function labelsOver(text: string, start: number, end: number): Promise<Label[]> {
  const spans = (await pipeline.detect(text, 'test')).spans;
  return spans.filter((s) => s.start < end && start < s.end).map((s) => s.label);
}

async function standInLabels(sentence: string, original: string, standIn: string): Promise<Label[]> {
  const at = sentence.indexOf(original);
  const text = sentence.slice(0, at) + standIn + sentence.slice(at + original.length);
  return labelsOver(text, at, at + standIn.length);
}

test('a stand-in town in an invented sentence is detected as a LOCATION', async () => {
  const keyed = new Keyed('redetect-towns');
  for (const original of ['Tampere', 'Lyon', 'Scranton', 'Dunmore', 'Lyngby', 'Ghent', 'Salamanca', 'Brno', 'Kalmar', 'Ipswich', 'Bendigo', 'Mysore']) {
    const sentence = `Last autumn Dana rented a small flat in ${original}, close to the harbour.`;
    for (let i = 0; i < 6; i++) {
      const town = surrogatePlace(original, keyed.stream('LOCATION', original, i), never);
      assert.equal(placeInfo(town).kind, 'city', town);
      assert.deepEqual(await standInLabels(sentence, original, town), ['LOCATION'], `stand-in ${town}`);
    }
  }
});

test('a stand-in country is one the detector reads as a country', async () => {
  const sentence = 'Her grandparents emigrated from Portugal after the war.';
  const keyed = new Keyed('redetect-countries');
  for (let i = 0; i < 6; i++) {
    const country = surrogatePlace('Portugal', keyed.stream('LOCATION', 'portugal', i), never);
    assert.equal(placeInfo(country).kind, 'country', country);
    assert.deepEqual(await standInLabels(sentence, 'Portugal', country), ['LOCATION'], `stand-in ${country}`);
  }
});

test('a landmark keeps its landmark word and gets a nature word, not a family name', async () => {
  const keyed = new Keyed('redetect-landmarks');
  for (let i = 0; i < 6; i++) {
    const beach = surrogatePlace('Harlow Beach', keyed.stream('LOCATION', 'harlow beach', i), never);
    assert.match(beach, /^\p{Lu}\p{Ll}+ Beach$/u);
    assert.notEqual(beach, 'Harlow Beach');
    for (const sentence of ['We pitched the tent at Harlow Beach and stayed three nights.', 'Harlow Beach was crowded on Sunday.']) {
      assert.deepEqual(await standInLabels(sentence, 'Harlow Beach', beach), ['LOCATION'], `stand-in ${beach}`);
    }
  }
});

test('a four-digit number that is no year does not become a year', () => {
  const keyed = new Keyed('redetect-years');
  for (const n of ['4823', '7306', '0417', '9950', '3188']) {
    for (let i = 0; i < 10; i++) {
      const out = surrogateNumber(n, new Keyed(`k${i}`), 0);
      assert.match(out, /^\d{4}$/);
      assert.notEqual(out, n);
      assert.doesNotMatch(out, /^(?:1[89]|20)\d\d$/, `${n} → ${out}`);
    }
  }
  // A year-like original may stay year-like (no constraint), and keeps its shape.
  assert.match(surrogateNumber('1987', keyed, 0), /^\d{4}$/);
});

test('codes keep the script of their letters', () => {
  const keyed = new Keyed('redetect-scripts');
  const greek = reshape('ΑΒ 482913', keyed.stream('id', 'g'));
  assert.match(greek, /^\p{Script=Greek}{2} \d{6}$/u);
  assert.notEqual(greek, 'ΑΒ 482913');
  assert.match(reshape('ПК-7710', keyed.stream('id', 'c')), /^\p{Script=Cyrillic}{2}-\d{4}$/u);
  assert.match(reshape('XK-7710', keyed.stream('id', 'l')), /^[A-Z]{2}-\d{4}$/);
});

test('an achievement that opens with its verb keeps the verb and stays an achievement', async () => {
  const original = 'was awarded the third silver plate of the guild';
  const sentence = `In her last season Maren ${original} for her carvings.`;
  for (let i = 0; i < 4; i++) {
    const out = surrogateNamedPhrase(original, 'achievement', new Keyed(`a${i}`), 0, never, 0);
    assert.match(out, /^was awarded (?:a|an|the|first) .*\b(?:medal|prize|place|trophy|award|title)\b/, out);
    assert.ok((await standInLabels(sentence, original, out)).includes('ACHIEVEMENT'), out);
  }
});
