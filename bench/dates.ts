/**
 * Benchmark of the dates, legal and devices recognizers: the DATE scanner on the
 * invented synthetic corpus, and every one of them on adversarial inputs (runs
 * of near-dates, digit groups, cues without values) at two sizes: the time per
 * KB must stay flat as the input grows (linear time).
 * Usage: node --import tsx bench/dates.ts [--mb 2]
 */
import { scanDates } from '../src/detect/recognizers/dates/scanner.js';
import { DetectionContext } from '../src/detect/context.js';
import { legalRecognizers } from '../src/detect/recognizers/legal/index.js';
import { devicesRecognizers } from '../src/detect/recognizers/devices/index.js';
import { profileSettings } from '../src/profiles/index.js';
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

const recognizers = [...legalRecognizers({ profile: 'balanced', settings: profileSettings('court') }), ...devicesRecognizers({ profile: 'balanced' })];
const adversarial: Record<string, string> = {
  'digit groups': '123 ',
  'comma groups': '123,',
  'case cues': 'case no. ',
  'codes after cues': 'case A1-',
  'serial cues': 'serial 1-',
  'durations': 'five years and ',
  'number lists': 'no. 1/22 and ',
};
for (const [name, unit] of Object.entries(adversarial)) {
  const cells: string[] = [];
  for (const size of [50_000, 500_000]) {
    const ctx = new DetectionContext(unit.repeat(Math.ceil(size / unit.length)));
    const t0 = performance.now();
    for (const r of recognizers) r.detect(ctx);
    const ms = performance.now() - t0;
    cells.push(`${size / 1000} k: ${(ms / (size / 1024)).toFixed(4)} ms/KB`);
  }
  console.log(`legal + devices, ${name.padEnd(18)} ${cells.join('   ')}`);
}
