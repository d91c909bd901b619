/**
 * Development aid for optimisation work: writes every recognizer's raw
 * candidates on a corpus, one JSON line per (recognizer, document), so that a
 * faster version of a recognizer can be checked to give identical output.
 * Usage: node --import tsx scripts/snapshot-candidates.ts OUT.jsonl [gold.jsonl] [--only name1,name2]
 * Compare two snapshots with: diff <(grep '"r":"place"' a.jsonl) <(grep '"r":"place"' b.jsonl)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DetectionContext } from '../src/detect/context.js';
import { builtInRecognizers } from '../src/detect/registry.js';
import { syntheticCorpus } from '../bench/corpus.js';

const args = process.argv.slice(2);
const out = args[0];
if (!out) throw new Error('usage: snapshot-candidates.ts OUT.jsonl [gold.jsonl] [--only a,b]');
const gold = args[1] && !args[1].startsWith('--') ? args[1] : '../shared/benchmark/dev.jsonl';
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : undefined;
const texts = [
  ...readFileSync(gold, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { text: string }).text),
  ...syntheticCorpus(300 * 1024),
];
const recognizers = builtInRecognizers({ profile: 'balanced' }).filter((r) => !only || only.has(r.name));
const lines: string[] = [];
texts.forEach((text, doc) => {
  const ctx = new DetectionContext(text);
  for (const r of recognizers) {
    const found = r.detect(ctx);
    if (found instanceof Promise) continue;
    const sorted = [...found].sort((a, b) => a.start - b.start || a.end - b.end || a.label.localeCompare(b.label));
    lines.push(JSON.stringify({ r: r.name, doc, c: sorted.map((c) => [c.start, c.end, c.label, Math.round(c.score * 1000) / 1000]) }));
  }
});
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} lines written to ${out}`);
