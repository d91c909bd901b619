/**
 * How much --policy identifying keeps in clear on a gold corpus (default: the dev set).
 * Usage: node --import tsx scripts/measure-identifying-policy.ts [gold.jsonl] [--pool-size N]
 *
 * Two measures, token-level (same tokenisation as quick-eval):
 *  - gold spans: the assessment run on the gold spans themselves (independent of the detectors);
 *  - engine: the whole pipeline (detect + assess); shares are of the gold tokens the engine redacts
 *    under --policy all, so detector misses do not count as "kept".
 * Prints shares only, never document text.
 */
import { readFileSync } from 'node:fs';
import { Pipeline } from '../src/pipeline.js';
import { assessDocument } from '../src/assess/index.js';
import { LABELS, significanceOf, type Label } from '../src/taxonomy.js';
import type { Span } from '../src/types.js';

const args = process.argv.slice(2);
const poolIdx = args.indexOf('--pool-size');
const poolSize = poolIdx >= 0 ? Number(args[poolIdx + 1]) : 10_000;
const goldPath = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--pool-size') ?? '../shared/benchmark/dev.jsonl';
const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
const pipeline = new Pipeline({ profile: 'balanced', poolSize, scope: 'identifying' });

type Tally = { tokens: number; kept: number };
const tally = () => ({ tokens: 0, kept: 0 });
const goldMode = new Map<Label, Tally>(LABELS.map((l) => [l, tally()]));
const engineMode = new Map<Label, Tally>(LABELS.map((l) => [l, tally()]));
let highGoldKept = 0;
let highEngineLeaked = 0;
let docs = 0;
let docsInCombination = 0;

for (const line of readFileSync(goldPath, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const doc = JSON.parse(line) as { text: string; spans: Array<{ start: number; end: number; label: Label }> };
  docs++;
  const goldSpans: Span[] = doc.spans.map((s) => ({ ...s, text: doc.text.slice(s.start, s.end), score: 1, source: 'gold', significance: significanceOf(s.label) }));
  const goldAssessed = assessDocument(doc.text, goldSpans, { poolSize });
  if (goldAssessed.identifyingInCombination) docsInCombination++;
  const predicted = (await pipeline.detect(doc.text)).spans;

  const goldKeptAt = new Uint8Array(doc.text.length);
  const goldLabelAt = new Array<Label | null>(doc.text.length).fill(null);
  for (const s of goldAssessed.spans) for (let i = s.start; i < s.end; i++) {
    goldLabelAt[i] = s.label;
    if (s.redact === false) goldKeptAt[i] = 1;
  }
  // 0: not redacted under 'all' (missed), 1: redacted under both, 2: redacted under 'all', kept under 'identifying'.
  const engineAt = new Uint8Array(doc.text.length);
  for (const s of predicted) for (let i = s.start; i < s.end; i++) engineAt[i] = s.redact === false ? 2 : 1;

  for (const m of doc.text.matchAll(TOKEN)) {
    const i = m.index!;
    const label = goldLabelAt[i];
    if (!label) continue;
    const high = significanceOf(label) === 'HIGH';
    const g = goldMode.get(label)!;
    g.tokens++;
    if (goldKeptAt[i]) {
      g.kept++;
      if (high) highGoldKept++;
    }
    if (engineAt[i]) {
      const e = engineMode.get(label)!;
      e.tokens++;
      if (engineAt[i] === 2) {
        e.kept++;
        if (high) highEngineLeaked++;
      }
    }
  }
}

function report(title: string, tallies: Map<Label, Tally>): void {
  console.log(`\n${title}`);
  console.log('label                  level    tokens   kept-in-clear');
  const byLevel = { HIGH: tally(), MEDIUM: tally(), LOW: tally() };
  for (const label of LABELS) {
    const t = tallies.get(label)!;
    const level = significanceOf(label);
    byLevel[level].tokens += t.tokens;
    byLevel[level].kept += t.kept;
    console.log(`${label.padEnd(22)} ${level.padEnd(7)} ${String(t.tokens).padStart(7)}   ${(t.kept / (t.tokens || 1)).toFixed(3)}`);
  }
  const ml = { tokens: byLevel.MEDIUM.tokens + byLevel.LOW.tokens, kept: byLevel.MEDIUM.kept + byLevel.LOW.kept };
  for (const [level, t] of Object.entries(byLevel)) console.log(`  ${level}: ${(t.kept / (t.tokens || 1)).toFixed(3)} of ${t.tokens} tokens kept`);
  console.log(`  MEDIUM+LOW: ${(ml.kept / (ml.tokens || 1)).toFixed(3)} of ${ml.tokens} tokens kept`);
}

console.log(`${docs} documents, pool size ${poolSize}; ${docsInCombination} identifying in combination (gold spans)`);
report('Assessment of the gold spans (--policy identifying)', goldMode);
report('Whole engine: of the gold tokens redacted under --policy all, share kept under --policy identifying', engineMode);
console.log(`\nHIGH gold tokens kept in clear: gold-span assessment ${highGoldKept}, engine ${highEngineLeaked}`);
