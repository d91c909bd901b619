import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the names group. */
export function namesRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
