import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { ibanLengthFor, ibanValid } from '../../validators/iban.js';
import { cueBefore } from '../ids/context-window.js';

/**
 * IBANs, compact or printed in groups ("DE38 5007 0010 0612 4938 70"). The
 * match is cut to the country's length, then checked with mod 97. A correct
 * length after an "IBAN" cue with a failing checksum is kept at a lower score.
 */
const IBAN = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){8,30}/gu;
const IBAN_CUE = /\b(?:IBAN|international[ \t]bank[ \t]account)\b/i;

/** Offset just after the `count`-th letter or digit from `start`, or -1. */
function endAfterAlnum(text: string, start: number, count: number): number {
  let seen = 0;
  for (let i = start; i < text.length; i++) {
    if (/[A-Z0-9]/.test(text[i])) {
      if (++seen === count) return i + 1;
    } else if (text[i] !== ' ') return -1;
  }
  return -1;
}

export function ibanRecognizer(): Recognizer {
  return {
    name: 'iban',
    labels: ['FINANCIAL'],
    detect(ctx: DetectionContext): Candidate[] {
      const text = ctx.text;
      const out: Candidate[] = [];
      IBAN.lastIndex = 0;
      for (let m = IBAN.exec(text); m; m = IBAN.exec(text)) {
        const length = ibanLengthFor(m[0].slice(0, 2));
        if (length === undefined) continue;
        const end = endAfterAlnum(text, m.index, length);
        // The IBAN must end at a boundary: not in the middle of a group.
        if (end < 0 || /[\p{L}\p{N}]/u.test(text[end] ?? '')) continue;
        const compact = text.slice(m.index, end).replace(/ /g, '');
        let score: number;
        if (ibanValid(compact)) score = 0.97;
        else if (cueBefore(text, m.index, IBAN_CUE, 30)) score = 0.75;
        else continue;
        out.push({ start: m.index, end, label: 'FINANCIAL', score, source: 'iban' });
        IBAN.lastIndex = end;
      }
      return out;
    },
  };
}
