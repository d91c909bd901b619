import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { germanTaxIdValid } from '../../validators/national-ids.js';
import { digitsOf } from '../../validators/digits.js';
import { cueBefore } from './context-window.js';

/**
 * German tax ID (Steuer-IdNr, "48 172 096 438"): 11 digits with the digit
 * repetition rule and MOD 11,10 check digit. Run together it needs a tax cue;
 * in its printed 2-3-3-3 grouping the checksum alone is accepted, at a lower score.
 */
const TAX_ID = /(?<![\p{L}\p{N}]|\d[ -])[1-9]\d( ?)\d{3}\1\d{3}\1\d{3}(?![\p{N}]|[ -]\d)/gu;
// TAX_ID without its look-around: a plain scan, where TAX_ID tries its look-behind at every position.
const TAX_ID_HINT = /[1-9][0-9]( ?)[0-9]{3}\1[0-9]{3}\1[0-9]{3}/;
const TAX_CUE = /(?:steuer|\bIdNr\b|identifikationsnummer|tax[ \t]?(?:id|identification|number|no)|\bTIN\b)/i;

export function germanTaxIdRecognizer(): Recognizer {
  return {
    name: 'de-tax-id',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!TAX_ID_HINT.test(ctx.text)) return []; // every match of TAX_ID matches TAX_ID_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(TAX_ID)) {
        if (!germanTaxIdValid(digitsOf(m[0]))) continue;
        const cued = cueBefore(ctx.text, m.index, TAX_CUE, 40);
        if (!cued && !m[1]) continue;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score: cued ? 0.97 : 0.6, source: 'de-tax-id' });
      }
      return out;
    },
  };
}
