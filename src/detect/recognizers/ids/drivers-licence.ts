import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from './cue-recognizer.js';
import { acceptableCode, codeStats } from './value-shape.js';

/** Driver's licence numbers ("driver's license no.", "DL", "CDL", "OLN"), anchored by their label. */
export function driversLicenceRecognizer(): Recognizer {
  return cueRecognizer('drivers-licence', ['ID_NUMBER'], ['driving-licence'], (value) => {
    const s = codeStats(value);
    if (!acceptableCode(value, 'strong') || s.alnum < 5 || s.alnum > 24) return undefined;
    return { label: 'ID_NUMBER', score: 0.9 };
  });
}
