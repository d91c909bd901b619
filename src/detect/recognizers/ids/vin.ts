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

/** `[A-HJ-NPR-Z0-9]`, the characters of VIN. */
function isVinChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90 && c !== 73 && c !== 79 && c !== 81);
}

/**
 * Every match of VIN is a run of 17 VIN characters. Any 17 consecutive
 * positions hold one p with p % 17 === 16, so only those positions are probed
 * and the run around a VIN character there is measured (at most 33 characters
 * per probe: linear). Most documents skip the pattern, whose look-behind was
 * tried at every position.
 */
function hasVinRun(text: string): boolean {
  const n = text.length;
  for (let p = 16; p < n; p += 17) {
    if (!isVinChar(text.charCodeAt(p))) continue;
    let a = p;
    while (a > 0 && p - a < 16 && isVinChar(text.charCodeAt(a - 1))) a--;
    let b = p + 1;
    while (b < n && b - a < 17 && isVinChar(text.charCodeAt(b))) b++;
    if (b - a >= 17) return true;
  }
  return false;
}

export function vinRecognizer(): Recognizer {
  return {
    name: 'vin',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasAsciiDigit(ctx)) return []; // every match holds an ASCII digit
      if (!hasVinRun(ctx.text)) return [];
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
