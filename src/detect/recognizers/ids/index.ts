import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the ids group. */
export function idsRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
