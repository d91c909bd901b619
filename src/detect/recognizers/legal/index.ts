import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { profileSettings } from '../../../profiles/index.js';
import { applicationNumberRecognizer } from './application-number.js';
import { caseNumberRecognizer } from './case-number.js';
import { registryReferenceRecognizer } from './registry-reference.js';
import { amountRecognizer } from './amount.js';
import { durationRecognizer } from './duration.js';

/**
 * Recognizers of the legal group. Application and case numbers are ID_NUMBER
 * (a case reference tied to the person) and run under every profile; register
 * and cell references, sums and durations are for court judgments only.
 */
export function legalRecognizers(options: RecognizerOptions): Recognizer[] {
  const settings = options.settings ?? profileSettings(options.profile);
  const all = [applicationNumberRecognizer(), caseNumberRecognizer()];
  if (settings.court) all.push(registryReferenceRecognizer(), amountRecognizer(), durationRecognizer());
  return all;
}
