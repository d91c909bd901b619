import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the medical group. */
export function medicalRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
