import { openAll } from './ensemble.js';
import { kthOtherScore, rankOf, tolerance, type DocScorer, type ReIdentifier } from './scorer.js';
import type { TextView } from './text.js';

/**
 * Greedy masking to K-anonymity (after Morris et al., "Unsupervised Text
 * Deidentification"): mask words, one word type at a time (all its unmasked
 * occurrences), until the true profile is out of the top K of EVERY member of
 * the ensemble, i.e. at least K other profiles score as high for each.
 *
 * Each step scores every candidate word by how much of each still-winning
 * member's margin it closes — the drop of the true profile's score minus the
 * drop of the K-th best other profile's score, over the margin, capped at 1 —
 * per occurrence masked. Scores are updated incrementally (scorer.ts): masking
 * a word touches only the profiles that share a feature it carried. With
 * `beam` > 1, the best `beam` partial maskings are kept at each step and the
 * first to reach the goal with the fewest masked words wins.
 */
export interface KanonOptions {
  k: number;
  /** Partial maskings kept per step (default 1: plain greedy). */
  beam?: number;
  /** Tokens masked before the search starts (e.g. Splice's redaction); never unmasked. */
  initialMask?: readonly number[];
}

export interface KanonResult {
  /** Every masked token (initial and added), ascending. */
  masked: number[];
  /** Tokens the search added, in the order it added them. */
  added: number[];
  /** Ensemble rank of the true profile before any mask, after the initial mask, and at the end. */
  rankBefore: number;
  rankStart: number;
  rankAfter: number;
  /** Each member's rank at the end. */
  memberRanks: number[];
  /** True when the true profile left every member's top K. */
  reached: boolean;
  steps: number;
}

interface State {
  scorers: DocScorer[];
  masked: Uint8Array;
  added: number[];
  maskedCount: number;
}

interface MemberStatus {
  active: boolean;
  margin: number;
  ref: number;
}

function status(scorer: DocScorer, target: number, k: number): MemberStatus {
  const s = scorer.scores[target];
  const kth = kthOtherScore(scorer.scores, target, k);
  const margin = s - kth.score;
  // In the top K exactly when fewer than K others score at least as high.
  const active = margin > tolerance(s);
  return { active, margin, ref: kth.profile };
}

function ensembleRank(scorers: readonly DocScorer[], target: number): { ranks: number[]; best: number } {
  const ranks = scorers.map((s) => rankOf(s.scores, target));
  return { ranks, best: Math.min(...ranks) };
}

/**
 * The word types worth masking: those whose masking lowers the true profile's
 * score in some member. Computed once: features only die as words are masked
 * and the weights are non-negative (the dense estimate is linear), so a word
 * that cannot lower the true profile's score now never will; masking a word
 * that does not touch the true profile only lowers the others'. This keeps each
 * step to the words that carry evidence, not every word of the document.
 */
function relevantWords(view: TextView, scorers: readonly DocScorer[], target: number, masked: Uint8Array): number[][] {
  const byWord = new Map<string, number[]>();
  view.tokens.forEach((t, i) => {
    if (masked[i]) return;
    const list = byWord.get(t.norm);
    if (list) list.push(i);
    else byWord.set(t.norm, [i]);
  });
  return [...byWord.values()].filter((tokens) => scorers.some((s) => s.drops(tokens, [target])[0] > tolerance(s.scores[target])));
}

/** The unmasked tokens of each relevant word type (types fully masked are left out). */
function candidates(words: readonly number[][], masked: Uint8Array): number[][] {
  const out: number[][] = [];
  for (const tokens of words) {
    const open = tokens.filter((t) => !masked[t]);
    if (open.length > 0) out.push(open);
  }
  return out;
}

interface Choice {
  tokens: number[];
  value: number;
}

/** Candidate words ranked by margin closed per occurrence, best first (at most `limit`). */
function rankCandidates(words: readonly number[][], state: State, target: number, statuses: MemberStatus[], limit: number): Choice[] {
  const choices: Choice[] = [];
  for (const tokens of candidates(words, state.masked)) {
    let gain = 0;
    let aux = 0;
    statuses.forEach((st, m) => {
      if (!st.active) return;
      const d = state.scorers[m].drops(tokens, st.ref >= 0 ? [target, st.ref] : [target]);
      const closed = d[0] - (st.ref >= 0 ? d[1] : 0);
      gain += Math.min(1, Math.max(0, closed / Math.max(st.margin, 1e-12)));
      aux += Math.max(0, d[0]) / Math.max(Math.abs(state.scorers[m].scores[target]), 1e-12);
    });
    const value = (gain + 1e-3 * aux) / tokens.length;
    if (value > 0) choices.push({ tokens, value });
  }
  choices.sort((a, b) => b.value - a.value || a.tokens[0] - b.tokens[0]);
  return choices.slice(0, limit);
}

