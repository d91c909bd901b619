import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from './cue-recognizer.js';
import { codeStats, isLookAlike } from './value-shape.js';

/** Vehicle registration / licence plates ("plate", "registration", "reg.", "LIC"), anchored by their label. */
export function licencePlateRecognizer(): Recognizer {
  return cueRecognizer('licence-plate', ['ID_NUMBER'], ['licence-plate'], (value) => {
    const s = codeStats(value);
    if (s.digits === 0 || s.alnum < 4 || s.alnum > 10 || isLookAlike(value)) return undefined;
    // A plate of digits only is rare and easily a count ("registration 12345 students").
    if (s.letters === 0 && s.digits < 6) return undefined;
    return { label: 'ID_NUMBER', score: 0.88 };
  });
}
