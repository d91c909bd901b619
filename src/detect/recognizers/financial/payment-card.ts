import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { paymentCardValid } from '../../validators/payment-card.js';
import { digitsOf } from '../../validators/digits.js';
import { cueBefore } from '../ids/context-window.js';

/**
 * Full payment card numbers: 12-19 digits, run together or printed in groups
 * (4-4-4-4, 4-6-5, ...), with an issuer range and a valid Luhn digit. A grouped
 * number after a card cue that fails Luhn is still taken, at a lower score
 * (a typo in a card number is still a card number).
 */
const CARD = /(?<![\p{L}\p{N}\/=_.]|\d[ -])\d(?:[ -]?\d){11,18}(?![\p{N}]|[ -]\d)/gu;
// Twelve digits with single separators, which every match of CARD holds: a plain scan, where CARD tries its look-behind at every position.
const CARD_HINT = /[0-9](?:[ -]?[0-9]){11}/;
const CARD_CUE = /\b(?:card|visa|master[ \t]?card|amex|american[ \t]express|discover|maestro|debit|credit|cc|pan)\b/i;

/** Groups must use one separator and start with four digits ("4539 2781 6035 4803"). */
function groupingOk(raw: string): boolean {
  const seps = raw.match(/[ -]/g);
  if (!seps) return true;
  if (new Set(seps).size !== 1) return false;
  const groups = raw.split(seps[0]);
  return groups.length >= 3 && groups.length <= 5 && groups[0].length === 4 && groups.every((g) => g.length >= 3 && g.length <= 6);
}

export function paymentCardRecognizer(): Recognizer {
  return {
    name: 'payment-card',
    labels: ['FINANCIAL'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!CARD_HINT.test(ctx.text)) return []; // every match of CARD matches CARD_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(CARD)) {
        if (!groupingOk(m[0])) continue;
        const digits = digitsOf(m[0]);
        const cued = cueBefore(ctx.text, m.index, CARD_CUE, 40);
        let score: number;
        if (paymentCardValid(digits)) score = cued ? 0.98 : 0.9;
        else if (cued && /[ -]/.test(m[0]) && digits.length >= 13 && digits.length <= 19) score = 0.7;
        else continue;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'FINANCIAL', score, source: 'payment-card' });
      }
      return out;
    },
  };
}
