import type { Candidate, Span } from '../types.js';
import { isExtensionLabel, significanceOf, significanceRank, type Label, type Significance } from '../taxonomy.js';
import { SpanIndex } from './span-index.js';
import { CandidateColumns, perLabelId } from './candidate-columns.js';

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

export interface Working extends Candidate {
  source: string;
  /** Processing rank of the label (see rankOf), computed once per candidate. */
  rank?: number;
}

function working(start: number, end: number, label: Label, score: number, source: string, rank = rankOf(label)): Working {
  return { start, end, label, score, source, rank };
}

// Per label, remembered (a handful of labels): a lookup in the taxonomy by a label that varies
// costs more than the rest of a short document's resolution.
const RANKS = new Map<Label, number>();
const SIGNIFICANCES = new Map<Label, Significance>();

/**
 * strongerFirst's first two keys in one number, larger first: a specification label
 * before an extension label, then higher significance.
 */
function rankOf(label: Label): number {
  let rank = RANKS.get(label);
  if (rank === undefined) {
    // significanceRank is 1 to 3: beats reads both parts back (rank < 8, rank & 7).
    rank = (isExtensionLabel(label) ? 0 : 8) + significanceRank(significanceOf(label));
    RANKS.set(label, rank);
  }
  return rank;
}

function significanceCached(label: Label): Significance {
  let level = SIGNIFICANCES.get(label);
  if (level === undefined) {
    level = significanceOf(label);
    SIGNIFICANCES.set(label, level);
  }
  return level;
}

/** Does `a` win an overlap with `b`? (Exported for the reference test.) */
export function beats(a: Working, b: Working): boolean {
  const aContainsB = a.start <= b.start && a.end >= b.end && a.end - a.start > b.end - b.start;
  const bContainsA = b.start <= a.start && b.end >= a.end && b.end - b.start > a.end - a.start;
  if (aContainsB && COMPOSITE.has(a.label)) return true;
  if (bContainsA && COMPOSITE.has(b.label)) return false;
  // The rank (rankOf) holds both facts: below 8 for an extension label, the significance in its low bits.
  const ra = (a.rank ??= rankOf(a.label));
  const rb = (b.rank ??= rankOf(b.label));
  const xa = ra < 8;
  if (xa !== rb < 8) {
    // An extension span wins only over a weaker span it strictly contains ("12 March 2019" over a tagger's "March").
    const extensionWins = xa ? aContainsB && a.score > b.score : bContainsA && b.score > a.score;
    return xa ? extensionWins : !extensionWins;
  }
  const sa = ra & 7;
  const sb = rb & 7;
  if (sa !== sb) return sa > sb;
  const la = a.end - a.start;
  const lb = b.end - b.start;
  if (la !== lb) return la > lb;
  if (a.score !== b.score) return a.score > b.score;
  return a.start <= b.start;
}

