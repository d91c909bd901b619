/**
 * Date scanner benchmark: the DATE recognizer's linear scanner on the invented
 * synthetic corpus, and on adversarial runs of near-dates (its time per KB must
 * stay flat as the input grows).
 * Usage: node --import tsx bench/dates.ts [--mb 2]
 */
import { scanDates } from '../src/detect/recognizers/dates/scanner.js';
import { syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const megabytes = args.includes('--mb') ? Number(args[args.indexOf('--mb') + 1]) : 2;

function time(label: string, docs: readonly string[], bareYears: boolean): void {
  const kb = docs.reduce((sum, d) => sum + d.length, 0) / 1024;
  scanDates(docs[0], { bareYears });
  const t0 = performance.now();
  let found = 0;
  for (const d of docs) found += scanDates(d, { bareYears }).length;
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(36)} ${kb.toFixed(0).padStart(6)} KB  ${ms.toFixed(1).padStart(8)} ms  ${(ms / kb).toFixed(4)} ms/KB  ${found} dates`);
}

const corpus = syntheticCorpus(megabytes * 1024 * 1024);
time('synthetic corpus', corpus, false);
time('synthetic corpus, bare years (court)', corpus, true);
for (const size of [100_000, 1_000_000]) {
  const unit = 'On 12 March 2019 at 10.30 a.m. 1234 may 12/33/14 1998-2002 Monday, 3 ';
  time(`near-dates, ${size / 1000} k characters`, [unit.repeat(Math.ceil(size / unit.length))], true);
  time(`digits and separators, ${size / 1000} k`, ['12-'.repeat(Math.ceil(size / 3))], true);
}
