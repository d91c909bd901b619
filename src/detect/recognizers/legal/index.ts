import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

export function legalRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
