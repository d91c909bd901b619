import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the demographic group. */
export function demographicRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
