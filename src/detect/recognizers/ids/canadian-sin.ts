import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { canadianSinValid } from '../../validators/national-ids.js';
import { digitsOf } from '../../validators/digits.js';
import { cueBefore } from './context-window.js';

/** Canadian Social Insurance Numbers ("638 147 009") near a "SIN" / "social insurance" cue, scored by Luhn. */
const SIN = /(?<![\p{L}\p{N}])\d{3}([ -]?)\d{3}\1\d{3}(?![\p{N}]|[ -]\d)/gu;
// SIN without its look-around: a plain scan, where SIN tries its look-behind at every position.
const SIN_HINT = /[0-9]{3}([ -]?)[0-9]{3}\1[0-9]{3}/;
// "SIN" in capitals only: "sin" is an English word.
const SIN_CUE = /(?:\bSIN\b|\bNAS\b|social[ \t]insurance|num[ée]ro[ \t]d'assurance[ \t]sociale)/;

export function canadianSinRecognizer(): Recognizer {
  return {
    name: 'ca-sin',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!SIN_HINT.test(ctx.text)) return []; // every match of SIN matches SIN_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(SIN)) {
        if (!cueBefore(ctx.text, m.index, SIN_CUE, 60)) continue;
        // A grouped nine-digit number right after a SIN cue is kept even when Luhn fails (a typo), at a lower score.
        const valid = canadianSinValid(digitsOf(m[0]));
        if (!valid && !m[1]) continue;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score: valid ? 0.95 : 0.7, source: 'ca-sin' });
      }
      return out;
    },
  };
}
