import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';

/**
 * Register and cell references of court judgments (court profile):
 * land-register and cadastral entries ("plot no. 52/3", "cadastral number
 * 77:01:0004012:1033", "title number AB123456", "folio 123") are ID_NUMBER;
 * the cell, ward or room a person was held or treated in ("cell no. 12",
 * "ward 4B", "room 214") is a LOCATION.
 */
const CUE =
  /(?<![\p{L}\p{N}])(?:(plot|parcel|cadastral(?:[ \t\u00a0]{1,2}(?:number|no\.?|reference|parcel))?|cadastre|land[ \t\u00a0]{1,2}regist(?:er|ry)(?:[ \t\u00a0]{1,2}(?:entry|folio))?|title(?=[ \t\u00a0]{1,2}(?:number|no\.?))|folio|registration|register(?:[ \t\u00a0]{1,2}entry)?|entry)|(cell|ward|room|block|wing|barrack|dormitory))[ \t\u00a0]{0,2}(?:(nos?\.?|n[°º]\.?|nr\.?|number|#|:)[ \t\u00a0]{0,2})?(?=[\p{L}\p{N}])/giu;
const CODE = /(?=[\p{L}\p{N}]{0,10}\d)[\p{L}\p{N}]{1,12}(?:[-/.:][\p{L}\p{N}]{1,12}){0,5}(?![\p{L}\p{N}]|[-/.:][\p{L}\p{N}])/yu;
const YEAR = /^(?:19|20)\d\d$/;

export function registryReferenceRecognizer(): Recognizer {
  return {
    name: 'registry-reference',
    labels: ['ID_NUMBER', 'LOCATION'],
    detect(ctx: DetectionContext): Candidate[] {
      const text = ctx.text;
      const out: Candidate[] = [];
      CUE.lastIndex = 0;
      for (let m = CUE.exec(text); m; m = CUE.exec(text)) {
        const pos = m.index + m[0].length;
        CODE.lastIndex = pos;
        const c = CODE.exec(text);
        if (!c) continue;
        const marked = m[3] !== undefined;
        // "in 2004", "entry 2019" without a marker: a year, not a reference.
        if (!marked && YEAR.test(c[0])) continue;
        // Register words without a marker need a code with more than a short number ("entry 3" is prose).
        if (m[1] !== undefined && !marked && /^\d{1,2}$/.test(c[0])) continue;
        const label = m[2] !== undefined ? 'LOCATION' : 'ID_NUMBER';
        const start = label === 'LOCATION' ? m.index : pos;
        out.push({ start, end: pos + c[0].length, label, score: marked ? 0.8 : 0.7 });
      }
      return out;
    },
  };
}
