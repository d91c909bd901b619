import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { vinCheckDigitRequired, vinCheckDigitValid, vinShapeValid } from '../../validators/vin.js';
import { cueBefore } from './context-window.js';
import { hasAsciiDigit } from '../../validators/digits.js';

/**
 * Vehicle identification numbers: 17 characters without I, O, Q. A valid check
 * digit is enough on its own; otherwise a "VIN" cue is needed, and for
 * North-American / Chinese VINs (where the check digit is mandatory) it lowers the score.
 */
const VIN = /(?<![A-Za-z0-9\/=_.])[A-HJ-NPR-Z0-9]{17}(?![A-Za-z0-9])/g;
const VIN_CUE = /\b(?:VIN|V\.I\.N\.|vehicle[ \t]identification|chassis|frame[ \t](?:no|number))/i;

export function vinRecognizer(): Recognizer {
  return {
    name: 'vin',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasAsciiDigit(ctx)) return []; // every match holds an ASCII digit
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(VIN)) {
        const vin = m[0];
        if (!vinShapeValid(vin)) continue;
        let score: number;
        if (vinCheckDigitValid(vin)) score = 0.95;
        else if (!cueBefore(ctx.text, m.index, VIN_CUE, 30)) continue;
        else score = vinCheckDigitRequired(vin) ? 0.75 : 0.9;
        out.push({ start: m.index, end: m.index + vin.length, label: 'ID_NUMBER', score, source: 'vin' });
      }
      return out;
    },
  };
}
