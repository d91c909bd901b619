import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the achievements group. */
export function achievementsRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
