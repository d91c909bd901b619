/**
 * Re-identification benchmark (README, "Re-identification attacks"): a synthetic
 * population, the attack, and the full comparison of masking methods, with the
 * CPU and wall-clock time of each stage and peak memory.
 * Usage: node --import tsx bench/reid.ts [--people 10000] [--documents 1000] [--seed 7] [--no-ner] [--dense]
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pipeline } from '../src/pipeline.js';
import { buildReIdentifiers, evaluateReid, formatReidTable } from '../src/reid/ensemble.js';
import { formatExperimentTable, idfShareAtRate, runExperiment } from '../src/reid/experiment.js';
import { randomProjectionModel } from '../src/reid/onnx-bag.js';
import { synthesise } from '../src/reid/synth.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const people = arg('--people', 10_000);
const documents = arg('--documents', 1000);
const seed = arg('--seed', 7);

let peakRss = process.memoryUsage().rss;
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50).unref();

async function stage<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const out = await run();
  const used = process.cpuUsage(cpu);
  console.log(`${name}: ${((used.user + used.system) / 1e6).toFixed(1)} s CPU, ${((performance.now() - wall) / 1000).toFixed(1)} s wall`);
  return out;
}

const pop = await stage(`synth ${people} profiles, ${documents} documents`, () => synthesise({ people, documents, seed }));
let dense: { model: string } | undefined;
if (args.includes('--dense')) {
  const model = join(mkdtempSync(join(tmpdir(), 'splice-reid-bench-')), 'random-projection.onnx');
  writeFileSync(model, randomProjectionModel(4096, 256, seed));
  dense = { model };
}
const members = await stage('build the re-identifiers', () => buildReIdentifiers(pop.profiles, { dense }));
const evaluation = await stage('attack the documents as given', () => evaluateReid(members, pop.profiles, pop.documents, [1, 10]));
console.log(formatReidTable(evaluation));
const pipeline = new Pipeline({});
const detect = args.includes('--no-ner') ? undefined : async (text: string, id: string) => (await pipeline.detect(text, id)).spans;
const result = await stage('compare every masking method', () => runExperiment(members, pop.profiles, pop.documents, { ks: [1, 10], kanonKs: [1, 10], detect }));
console.log(formatExperimentTable(result));
const share = idfShareAtRate(result, 0.01);
console.log(`IDF share of words masked for a rate under 1%: ${share === undefined ? 'never' : `${(share * 100).toFixed(1)}%`}`);
console.log(`peak resident memory: ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);
