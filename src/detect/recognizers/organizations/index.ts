import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { organizationRecognizer } from './organizations.js';

/** Recognizers of the organizations group. */
export function organizationsRecognizers(options: RecognizerOptions): Recognizer[] {
  return [organizationRecognizer({ profile: options.profile })];
}
