import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from './cue-recognizer.js';
import { acceptableCode, codeStats } from './value-shape.js';

/** Passport, residence permit and alien registration numbers, anchored by their label. */
export function passportRecognizer(): Recognizer {
  return cueRecognizer('passport', ['ID_NUMBER'], ['passport'], (value) => {
    const s = codeStats(value);
    if (!acceptableCode(value, 'strong') || s.alnum < 6 || s.alnum > 20) return undefined;
    return { label: 'ID_NUMBER', score: 0.92 };
  });
}
