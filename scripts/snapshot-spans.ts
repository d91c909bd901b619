/**
 * Development aid for optimisation work: the whole pipeline's spans (detect → resolve → assess) on JSONL
 * corpora, one line per document, so that a faster build can be checked to give identical output.
 * Usage: node --import tsx scripts/snapshot-spans.ts OUT.jsonl corpus1.jsonl[,corpus2.jsonl…] [--profile P] [--grouped]
 * --grouped runs the documents in groups (Pipeline.detectMany, as batch mode does): the snapshot must be the same.
 * Compare two snapshots with `cmp a.jsonl b.jsonl` (then `diff` to see the documents that changed).
 * Writes offsets, labels, sources and verdicts only, never document text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GROUP_DOCUMENTS } from '../src/cli/groups.js';
import { Pipeline } from '../src/pipeline.js';
import type { Profile, Span } from '../src/types.js';

const args = process.argv.slice(2);
const [out, list] = args;
if (!out || !list) throw new Error('usage: snapshot-spans.ts OUT.jsonl corpus1.jsonl[,corpus2.jsonl…] [--profile P]');
const profile = (args.includes('--profile') ? args[args.indexOf('--profile') + 1] : 'balanced') as Profile;
const grouped = args.includes('--grouped');
const pipeline = new Pipeline({ profile });
const lines: string[] = [];
for (const file of list.split(',')) {
  const docs = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const texts = docs.map((line) => (JSON.parse(line) as { text: string }).text);
  for (let g = 0; g < texts.length; g += grouped ? GROUP_DOCUMENTS : 1) {
    const results = grouped ? await pipeline.detectMany(texts.slice(g, g + GROUP_DOCUMENTS)) : [await pipeline.detect(texts[g])];
    for (const [k, { spans }] of results.entries()) lines.push(row(file, g + k, spans));
  }
}
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} documents written to ${out}`);

function row(file: string, i: number, spans: Span[]): string {
  const rows = spans.map((s) => [s.start, s.end, s.label, s.source, Math.round(s.score * 1000) / 1000, s.identifying ?? null, s.identifyingInCombination ?? null, s.redact ?? null, s.redactReason ?? null, s.population ?? null]);
  return JSON.stringify({ file: file.split('/').pop(), doc: i, spans: rows });
}
