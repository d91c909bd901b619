import { wilson } from '../eval/wilson.js';
import { Bm25ReIdentifier } from './bm25.js';
import { DenseReIdentifier, type DenseOptions } from './dense.js';
import { profileIndex, type Profile, type ReidDocument } from './profiles.js';
import { rankOf, type DocScorer, type ReIdentifier } from './scorer.js';
import { StructuredReIdentifier } from './structured.js';
import { viewText, type TextView } from './text.js';
import { TfIdfReIdentifier } from './tfidf.js';

/**
 * The attack: several re-identifiers, each ranking every profile; the ensemble
 * re-identifies a document at K when ANY member ranks its true profile in its
 * top K (as in the seed paper), so the ensemble's rank is the best member rank.
 */
export const MEMBER_NAMES = ['bm25', 'tfidf', 'structured', 'dense'] as const;
export type MemberName = (typeof MEMBER_NAMES)[number];

export interface AttackOptions {
  /** Members to use (default: bm25, tfidf, structured, and dense when a model is given). */
  members?: readonly string[];
  dense?: DenseOptions;
}

/** Build the re-identifiers over a set of profiles. */
export async function buildReIdentifiers(profiles: readonly Profile[], options: AttackOptions = {}): Promise<ReIdentifier[]> {
  const wanted = options.members ?? (options.dense ? MEMBER_NAMES : MEMBER_NAMES.filter((m) => m !== 'dense'));
  for (const m of wanted) if (!(MEMBER_NAMES as readonly string[]).includes(m)) throw new Error(`unknown re-identifier "${m}" (known: ${MEMBER_NAMES.join(', ')})`);
  if (wanted.length === 0) throw new Error('no re-identifier selected');
  const out: ReIdentifier[] = [];
  if (wanted.includes('bm25')) out.push(new Bm25ReIdentifier(profiles));
  if (wanted.includes('tfidf')) out.push(new TfIdfReIdentifier(profiles));
  if (wanted.includes('structured')) out.push(new StructuredReIdentifier(profiles));
  if (wanted.includes('dense')) {
    if (!options.dense) throw new Error('the dense re-identifier needs a model (--dense MODEL.onnx)');
    out.push(await DenseReIdentifier.load(profiles, options.dense));
  }
  return out;
}

/** The attacker's view of a document: its text with Splice's masks (and any given `masks` spans) ignored. */
export function documentView(doc: ReidDocument): TextView {
  return viewText(doc.text, doc.masks ?? []);
}

export async function openAll(members: readonly ReIdentifier[], view: TextView): Promise<DocScorer[]> {
  const out: DocScorer[] = [];
  for (const m of members) out.push(await m.open(view));
  return out;
}

export interface DocumentRanks {
  id: string;
  profile: string;
  /** Rank of the true profile for each member, in member order. */
  ranks: number[];
  /** Best member rank (the ensemble re-identifies at K when this is ≤ K). */
  ensemble: number;
}

export async function rankDocument(members: readonly ReIdentifier[], view: TextView, target: number): Promise<{ ranks: number[]; ensemble: number }> {
  const ranks: number[] = [];
  for (const m of members) {
    const scorer = await m.open(view);
    ranks.push(rankOf(scorer.scores, target));
  }
  return { ranks, ensemble: Math.min(...ranks) };
}

export interface Rate {
  k: number;
  reidentified: number;
  documents: number;
  rate: number;
  low: number;
  high: number;
}

export interface ReidEvaluation {
  profiles: number;
  documents: number;
  members: string[];
  ks: number[];
  /** Per member (in order), then the ensemble: re-identification rate at each K. */
  rates: { name: string; atK: Rate[]; meanReciprocalRank: number }[];
  perDocument: DocumentRanks[];
}

export function rateAt(ranks: readonly number[], k: number): Rate {
  const hits = ranks.filter((r) => r <= k).length;
  const n = ranks.length;
  const ci = wilson(hits, n) ?? { low: 0, high: 0 };
  return { k, reidentified: hits, documents: n, rate: n > 0 ? hits / n : 0, low: ci.low, high: ci.high };
}

/** Rank every document's true profile with every member; rates at each K. */
export async function evaluateReid(
  members: readonly ReIdentifier[],
  profiles: readonly Profile[],
  documents: readonly ReidDocument[],
  ks: readonly number[],
  onProgress?: (done: number) => void,
): Promise<ReidEvaluation> {
  const index = profileIndex(profiles);
  const perDocument: DocumentRanks[] = [];
  for (const doc of documents) {
    if (doc.profile === undefined) throw new Error(`document ${JSON.stringify(doc.id)} has no "profile": the rate needs the true profile`);
    const target = index.get(doc.profile);
    if (target === undefined) throw new Error(`document ${JSON.stringify(doc.id)} names an unknown profile`);
    const { ranks, ensemble } = await rankDocument(members, documentView(doc), target);
    perDocument.push({ id: doc.id, profile: doc.profile, ranks, ensemble });
    onProgress?.(perDocument.length);
  }
  return summarise(
    members.map((m) => m.name),
    profiles.length,
    perDocument,
    ks,
  );
}

export function summarise(names: readonly string[], profiles: number, perDocument: DocumentRanks[], ks: readonly number[]): ReidEvaluation {
  const columns = [...names.map((_, i) => perDocument.map((d) => d.ranks[i])), perDocument.map((d) => d.ensemble)];
  const rates = [...names, 'ensemble'].map((name, i) => ({
    name,
    atK: ks.map((k) => rateAt(columns[i], k)),
    meanReciprocalRank: columns[i].length ? columns[i].reduce((a, r) => a + 1 / r, 0) / columns[i].length : 0,
  }));
  return { profiles, documents: perDocument.length, members: [...names], ks: [...ks], rates, perDocument };
}

/** A plain-text table of the rates. */
export function formatReidTable(e: ReidEvaluation): string {
  const pct = (r: Rate) => `${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}]`;
  const header = ['re-identifier', ...e.ks.map((k) => `rate@${k}`), 'MRR'];
  const rows = e.rates.map((r) => [r.name, ...r.atK.map(pct), r.meanReciprocalRank.toFixed(3)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    `${e.documents} documents, ${e.profiles} profiles; rate@K = share of documents whose true profile is in the top K (95% Wilson interval); ensemble = any member.`,
    line(header),
    ...rows.map(line),
    '',
  ].join('\n');
}
