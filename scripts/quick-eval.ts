/**
 * Development aid on top of the evaluation harness (src/eval): the per-label
 * table of `splice eval`, plus, with --errors LABEL, every miss and false
 * positive of one label shown in context (the HTML report shows only the worst).
 * Usage: node --import tsx scripts/quick-eval.ts [gold.jsonl] [--profile P] [--errors LABEL]
 * The output quotes the corpus: it is for the developer's eyes only.
 */
import { evaluate } from '../src/eval/evaluate.js';
import { formatTable } from '../src/eval/format-table.js';
import { loadGold } from '../src/eval/loaders/index.js';
import { runEngine } from '../src/eval/run-engine.js';
import type { Profile } from '../src/types.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const values = new Set([option('--profile'), option('--errors')]);
const goldPath = args.find((a) => !a.startsWith('--') && !values.has(a)) ?? '../shared/benchmark/dev.jsonl';
const errorsFor = option('--errors');

const corpus = loadGold(goldPath);
const predictions = await runEngine(corpus, { profile: (option('--profile') ?? 'balanced') as Profile });
const result = evaluate(corpus, predictions, { errorLimit: errorsFor ? Number.MAX_SAFE_INTEGER : 0 });
console.log(formatTable(result, 'label', 'quick-eval'));

if (errorsFor) {
  const texts = new Map(corpus.documents.map((d) => [d.id, d.text]));
  const show = (e: { docId: string; start: number; end: number }) => {
    const text = texts.get(e.docId) ?? '';
    return `${text.slice(Math.max(0, e.start - 40), e.start)}⟦${text.slice(e.start, e.end)}⟧${text.slice(e.end, e.end + 30)}`.replace(/\n/g, ' ');
  };
  const misses = result.errors.misses.filter((e) => e.label === errorsFor);
  const spurious = result.errors.falsePositives.filter((e) => e.label === errorsFor);
  console.log(`\n--- missed ${errorsFor} (${misses.length}) ---\n${misses.map(show).join('\n')}`);
  console.log(`\n--- spurious ${errorsFor} (${spurious.length}) ---\n${spurious.map(show).join('\n')}`);
}
