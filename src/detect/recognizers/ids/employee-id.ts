import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from './cue-recognizer.js';
import { acceptableCode } from './value-shape.js';

/** Employee, staff, student and badge IDs: EMPLOYMENT_EDUCATION per GUIDELINES, not ID_NUMBER. */
export function employeeIdRecognizer(): Recognizer {
  return cueRecognizer('employee-id', ['EMPLOYMENT_EDUCATION'], ['employment-id'], (value) =>
    acceptableCode(value, 'strong') ? { label: 'EMPLOYMENT_EDUCATION', score: 0.9 } : undefined,
  );
}
