import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { ukNinoValid } from '../../validators/national-ids.js';
import { alnumUpper } from '../../validators/digits.js';
import { cueBefore } from './context-window.js';

/** UK National Insurance numbers ("QQ 12 34 56 C"): allocated prefix, six digits, suffix A-D. */
const NINO = /(?<![\p{L}\p{N}])[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![\p{L}\p{N}])/gu;
// NINO without its look-around: a plain scan, where NINO tries its look-behind at every position.
const NINO_HINT = /[A-Z]{2} ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D]/;
const NINO_CUE = /\b(?:national[ \t]insurance|NI[ \t]?(?:no|number)|NINO|NIN)\b/i;

export function ukNinoRecognizer(): Recognizer {
  return {
    name: 'uk-nino',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!NINO_HINT.test(ctx.text)) return []; // every match of NINO matches NINO_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(NINO)) {
        if (!ukNinoValid(alnumUpper(m[0]))) continue;
        const score = cueBefore(ctx.text, m.index, NINO_CUE, 40) ? 0.97 : 0.85;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score, source: 'uk-nino' });
      }
      return out;
    },
  };
}
