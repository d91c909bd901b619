import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { profileSettings } from '../../../profiles/index.js';
import { dateRecognizer } from './date.js';

/** Recognizers of the dates group: the DATE extension category (src/profiles says which profiles find it). */
export function datesRecognizers(options: RecognizerOptions): Recognizer[] {
  const settings = options.settings ?? profileSettings(options.profile);
  return [dateRecognizer({ bareYears: settings.bareYears })];
}
