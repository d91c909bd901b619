/**
 * The statistical tagger ALONE, scored by the evaluation harness (src/eval) on a
 * gold file: what it would find without the rules. Development aid.
 * Usage: node --import tsx scripts/eval-tagger.ts [gold.jsonl]
 */
import { evaluate } from '../src/eval/evaluate.js';
import { formatTable } from '../src/eval/format-table.js';
import { loadGold } from '../src/eval/loaders/index.js';
import type { Predictions } from '../src/eval/types.js';
import { dataPath } from '../src/lexicons/data-files.js';
import { tagLexicons } from '../src/learn/lexicons.js';
import { SequenceTagger } from '../src/learn/tagger.js';

const corpus = loadGold(process.argv[2] ?? '../shared/benchmark/dev.jsonl');
const tagger = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons());
const t0 = performance.now();
const predictions: Predictions = new Map(corpus.documents.map((d) => [d.id, tagger.candidates(d.text)]));
const seconds = (performance.now() - t0) / 1000;
console.log(formatTable(evaluate(corpus, predictions, { errorLimit: 0 }), 'label', 'tagger alone'));
const kb = corpus.documents.reduce((n, d) => n + d.text.length, 0) / 1024;
console.log(`tagging speed: ${(kb / seconds).toFixed(0)} KB/s`);