function applyMask(state: State, tokens: readonly number[]): void {
  for (const s of state.scorers) s.mask(tokens);
  for (const t of tokens) {
    if (!state.masked[t]) {
      state.masked[t] = 1;
      state.maskedCount++;
      state.added.push(t);
    }
  }
}

function cloneState(state: State): State {
  return { scorers: state.scorers.map((s) => s.clone()), masked: state.masked.slice(), added: [...state.added], maskedCount: state.maskedCount };
}

/** Sum over members of the margin still to close, relative to each member's starting score. */
function remaining(statuses: readonly MemberStatus[], scales: readonly number[]): number {
  return statuses.reduce((a, st, m) => a + (st.active ? st.margin / scales[m] : 0), 0);
}

/** Re-run the members whose incremental scores are estimates; true when every member is out of the top K. */
async function confirmed(state: State, target: number, k: number): Promise<boolean> {
  let changed = false;
  for (const s of state.scorers) {
    if (s.refresh) {
      await s.refresh();
      changed = true;
    }
  }
  return !changed || state.scorers.every((s) => !status(s, target, k).active);
}

export async function greedyMask(members: readonly ReIdentifier[], view: TextView, target: number, options: KanonOptions): Promise<KanonResult> {
  const k = options.k;
  if (!Number.isInteger(k) || k < 1) throw new Error('k must be a positive integer');
  const size = members[0]?.size ?? 0;
  if (k >= size) throw new Error(`k (${k}) must be smaller than the number of profiles (${size})`);
  const beam = Math.max(1, Math.floor(options.beam ?? 1));

  const scorers = await openAll(members, view);
  const rankBefore = ensembleRank(scorers, target).best;
  const start: State = { scorers, masked: new Uint8Array(view.tokens.length), added: [], maskedCount: 0 };
  const initial = [...new Set(options.initialMask ?? [])].filter((t) => t >= 0 && t < view.tokens.length);
  if (initial.length > 0) {
    for (const s of scorers) s.mask(initial);
    for (const t of initial) start.masked[t] = 1;
    start.maskedCount = initial.length;
  }
  const rankStart = ensembleRank(scorers, target).best;
  const words = relevantWords(view, scorers, target, start.masked);
  const scales = scorers.map((s) => Math.max(Math.abs(s.scores[target]), 1e-9));

  let states: State[] = [start];
  let steps = 0;
  let done: State | undefined;
  while (!done) {
    const next: { state: State; score: number }[] = [];
    for (const state of states) {
      const statuses = state.scorers.map((s) => status(s, target, k));
      if (statuses.every((st) => !st.active)) {
        if (await confirmed(state, target, k)) {
          done = state;
          break;
        }
        // Refreshed, and a member ranks it in its top K again: expand it next round.
        next.push({ state, score: remaining(statuses, scales) });
        continue;
      }
      const choices = rankCandidates(words, state, target, statuses, beam);
      if (choices.length === 0) {
        // Nothing lowers the true profile's margin any more: mask the word that lowers its score most.
        const fallback = candidates(words, state.masked)
          .map((tokens) => ({ tokens, drop: state.scorers.reduce((a, s, m) => a + Math.max(0, s.drops(tokens, [target])[0]) / scales[m], 0) }))
          .filter((c) => c.drop > 0)
          .sort((a, b) => b.drop - a.drop || a.tokens[0] - b.tokens[0])[0];
        if (fallback) choices.push({ tokens: fallback.tokens, value: 0 });
      }
      for (const choice of choices) {
        const child = beam === 1 ? state : cloneState(state);
        applyMask(child, choice.tokens);
        next.push({ state: child, score: remaining(child.scorers.map((s) => status(s, target, k)), scales) });
      }
    }
    if (done) break;
    if (next.length === 0) {
      // Nothing left that carries the profile: stop with the closest masking.
      done = states.sort((a, b) => remaining(a.scorers.map((x) => status(x, target, k)), scales) - remaining(b.scorers.map((x) => status(x, target, k)), scales))[0];
      break;
    }
    steps++;
    // Keep the best `beam` distinct maskings: least margin left, then fewest words.
    const seen = new Set<string>();
    states = next
      .sort((a, b) => a.score - b.score || a.state.maskedCount - b.state.maskedCount)
      .filter((c) => {
        const key = [...c.state.added].sort((x, y) => x - y).join(',');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, beam)
      .map((c) => c.state);
    if (beam > 1) {
      const reached = states.filter((s) => s.scorers.every((sc) => !status(sc, target, k).active)).sort((a, b) => a.maskedCount - b.maskedCount);
      for (const s of reached) {
        if (await confirmed(s, target, k)) {
          done = s;
          break;
        }
      }
    }
  }
  const final = ensembleRank(done.scorers, target);
  const masked: number[] = [];
  done.masked.forEach((v, i) => {
    if (v) masked.push(i);
  });
  return { masked, added: done.added, rankBefore, rankStart, rankAfter: final.best, memberRanks: final.ranks, reached: final.best > k, steps };
}
