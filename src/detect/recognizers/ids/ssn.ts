import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { ssnValid, itinValid } from '../../validators/us-tax-ids.js';
import { digitsOf } from '../../validators/digits.js';
import { hasDigitRun } from './digit-runs.js';
import { cueBefore } from './context-window.js';

/**
 * US Social Security and Individual Taxpayer Identification Numbers.
 * - dashed "512-63-2087": accepted on the SSN / ITIN rules alone;
 * - spaced or plain nine digits: only after an SSN / ITIN cue;
 * - masked "XXX-XX-6031", "***-**-6082": the visible last four stay PII;
 * - "last four of SSN 7746", "SSN ending in 7746".
 */
const DASHED = /(?<![\p{L}\p{N}\-\/.])\d{3}-\d{2}-\d{4}(?![\p{N}]|[-\/.]\d)/gu;
const LOOSE = /(?<![\p{L}\p{N}\-\/.])\d{3}(?:[ .]\d{2}[ .]|\d{2})\d{4}(?![\p{N}]|[ \-\/.]\d)/gu;
const MASKED = /(?<![\p{L}\p{N}*•])(?:[Xx*•#]{3}|\d{3})[- ]?[Xx*•#]{2}[- ]?\d{4}(?![\p{N}])/gu;
const LAST_FOUR =
  /(?:last[ \t]{1,2}(?:four|4)(?:[ \t]{1,2}digits)?[ \t]{1,2}of[ \t]{1,2}(?:(?:the|my|your|his|her|their)[ \t]{1,2})?(?:SSN|social[ \t]security(?:[ \t]number)?|SIN|ITIN)|(?:SSN|social[ \t]security[ \t]number)[ \t]{1,2}(?:ending(?:[ \t]{1,2}in)?|last[ \t]{1,2}(?:four|4)))[ \t]{0,2}(?:is[ \t]{1,2}|was[ \t]{1,2}|[:#][ \t]{0,2})?(\d{4})(?![\p{N}])/giu;
// "social" alone too ("her social is ..."); "ss#" ends in a non-word character, so the end is a look-ahead, not \b.
export const SSN_CUE = /(?<![\p{L}\p{N}])(?:ssn|ss#|ssa|social|soc\.?[ \t]sec|itin|taxpayer[ \t]id(?:entification)?|tin)(?![\p{L}\p{N}])/iu;
const ITIN_CUE = /\b(?:itin|individual[ \t]taxpayer)\b/i;
// Cheap tests of what every match of MASKED and LAST_FOUR holds (with the i and u flags "s" also matches "ſ"):
// most documents have neither, and the full patterns were the cost of this recognizer.
// DASHED and LOOSE without their look-arounds: plain scans, where the full patterns try their look-behinds at every position.
const DASHED_HINT = /[0-9]{3}-[0-9]{2}-[0-9]{4}/;
const LOOSE_HINT = /[0-9]{3}(?:[ .][0-9]{2}[ .]|[0-9]{2})[0-9]{4}/;
const MASKED_HINT = /[Xx*•#]{2}/;
const LAST_FOUR_HINT = /last[ \t]{1,2}(?:four|4)|ssn|social[ \t]security|\u017f/i;

export function ssnRecognizer(): Recognizer {
  return {
    name: 'us-ssn',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasDigitRun(ctx, 4)) return []; // every pattern holds \d{4}
      const text = ctx.text;
      const out: Candidate[] = [];
      const push = (start: number, end: number, score: number) => out.push({ start, end, label: 'ID_NUMBER', score, source: 'us-ssn' });
      for (const m of DASHED_HINT.test(text) ? text.matchAll(DASHED) : []) {
        const digits = digitsOf(m[0]);
        const cued = cueBefore(text, m.index, SSN_CUE, 30);
        if (ssnValid(digits)) push(m.index, m.index + m[0].length, cued ? 0.98 : 0.9);
        else if (itinValid(digits)) push(m.index, m.index + m[0].length, cued || cueBefore(text, m.index, ITIN_CUE, 30) ? 0.97 : 0.85);
      }
      for (const m of LOOSE_HINT.test(text) ? text.matchAll(LOOSE) : []) {
        if (m[0].includes('-')) continue;
        const digits = digitsOf(m[0]);
        if (!(ssnValid(digits) || itinValid(digits)) || !cueBefore(text, m.index, SSN_CUE, 30)) continue;
        push(m.index, m.index + m[0].length, 0.95);
      }
      for (const m of MASKED_HINT.test(text) ? text.matchAll(MASKED) : []) {
        const start = m.index;
        const cued = cueBefore(text, start, SSN_CUE, 30);
        // Fully masked groups look like an SSN form on their own; a visible area needs the cue.
        if (!cued && /^\d/.test(m[0])) continue;
        push(start, start + m[0].length, cued ? 0.95 : 0.85);
      }
      for (const m of LAST_FOUR_HINT.test(text) ? text.matchAll(LAST_FOUR) : []) {
        const start = m.index + m[0].length - 4;
        push(start, start + 4, 0.9);
      }
      return out;
    },
  };
}
