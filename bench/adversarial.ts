/**
 * Adversarial benchmark: ms per KB on 10 KB, 100 KB and 1 MB pathological
 * inputs, for the whole engine and for each recognizer on its own, so a
 * recognizer whose cost grows faster than the input (a super-linear regex) stands out.
 * Usage: node --import tsx bench/adversarial.ts [--max-kb 1024] [--only NAME]
 */
import { DetectionContext } from '../src/detect/context.js';
import { builtInRecognizers } from '../src/detect/registry.js';
import { Pipeline } from '../src/pipeline.js';
import { seeded } from './corpus.js';

const args = process.argv.slice(2);
const maxKb = args.includes('--max-kb') ? Number(args[args.indexOf('--max-kb') + 1]) : 1024;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const SIZES_KB = [10, 100, 1024].filter((s) => s <= maxKb);
/**
 * Flagged when ms/KB at the largest size exceeds this factor of the smallest
 * ms/KB seen (the minimum, because the first, small run carries warm-up costs).
 * A quadratic recognizer grows about 10x per step.
 */
const GROWTH_LIMIT = 3;

const r = seeded(11);
const WORDS = ['Alder', 'Brook', 'Cedar', 'Dune', 'Ember', 'Fjord', 'Grove', 'Harbor', 'Isle', 'Juniper'];
const repeatTo = (unit: () => string, size: number) => {
  const parts: string[] = [];
  let n = 0;
  while (n < size) {
    const u = unit();
    parts.push(u);
    n += u.length;
  }
  return parts.join('').slice(0, size);
};
const INPUTS: Record<string, (size: number) => string> = {
  digits: (size) => '4'.repeat(size),
  'digit groups': (size) => repeatTo(() => `${Math.floor(r() * 1000)} `, size),
  dots: (size) => '.'.repeat(size),
  'at signs': (size) => '@'.repeat(size),
  'a@a.': (size) => repeatTo(() => 'a@a.', size),
  dashes: (size) => '-'.repeat(size),
  'digit-dash': (size) => repeatTo(() => '1-', size),
  spaces: (size) => ' '.repeat(size),
  'capitalised words': (size) => repeatTo(() => `${WORDS[Math.floor(r() * WORDS.length)]} `, size),
  // Lines that never end: any per-match search for the line start or end must be bounded.
  'title runs, one line': (size) => repeatTo(() => 'Senior Nurse — ', size),
  'closings, one line': (size) => repeatTo(() => 'Best,   Anna   ', size),
  mixed: (size) => repeatTo(() => ['12', '.', '@', '-', ' ', 'Mr', 'Smith', '+1', '(', ')', '/', '#', 'St', ','][Math.floor(r() * 14)], size),
};

const pipeline = new Pipeline({ profile: 'balanced' });
await pipeline.detect('warm-up: Jane Doe, jane@example.com, 555-0100, 12 Main Street.');
const recognizers = builtInRecognizers({ profile: 'balanced' }).filter((rec) => !only || rec.name.includes(only));

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

const flagged: string[] = [];
for (const [name, make] of Object.entries(INPUTS)) {
  console.log(`\n## ${name}`);
  const rows = new Map<string, number[]>();
  for (const kb of SIZES_KB) {
    const text = make(kb * 1024);
    const row = (label: string, ms: number) => (rows.get(label) ?? rows.set(label, []).get(label)!).push(ms / kb);
    const t0 = performance.now();
    await pipeline.detect(text);
    row('(whole engine)', performance.now() - t0);
    row('(normalise)', time(() => new DetectionContext(text).normalized));
    for (const rec of recognizers) {
      const ctx = new DetectionContext(text);
      void ctx.normalized; // shared by recognizers in the engine; timed separately above
      const t = performance.now();
      await rec.detect(ctx);
      row(rec.name, performance.now() - t);
    }
  }
  console.log(`${'recognizer'.padEnd(32)} ${SIZES_KB.map((s) => `${s} KB`.padStart(10)).join(' ')}   (ms per KB)`);
  for (const [label, perKb] of rows) {
    const growth = perKb[perKb.length - 1] / Math.max(Math.min(...perKb), 0.002);
    const suspicious = perKb.length > 1 && growth > GROWTH_LIMIT && perKb[perKb.length - 1] > 0.05;
    if (suspicious) flagged.push(`${label} on ${name}`);
    console.log(`${label.padEnd(32)} ${perKb.map((v) => v.toFixed(3).padStart(10)).join(' ')}${suspicious ? '   <-- grows with input size' : ''}`);
  }
}
console.log(flagged.length ? `\nSuper-linear suspects: ${flagged.join('; ')}` : '\nNo recognizer grows faster than linear.');
