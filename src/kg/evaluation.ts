import { readFileSync } from 'node:fs';
import { evaluate, type RecallScores } from '../eval/evaluate.js';
import { spliceJsonlLoader } from '../eval/loaders/splice-jsonl.js';
import type { Scores } from '../eval/metrics.js';
import type { GoldCorpus, IdentifierType, PredictedSpan, Predictions } from '../eval/types.js';

/**
 * The seed paper's evaluation, beside Splice's rule-based detector on the
 * same documents: entity-level precision, recall and F1, label-blind (a mask
 * either covers a gold mention or not), with exact match (same start and
 * end) and partial match (any overlap); and recall of the gold mentions
 * marked DIRECT and QUASI identifiers (TAB's identifier_type). The scoring
 * is Splice's evaluation harness (src/eval); this module only loads the
 * identifier types and lays the systems side by side.
 */
export interface SystemUnderTest {
  name: string;
  predict(text: string): Promise<PredictedSpan[]> | PredictedSpan[];
}

export interface SystemScores {
  system: string;
  exact: Scores;
  partial: Scores;
  direct: RecallScores | null;
  quasi: RecallScores | null;
  seconds: number;
}

const TYPES: ReadonlySet<string> = new Set<IdentifierType>(['DIRECT', 'QUASI', 'NO_MASK']);

/** A benchmark-format JSONL gold file whose spans may carry "identifier_type" (DIRECT, QUASI, NO_MASK). */
export function loadGoldWithIdentifierTypes(path: string): GoldCorpus {
  const content = readFileSync(path, 'utf8');
  const corpus = spliceJsonlLoader.load(content, {});
  let d = 0;
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    const raw = JSON.parse(line) as { spans?: Array<{ identifier_type?: unknown }> };
    const doc = corpus.documents[d++];
    (raw.spans ?? []).forEach((s, i) => {
      if (typeof s?.identifier_type === 'string' && TYPES.has(s.identifier_type) && doc.spans[i]) doc.spans[i].identifierType = s.identifier_type as IdentifierType;
    });
  }
  return corpus;
}

export async function compareSystems(corpus: GoldCorpus, systems: readonly SystemUnderTest[]): Promise<SystemScores[]> {
  const out: SystemScores[] = [];
  for (const system of systems) {
    const t0 = performance.now();
    const predictions: Predictions = new Map();
    for (const doc of corpus.documents) predictions.set(doc.id, await system.predict(doc.text));
    const seconds = (performance.now() - t0) / 1000;
    const r = evaluate(corpus, predictions, { errorLimit: 0 });
    out.push({
      system: system.name,
      exact: r.entity.exact.labelBlind.overall,
      partial: r.entity.partial.labelBlind.overall,
      direct: r.identifierTypes?.DIRECT.entity ?? null,
      quasi: r.identifierTypes?.QUASI.entity ?? null,
      seconds,
    });
  }
  return out;
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '–' : (v * 100).toFixed(1));

/** A terminal table, one row per system. */
export function formatComparison(results: readonly SystemScores[], corpus: GoldCorpus): string {
  const spans = corpus.documents.reduce((n, d) => n + d.spans.length, 0);
  const header = ['system', 'exact P', 'exact R', 'exact F1', 'partial P', 'partial R', 'partial F1', 'DIRECT R', 'QUASI R', 'seconds'];
  const rows = results.map((r) => [
    r.system,
    pct(r.exact.ppv.value), pct(r.exact.sensitivity.value), pct(r.exact.f1.value),
    pct(r.partial.ppv.value), pct(r.partial.sensitivity.value), pct(r.partial.f1.value),
    pct(r.direct?.sensitivity.value), pct(r.quasi?.sensitivity.value), r.seconds.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    `${corpus.documents.length} documents, ${spans} gold mentions; entity level, label-blind, in % (R of DIRECT / QUASI: partial match)`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ].join('\n');
}
