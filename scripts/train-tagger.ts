/**
 * Trains the statistical tagger deterministically on synthetic documents and
 * writes data/model/tagger.json.gz. Usage:
 *   node --import tsx scripts/train-tagger.ts [--docs 4000] [--epochs 6] [--seed 20261122] [--out FILE]
 * With the defaults it reproduces the committed model byte for byte (no clock,
 * time zone or locale data is involved; see src/learn/training.ts).
 * Never trains on the dev corpus: the documents come from src/learn/synthetic.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { dataPath } from '../src/lexicons/data-files.js';
import { tagLexicons } from '../src/learn/lexicons.js';
import { SequenceTagger } from '../src/learn/tagger.js';
import { COMMITTED_TRAINING, trainOnSynthetic } from '../src/learn/training.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const settings = {
  docs: arg('docs', COMMITTED_TRAINING.docs),
  epochs: arg('epochs', COMMITTED_TRAINING.epochs),
  seed: arg('seed', COMMITTED_TRAINING.seed),
};
const outIndex = process.argv.indexOf('--out');
const path = outIndex >= 0 ? process.argv[outIndex + 1] : dataPath('model/tagger.json.gz');

const t0 = performance.now();
tagLexicons();
const { model, docs } = trainOnSynthetic(settings);
const t1 = performance.now();
mkdirSync(dirname(path), { recursive: true });
const bytes = SequenceTagger.save(model, path);
console.log(`synthetic documents: ${docs.length} (${docs.reduce((n, d) => n + d.text.length, 0)} characters), seed ${settings.seed}`);
console.log(`training: ${settings.epochs} epochs, ${((t1 - t0) / 1000).toFixed(1)} s with generation; features kept: ${Object.keys(model.weights).length}`);
console.log(`model: ${path} (${(bytes / 1024).toFixed(0)} KiB gzipped)`);
