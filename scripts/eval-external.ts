/**
 * npm run eval:external [-- --profile P] [CORPUS.jsonl ...]
 *
 * Prints the generalisation report: the development corpus beside every
 * external corpus (default: ../shared/benchmark/dev.jsonl and
 * ../shared/corpora/*.jsonl except training splits, when those folders exist
 * beside the repository; otherwise give the corpus files as arguments).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatGeneralisation, measureCorpus } from '../src/eval/generalisation.js';
import { isProfile } from '../src/profiles/index.js';

const args = process.argv.slice(2);
let profile = 'balanced';
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--profile') profile = args[++i];
  else files.push(args[i]);
}
if (!isProfile(profile)) {
  console.error(`unknown profile "${profile}"`);
  process.exit(3);
}
if (files.length === 0) {
  if (existsSync('../shared/benchmark/dev.jsonl')) files.push('../shared/benchmark/dev.jsonl');
  if (existsSync('../shared/corpora')) {
    for (const f of readdirSync('../shared/corpora').sort()) if (f.endsWith('.jsonl') && !f.includes('train')) files.push(join('../shared/corpora', f));
  }
}
if (files.length === 0) {
  console.error('no corpus found: give corpus files (benchmark JSON Lines) as arguments');
  process.exit(3);
}
const figures = [];
for (const f of files) figures.push(await measureCorpus(f, { profile }));
console.log(`profile ${profile}`);
console.log(formatGeneralisation(figures));
