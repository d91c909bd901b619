import { IdfTable, idfMask, idfThresholds, lexicalMask } from './baselines.js';
import { documentView, openAll, rateAt, type Rate } from './ensemble.js';
import { greedyMask } from './kanon.js';
import { maskSpans, maskingCost, summariseCost, tokensCovered, type MaskingCost, type MaskSpan } from './masking.js';
import { profileIndex, type Profile, type ReidDocument } from './profiles.js';
import { rankOf, type DocScorer, type ReIdentifier } from './scorer.js';
import type { TextView } from './text.js';

/**
 * The comparison behind the report: every masking method on the same
 * documents, attacked by the same ensemble. Methods: the documents as given,
 * lexical overlap, named-entity redaction (Splice), IDF at a range of
 * thresholds, greedy masking to K-anonymity for each K asked, and greedy
 * masking that starts from Splice's redaction. Each is scored by share of
 * words masked, information lost (compressed size) and re-identification rate
 * at each K, for the ensemble and for each member.
 */
export type Detect = (text: string, id: string) => Promise<readonly { start: number; end: number; label?: string }[]>;

export interface ExperimentOptions {
  /** K values at which rates are reported. */
  ks: readonly number[];
  /** K values for which greedy masking is run. */
  kanonKs: readonly number[];
  beam?: number;
  /** IDF thresholds (default: 16 even steps from the largest IDF to 0). */
  idfThresholds?: readonly number[];
  /** Number of even IDF steps when no thresholds are given (default 16). */
  idfSteps?: number;
  /** Splice's detector, for the named-entity baseline and greedy-from-redaction (both skipped without it). */
  detect?: Detect;
  onProgress?: (done: number, total: number) => void;
}

export interface MethodResult {
  /** 'original' | 'lexical' | 'ner' | 'idf' | 'kanon' | 'kanon+ner' */
  method: string;
  /** IDF threshold or K. */
  parameter?: number;
  label: string;
  words: number;
  maskedWords: number;
  maskedShare: number;
  informationLost: number;
  /** Ensemble rates at each K. */
  ensemble: Rate[];
  /** Per member, rates at each K. */
  members: { name: string; atK: Rate[] }[];
  /** Greedy only: documents whose true profile left the top K. */
  reached?: number;
}

export interface ExperimentResult {
  profiles: number;
  documents: number;
  members: string[];
  ks: number[];
  methods: MethodResult[];
}

class Accumulator {
  readonly ranks: number[][] = [];
  readonly costs: MaskingCost[] = [];
  reached = 0;
  constructor(
    readonly method: string,
    readonly label: string,
    readonly parameter?: number,
  ) {}
}

async function ranksAfter(scorers: readonly DocScorer[], tokens: readonly number[], target: number): Promise<number[]> {
  const out: number[] = [];
  for (const s of scorers) {
    const c = s.clone();
    c.mask(tokens);
    if (c.refresh) await c.refresh();
    out.push(rankOf(c.scores, target));
  }
  return out;
}

