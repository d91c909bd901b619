import { tokenize } from '../../eval/tokenizer.js';

/**
 * Agreement between two reviewers of the same documents.
 *
 * Spans of the two reviewers are paired per document: first spans with the
 * same extent, then the remaining spans that overlap (one to one, in text
 * order). Every pair and every unpaired span is a unit with one category per
 * reviewer (a label, or NONE where that reviewer marked nothing):
 *
 * - span-level Cohen's kappa, strict: a pair whose extents differ counts as two
 *   units (A's label vs NONE, NONE vs B's label): reviewers agree only on the
 *   same extent with the same label;
 * - span-level Cohen's kappa, overlap: a pair of overlapping spans is one unit;
 *   reviewers agree when their labels are equal;
 * - token-level Cohen's kappa over every word token of the documents (the
 *   tokenisation of `splice eval`), each token labelled by the span covering
 *   it or O. Units where neither reviewer marked anything exist only here,
 *   which is why this figure runs higher on texts with little PII;
 * - pairwise F1 (exact: same extent and label; overlap: overlapping, same label).
 *
 * κ = (p_o − p_e) / (1 − p_e), with p_e from each reviewer's own category
 * frequencies; null when undefined (no units, or p_e = 1).
 */
export interface AgreementSpan {
  start: number;
  end: number;
  label: string;
}

export interface AgreementDocument {
  id: string;
  name: string;
  text: string;
  a: AgreementSpan[];
  b: AgreementSpan[];
}

export type DisagreementKind = 'label' | 'boundary' | 'boundary-and-label' | 'only-a' | 'only-b';

export interface Disagreement {
  documentId: string;
  documentName: string;
  kind: DisagreementKind;
  a: AgreementSpan | null;
  b: AgreementSpan | null;
  /** The text around both spans: before + text + after, text covering both. */
  context: { start: number; end: number; before: string; text: string; after: string };
}

export interface KappaFigure {
  kappa: number | null;
  units: number;
  observed: number | null;
  expected: number | null;
}

export interface AgreementResult {
  documents: number;
  spansA: number;
  spansB: number;
  spanKappa: { strict: KappaFigure; overlap: KappaFigure };
  tokenKappa: KappaFigure;
  f1: { exact: number | null; overlap: number | null };
  counts: Record<DisagreementKind | 'agree', number>;
  disagreements: Disagreement[];
  /** Disagreements beyond `limit` are counted, not listed. */
  disagreementsTotal: number;
}

const NONE = '∅';
const CONTEXT = 40;

export function cohenKappa(pairs: ReadonlyArray<readonly [string, string]>): KappaFigure {
  const n = pairs.length;
  if (n === 0) return { kappa: null, units: 0, observed: null, expected: null };
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  let agree = 0;
  for (const [a, b] of pairs) {
    if (a === b) agree++;
    countA.set(a, (countA.get(a) ?? 0) + 1);
    countB.set(b, (countB.get(b) ?? 0) + 1);
  }
  let expected = 0;
  for (const [category, na] of countA) expected += (na / n) * ((countB.get(category) ?? 0) / n);
  const observed = agree / n;
  const kappa = expected >= 1 ? null : (observed - expected) / (1 - expected);
  return { kappa: kappa === null ? null : round(kappa), units: n, observed: round(observed), expected: round(expected) };
}

const round = (v: number) => Math.round(v * 10000) / 10000;

interface Pair {
  a: AgreementSpan | null;
  b: AgreementSpan | null;
  exactExtent: boolean;
}

/** Pairs the two reviewers' spans of one document (see the module comment). */
export function pairSpans(a: readonly AgreementSpan[], b: readonly AgreementSpan[]): Pair[] {
  const pairs: Pair[] = [];
  const byExtent = new Map<string, number[]>();
  b.forEach((s, i) => {
    const key = `${s.start}:${s.end}`;
    const list = byExtent.get(key);
    if (list) list.push(i);
    else byExtent.set(key, [i]);
  });
  const usedB = new Uint8Array(b.length);
  const restA: AgreementSpan[] = [];
  for (const s of a) {
    const candidates = byExtent.get(`${s.start}:${s.end}`);
    // Prefer the same label among spans of the same extent.
    const pick = candidates?.find((i) => !usedB[i] && b[i].label === s.label) ?? candidates?.find((i) => !usedB[i]);
    if (pick === undefined) {
      restA.push(s);
      continue;
    }
    usedB[pick] = 1;
    pairs.push({ a: s, b: b[pick], exactExtent: true });
  }
  const restB = b.filter((_, i) => !usedB[i]).sort((x, y) => x.start - y.start || x.end - y.end);
  restA.sort((x, y) => x.start - y.start || x.end - y.end);
  const taken = new Uint8Array(restB.length);
  let from = 0;
  for (const s of restA) {
    // B spans ending before this A span starts cannot overlap it or any later one.
    while (from < restB.length && (taken[from] || restB[from].end <= s.start)) from++;
    let match = -1;
    for (let k = from; k < restB.length && restB[k].start < s.end; k++) {
      if (!taken[k] && restB[k].end > s.start) {
        match = k;
        break;
      }
    }
    if (match === -1) pairs.push({ a: s, b: null, exactExtent: false });
    else {
      taken[match] = 1;
      pairs.push({ a: s, b: restB[match], exactExtent: false });
    }
  }
  restB.forEach((s, k) => {
    if (!taken[k]) pairs.push({ a: null, b: s, exactExtent: false });
  });
  return pairs;
}

