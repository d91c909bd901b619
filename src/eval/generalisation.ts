import { basename } from 'node:path';
import { LABELS, LEVELS, type Label } from '../taxonomy.js';
import { evaluate, type EvalResult } from './evaluate.js';
import { loadGold } from './loaders/index.js';
import { runEngine } from './run-engine.js';
import type { PipelineOptions } from '../pipeline.js';
import type { GoldCorpus, Predictions } from './types.js';

/**
 * The generalisation report: the engine on the development corpus beside
 * external corpora nobody on the project wrote, so that the gap between them
 * shows. Miss rates are label-blind: a gold token is found when any span
 * covers it. The false-positive rate counts only spans of the labels the
 * corpus annotates (a corpus that never marks CONTACT says nothing about
 * CONTACT spans found in it), read from the labels present in its gold spans;
 * ORGANIZATION stands for EMPLOYMENT_EDUCATION where the corpus has none.
 */
export interface CorpusFigures {
  name: string;
  documents: number;
  annotated: Label[];
  /** Every predicted span counts: label-blind miss rates. */
  result: EvalResult;
  /** Predicted spans of annotated labels only: the false-positive rate. */
  restricted: EvalResult;
}

function annotatedLabels(corpus: GoldCorpus): Label[] {
  const seen = new Set<Label>();
  for (const d of corpus.documents) for (const s of d.spans) if (s.label) seen.add(s.label);
  return LABELS.filter((l) => seen.has(l));
}

/** Keeps predicted spans of annotated labels only (label-blind scoring then ignores the label itself). */
function restrict(predictions: Predictions, annotated: readonly Label[]): Predictions {
  const keep = new Set<Label>(annotated);
  if (keep.has('ORGANIZATION') && !keep.has('EMPLOYMENT_EDUCATION')) keep.add('EMPLOYMENT_EDUCATION');
  const out: Predictions = new Map();
  for (const [id, spans] of predictions) out.set(id, spans.filter((s) => s.label !== null && keep.has(s.label)));
  return out;
}

export async function measureCorpus(path: string, options: PipelineOptions): Promise<CorpusFigures> {
  const corpus = loadGold(path);
  const annotated = annotatedLabels(corpus);
  const predictions = await runEngine(corpus, options);
  return {
    name: basename(path),
    documents: corpus.documents.length,
    annotated,
    result: evaluate(corpus, predictions),
    restricted: evaluate(corpus, restrict(predictions, annotated)),
  };
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

/** Plain-text tables: one column per corpus. */
export function formatGeneralisation(figures: readonly CorpusFigures[]): string {
  const width = Math.max(10, ...figures.map((f) => f.name.replace(/\.jsonl$/, '').length + 2));
  const head = (title: string) => title.padEnd(24) + figures.map((f) => f.name.replace(/\.jsonl$/, '').padStart(width)).join('');
  const lines: string[] = [];
  lines.push('GENERALISATION (token level, label-blind misses; FPR from spans of the labels each corpus annotates)');
  lines.push(head('missed (FNR)'));
  for (const level of LEVELS) {
    lines.push(`${level}`.padEnd(24) + figures.map((f) => {
      const s = f.result.token.labelBlind.levels[level];
      return (s.support ? pct(s.fnr.value) : '—').padStart(width);
    }).join(''));
  }
  lines.push('non-PII flagged (FPR)'.padEnd(24) + figures.map((f) => pct(f.restricted.token.labelBlind.overall.fpr.value).padStart(width)).join(''));
  lines.push('documents'.padEnd(24) + figures.map((f) => String(f.documents).padStart(width)).join(''));
  lines.push('');
  lines.push(head('missed by category'));
  for (const label of LABELS) {
    const cells = figures.map((f) => {
      const s = f.result.token.labelBlind.categories[label as keyof typeof f.result.token.labelBlind.categories];
      return (s && s.support ? `${pct(s.fnr.value)} /${s.support}` : '—').padStart(width);
    });
    if (cells.every((c) => c.trim() === '—')) continue;
    lines.push(label.padEnd(24) + cells.join(''));
  }
  return lines.join('\n');
}
