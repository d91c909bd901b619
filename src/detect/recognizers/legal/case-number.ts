import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { hasAsciiDigit } from '../../validators/digits.js';
import { nextCueNearDigit } from './near-digit.js';

/**
 * Case, docket and file numbers: "Case No. 1:19-cv-01234", "Docket No. 19-1234",
 * "file no. 2011/123", "Az. 3 StR 123/19", "RG n° 19/01234", "criminal case
 * no. 2-345/2011", "Case C-123/19". ID_NUMBER: a case reference tied to the person.
 * Strong cues (case, docket, file, dossier, Az.) take a code with a digit; weak
 * cues (judgment, decision, appeal, proceedings, reference) need a "no." marker.
 */
/** Its leading lookbehind (?<![\p{L}\p{N}]) is tested in code (nextAccepted): V8 would evaluate it at every position. */
const CUE =
  /(?:(case|docket|file|claim|matter|cause|index|dossier|affaire|rôle|rg|az\.|aktenzeichen|geschäftszeichen|expediente|procedimiento|processo|procès-verbal|record)|(judgment|judgement|decision|ruling|order|appeal|complaint|petition|proceedings|procedure|reference|ref\.|arrêt|urteil|beschluss|sentencia|sentenza|acórdão|verdict|warrant|indictment|report))[ \t\u00a0]{0,2}(?:(nos?\.?|n[°º]s?\.?|nr\.?|numbers?|#|:)[ \t\u00a0]{0,2})?(?=[\p{L}\p{N}])/giu;
/** A code: letters, digits and inner separators, at least one digit. */
const CODE = /(?=[\p{L}\p{N}]{0,12}\d|[\p{L}\p{N}]{1,12}[-/.:]\d)[\p{L}\p{N}]{1,12}(?:[-/.:][\p{L}\p{N}]{1,12}){0,5}(?![\p{L}\p{N}]|[-/.:][\p{L}\p{N}])/yu;
/** German file references: "3 StR 123/19", "1 BvR 2019/12". */
const AKTENZEICHEN = /\d{1,3}[ \t\u00a0][A-Z][A-Za-z]{0,5}[ \t\u00a0]\d{1,5}\/\d{2,4}(?![\p{L}\p{N}])/yu;
const PLAIN_NUMBER = /^\d{1,4}$/;
const YEAR = /^(?:19|20)\d\d$/;

/**
 * How far past a cue's start the digit of its code may stand: the longest cue with its marker
 * ("geschäftszeichen numbers ", 27 units), then a digit within 13 code points of the code (25
 * units if all are astral letters): 52, with room to spare. No cue starts inside another's match.
 */
const DIGIT_REACH = 64;


/** `reach`: for tests, how far before a digit the scan starts (Infinity: the plain scan of the whole text). */
export function caseNumberRecognizer(reach = DIGIT_REACH): Recognizer {
  return {
    name: 'case-number',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasAsciiDigit(ctx)) return []; // every match holds an ASCII digit
      const text = ctx.text;
      const out: Candidate[] = [];
      for (let m = nextCueNearDigit(CUE, text, 0, reach); m; m = nextCueNearDigit(CUE, text, m.index + m[0].length, reach)) {
        const pos = m.index + m[0].length;
        const strong = m[1] !== undefined;
        const marked = m[3] !== undefined;
        if (!strong && !marked) continue;
        // Lower-case "case" or "file" as ordinary nouns ("in case 3 people") need a marker.
        AKTENZEICHEN.lastIndex = pos;
        const az = AKTENZEICHEN.exec(text);
        if (az) {
          out.push({ start: pos, end: pos + az[0].length, label: 'ID_NUMBER', score: 0.85 });
          continue;
        }
        CODE.lastIndex = pos;
        const c = CODE.exec(text);
        if (!c) continue;
        const value = c[0];
        // "case 5", "file 2011": a bare short number or a year is a code only after a marker.
        if (!marked && (PLAIN_NUMBER.test(value) || YEAR.test(value))) continue;
        if (!marked && !/\d/.test(value.slice(0, 3)) && !/[-/.:]/.test(value)) continue;
        out.push({ start: pos, end: pos + value.length, label: 'ID_NUMBER', score: marked ? 0.85 : 0.75 });
      }
      return out;
    },
  };
}