function kindOf(pair: Pair): DisagreementKind | 'agree' {
  if (!pair.b) return 'only-a';
  if (!pair.a) return 'only-b';
  const sameLabel = pair.a.label === pair.b.label;
  if (pair.exactExtent) return sameLabel ? 'agree' : 'label';
  return sameLabel ? 'boundary' : 'boundary-and-label';
}

/** Label of each word token: the first span covering any of its characters, else O. */
function tokenLabels(tokens: ReadonlyArray<{ start: number; end: number }>, spans: readonly AgreementSpan[]): string[] {
  const labels = new Array<string>(tokens.length).fill('O');
  const firstEndingAfter = (offset: number) => {
    let lo = 0;
    let hi = tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tokens[mid].end <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const s of spans) {
    for (let i = firstEndingAfter(s.start); i < tokens.length && tokens[i].start < s.end; i++) {
      if (labels[i] === 'O') labels[i] = s.label;
    }
  }
  return labels;
}

export function agreement(documents: readonly AgreementDocument[], limit = 500): AgreementResult {
  const strict: Array<[string, string]> = [];
  const overlap: Array<[string, string]> = [];
  const tokenPairs: Array<[string, string]> = [];
  const counts: Record<DisagreementKind | 'agree', number> = { agree: 0, label: 0, boundary: 0, 'boundary-and-label': 0, 'only-a': 0, 'only-b': 0 };
  const disagreements: Disagreement[] = [];
  let total = 0;
  let spansA = 0;
  let spansB = 0;
  let exactAgree = 0;
  let overlapAgree = 0;
  for (const doc of documents) {
    spansA += doc.a.length;
    spansB += doc.b.length;
    const pairs = pairSpans(doc.a, doc.b);
    pairs.sort((x, y) => Math.min(x.a?.start ?? Infinity, x.b?.start ?? Infinity) - Math.min(y.a?.start ?? Infinity, y.b?.start ?? Infinity));
    for (const pair of pairs) {
      const la = pair.a?.label ?? NONE;
      const lb = pair.b?.label ?? NONE;
      if (pair.a && pair.b && !pair.exactExtent) {
        strict.push([la, NONE], [NONE, lb]);
      } else {
        strict.push([la, lb]);
      }
      overlap.push([la, lb]);
      if (pair.a && pair.b && la === lb) {
        overlapAgree++;
        if (pair.exactExtent) exactAgree++;
      }
      const kind = kindOf(pair);
      counts[kind]++;
      if (kind === 'agree') continue;
      total++;
      if (disagreements.length >= limit) continue;
      const start = Math.min(pair.a?.start ?? Infinity, pair.b?.start ?? Infinity);
      const end = Math.max(pair.a?.end ?? -Infinity, pair.b?.end ?? -Infinity);
      disagreements.push({
        documentId: doc.id,
        documentName: doc.name,
        kind,
        a: pair.a ? { ...pair.a } : null,
        b: pair.b ? { ...pair.b } : null,
        context: { start, end, before: doc.text.slice(Math.max(0, start - CONTEXT), start), text: doc.text.slice(start, end), after: doc.text.slice(end, end + CONTEXT) },
      });
    }
    const tokens = tokenize(doc.text);
    const ta = tokenLabels(tokens, doc.a);
    const tb = tokenLabels(tokens, doc.b);
    for (let i = 0; i < tokens.length; i++) tokenPairs.push([ta[i], tb[i]]);
  }
  const f1 = (agree: number) => (spansA + spansB === 0 ? null : round((2 * agree) / (spansA + spansB)));
  return {
    documents: documents.length,
    spansA,
    spansB,
    spanKappa: { strict: cohenKappa(strict), overlap: cohenKappa(overlap) },
    tokenKappa: cohenKappa(tokenPairs),
    f1: { exact: f1(exactAgree), overlap: f1(overlapAgree) },
    counts,
    disagreements,
    disagreementsTotal: total,
  };
}
