import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the birth group. */
export function birthRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
