import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the places group. */
export function placesRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
