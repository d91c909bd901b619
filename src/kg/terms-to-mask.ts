import { intersect, intersectionSize, type Postings } from './postings.js';

/**
 * getTermsToMask (Papadopoulou et al., "Bootstrapping Text Anonymization
 * Models with Distant Supervision"): which of the graph terms found in a
 * document to mask so that what is left in clear is k-anonymous, i.e. every
 * combination of up to `maxArity` unmasked terms points either to nobody or
 * to at least k individuals.
 *
 *   1. every single term with fewer than k individuals is masked;
 *   2. then, for arity 2, 3, … up to maxArity, the combinations of the
 *      unmasked terms are scanned; one whose individuals number 1 to k−1
 *      gets one of its terms masked, chosen greedily (the shortest posting
 *      list: the most identifying term) or at random, and the scan restarts;
 *   3. it stops when every combination satisfies k or everything is masked.
 *
 * Restarting after each mask is implemented as carrying on from the same
 * point, which gives the same result: masking only removes terms, so every
 * combination scanned before (at this arity and below) still satisfies k, and
 * the combinations after it come in the same order with the masked term's
 * left out. Terms are scanned shortest posting list first (ties: input order),
 * so a depth-first scan intersects small lists first, and prefixes whose
 * intersection is empty are skipped with everything that extends them (a
 * superset can hold nobody either).
 *
 * Work grows with the number of combinations (n^maxArity at worst for n
 * terms in a document). `maxCombinations` bounds it: past it, every term
 * still unmasked is masked (reason 'budget') — failing closed.
 */
export type MaskChoice = 'greedy' | 'random';

export interface TermPostings {
  /** The caller's term identifier. */
  term: number;
  postings: Postings;
}

export interface TermsToMaskOptions {
  k: number;
  maxArity: number;
  choice: MaskChoice;
  /** Uniform [0, 1) numbers for the random choice (seeded by the caller). */
  random?: () => number;
  /** Combinations examined before giving up and masking all that is left (default 5,000,000). */
  maxCombinations?: number;
}

export interface MaskDecision {
  term: number;
  reason: 'single' | 'combination' | 'budget';
  /** Size of the combination that forced the mask (1 for a single term). */
  arity: number;
  /** Individuals that combination pointed to (1 to k−1); 0 for 'budget'. */
  individuals: number;
}

export interface TermsToMaskResult {
  /** In the order the decisions were taken. */
  masked: MaskDecision[];
  /** Combinations (and prefixes) examined. */
  combinations: number;
}

export const DEFAULT_MAX_COMBINATIONS = 5_000_000;

const ABORT = -2;

export function getTermsToMask(terms: readonly TermPostings[], options: TermsToMaskOptions): TermsToMaskResult {
  const { k, maxArity, choice } = options;
  if (!Number.isInteger(k) || k < 1) throw new RangeError('k must be a positive integer');
  if (!Number.isInteger(maxArity) || maxArity < 1) throw new RangeError('maxArity must be a positive integer');
  const random = options.random ?? Math.random;
  const budget = options.maxCombinations ?? DEFAULT_MAX_COMBINATIONS;
  const order = terms.map((_, i) => i).sort((a, b) => terms[a].postings.length - terms[b].postings.length || a - b);
  const lists = order.map((i) => terms[i].postings);
  const n = order.length;
  const masked = new Uint8Array(n);
  let remaining = n;
  const decisions: MaskDecision[] = [];
  let combinations = 0;
  const mask = (p: number, reason: MaskDecision['reason'], arity: number, individuals: number) => {
    masked[p] = 1;
    remaining--;
    decisions.push({ term: terms[order[p]].term, reason, arity, individuals });
  };

  // 1. Single terms with fewer than k individuals.
  for (let p = 0; p < n; p++) if (lists[p].length < k) mask(p, 'single', 1, lists[p].length);

  // 2. Combinations of growing arity.
  for (let arity = 2; arity <= maxArity && remaining >= arity; arity++) {
    const combo = new Int32Array(arity);
    const prefix: Postings[] = new Array<Postings>(arity);
    /** Returns -1 when done, ABORT when over budget, or the combination position of a masked term to unwind to. */
    const scan = (level: number, from: number): number => {
      for (let p = from; p < n; p++) {
        if (masked[p]) continue;
        if (++combinations > budget) return ABORT;
        combo[level] = p;
        if (level === arity - 1) {
          const size = intersectionSize(prefix[level - 1], lists[p], k);
          if (size >= 1 && size < k) {
            const at = pick(combo, arity, lists, choice, random);
            mask(combo[at], 'combination', arity, size);
            if (at < level) return at;
          }
          continue;
        }
        const common = level === 0 ? lists[p] : intersect(prefix[level - 1], lists[p]);
        if (common.length === 0) continue;
        prefix[level] = common;
        const r = scan(level + 1, p + 1);
        if (r === ABORT) return ABORT;
        if (r >= 0 && r < level) return r;
        // r === level: this term was masked; go on with the next one.
      }
      return -1;
    };
    if (scan(0, 0) === ABORT) {
      for (let p = 0; p < n; p++) if (!masked[p]) mask(p, 'budget', arity, 0);
      break;
    }
  }
  return { masked: decisions, combinations };
}

/** Position in the combination of the term to mask. */
function pick(combo: Int32Array, arity: number, lists: readonly Postings[], choice: MaskChoice, random: () => number): number {
  if (choice === 'random') return Math.min(arity - 1, Math.floor(random() * arity));
  let best = 0;
  for (let i = 1; i < arity; i++) if (lists[combo[i]].length < lists[combo[best]].length) best = i;
  return best;
}
