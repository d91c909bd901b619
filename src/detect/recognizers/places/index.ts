import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { placeRecognizer } from './places.js';

/** Recognizers of the places group. */
export function placesRecognizers(options: RecognizerOptions): Recognizer[] {
  return [placeRecognizer({ profile: options.profile })];
}
