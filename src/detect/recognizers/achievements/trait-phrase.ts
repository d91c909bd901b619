import type { DetectionContext } from '../../context.js';
import type { Token } from '../employment/tokens.js';
import type { TraitLexicons } from './trait-lexicons.js';

/** Prepositions that open the location phrase of a mark ("on her left forearm"). */
export const LOCATION_PREPS = new Set(['on', 'across', 'above', 'below', 'behind', 'under', 'over', 'near', 'along', 'covering', 'wrapping', 'through', 'at', 'down', 'around', 'between', 'inside', 'beneath', 'in', 'from', 'to']);
const CLAUSE_BREAK = new Set(['and', 'but', 'which', 'who', 'so', 'because', 'while', 'when', 'although', 'lol']);
/** Habits run on through "while …", "whenever …" ("hums while she works"). */
const HABIT_CLAUSE_BREAK = new Set(['and', 'but', 'which', 'who', 'so', 'because', 'although', 'though', 'lol']);

/** True if text[from, to) is 1–2 spaces or tabs. */
export function blankGap(text: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 1 || n > 2) return false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Last token (inclusive) of a clause-bounded phrase starting at `from`, at most
 * `max` tokens; `from - 1` if there is none. `habit` lets the phrase run on
 * through "while" / "when" clauses.
 */
export function clauseEnd(ctx: DetectionContext, tokens: readonly Token[], from: number, max: number, habit = false): number {
  const breaks = habit ? HABIT_CLAUSE_BREAK : CLAUSE_BREAK;
  let last = from - 1;
  for (let j = from, n = 0; j < tokens.length && n < max; j++, n++) {
    if (j > from) {
      const a = tokens[j - 1].end;
      const b = tokens[j].start;
      if (!blankGap(ctx.text, a, b) && !(b - a === 1 && (ctx.text[a] === '-' || ctx.text[a] === "'"))) break;
      if (breaks.has(tokens[j].lower)) break;
    }
    last = j;
  }
  return last;
}

/** Index of the first body part in tokens[from..to] and its last token, or undefined. */
function bodyPartIn(ctx: DetectionContext, tokens: readonly Token[], from: number, to: number, lex: TraitLexicons): number | undefined {
  for (let k = from; k <= to; k++) {
    if (!lex.bodyParts.has(tokens[k].lower)) continue;
    const m = lex.bodyParts.matchAt(ctx, tokens, k);
    if (m) return m.last;
  }
  return undefined;
}

/**
 * The location phrase after a mark ending at token `last`: "on her left
 * forearm", ", right side of neck", "across the top of her left wrist".
 * Returns the new last token, or undefined when no body part follows.
 */
export function locationEnd(ctx: DetectionContext, tokens: readonly Token[], last: number, lex: TraitLexicons): number | undefined {
  const prep = tokens[last + 1];
  if (!prep) return undefined;
  const from = tokens[last].end;
  const spacedPrep = LOCATION_PREPS.has(prep.lower) && blankGap(ctx.text, from, prep.start);
  const commaSide = prep.start - from === 2 && ctx.text[from] === ',' && /^(?:left|right|upper|lower)$/.test(prep.lower);
  if (!spacedPrep && !commaSide) return undefined;
  let end = bodyPartIn(ctx, tokens, last + 1, clauseEnd(ctx, tokens, last + 1, 7), lex);
  if (end === undefined) return undefined;
  // "the back of the right thigh", "right side of his neck": follow "of" to the next body part.
  for (let n = 0; n < 2; n++) {
    const of = tokens[end + 1];
    if (!of || of.lower !== 'of' || !blankGap(ctx.text, tokens[end].end, of.start)) break;
    const next = bodyPartIn(ctx, tokens, end + 2, clauseEnd(ctx, tokens, end + 2, 5), lex);
    if (next === undefined) break;
    end = next;
  }
  return end;
}
