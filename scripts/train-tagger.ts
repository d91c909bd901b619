/**
 * Trains the statistical tagger deterministically on synthetic documents and
 * writes data/model/tagger.json.gz. Usage:
 *   node --import tsx scripts/train-tagger.ts [--docs 4000] [--epochs 6] [--seed 20261122]
 * Never trains on the dev corpus: the documents come from src/learn/synthetic.ts.
 */
import { mkdirSync } from 'node:fs';
import { dataPath } from '../src/lexicons/data-files.js';
import { tagLexicons } from '../src/learn/lexicons.js';
import { SyntheticCorpus } from '../src/learn/synthetic.js';
import { SequenceTagger } from '../src/learn/tagger.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const docsCount = arg('docs', 4000);
const epochs = arg('epochs', 6);
const seed = arg('seed', 20261122);

const t0 = Date.now();
const docs = [...new SyntheticCorpus(seed).documents(docsCount)];
const lexicons = tagLexicons();
const t1 = Date.now();
const { model } = SequenceTagger.train(docs, lexicons, epochs, seed);
const t2 = Date.now();
mkdirSync(dataPath('model'), { recursive: true });
const path = dataPath('model/tagger.json.gz');
const bytes = SequenceTagger.save(model, path);
console.log(`synthetic documents: ${docs.length} (${docs.reduce((n, d) => n + d.text.length, 0)} characters), generated in ${t1 - t0} ms`);
console.log(`training: ${epochs} epochs in ${((t2 - t1) / 1000).toFixed(1)} s; features kept: ${Object.keys(model.weights).length}`);
console.log(`model: ${path} (${(bytes / 1024).toFixed(0)} KiB gzipped)`);
