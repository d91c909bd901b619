import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { medicalTermRecognizer } from './medical-terms.js';
import { providerRecognizer } from './provider.js';
import { lexicalMedicalRecognizer } from './lexical-medical.js';

/** Recognizers of the medical group: conditions, medications, procedures, provider names. */
export function medicalRecognizers(options: RecognizerOptions): Recognizer[] {
  return [medicalTermRecognizer(options), providerRecognizer(options), lexicalMedicalRecognizer(options)];
}