/** Trim whitespace and edge punctuation from [start, end). */
export function trimRange(text: string, start: number, end: number): [number, number] {
  while (start < end && /[\s,;:.!?()[\]{}"'\u2018\u2019\u201C\u201D]/.test(text[start])) start++;
  while (end > start && /[\s,;:!?()[\]{}"'\u2018\u2019\u201C\u201D]/.test(text[end - 1])) end--;
  // A trailing "." is kept only when it ends an abbreviation-like token ("Ave.", "Jr.").
  return [start, end];
}

export interface ResolveOptions {
  /**
   * resolve: the caller hands the list over; it is read into compact columns and emptied
   * before the work starts, so that its candidate objects can be collected.
   */
  release?: boolean;
  /** Called between the steps (a long document: src/detect/windows.ts heapTrim collects what a step left). */
  betweenSteps?: () => void;
}

export function resolve(text: string, candidates: readonly Candidate[], defaultSource = 'unknown', options: ResolveOptions = {}): Span[] {
  const columns = CandidateColumns.from(candidates, defaultSource);
  if (options.release) (candidates as Candidate[]).length = 0;
  return resolveColumns(text, columns, options);
}

/**
 * resolve on candidates in columns (the analyzer's): a record is made for a candidate only when
 * it is taken from the queue, not for all of them at once. (`options.release` concerns resolve's list only.)
 */
export function resolveColumns(text: string, columns: CandidateColumns, options: ResolveOptions = {}): Span[] {
  const betweenSteps = options.betweenSteps ?? nothingBetween;
  betweenSteps();
  if (columns.length === 0) {
    // Nothing to resolve (a short text often has no candidate): the same steps, none of the structures.
    betweenSteps();
    betweenSteps();
    return [];
  }
  const { starts, ends, scores, labels: labelIds, sources: sourceIds, labelTable, sourceTable } = columns;
  const n = columns.length;
  const rankTable = ranksOf(labelTable);
  // Plain arrays for the few candidates of a short document (a typed array of more than a few dozen
  // bytes is allocated outside the heap, costly per call), typed arrays for the many of a long one.
  const small = n <= 4096;
  let m = 0;
  for (let i = 0; i < n; i++) if (ends[i] > starts[i] && starts[i] >= 0 && ends[i] <= text.length) m++;
  const pending = small ? new Array<number>(m) : new Int32Array(m);
  m = 0;
  for (let i = 0; i < n; i++) if (ends[i] > starts[i] && starts[i] >= 0 && ends[i] <= text.length) pending[m++] = i;
  if (m <= DISJOINT_CHECK && disjointByStart(pending, starts, ends)) {
    // No two candidates overlap (most short documents): each would be accepted as it comes,
    // whatever the order, so the accepted spans are the candidates in order of start
    // (`pending`, now in that order), merged straight from the columns.
    betweenSteps();
    betweenSteps();
    const merged = new SpanMerger(text);
    for (let k = 0; k < m; k++) {
      const i = pending[k];
      merged.add(starts[i], ends[i], labelTable[labelIds[i]], scores[i], sourceTable[sourceIds[i]]);
    }
    return merged.finish();
  }
  const take = (i: number) => working(starts[i], ends[i], labelTable[labelIds[i]], scores[i], sourceTable[sourceIds[i]], rankTable[labelIds[i]]);
  const ranks = small ? new Array<number>(n) : new Uint8Array(n);
  for (let i = 0; i < n; i++) ranks[i] = rankTable[labelIds[i]];
  // Processing order: a total order (significance, length, score, start), then the order of
  // arrival (as a stable sort of the candidates). The composite rule, which depends on the
  // pair, is applied when spans meet below.
  pending.sort((a: number, b: number) => {
    const r = ranks[b] - ranks[a];
    if (r !== 0) return r;
    const l = ends[b] - starts[b] - (ends[a] - starts[a]);
    if (l !== 0) return l;
    if (scores[a] !== scores[b]) return scores[b] - scores[a];
    const s = starts[a] - starts[b];
    return s !== 0 ? s : a - b;
  });
  betweenSteps();

  // `accepted` is kept sorted by start and never overlaps itself (SpanIndex: O(log n)
  // search, insertion and removal). Remainders of losing candidates wait in a heap
  // merged with `pending`: they are processed in the same order as if inserted into
  // the sorted queue after every equal item (FIFO among equal remainders).
  const accepted = new SpanIndex<Working>();
  // Made at the first remainder (most documents have none).
  let remainders: RemainderHeap | undefined;
  let lastBefore: Map<number, number> | undefined;
  let next = 0;
  let head: Working | undefined;
  let cand: Working;
  const absorbs = (o: Working) => o.start >= cand.start && o.end <= cand.end && beats(cand, o);
  for (;;) {
    if (head === undefined && next < m) head = take(pending[next]);
    const waiting = remainders?.peek();
    if (head !== undefined && (!waiting || strongerFirst(head, waiting) <= 0)) {
      cand = head;
      head = undefined;
      next++;
    } else if (waiting) cand = remainders!.pop()!;
    else break;
    const clash = accepted.firstOverlap(cand.start, cand.end);
    if (!clash) {
      accepted.insert(cand);
      continue;
    }
    // The precedence is not a total order (the composite rule depends on the pair), so a
    // candidate may beat spans accepted before it: a composite span absorbs what it contains.
    // The last overlap is tested first (the test is a pure conjunction, so the answer is the
    // same): a long candidate that loses at its end then costs O(log n), not one step per span inside.
    const last = accepted.lastOverlap(cand.start, cand.end)!;
    if (absorbs(last) && absorbs(clash) && accepted.everyOverlap(cand.start, cand.end, absorbs)) {
      for (const o of accepted.overlapping(cand.start, cand.end)) accepted.remove(o);
      accepted.insert(cand);
      continue;
    }
    // cand loses to an already accepted (stronger) span: keep its meaningful remainders.
    remainders ??= new RemainderHeap();
    lastBefore ??= new Map<number, number>();
    if (cand.start < clash.start) keepRemainder(text, cand, cand.start, clash.start, remainders, lastBefore);
    if (cand.end > clash.end) keepRemainder(text, cand, clash.end, cand.end, remainders, lastBefore);
  }
  betweenSteps();
  return finalSpans(text, accepted.toArray());
}

const nothingBetween = () => {};

/** Most candidates checked for the disjoint case (a few dozen: the check sorts by insertion). */
const DISJOINT_CHECK = 48;

/**
 * When no two of the candidates `pending` (at most DISJOINT_CHECK) overlap: true, and `pending`
 * sorted by start (insertion sort in place). Else false, and `pending` in some other order of the
 * same candidates (the caller then sorts it). Two non-empty candidates with one start overlap, so
 * the order by start is unique.
 */
function disjointByStart(pending: number[] | Int32Array, starts: ArrayLike<number>, ends: ArrayLike<number>): boolean {
  for (let k = 0; k < pending.length; k++) {
    const i = pending[k];
    const start = starts[i];
    let j = k;
    while (j > 0 && starts[pending[j - 1]] > start) j--;
    // Overlaps the one before it or the one after it: not disjoint (pending[0..k) is sorted, i not yet in it).
    if (j > 0 && ends[pending[j - 1]] > start) return false;
    if (j < k && starts[pending[j]] < ends[i]) return false;
    for (let q = k; q > j; q--) pending[q] = pending[q - 1];
    pending[j] = i;
  }
  return true;
}

/** rankOf of each label of a label table (the columns share one: kept between calls). */
const ranksOf = perLabelId(rankOf);

/**
 * Accepted spans (sorted by start, disjoint) → output spans: same-label spans that touch or are
 * separated only by spaces or tabs merged into one. (Exported for the reference test.)
 */
export function finalSpans(text: string, accepted: Working[]): Span[] {
  const merged = new SpanMerger(text);
  for (let i = 0; i < accepted.length; i++) {
    const s = accepted[i];
    merged.add(s.start, s.end, s.label, s.score, s.source);
  }
  return merged.finish();
}

/** finalSpans's merge, fed the accepted spans one by one in order of start (no record of each needed). */
class SpanMerger {
  private readonly out: Span[] = [];
  // The span being merged (none while `label` is undefined): its range, label, score and source.
  private start = 0;
  private end = 0;
  private label: Label | undefined = undefined;
  private score = 0;
  private source = '';

  constructor(private readonly text: string) {}

  add(start: number, end: number, label: Label, score: number, source: string): void {
    if (this.label === label && onlyBlanks(this.text, this.end, start)) {
      this.end = Math.max(this.end, end);
      this.score = Math.max(this.score, score);
      if (!hasPart(this.source, source)) this.source = `${this.source}+${source}`;
      return;
    }
    this.flush();
    this.start = start;
    this.end = end;
    this.label = label;
    this.score = score;
    this.source = source;
  }

  finish(): Span[] {
    this.flush();
    return this.out;
  }

  private flush(): void {
    if (this.label !== undefined) this.out.push(toSpan(this.text, this.start, this.end, this.label, this.score, this.source));
    this.label = undefined;
  }
}

/** Is `part` one of the '+'-separated parts of `joined`? (source.split('+').includes(part), without the array.) */
function hasPart(joined: string, part: string): boolean {
  if (part.length === 0) return joined.split('+').includes(part);
  for (let at = joined.indexOf(part); at >= 0; at = joined.indexOf(part, at + 1)) {
    const after = at + part.length;
    if ((at === 0 || joined.charCodeAt(at - 1) === 43) && (after === joined.length || joined.charCodeAt(after) === 43)) return true;
  }
  return false;
}

/** Only spaces and tabs in [from, to) (true when empty). */
function onlyBlanks(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

function keepRemainder(text: string, cand: Working, s: number, e: number, into: RemainderHeap, lastBefore: Map<number, number>): void {
  const [ts, te] = trimRange(text, s, e);
  if (te > ts && isMeaningful(text, ts, te, lastBefore)) into.push(working(ts, te, cand.label, cand.score * 0.9, cand.source));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Is the code point at `i` a letter or digit? */
function letterOrDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(i)!));
}

/**
 * Same answer as /[\p{L}\p{N}].*[\p{L}\p{N}]/su on text.slice(start, end) (two letters or
 * digits), by scanning in from both ends. `lastBefore` remembers, per end, the start of the
 * last letter or digit before it: the remainders of one long candidate share their end, and
 * a scan repeated for each of them would cost the candidate's length each time.
 */
function isMeaningful(text: string, start: number, end: number, lastBefore: Map<number, number>): boolean {
  let first = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isLow(c) && i > start && isHigh(text.charCodeAt(i - 1))) continue; // second half of a pair
    if (isHigh(c) && i + 1 === end) break; // a pair cut off by `end` is no letter in the slice
    if (letterOrDigitAt(text, i)) {
      first = i;
      break;
    }
  }
  if (first < 0) return false;
  const known = lastBefore.get(end);
  if (known !== undefined) return known > first;
  let last = -1;
  for (let i = end - 1; i > first; i--) {
    const c = text.charCodeAt(i);
    if (isLow(c) && isHigh(text.charCodeAt(i - 1))) {
      i--; // the pair starts at i - 1
      if (i > first && letterOrDigitAt(text, i)) {
        last = i;
        break;
      }
      continue;
    }
    if (isHigh(c) && i + 1 === end) continue;
    if (letterOrDigitAt(text, i)) {
      last = i;
      break;
    }
  }
  // Either a letter or digit after `first`, or none between `first` and `end`: `first` is then the last one.
  lastBefore.set(end, last >= 0 ? last : first);
  return last >= 0;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** The processing order: negative when `a` is processed before `b`. (Exported for the reference test.) */
export function strongerFirst(a: Working, b: Working): number {
  const r = (b.rank ??= rankOf(b.label)) - (a.rank ??= rankOf(a.label));
  if (r !== 0) return r;
  const l = b.end - b.start - (a.end - a.start);
  if (l !== 0) return l;
  if (a.score !== b.score) return b.score - a.score;
  return a.start - b.start;
}

function toSpan(text: string, start: number, end: number, label: Label, score: number, source: string): Span {
  return {
    start,
    end,
    label,
    text: text.slice(start, end),
    score: Math.round(score * 1000) / 1000,
    source,
    significance: significanceCached(label),
  };
}

/**
 * Remainders waiting to be processed, weakest last (strongerFirst order), ties in order of
 * arrival: a binary heap on (strongerFirst, arrival number).
 */
class RemainderHeap {
  private readonly items: Working[] = [];
  private readonly seqs: number[] = [];
  private arrivals = 0;

  peek(): Working | undefined {
    return this.items[0];
  }

  push(item: Working): void {
    const items = this.items;
    const seqs = this.seqs;
    let i = items.length;
    const seq = this.arrivals++;
    items.push(item);
    seqs.push(seq);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(item, seq, items[parent], seqs[parent])) break;
      items[i] = items[parent];
      seqs[i] = seqs[parent];
      i = parent;
    }
    items[i] = item;
    seqs[i] = seq;
  }

  pop(): Working | undefined {
    const items = this.items;
    const seqs = this.seqs;
    if (items.length === 0) return undefined;
    const top = items[0];
    const item = items.pop()!;
    const seq = seqs.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && this.before(items[child + 1], seqs[child + 1], items[child], seqs[child])) child++;
        if (!this.before(items[child], seqs[child], item, seq)) break;
        items[i] = items[child];
        seqs[i] = seqs[child];
        i = child;
      }
      items[i] = item;
      seqs[i] = seq;
    }
    return top;
  }

  private before(a: Working, seqA: number, b: Working, seqB: number): boolean {
    const order = strongerFirst(a, b);
    return order < 0 || (order === 0 && seqA < seqB);
  }
}
