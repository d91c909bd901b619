/**
 * Accuracy of the per-element `identifying` verdict on an evaluation set of
 * invented sentences, each naming one element with its true population from
 * public figures (default: test/assess/fixtures/verdicts.jsonl). The true
 * verdict is population < pool size (10,000).
 *
 * Usage: node --import tsx scripts/assess-verdict-accuracy.ts [set.jsonl] [--errors]
 *
 * Two measures:
 *  - labelled: the element as a hand-placed span with its label (the assess stage alone);
 *  - engine: `splice detect` as a user runs it (detect + assess), reading the
 *    `identifying` field of the detected span that covers the element (an element no
 *    span covers counts as wrong).
 */
import { readFileSync } from 'node:fs';
import { assessDocument, DEFAULT_POOL_SIZE } from '../src/assess/index.js';
import { significanceOf, type Label } from '../src/taxonomy.js';
import type { Span } from '../src/types.js';

interface Item {
  id: string;
  text: string;
  element: string;
  label: Label;
  population: number;
  source: string;
}

const args = process.argv.slice(2);
const showErrors = args.includes('--errors');
const path = args.find((a) => !a.startsWith('--')) ?? 'test/assess/fixtures/verdicts.jsonl';
const items: Item[] = readFileSync(path, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Item);

// The engine is loaded on its own so that the labelled measure still runs while a detector is being edited.
let pipeline: { detect(text: string): Promise<{ spans: Span[] }> } | undefined;
try {
  const { Pipeline } = await import('../src/pipeline.js');
  pipeline = new Pipeline({ profile: 'balanced' });
} catch (err) {
  console.error(`engine not loaded (${(err as Error).message.split('\n')[0]}): labelled measure only`);
}
let labelledRight = 0;
let engineRight = 0;
let covered = 0;
const byGroup = new Map<string, { n: number; labelled: number; engine: number }>();
const errors: string[] = [];
const fmt = (n: number | undefined) => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));

for (const item of items) {
  const start = item.text.indexOf(item.element);
  if (start < 0) throw new Error(`${item.id}: element not in text`);
  const end = start + item.element.length;
  const truth = item.population < DEFAULT_POOL_SIZE;
  const span: Span = { start, end, label: item.label, text: item.element, score: 1, source: 'fixture', significance: significanceOf(item.label) };
  const labelled = assessDocument(item.text, [span]).spans[0];
  let detected: Span[] = [];
  if (pipeline) {
    try {
      detected = (await pipeline.detect(item.text)).spans;
    } catch (err) {
      console.error(`engine failed (${(err as Error).message.split('\n')[0]}): labelled measure only from here on`);
      pipeline = undefined;
    }
  }
  let best: Span | undefined;
  let bestOverlap = 0;
  for (const s of detected) {
    const overlap = Math.min(s.end, end) - Math.max(s.start, start);
    if (overlap > bestOverlap) {
      best = s;
      bestOverlap = overlap;
    }
  }
  if (best) covered++;
  const okLabelled = labelled.identifying === truth;
  const okEngine = best !== undefined && best.identifying === truth;
  if (okLabelled) labelledRight++;
  if (okEngine) engineRight++;
  const group = item.id.replace(/-\d+$/, '');
  const g = byGroup.get(group) ?? { n: 0, labelled: 0, engine: 0 };
  g.n++;
  if (okLabelled) g.labelled++;
  if (okEngine) g.engine++;
  byGroup.set(group, g);
  if (!okLabelled || !okEngine) {
    errors.push(
      `${item.id} truth ${truth ? 'identifying' : 'not'} (${fmt(item.population)}) | labelled ${okLabelled ? 'ok' : 'WRONG'} ${fmt(labelled.population)}: ${labelled.basis}` +
        ` | engine ${okEngine ? 'ok' : 'WRONG'} ${best ? `${best.label} "${best.text}" ${fmt(best.population)}: ${best.basis}` : 'no span'}`,
    );
  }
}

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;
console.log(`${items.length} elements (${path}), pool ${DEFAULT_POOL_SIZE.toLocaleString('en-US')}`);
console.log(`labelled spans (assess alone): ${labelledRight}/${items.length} right (${pct(labelledRight, items.length)})`);
console.log(`engine (detect + assess): ${engineRight}/${items.length} right (${pct(engineRight, items.length)}); ${covered} elements covered by a span`);
for (const [group, g] of byGroup) console.log(`  ${group.padEnd(6)} ${String(g.n).padStart(3)}  labelled ${pct(g.labelled, g.n).padStart(6)}  engine ${pct(g.engine, g.n).padStart(6)}`);
if (showErrors) for (const e of errors) console.log(e);
