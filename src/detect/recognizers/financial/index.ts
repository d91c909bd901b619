import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

/** Recognizers of the financial group. */
export function financialRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
