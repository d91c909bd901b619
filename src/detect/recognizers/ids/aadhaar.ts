import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { aadhaarValid } from '../../validators/national-ids.js';
import { digitsOf } from '../../validators/digits.js';
import { cueBefore } from './context-window.js';

/**
 * Indian Aadhaar numbers: 12 digits, first 2-9, Verhoeff check digit. Printed
 * 4-4-4 they are accepted on the checksum; run together they need a cue.
 */
const AADHAAR = /(?<![\p{L}\p{N}]|\d[ -])[2-9]\d{3}([ -]?)\d{4}\1\d{4}(?![\p{N}]|[ -]\d)/gu;
// AADHAAR without its look-around: a plain scan, where AADHAAR tries its look-behind at every position.
const AADHAAR_HINT = /[2-9][0-9]{3}([ -]?)[0-9]{4}\1[0-9]{4}/;
const AADHAAR_CUE = /(?:aadh?aa?r|\bUIDAI?\b|\bUID\b|आधार)/i;

export function aadhaarRecognizer(): Recognizer {
  return {
    name: 'in-aadhaar',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!AADHAAR_HINT.test(ctx.text)) return []; // every match of AADHAAR matches AADHAAR_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(AADHAAR)) {
        if (!aadhaarValid(digitsOf(m[0]))) continue;
        const cued = cueBefore(ctx.text, m.index, AADHAAR_CUE, 40);
        if (!cued && !m[1]) continue;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score: cued ? 0.97 : 0.7, source: 'in-aadhaar' });
      }
      return out;
    },
  };
}
