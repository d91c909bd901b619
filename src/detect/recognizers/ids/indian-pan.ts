import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { cueBefore } from './context-window.js';

/** Indian Permanent Account Numbers ("KDRPM7305L"): five letters (4th = holder type), four digits, a letter. */
const PAN = /(?<![\p{L}\p{N}])[A-Z]{3}[ABCFGHJKLPT][A-Z]\d{4}[A-Z](?![\p{L}\p{N}])/gu;
// A plain test of what every match of PAN holds: most documents have none, and PAN's look-behind is tried at every position.
const PAN_HINT = /[A-Z][0-9]{4}[A-Z]/;
const PAN_CUE = /(?:\bPAN\b|permanent[ \t]account[ \t]number|income[ \t]tax)/i;

export function indianPanRecognizer(): Recognizer {
  return {
    name: 'in-pan',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!PAN_HINT.test(ctx.text)) return []; // every match holds [A-Z]\d{4}[A-Z]
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(PAN)) {
        const score = cueBefore(ctx.text, m.index, PAN_CUE, 30) ? 0.97 : 0.85;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score, source: 'in-pan' });
      }
      return out;
    },
  };
}
