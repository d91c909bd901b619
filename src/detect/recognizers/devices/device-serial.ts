import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { hasAsciiDigit } from '../../validators/digits.js';
import { nextCueNearDigit } from '../legal/near-digit.js';

/**
 * Device identifiers and serial numbers (HIPAA Safe Harbor identifier M), after
 * a cue: "serial number PM4471-22X9", "S/N: 88213-A", "IMEI 356938035643809",
 * "UDI (01)00844588003288", "MAC address 00:1A:2B:3C:4D:5E", "device ID
 * DX-2207". ID_NUMBER: an identification number tied to the person's device.
 */
/** Its leading lookbehind (?<![\p{L}\p{N}]) is tested in code (nextAccepted): V8 would evaluate it at every position. */
const CUE =
  /(?:serial(?:[ \t\u00a0]{1,2}(?:number|no\.?|#))?|s\/n|sn(?=[ \t\u00a0]?[:#])|imei|meid|udi|mac[ \t\u00a0]{1,2}address|device[ \t\u00a0]{1,2}(?:id|identifier|number|serial)|implant[ \t\u00a0]{1,2}(?:id|number|serial)|lot[ \t\u00a0]{1,2}(?:number|no\.?))[ \t\u00a0]{0,2}[:#]?[ \t\u00a0]{0,2}(?=[\p{L}\p{N}(])/giu;
/** A code with a digit: letters, digits and inner separators ("PM4471-22X9", "00:1A:2B:3C:4D:5E", "(01)00844588003288"). */
const CODE = /(?=[\p{L}\p{N}()/.:-]{0,24}\d)(?:\(\d{2}\))?[\p{L}\p{N}]{1,20}(?:[-/.:][\p{L}\p{N}]{1,20}){0,7}(?![\p{L}\p{N}]|[-/.:][\p{L}\p{N}])/yu;

/**
 * How far past a cue's start the digit of its code may stand: the cue with its marker (at most
 * 23 units, "serial  number : " is 19), then a digit within 25 code points of the code (48 units
 * if all are astral letters): 71; and 8 more for a cue inside a cue ("device serial"), so that
 * a scan started inside "device" finds nothing the plain scan would not.
 */
const DIGIT_REACH = 96;


/** `reach`: for tests, how far before a digit the scan starts (Infinity: the plain scan of the whole text). */
export function deviceSerialRecognizer(reach = DIGIT_REACH): Recognizer {
  return {
    name: 'device-serial',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!hasAsciiDigit(ctx)) return []; // every match holds an ASCII digit
      const text = ctx.text;
      const out: Candidate[] = [];
      for (let m = nextCueNearDigit(CUE, text, 0, reach); m; m = nextCueNearDigit(CUE, text, m.index + m[0].length, reach)) {
        const pos = m.index + m[0].length;
        CODE.lastIndex = pos;
        const c = CODE.exec(text);
        // At least four characters: "serial 2" is a count, not an identifier.
        if (!c || c[0].replace(/[^\p{L}\p{N}]/gu, '').length < 4) continue;
        out.push({ start: pos, end: pos + c[0].length, label: 'ID_NUMBER', score: 0.85 });
      }
      return out;
    },
  };
}
