import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { hasAsciiDigit } from '../../validators/digits.js';
import { nextCueNearDigit } from './near-digit.js';

/**
 * Application numbers of the European Court of Human Rights and similar
 * registers: "application no. 12345/98", "(nos. 23456/01 and 34567/02)",
 * "requête n° 12345/98", "Beschwerde Nr. 12345/98". A number/year code after a
 * "no." marker or the word "application"; every code of a list is one span.
 * ID_NUMBER: a case reference tied to the applicant (GUIDELINES).
 */
/** Its leading lookbehind (?<![\p{L}\p{N}]) is tested in code (nextAccepted): V8 would evaluate it at every position. */
const CUE = /(?:(?:applications?|requêtes?|beschwerden?|appl\.)[ \t\u00a0]{1,2}(?:(?:nos?\.?|n[°º]s?\.?|nr\.?|numbers?)[ \t\u00a0]{0,2})?|(?:nos?\.|n[°º]s?\.?|nr\.)[ \t\u00a0]{0,2})(?=\d)/giu;
const CODE = /\d{1,6}\/\d{2}(?:\d{2})?(?![\p{L}\p{N}]|\/\d)/yu;
const LIST = /[ \t\u00a0]{0,2}(?:,|;|and|et|und|&)[ \t\u00a0]{0,2}(?:(?:nos?\.?|n[°º]\.?)[ \t\u00a0]{0,2})?(?=\d)/yi;

/**
 * Every cue ends right before a digit ((?=\d)), at most 23 units past its start ("applications
 * numbers "): a scan started this far before the next digit finds the same cues (near-digit.ts),
 * and never inside an earlier cue, whose own digit would be the next one.
 */
const DIGIT_REACH = 32;


/** `reach`: for tests, how far before a digit the scan starts (Infinity: the plain scan of the whole text). */
export function applicationNumberRecognizer(reach = DIGIT_REACH): Recognizer {
  return {
    name: 'application-number',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasAsciiDigit(ctx)) return []; // every match holds an ASCII digit
      const text = ctx.text;
      const out: Candidate[] = [];
      for (let m = nextCueNearDigit(CUE, text, 0, reach); m; m = nextCueNearDigit(CUE, text, Math.max(CUE.lastIndex, m.index + m[0].length), reach)) {
        let pos = m.index + m[0].length;
        // A list "nos. 1/98, 2/98 and 3/98": each code in turn; the loop moves forward on every step.
        for (;;) {
          CODE.lastIndex = pos;
          const c = CODE.exec(text);
          if (!c) break;
          out.push({ start: pos, end: pos + c[0].length, label: 'ID_NUMBER', score: 0.9 });
          pos += c[0].length;
          LIST.lastIndex = pos;
          const l = LIST.exec(text);
          if (!l) break;
          pos += l[0].length;
        }
        CUE.lastIndex = Math.max(CUE.lastIndex, pos);
      }
      return out;
    },
  };
}
