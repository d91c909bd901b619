import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from '../ids/cue-recognizer.js';

/** UK sort codes ("20-73-95"), Australian BSBs and German BLZs after their label. */
const SORT_CODE = /^\d{2}([- ]?)\d{2}\1\d{2}$/;
const BSB = /^\d{3}[- ]?\d{3}$/;
const BLZ = /^\d{3} ?\d{3} ?\d{2}$/;

export function sortCodeRecognizer(): Recognizer {
  return cueRecognizer('sort-code', ['FINANCIAL'], ['sort-code'], (value) =>
    SORT_CODE.test(value) || BSB.test(value) || BLZ.test(value) ? { label: 'FINANCIAL', score: 0.95 } : undefined,
  );
}
