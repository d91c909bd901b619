import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the employment group. */
export function employmentRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
