import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';

export function datesRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [];
}
