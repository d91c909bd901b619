import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Profile } from '../../src/reid/profiles.js';
import { SeededRandom } from '../../src/learn/random.js';
import { Gazetteer } from '../../src/kg/gazetteer.js';
import { graphFromProfiles } from '../../src/kg/graph.js';
import { InvertedIndex } from '../../src/kg/inverted-index.js';
import { KgMasker } from '../../src/kg/masker.js';
import { normalizeKey } from '../../src/kg/normalize.js';
import { KgVerifier } from '../../src/kg/verify.js';

// Small invented vocabularies: collisions between individuals are frequent on purpose.
const GIVEN = ['Ilse', 'Tomas', 'Rhea', 'Odo', 'Mira', 'Kasimir', 'Nell'];
const FAMILY = ['Brandvold', 'Castellano', 'Wirth', 'Okoro', 'Lindqvist'];
const CITIES = ['Graz', 'Tromsø', 'Ghent', 'Porto', 'Lyon', 'Kraków'];
const JOBS = ['luthier', 'glassblower', 'archivist', 'farrier', 'cartographer'];
const NATIONS = ['Austrian', 'Norwegian', 'Belgian', 'Portugal', 'French'];
const FILLER = ['The', 'meeting', 'was', 'long', 'and', 'then', 'everyone', 'left', 'early', 'on', 'a', 'rainy', 'day'];

function randomGraph(r: SeededRandom): Profile[] {
  const n = r.int(6, 40);
  return Array.from({ length: n }, (_, i) => {
    const attributes: Record<string, string[]> = {
      name: [`${r.pick(GIVEN)} ${r.pick(FAMILY)}`],
      occupation: [r.pick(JOBS)],
      residence: [r.pick(CITIES)],
      birth_date: [`${r.int(1960, 1966)}-0${r.int(1, 3)}-1${r.int(0, 2)}`],
    };
    if (r.next() < 0.6) attributes.nationality = [r.pick(NATIONS)];
    return { id: `q${i}`, attributes };
  });
}

function randomDocument(r: SeededRandom, profiles: Profile[]): { text: string; profile: string } {
  const subject = r.pick(profiles);
  const values = Object.values(subject.attributes).flat();
  const words: string[] = [];
  const count = r.int(2, 14);
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    if (roll < 0.45) words.push(r.pick(values));
    else if (roll < 0.55) words.push(r.pick(Object.values(r.pick(profiles).attributes).flat()));
    else if (roll < 0.62) words.push(r.pick(GIVEN));
    else if (roll < 0.66) words.push(String(r.int(1960, 1966)));
    else words.push(r.pick(FILLER));
  }
  return { text: words.join(r.next() < 0.2 ? ', ' : ' ') + '.', profile: subject.id };
}

for (const matches of ['all', 'longest'] as const) {
test(`property (${matches} mentions): in every masked document, every combination of unmasked graph terms up to the maximum arity matches none or at least k individuals`, () => {
  const r = new SeededRandom(13013);
  let documents = 0;
  let withMasks = 0;
  let withClearTerms = 0;
  let clearCombinations = 0;
  for (let trial = 0; trial < 60; trial++) {
    const profiles = randomGraph(r);
    const graph = graphFromProfiles(profiles);
    const index = InvertedIndex.build(graph);
    const gazetteer = new Gazetteer(index.keys);
    const verifier = new KgVerifier(graph);
    const k = r.int(2, 5);
    const maxArity = r.int(1, 3);
    const masker = new KgMasker(index, gazetteer, { k, maxArity, choice: r.next() < 0.5 ? 'greedy' : 'random', seed: r.int(0, 1000), matches });
    for (let d = 0; d < 10; d++) {
      const doc = { id: `t${trial}d${d}`, ...randomDocument(r, profiles) };
      const masked = masker.mask(doc, d);
      documents++;
      if (masked.spans.length) withMasks++;
      // 1. The masks are mentions of graph terms (or, nested ones merged, start and end at such mentions), in order and apart.
      const hits = gazetteer.find(doc.text, matches);
      let last = 0;
      for (const s of masked.spans) {
        assert.ok(s.start >= last && s.end > s.start);
        if (matches === 'longest') assert.notEqual(index.termOf(normalizeKey(doc.text.slice(s.start, s.end))), undefined);
        else assert.ok(hits.some((h) => h.start === s.start) && hits.some((h) => h.end === s.end));
        last = s.end;
      }
      // 2. Directly on the index: the terms left in clear, every combination up to maxArity.
      const overlapsMask = (o: { start: number; end: number }) => masked.spans.some((s) => s.start < o.end && o.start < s.end);
      const clear = [...new Set(gazetteer.find(doc.text, matches).filter((o) => !overlapsMask(o)).map((o) => o.term))];
      if (clear.length) withClearTerms++;
      const sets = clear.map((t) => new Set(index.postings(t)));
      const check = (combo: number[]) => {
        const n = [...sets[combo[0]]].filter((x) => combo.every((c) => sets[c].has(x))).length;
        assert.ok(n === 0 || n >= k, `${doc.id}: a combination of ${combo.length} terms left in clear matches ${n} < k = ${k}`);
        if (combo.length > 1) clearCombinations++;
      };
      const walk = (combo: number[], from: number) => {
        if (combo.length) check(combo);
        if (combo.length === maxArity) return;
        for (let i = from; i < clear.length; i++) walk([...combo, i], i + 1);
      };
      walk([], 0);
      // 3. Independently, on the masked text as released.
      const v = verifier.check(masked.masked, k, maxArity, undefined, matches);
      assert.equal(v.incomplete, false);
      assert.deepEqual(v.violations, [], `${doc.id}: the verifier finds violations`);
      assert.equal(v.terms, clear.length, `${doc.id}: the verifier sees the same terms in clear`);
    }
  }
  // The property must have been exercised, not passed vacuously.
  assert.ok(withMasks > documents / 3, `${withMasks} of ${documents} documents had masks`);
  assert.ok(withClearTerms > documents / 3, `${withClearTerms} of ${documents} documents kept terms in clear`);
  assert.ok(clearCombinations > 100, `${clearCombinations} combinations in clear were checked`);
});
}

test('the verifier does find the violations of an unmasked document', () => {
  const profiles: Profile[] = [
    { id: 'a', attributes: { name: ['Ilse Brandvold'], occupation: ['luthier'], residence: ['Graz'] } },
    { id: 'b', attributes: { name: ['Odo Wirth'], occupation: ['luthier'], residence: ['Porto'] } },
    { id: 'c', attributes: { name: ['Mira Okoro'], occupation: ['farrier'], residence: ['Graz'] } },
  ];
  const verifier = new KgVerifier(graphFromProfiles(profiles));
  const text = 'The luthier from Graz, Ilse Brandvold, repairs violins.';
  // Every hit, nested ones included: the given and family names alone are terms too.
  const all = verifier.check(text, 2, 1);
  assert.deepEqual(all.violations.map((v) => v.terms.join('+')).sort(), ['brandvold', 'ilse', 'ilse brandvold']);
  const r = verifier.check(text, 2, 2, undefined, 'longest');
  assert.deepEqual(r.violations.map((v) => [v.arity, v.individuals, v.terms.join('+')]), [
    [1, 1, 'ilse brandvold'],
    [2, 1, 'luthier+graz'],
    [2, 1, 'luthier+ilse brandvold'],
    [2, 1, 'graz+ilse brandvold'],
  ]);
});
