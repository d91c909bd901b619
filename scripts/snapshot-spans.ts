/**
 * Development aid for optimisation work: the whole pipeline's spans (detect → resolve → assess) on JSONL
 * corpora, one line per document, so that a faster build can be checked to give identical output.
 * Usage: node --import tsx scripts/snapshot-spans.ts OUT.jsonl corpus1.jsonl[,corpus2.jsonl…] [--profile P]
 * Compare two snapshots with `cmp a.jsonl b.jsonl` (then `diff` to see the documents that changed).
 * Writes offsets, labels, sources and verdicts only, never document text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Pipeline } from '../src/pipeline.js';
import type { Profile } from '../src/types.js';

const args = process.argv.slice(2);
const [out, list] = args;
if (!out || !list) throw new Error('usage: snapshot-spans.ts OUT.jsonl corpus1.jsonl[,corpus2.jsonl…] [--profile P]');
const profile = (args.includes('--profile') ? args[args.indexOf('--profile') + 1] : 'balanced') as Profile;
const pipeline = new Pipeline({ profile });
const lines: string[] = [];
for (const file of list.split(',')) {
  const docs = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  for (const [i, line] of docs.entries()) {
    const text = (JSON.parse(line) as { text: string }).text;
    const { spans } = await pipeline.detect(text);
    const rows = spans.map((s) => [s.start, s.end, s.label, s.source, Math.round(s.score * 1000) / 1000, s.identifying ?? null, s.identifyingInCombination ?? null, s.redact ?? null, s.redactReason ?? null, s.population ?? null]);
    lines.push(JSON.stringify({ file: file.split('/').pop(), doc: i, spans: rows }));
  }
}
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} documents written to ${out}`);
