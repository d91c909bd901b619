import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the contact group. */
export function contactRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
