import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the address group. */
export function addressRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
