import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the organizations group. */
export function organizationsRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
