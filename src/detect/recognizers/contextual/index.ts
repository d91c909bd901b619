import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the contextual group. */
export function contextualRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
