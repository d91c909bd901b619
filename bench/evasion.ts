/**
 * Evasion report: runs the default (balanced) profile over the evasion corpus
 * (bench/evasion-cases.ts) and prints, per kind of evasion, how many cases
 * were fully redacted, partly redacted or missed. Prints no case text.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/evasion.js
 *   node --import tsx bench/evasion.ts [--list]   (--list: kind and index of each case not fully redacted)
 */
import { Analyzer } from '../src/detect/analyzer.js';
import { EVASION_CASES, outcomeOf, type EvasionKind, type Outcome } from './evasion-cases.js';

const analyzer = new Analyzer({ profile: 'balanced' });
const counts = new Map<EvasionKind, Record<Outcome, number>>();
const notFull: string[] = [];
EVASION_CASES.forEach((item, index) => {
  const outcome = outcomeOf(item, analyzer.analyzeSync(item.text));
  const row = counts.get(item.kind) ?? { full: 0, partial: 0, missed: 0 };
  row[outcome]++;
  counts.set(item.kind, row);
  if (outcome !== 'full') notFull.push(`${item.kind} #${index} ${outcome}`);
});

const total = { full: 0, partial: 0, missed: 0 };
console.log(`${'kind'.padEnd(22)} ${'cases'.padStart(5)} ${'fully'.padStart(6)} ${'partly'.padStart(6)} ${'missed'.padStart(6)}`);
for (const [kind, row] of counts) {
  const n = row.full + row.partial + row.missed;
  console.log(`${kind.padEnd(22)} ${String(n).padStart(5)} ${String(row.full).padStart(6)} ${String(row.partial).padStart(6)} ${String(row.missed).padStart(6)}`);
  total.full += row.full;
  total.partial += row.partial;
  total.missed += row.missed;
}
const n = total.full + total.partial + total.missed;
console.log(`${'ALL'.padEnd(22)} ${String(n).padStart(5)} ${String(total.full).padStart(6)} ${String(total.partial).padStart(6)} ${String(total.missed).padStart(6)}  (${((100 * total.full) / n).toFixed(1)}% fully redacted)`);
if (process.argv.includes('--list')) for (const line of notFull) console.log(line);
