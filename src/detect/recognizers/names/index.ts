import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { personNameRecognizer } from './person-names.js';

/** Recognizers of the names group. */
export function namesRecognizers(options: RecognizerOptions): Recognizer[] {
  return [personNameRecognizer({ profile: options.profile })];
}
