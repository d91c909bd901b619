/**
 * Quick token-level check used during development (the full harness is `splice eval`).
 * Usage: node --import tsx scripts/quick-eval.ts [gold.jsonl] [--labels A,B] [--errors LABEL]
 * Prints per-label recall (label-blind: was the token flagged at all?) and
 * precision of the engine's spans for each predicted label.
 */
import { readFileSync } from 'node:fs';
import { Analyzer } from '../src/detect/analyzer.js';
import { LABELS, type Label } from '../src/taxonomy.js';

const args = process.argv.slice(2);
const goldPath = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--errors' && args[args.indexOf(a) - 1] !== '--labels') ?? '../shared/benchmark/dev.jsonl';
const errorsFor = args.includes('--errors') ? args[args.indexOf('--errors') + 1] : undefined;
const analyzer = new Analyzer({ profile: 'balanced' });
const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

const stats = new Map<string, { goldTok: number; hitTok: number; predTok: number; predOk: number }>();
const get = (k: string) => stats.get(k) ?? (stats.set(k, { goldTok: 0, hitTok: 0, predTok: 0, predOk: 0 }), stats.get(k)!);
let negTok = 0;
let negFlagged = 0;
const misses: string[] = [];
const fps: string[] = [];
for (const line of readFileSync(goldPath, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const doc = JSON.parse(line) as { text: string; spans: Array<{ start: number; end: number; label: Label }> };
  const pred = analyzer.analyzeSync(doc.text);
  const goldAt = new Array<Label | null>(doc.text.length).fill(null);
  const predAt = new Array<Label | null>(doc.text.length).fill(null);
  for (const s of doc.spans) for (let i = s.start; i < s.end; i++) goldAt[i] = s.label;
  for (const s of pred) for (let i = s.start; i < s.end; i++) predAt[i] = s.label;
  for (const m of doc.text.matchAll(TOKEN)) {
    const i = m.index!;
    const g = goldAt[i];
    const p = predAt[i];
    if (g) {
      const st = get(g);
      st.goldTok++;
      if (p) st.hitTok++;
    } else {
      negTok++;
      if (p) negFlagged++;
    }
    if (p) {
      const st = get(p);
      st.predTok++;
      if (g) st.predOk++;
    }
  }
  if (errorsFor) {
    for (const s of doc.spans) if (s.label === errorsFor && !predAt.slice(s.start, s.end).some(Boolean)) misses.push(doc.text.slice(Math.max(0, s.start - 40), s.start) + '⟦' + doc.text.slice(s.start, s.end) + '⟧' + doc.text.slice(s.end, s.end + 30));
    for (const s of pred) if (s.label === errorsFor && !goldAt.slice(s.start, s.end).some(Boolean)) fps.push(doc.text.slice(Math.max(0, s.start - 40), s.start) + '⟦' + s.text + '⟧' + doc.text.slice(s.end, s.end + 30) + `  (${s.source})`);
  }
}
console.log('label                 gold-tok  recall  pred-tok  precision');
for (const label of LABELS) {
  const s = get(label);
  console.log(`${label.padEnd(22)}${String(s.goldTok).padStart(8)}  ${(s.hitTok / (s.goldTok || 1)).toFixed(3)}  ${String(s.predTok).padStart(8)}  ${(s.predOk / (s.predTok || 1)).toFixed(3)}`);
}
console.log(`non-PII tokens flagged (FPR): ${(negFlagged / (negTok || 1)).toFixed(4)} of ${negTok}`);
if (errorsFor) {
  console.log(`\n--- missed ${errorsFor} (${misses.length}) ---\n${misses.map((m) => m.replace(/\n/g, ' ')).join('\n')}`);
  console.log(`\n--- spurious ${errorsFor} (${fps.length}) ---\n${fps.map((m) => m.replace(/\n/g, ' ')).join('\n')}`);
}
