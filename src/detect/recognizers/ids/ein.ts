import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { einValid } from '../../validators/us-tax-ids.js';
import { digitsOf } from '../../validators/digits.js';
import { cueBefore } from './context-window.js';

/** US Employer Identification Numbers ("46-7309152") after an EIN / tax ID cue, with a valid IRS prefix. */
const EIN = /(?<![\p{L}\p{N}\-\/.])\d{2}-?\d{7}(?![\p{N}]|[-\/.]\d)/gu;
// EIN without its look-around: a plain scan, where EIN tries its look-behind at every position.
const EIN_HINT = /[0-9]{2}-?[0-9]{7}/;
const EIN_CUE = /\b(?:EIN|FEIN|employer[ \t]identification|employer[ \t]id|federal[ \t]tax|tax[ \t]id|TIN)\b/i;

export function einRecognizer(): Recognizer {
  return {
    name: 'us-ein',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!EIN_HINT.test(ctx.text)) return []; // every match of EIN matches EIN_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(EIN)) {
        if (!einValid(digitsOf(m[0])) || !cueBefore(ctx.text, m.index, EIN_CUE, 40)) continue;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score: 0.95, source: 'us-ein' });
      }
      return out;
    },
  };
}
