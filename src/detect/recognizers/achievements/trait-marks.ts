import { tokenIds, WordSet } from '../employment/word-ids.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { isCapitalised, type Token } from '../employment/tokens.js';
import type { TraitLexicons } from './trait-lexicons.js';
import { blankGap, clauseEnd, LOCATION_PREPS, locationEnd } from './trait-phrase.js';

/**
 * Marks and features: a trait noun ("tattoo", "birthmark", "gold tooth") with
 * its descriptive words, "of …" phrase and location ("a tattoo of a koi fish on
 * her left forearm"), and marks told by a verb ("a compass tattooed across his
 * chest").
 */
const MARK_VERBS = new Set(['tattooed', 'inked']);

/** Descriptive words joined by a comma: "coffee-coloured, comma-shaped birthmark". */
function adjectiveLike(word: string): boolean {
  return word.includes('-') || (word.length > 4 && word.endsWith('ed'));
}

/** First token of the descriptive words before token i (i itself when there are none). */
function modifiersStart(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: TraitLexicons): number {
  let first = i;
  for (let j = i - 1, n = 0; j >= 0 && n < 5; j--, n++) {
    const a = tokens[j].end;
    const b = tokens[j + 1].start;
    const comma = b - a === 2 && ctx.text[a] === ',' && ctx.text[a + 1] === ' ' && j + 1 < i && adjectiveLike(tokens[j].lower) && adjectiveLike(tokens[j + 1].lower);
    if (!blankGap(ctx.text, a, b) && !(b - a === 1 && ctx.text[a] === '-') && !comma) break;
    // Another trait noun further left starts its own phrase ("gold" alone is not one, "gold teeth" is).
    if (lex.stop.has(tokens[j].lower) || (j < i - 1 && lex.nouns.has(tokens[j].lower) && lex.nouns.matchAt(ctx, tokens, j)?.last === j)) break;
    first = j;
  }
  return first;
}

/** "Scars, marks, tattoos:" — a form's field label, not a described mark. */
function isFieldLabel(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: TraitLexicons): boolean {
  const after = ctx.text.slice(tokens[i].end, tokens[i].end + 2);
  if (after.startsWith(':')) return true;
  const next = tokens[i + 1];
  return after === ', ' && next !== undefined && next.start === tokens[i].end + 2 && (next.lower === 'marks' || lex.nouns.has(next.lower));
}

let openers: WordSet | undefined;
let openersFor: TraitLexicons | undefined;

export function markCandidates(ctx: DetectionContext, tokens: readonly Token[], lex: TraitLexicons): Candidate[] {
  const out: Candidate[] = [];
  // The words that open a case below, by word id (word-ids.ts); built before the ids are read.
  if (openersFor !== lex) {
    openers = new WordSet([...MARK_VERBS, ...lex.nouns.firstWords()]);
    openersFor = lex;
  }
  const ids = tokenIds(ctx).lower;
  for (let i = 0; i < tokens.length; i++) {
    if (!openers!.hasId(ids[i])) continue;
    const lower = tokens[i].lower;
    if (MARK_VERBS.has(lower)) {
      const end = locationEnd(ctx, tokens, i, lex);
      if (end !== undefined) {
        const first = modifiersStart(ctx, tokens, i, lex);
        out.push({ start: tokens[first].start, end: tokens[end].end, label: 'TRAIT', score: 0.6 });
        i = end;
      }
      continue;
    }
    if (!lex.nouns.has(lower)) continue;
    const m = lex.nouns.matchAt(ctx, tokens, i);
    if (!m) continue;
    const strength = m.value;
    const next = tokens[m.last + 1];
    const nextSpaced = next !== undefined && blankGap(ctx.text, tokens[m.last].end, next.start);
    // "tattoo parlour", "scar tissue": the noun modifies something else.
    if (nextSpaced && lex.compoundHeads.has(next.lower)) continue;
    const first = modifiersStart(ctx, tokens, i, lex);
    if (strength !== 'strong' && strength !== 'located' && first === i) continue;
    // "Red Sox cap": a brand or team on ordinary clothing.
    if (strength !== 'strong' && first < i && isCapitalised(tokens[i - 1].text) && !isCapitalised(tokens[i].text)) continue;
    if (strength === 'plain') {
      let ordinary = true;
      for (let j = first; j < i; j++) if (!lex.ordinaryModifiers.has(tokens[j].lower)) ordinary = false;
      if (ordinary) continue;
    }
    // "two glasses of water", "a cap of the bottle"
    const ofNext = nextSpaced && next.lower === 'of';
    if ((strength === 'weak' || strength === 'plain') && ofNext) continue;
    let last = m.last;
    // "of a koi fish", "of a crowned sparrow", "of pure white"
    const ofColour = ofNext && lex.colours.has(tokens[m.last + 2]?.lower ?? '');
    if (ofNext && (strength === 'strong' || ofColour)) {
      const end = clauseEnd(ctx, tokens, last + 2, 6);
      // Stop the "of" phrase before a location preposition.
      let k = last + 2;
      for (; k <= end; k++) if (LOCATION_PREPS.has(tokens[k].lower) && k > last + 2) break;
      if (k - 1 >= last + 2) last = k - 1;
    }
    const located = locationEnd(ctx, tokens, last, lex);
    if (strength === 'located' && located === undefined && !ofColour) continue;
    if (located !== undefined) last = located;
    else if (first === i && last === m.last && isFieldLabel(ctx, tokens, i, lex)) continue;
    const weak = strength !== 'strong';
    out.push({ start: tokens[first].start, end: tokens[last].end, label: 'TRAIT', score: weak ? 0.5 : 0.65 });
    i = last;
  }
  return out;
}
