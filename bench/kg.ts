/**
 * Knowledge-graph k-anonymity (src/kg) on a synthetic population: index and
 * automaton build times, matching speed, and for several k, arities and
 * choices the share of graph terms and mentions masked and the time taken.
 * Usage: node --import tsx bench/kg.ts [--people 3000] [--documents 1500] [--seed 1]
 */
import { Gazetteer } from '../src/kg/gazetteer.js';
import { graphFromProfiles } from '../src/kg/graph.js';
import { InvertedIndex } from '../src/kg/inverted-index.js';
import { KgMasker } from '../src/kg/masker.js';
import { synthesise } from '../src/kg/synth.js';
import type { MaskChoice } from '../src/kg/terms-to-mask.js';
import type { MatchMode } from '../src/kg/gazetteer.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const people = arg('people', 3000);
const documents = arg('documents', 1500);
const seed = arg('seed', 1);

const { profiles, documents: docs } = synthesise({ people, documents, seed, phrasings: 'train' });
let t = performance.now();
const index = InvertedIndex.build(graphFromProfiles(profiles));
const indexMs = performance.now() - t;
t = performance.now();
const gazetteer = new Gazetteer(index.keys);
const automatonMs = performance.now() - t;
const kb = docs.reduce((n, d) => n + d.text.length, 0) / 1024;
t = performance.now();
let mentions = 0;
for (const d of docs) mentions += gazetteer.find(d.text).length;
const matchMs = performance.now() - t;
console.log(`graph: ${people} individuals, ${index.size} terms, ${index.pairs} postings; index ${(indexMs / 1000).toFixed(2)} s, automaton ${(automatonMs / 1000).toFixed(2)} s`);
console.log(`matching: ${docs.length} documents, ${kb.toFixed(0)} KB, ${mentions} mentions in ${matchMs.toFixed(0)} ms (${(kb / (matchMs / 1000)).toFixed(0)} KB/s)`);
console.log('matches  k   arity  choice  terms masked  mentions masked  combinations/doc  ms/doc');
for (const matches of ['all', 'longest'] as MatchMode[])
for (const k of [2, 5, 10]) {
  for (const maxArity of [2, 3]) {
    for (const choice of ['greedy', 'random'] as MaskChoice[]) {
      const masker = new KgMasker(index, gazetteer, { k, maxArity, choice, seed: 7, matches });
      let terms = 0;
      let masked = 0;
      let ment = 0;
      let maskedMentions = 0;
      let combinations = 0;
      const t0 = performance.now();
      docs.forEach((d, i) => {
        const r = masker.mask(d, i);
        terms += r.terms;
        masked += r.maskedTerms;
        ment += r.mentions;
        maskedMentions += r.maskedMentions;
        combinations += r.combinations;
      });
      const ms = (performance.now() - t0) / docs.length;
      const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;
      console.log(`${matches.padEnd(8)} ${String(k).padEnd(3)} ${String(maxArity).padEnd(6)} ${choice.padEnd(7)} ${pct(masked, terms).padStart(12)}  ${pct(maskedMentions, ment).padStart(15)}  ${(combinations / docs.length).toFixed(0).padStart(16)}  ${ms.toFixed(2).padStart(6)}`);
    }
  }
}