export async function runExperiment(members: readonly ReIdentifier[], profiles: readonly Profile[], documents: readonly ReidDocument[], options: ExperimentOptions): Promise<ExperimentResult> {
  const index = profileIndex(profiles);
  const views = documents.map((d) => documentView(d));
  const idf = new IdfTable(views);
  const thresholds = [...(options.idfThresholds ?? idfThresholds(idf, options.idfSteps ?? 16))].sort((a, b) => b - a);
  const acc = new Map<string, Accumulator>();
  const get = (method: string, label: string, parameter?: number) => {
    const key = `${method}:${parameter ?? ''}`;
    let a = acc.get(key);
    if (!a) {
      a = new Accumulator(method, label, parameter);
      acc.set(key, a);
    }
    return a;
  };
  // Fixed order of methods in the output.
  get('original', 'as given');
  get('lexical', 'lexical overlap');
  if (options.detect) get('ner', 'named-entity redaction (Splice)');
  for (const t of thresholds) get('idf', `IDF ≥ ${t.toFixed(2)}`, t);
  for (const k of options.kanonKs) get('kanon', `greedy, K = ${k}`, k);
  if (options.detect) for (const k of options.kanonKs) get('kanon+ner', `Splice + greedy, K = ${k}`, k);

  for (let d = 0; d < documents.length; d++) {
    const doc = documents[d];
    const view: TextView = views[d];
    if (doc.profile === undefined) throw new Error(`document ${JSON.stringify(doc.id)} has no "profile"`);
    const target = index.get(doc.profile);
    if (target === undefined) throw new Error(`document ${JSON.stringify(doc.id)} names an unknown profile`);
    const scorers = await openAll(members, view);
    const record = (a: Accumulator, ranks: number[], spans: MaskSpan[]) => {
      a.ranks.push(ranks);
      a.costs.push(maskingCost(view, spans));
    };
    record(acc.get('original:')!, await ranksAfter(scorers, [], target), []);
    const lexical = lexicalMask(view, profiles[target]);
    record(acc.get('lexical:')!, await ranksAfter(scorers, lexical, target), maskSpans(view, lexical, [], 'lexical'));
    let nerSpans: MaskSpan[] = [];
    let nerTokens: number[] = [];
    if (options.detect) {
      const found = await options.detect(doc.text, doc.id);
      nerSpans = maskSpans(view, [], found);
      nerTokens = tokensCovered(view, nerSpans);
      record(acc.get('ner:')!, await ranksAfter(scorers, nerTokens, target), nerSpans);
    }
    // IDF: nested maskings, so one set of scorers masked step by step.
    const running = scorers.map((s) => s.clone());
    const maskedSoFar: number[] = [];
    const isMasked = new Set<number>();
    for (const t of thresholds) {
      const now = idfMask(view, idf, t).filter((i) => !isMasked.has(i));
      for (const s of running) s.mask(now);
      for (const i of now) isMasked.add(i);
      maskedSoFar.push(...now);
      const ranks: number[] = [];
      for (const s of running) {
        if (s.refresh) await s.refresh();
        ranks.push(rankOf(s.scores, target));
      }
      record(acc.get(`idf:${t}`)!, ranks, maskSpans(view, maskedSoFar, [], 'idf'));
    }
    for (const k of options.kanonKs) {
      const r = await greedyMask(members, view, target, { k, beam: options.beam });
      const a = acc.get(`kanon:${k}`)!;
      record(a, r.memberRanks, maskSpans(view, r.masked));
      if (r.reached) a.reached++;
      if (options.detect) {
        const rn = await greedyMask(members, view, target, { k, beam: options.beam, initialMask: nerTokens });
        const an = acc.get(`kanon+ner:${k}`)!;
        record(an, rn.memberRanks, maskSpans(view, rn.added, nerSpans.map((s) => ({ start: s.start, end: s.end, label: s.label }))));
        if (rn.reached) an.reached++;
      }
    }
    options.onProgress?.(d + 1, documents.length);
  }

  const names = members.map((m) => m.name);
  const methods: MethodResult[] = [...acc.values()].map((a) => {
    const cost = summariseCost(a.costs);
    const ensembleRanks = a.ranks.map((r) => Math.min(...r));
    return {
      method: a.method,
      ...(a.parameter !== undefined ? { parameter: a.parameter } : {}),
      label: a.label,
      words: cost.words,
      maskedWords: cost.maskedWords,
      maskedShare: cost.maskedShare,
      informationLost: cost.informationLost,
      ensemble: options.ks.map((k) => rateAt(ensembleRanks, k)),
      members: names.map((name, i) => ({ name, atK: options.ks.map((k) => rateAt(a.ranks.map((r) => r[i]), k)) })),
      ...(a.method.startsWith('kanon') ? { reached: a.reached } : {}),
    };
  });
  return { profiles: profiles.length, documents: documents.length, members: names, ks: [...options.ks], methods };
}

/**
 * The headline comparison: the fewest words IDF must mask to bring the
 * ensemble's rate at K = 1 under `target` (linear interpolation between the
 * thresholds measured), beside greedy masking's share at K = 1.
 */
export function idfShareAtRate(result: ExperimentResult, target: number): number | undefined {
  const k1 = result.ks.indexOf(1);
  if (k1 < 0) return undefined;
  const points = result.methods
    .filter((m) => m.method === 'idf')
    .map((m) => ({ share: m.maskedShare, rate: m.ensemble[k1].rate }))
    .sort((a, b) => a.share - b.share);
  for (let i = 0; i < points.length; i++) {
    if (points[i].rate < target) {
      if (i === 0) return points[0].share;
      const a = points[i - 1];
      const b = points[i];
      // Share at which the interpolated rate crosses the target.
      return a.rate === b.rate ? b.share : a.share + ((a.rate - target) / (a.rate - b.rate)) * (b.share - a.share);
    }
  }
  return undefined;
}

/** A plain-text table of the methods. */
export function formatExperimentTable(result: ExperimentResult): string {
  const header = ['method', 'words masked', 'info lost', ...result.ks.map((k) => `rate@${k}`), 'reached'];
  const rows = result.methods.map((m) => [
    m.label,
    `${(m.maskedShare * 100).toFixed(1)}%`,
    `${(m.informationLost * 100).toFixed(1)}%`,
    ...m.ensemble.map((r) => `${(r.rate * 100).toFixed(1)}%`),
    m.reached === undefined ? '' : `${m.reached}/${result.documents}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [`${result.documents} documents, ${result.profiles} profiles, ensemble of ${result.members.join(', ')} (rate@K: true profile in the top K of any member)`, line(header), ...rows.map(line), ''].join('\n');
}
