import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { cueBefore } from '../ids/context-window.js';
import { hasAsciiDigit } from '../../validators/digits.js';

/**
 * Masked and partial card or account numbers, whose visible digits are still PII:
 * "**** **** **** 2281", "6011 47XX XXXX 3908", "526413XXXXXX", "xxxx-2281",
 * and "card ending in 2281" (the last four only).
 */
const MASKED = /(?<![A-Za-z0-9*•])(?:[\dXx*•]{4}(?:[ -][\dXx*•]{2,6}){1,4}|[\dXx*•]{8,19})(?![A-Za-z0-9*•])/g;
const MASK_HINT = /[*•]|[Xx]{2}/;
const ENDING = /(?<![A-Za-z])(?:ending|ends)(?:[ \t]{1,2}(?:in|with))?[ \t]{1,2}(?:[:#][ \t]{0,2})?(?:[Xx*•]{2,4}[ -]?)?(\d{4})(?![0-9])/gi;
// ENDING without its look-behind: a plain scan (it starts with the literal "end"), where ENDING tries its look-behind at every position.
const ENDING_HINT = /(?:ending|ends)(?:[ \t]{1,2}(?:in|with))?[ \t]{1,2}(?:[:#][ \t]{0,2})?(?:[Xx*•]{2,4}[ -]?)?(\d{4})(?![0-9])/i;
const FINANCIAL_CUE = /\b(?:card|visa|master[ \t]?card|amex|american[ \t]express|discover|debit|credit|account|acct|a\/c|checking|savings|iban|paid|payment)\b/i;
const NON_FINANCIAL_CUE = /\b(?:phone|mobile|cell|tel|number[ \t]ending|ssn|social[ \t]security)\b/i;

function maskCount(s: string): number {
  let n = 0;
  for (const ch of s) if (ch === 'X' || ch === 'x' || ch === '*' || ch === '•') n++;
  return n;
}

export function maskedCardRecognizer(): Recognizer {
  return {
    name: 'masked-card',
    labels: ['FINANCIAL'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasAsciiDigit(ctx)) return []; // every match holds an ASCII digit
      const text = ctx.text;
      const out: Candidate[] = [];
      // Most documents hold no mask characters at all: skip the scan for them.
      const maybeMasked = MASK_HINT.test(text);
      for (const m of maybeMasked ? text.matchAll(MASKED) : []) {
        const raw = m[0];
        const masks = maskCount(raw);
        const digits = raw.replace(/[^0-9]/g, '').length;
        // Needs both hidden and visible digits: "XXXX" alone or a plain number is something else.
        if (masks < 3 || digits < 2) continue;
        const total = masks + digits;
        const cued = cueBefore(text, m.index, FINANCIAL_CUE, 40);
        if (total >= 12 && total <= 19 && masks >= 4) {
          out.push({ start: m.index, end: m.index + raw.length, label: 'FINANCIAL', score: cued ? 0.95 : 0.85, source: 'masked-card' });
        } else if (cued && digits >= 4 && !cueBefore(text, m.index, NON_FINANCIAL_CUE, 25)) {
          out.push({ start: m.index, end: m.index + raw.length, label: 'FINANCIAL', score: 0.88, source: 'masked-card' });
        }
      }
      for (const m of ENDING_HINT.test(text) ? text.matchAll(ENDING) : []) {
        if (!cueBefore(text, m.index, FINANCIAL_CUE, 30) || cueBefore(text, m.index, NON_FINANCIAL_CUE, 20)) continue;
        const start = m.index + m[0].length - 4;
        out.push({ start, end: start + 4, label: 'FINANCIAL', score: 0.9, source: 'masked-card' });
      }
      return out;
    },
  };
}
