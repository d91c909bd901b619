import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { findAges } from './ages.js';
import { findFields } from './fields.js';
import { assertionAt, nextAccepted } from './scan.js';
import { findTerms } from './terms.js';
import { unionRanges } from '../../ranges.js';

/**
 * DEMOGRAPHIC: age, nationality, ethnicity and race, religious affiliation,
 * and non-binary or transgender gender identity.
 */

/** "i'm 19, trans (mtf)": "trans" alone after a copula or a comma, before punctuation. */
const TRANS_ALONE = /trans(?=[ \t]*(?:[,.;)(!?]|$))/giu;
/** The lookbehind of TRANS_ALONE, tested only where "trans" is found. */
const AFTER_COPULA = assertionAt(/(?<=(?:\b(?:i'?m|i’m|am|is|are|as|was)|,)[ \t]+)/iuy);

/**
 * False only when TRANS_ALONE cannot match: its "trans" is looked for in the lower-cased text (a
 * plain search). Under `iu` a character matches an ASCII letter only if it lower-cases to it,
 * except the long s "ſ", which matches "s" and stays "ſ": hence the second search.
 */
function mayHoldTrans(lower: string): boolean {
  return lower.includes('trans') || lower.includes('tran\u017f');
}

export function findDemographics(ctx: DetectionContext): Array<[number, number]> {
  // findAges gives a new array: the other finds join it (no copies).
  const out = findAges(ctx);
  for (const f of findFields(ctx)) out.push(f);
  for (const t of findTerms(ctx)) out.push([t.start, t.end]);
  TRANS_ALONE.lastIndex = 0;
  for (let m = mayHoldTrans(ctx.lower) ? nextAccepted(TRANS_ALONE, ctx.text, AFTER_COPULA) : null; m; m = nextAccepted(TRANS_ALONE, ctx.text, AFTER_COPULA)) out.push([m.index, m.index + m[0].length]);
  return out.length === 0 ? out : unionRanges(out);
}


const demographicRecognizer: Recognizer = {
  name: 'demographic',
  labels: ['DEMOGRAPHIC'],
  detect(ctx: DetectionContext): Candidate[] {
    return findDemographics(ctx).map(([start, end]) => ({ start, end, label: 'DEMOGRAPHIC', score: 0.8 }));
  },
};

/** Recognizers of the demographic group. */
export function demographicRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [demographicRecognizer];
}
