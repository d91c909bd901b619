import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { ibanLengthFor, ibanValid } from '../../validators/iban.js';
import { cueBefore } from '../ids/context-window.js';
import { nextAccepted, notLetterOrDigitBefore } from '../address/chars.js';

/**
 * IBANs, compact or printed in groups ("DE38 5007 0010 0612 4938 70"). The
 * match is cut to the country's length, then checked with mod 97. A correct
 * length after an "IBAN" cue with a failing checksum is kept at a lower score.
 * Matched on the normalised view (full-width, zero-width and look-alike
 * characters are folded there); an IBAN in lower or mixed case
 * ("de89 3704 ...") or with dots, hyphens or underscores between its groups
 * is taken only when its checksum holds.
 */
/** Its leading look-behind (?<![\p{L}\p{N}]) is tested in code (nextAccepted): V8 would evaluate it at every position. */
const IBAN = /[A-Za-z]{2}\d{2}(?:[ .\-_]?[A-Za-z0-9]){8,30}/gu;
/** What every match begins with, as a plain scan: most documents hold no such run and skip the pattern. */
const IBAN_HINT = /[A-Za-z]{2}[0-9]{2}/;
const IBAN_CUE = /\b(?:IBAN|international[ \t]bank[ \t]account)\b/i;

function isAlnum(ch: string): boolean {
  return /[A-Za-z0-9]/.test(ch);
}

/** Offset just after the `count`-th letter or digit from `start`, or -1. */
function endAfterAlnum(text: string, start: number, count: number): number {
  let seen = 0;
  for (let i = start; i < text.length && i < start + 2 * count; i++) {
    if (isAlnum(text[i])) {
      if (++seen === count) return i + 1;
    } else if (!/[ .\-_]/.test(text[i]) || !isAlnum(text[i + 1] ?? '')) return -1;
  }
  return -1;
}

export function ibanRecognizer(): Recognizer {
  return {
    name: 'iban',
    labels: ['FINANCIAL'],
    detect(ctx: DetectionContext): Candidate[] {
      const view = ctx.normalized.text;
      const out: Candidate[] = [];
      IBAN.lastIndex = 0;
      for (let m = IBAN_HINT.test(view) ? nextAccepted(IBAN, view, notLetterOrDigitBefore) : null; m; m = nextAccepted(IBAN, view, notLetterOrDigitBefore)) {
        const country = m[0].slice(0, 2);
        const length = ibanLengthFor(country.toUpperCase());
        if (length === undefined) continue;
        const end = endAfterAlnum(view, m.index, length);
        // The IBAN must end at a boundary: not in the middle of a group.
        if (end < 0 || /[\p{L}\p{N}]/u.test(view[end] ?? '')) continue;
        const raw = view.slice(m.index, end);
        const compact = raw.replace(/[^A-Za-z0-9]/g, '');
        const plain = /^[A-Z0-9 ]+$/.test(raw);
        const [start, stop] = ctx.fromNormalized(m.index, end);
        let score: number;
        if (ibanValid(compact.toUpperCase())) score = 0.97;
        else if (plain && cueBefore(ctx.text, start, IBAN_CUE, 30)) score = 0.75;
        else continue;
        out.push({ start, end: stop, label: 'FINANCIAL', score, source: 'iban' });
        IBAN.lastIndex = end;
      }
      return out;
    },
  };
}
