import type { Candidate, Span } from '../types.js';
import { isExtensionLabel, significanceOf, significanceRank, type Label } from '../taxonomy.js';

/**
 * Resolves overlapping candidates into non-overlapping spans.
 *
 * Precedence when two candidates overlap (documented in the README):
 *  1. A candidate of a composite label (ADDRESS, BIRTH, EVENT, ACHIEVEMENT) that
 *     strictly contains the other absorbs it: a city inside a full address, a
 *     city inside "the 2019 Chicago Marathon" (GUIDELINES rules 4-6).
 *  2. Otherwise a category of the specification beats an extension category
 *     (DATE, QUANTITY), unless the extension span strictly contains it with a
 *     higher score; then the higher significance wins, then the longer span,
 *     then the higher score, then the earlier start.
 * The loser is cut back to the part outside the winner, kept if that part still
 * holds two or more letters or digits. Same-label spans that touch or are
 * separated only by spaces or tabs are merged into one.
 */
const COMPOSITE: ReadonlySet<Label> = new Set<Label>(['ADDRESS', 'BIRTH', 'EVENT', 'ACHIEVEMENT']);

interface Working extends Candidate {
  source: string;
}

function beats(a: Working, b: Working): boolean {
  const aContainsB = a.start <= b.start && a.end >= b.end && a.end - a.start > b.end - b.start;
  const bContainsA = b.start <= a.start && b.end >= a.end && b.end - b.start > a.end - a.start;
  if (aContainsB && COMPOSITE.has(a.label)) return true;
  if (bContainsA && COMPOSITE.has(b.label)) return false;
  const xa = isExtensionLabel(a.label);
  if (xa !== isExtensionLabel(b.label)) {
    // An extension span wins only over a weaker span it strictly contains ("12 March 2019" over a tagger's "March").
    const extensionWins = xa ? aContainsB && a.score > b.score : bContainsA && b.score > a.score;
    return xa ? extensionWins : !extensionWins;
  }
  const sa = significanceRank(significanceOf(a.label));
  const sb = significanceRank(significanceOf(b.label));
  if (sa !== sb) return sa > sb;
  const la = a.end - a.start;
  const lb = b.end - b.start;
  if (la !== lb) return la > lb;
  if (a.score !== b.score) return a.score > b.score;
  return a.start <= b.start;
}

const MEANINGFUL = /[\p{L}\p{N}].*[\p{L}\p{N}]/su;

/** Trim whitespace and edge punctuation from [start, end). */
export function trimRange(text: string, start: number, end: number): [number, number] {
  while (start < end && /[\s,;:.!?()[\]{}"'\u2018\u2019\u201C\u201D]/.test(text[start])) start++;
  while (end > start && /[\s,;:!?()[\]{}"'\u2018\u2019\u201C\u201D]/.test(text[end - 1])) end--;
  // A trailing "." is kept only when it ends an abbreviation-like token ("Ave.", "Jr.").
  return [start, end];
}

export function resolve(text: string, candidates: readonly Candidate[], defaultSource = 'unknown'): Span[] {
  // Strongest first; each accepted span carves its range out of later ones.
  const pending: Working[] = candidates
    .filter((c) => c.end > c.start && c.start >= 0 && c.end <= text.length)
    .map((c) => ({ ...c, source: c.source ?? defaultSource }));
  // Processing order: a total order (significance, length, score, start). The
  // composite rule, which depends on the pair, is applied when spans meet below.
  pending.sort(strongerFirst);

  // `accepted` is kept sorted by start and never overlaps itself, so a clash is
  // found by binary search: resolution stays O(n log n) on large documents.
  const accepted: Working[] = [];
  const queue = pending;
  for (let next = 0; next < queue.length; next++) {
    const cand = queue[next];
    const clash = findOverlap(accepted, cand.start, cand.end);
    if (!clash) {
      accepted.splice(insertionIndex(accepted, cand.start), 0, cand);
      continue;
    }
    // The precedence is not a total order (the composite rule depends on the pair), so a
    // candidate may beat spans accepted before it: a composite span absorbs what it contains.
    const overlapping = allOverlaps(accepted, cand.start, cand.end);
    if (overlapping.every((o) => beats(cand, o) && o.start >= cand.start && o.end <= cand.end)) {
      for (const o of overlapping) accepted.splice(accepted.indexOf(o), 1);
      accepted.splice(insertionIndex(accepted, cand.start), 0, cand);
      continue;
    }
    // cand loses to an already accepted (stronger) span: keep its meaningful remainders.
    const pieces: Array<[number, number]> = [];
    if (cand.start < clash.start) pieces.push([cand.start, clash.start]);
    if (cand.end > clash.end) pieces.push([clash.end, cand.end]);
    for (const [s, e] of pieces) {
      const [ts, te] = trimRange(text, s, e);
      if (te > ts && MEANINGFUL.test(text.slice(ts, te))) {
        insertSorted(queue, next + 1, { ...cand, start: ts, end: te, score: cand.score * 0.9 });
      }
    }
  }
  accepted.sort((a, b) => a.start - b.start);
  return mergeAdjacent(text, accepted).map((w) => toSpan(text, w));
}

function insertionIndex(sorted: Working[], start: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function findOverlap(sorted: Working[], start: number, end: number): Working | undefined {
  const i = insertionIndex(sorted, start);
  // Only the neighbour before and the spans starting inside [start, end) can overlap.
  if (i > 0 && sorted[i - 1].end > start) return sorted[i - 1];
  if (i < sorted.length && sorted[i].start < end) return sorted[i];
  return undefined;
}

/** Every accepted span overlapping [start, end), in order. */
function allOverlaps(sorted: Working[], start: number, end: number): Working[] {
  let i = insertionIndex(sorted, start);
  if (i > 0 && sorted[i - 1].end > start) i--;
  const out: Working[] = [];
  for (; i < sorted.length && sorted[i].start < end; i++) if (sorted[i].end > start) out.push(sorted[i]);
  return out;
}

/** Insert a remainder into the unprocessed part of the queue (from `from` on), keeping its order. */
function insertSorted(queue: Working[], from: number, item: Working): void {
  let lo = from;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strongerFirst(queue[mid], item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  queue.splice(lo, 0, item);
}

function strongerFirst(a: Working, b: Working): number {
  const xa = isExtensionLabel(a.label);
  if (xa !== isExtensionLabel(b.label)) return xa ? 1 : -1;
  const sa = significanceRank(significanceOf(a.label));
  const sb = significanceRank(significanceOf(b.label));
  if (sa !== sb) return sb - sa;
  const l = b.end - b.start - (a.end - a.start);
  if (l !== 0) return l;
  if (a.score !== b.score) return b.score - a.score;
  return a.start - b.start;
}

function mergeAdjacent(text: string, spans: Working[]): Working[] {
  const out: Working[] = [];
  for (const s of spans) {
    const prev = out[out.length - 1];
    if (prev && prev.label === s.label && /^[ \t]*$/.test(text.slice(prev.end, s.start))) {
      prev.end = Math.max(prev.end, s.end);
      prev.score = Math.max(prev.score, s.score);
      if (!prev.source.split('+').includes(s.source)) prev.source = `${prev.source}+${s.source}`;
      continue;
    }
    out.push({ ...s });
  }
  return out;
}

function toSpan(text: string, w: Working): Span {
  return {
    start: w.start,
    end: w.end,
    label: w.label,
    text: text.slice(w.start, w.end),
    score: Math.round(w.score * 1000) / 1000,
    source: w.source,
    significance: significanceOf(w.label),
  };
}
