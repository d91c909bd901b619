import { attributeRule } from './attributes.js';
import { isGenericKey } from './generic.js';
import type { KnowledgeGraph } from './graph.js';
import { foldText, isWordAt, normalizeKey } from './normalize.js';
import { surfaceForms } from './variants.js';

/**
 * An independent check of masked documents: does any combination of up to
 * `maxArity` graph terms left in clear point to 1..k−1 individuals?
 *
 * It shares with the masker only the definition of a term (the variants and
 * the normalisation: what a graph value looks like in text) and none of the
 * machinery: terms are found by looking up every run of up to L words of the
 * folded text in a hash map (L = the most words in any term) instead of the
 * Aho-Corasick automaton; individuals are JavaScript Sets instead of posting
 * lists; every combination is enumerated and intersected by brute force,
 * with no pruning and no ordering. It reads the masked text as an attacker
 * would: the masks ("[LABEL]") are ordinary text to it.
 */
export interface Violation {
  arity: number;
  /** Individuals the combination points to (1 to k−1). */
  individuals: number;
  /** The terms (normalised keys): PII, never printed by the CLI. */
  terms: string[];
}

export interface VerifyResult {
  /** Distinct graph terms found in clear. */
  terms: number;
  combinations: number;
  violations: Violation[];
  /** True when the combination budget ran out before all were checked. */
  incomplete: boolean;
}

export class KgVerifier {
  private readonly keys = new Map<string, Set<number>>();
  private readonly maxWords: number;

  constructor(graph: KnowledgeGraph) {
    let maxWords = 1;
    graph.profiles.forEach((profile, individual) => {
      for (const [attribute, values] of Object.entries(profile.attributes)) {
        const rule = attributeRule(attribute);
        if (rule.kind === 'ignore') continue;
        for (const value of values) {
          for (const form of surfaceForms(value, rule.kind)) {
            const key = normalizeKey(form);
            if (!key || isGenericKey(key)) continue;
            let set = this.keys.get(key);
            if (!set) {
              set = new Set();
              this.keys.set(key, set);
              maxWords = Math.max(maxWords, wordRuns(key).length);
            }
            set.add(individual);
          }
        }
      }
    });
    this.maxWords = maxWords;
  }

  /** The terms in clear in a text, as normalised keys (with repeats): every hit, or the leftmost-longest ones. */
  termsIn(text: string, matches: 'all' | 'longest' = 'all'): string[] {
    const folded = foldText(text).text;
    const words = wordRuns(folded);
    const out: string[] = [];
    let reached = 0;
    for (let s = 0; s < words.length; s++) {
      if (words[s][0] < reached) continue;
      let best: string | undefined;
      let bestEnd = -1;
      for (let e = s; e < words.length && e < s + this.maxWords; e++) {
        const candidate = folded.slice(words[s][0], words[e][1]);
        if (this.keys.has(candidate)) {
          if (matches === 'all') out.push(candidate);
          best = candidate;
          bestEnd = words[e][1];
        }
      }
      if (best !== undefined && matches === 'longest') {
        out.push(best);
        reached = bestEnd;
      }
    }
    return out;
  }

  check(text: string, k: number, maxArity: number, maxCombinations = 20_000_000, matches: 'all' | 'longest' = 'all'): VerifyResult {
    const terms = [...new Set(this.termsIn(text, matches))];
    const sets = terms.map((t) => this.keys.get(t)!);
    const violations: Violation[] = [];
    let combinations = 0;
    let incomplete = false;
    const combo: number[] = [];
    const visit = (from: number, arity: number): void => {
      if (incomplete) return;
      if (combo.length === arity) {
        if (++combinations > maxCombinations) {
          incomplete = true;
          return;
        }
        const size = intersectionSize(combo.map((i) => sets[i]));
        if (size >= 1 && size < k) violations.push({ arity, individuals: size, terms: combo.map((i) => terms[i]) });
        return;
      }
      for (let i = from; i < terms.length; i++) {
        combo.push(i);
        visit(i + 1, arity);
        combo.pop();
      }
    };
    for (let arity = 1; arity <= maxArity; arity++) visit(0, arity);
    return { terms: terms.length, combinations, violations, incomplete };
  }
}

/** [start, end) of each maximal run of word characters. */
function wordRuns(s: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = 0;
  while (i < s.length) {
    if (!isWordAt(s, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < s.length && isWordAt(s, i)) i++;
    out.push([start, i]);
  }
  return out;
}

function intersectionSize(sets: ReadonlyArray<Set<number>>): number {
  let n = 0;
  for (const x of sets[0]) if (sets.every((s) => s.has(x))) n++;
  return n;
}
