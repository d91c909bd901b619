import type { Profile } from '../types.js';
import type { Label } from '../taxonomy.js';
import type { Recognizer } from './recognizer.js';
import { contactRecognizers } from './recognizers/contact/index.js';
import { idsRecognizers } from './recognizers/ids/index.js';
import { financialRecognizers } from './recognizers/financial/index.js';
import { addressRecognizers } from './recognizers/address/index.js';
import { birthRecognizers } from './recognizers/birth/index.js';
import { demographicRecognizers } from './recognizers/demographic/index.js';
import { namesRecognizers } from './recognizers/names/index.js';
import { placesRecognizers } from './recognizers/places/index.js';
import { organizationsRecognizers } from './recognizers/organizations/index.js';
import { employmentRecognizers } from './recognizers/employment/index.js';
import { medicalRecognizers } from './recognizers/medical/index.js';
import { achievementsRecognizers } from './recognizers/achievements/index.js';
import { statisticalRecognizers } from './recognizers/statistical/index.js';

export interface RecognizerOptions {
  profile: Profile;
}

/**
 * The registry: every built-in recognizer, grouped by the kind of PII it finds.
 * Each group lives in its own folder under recognizers/.
 */
export function builtInRecognizers(options: RecognizerOptions, labels?: readonly Label[]): Recognizer[] {
  const all = [
    ...contactRecognizers(options),
    ...idsRecognizers(options),
    ...financialRecognizers(options),
    ...addressRecognizers(options),
    ...birthRecognizers(options),
    ...demographicRecognizers(options),
    ...namesRecognizers(options),
    ...placesRecognizers(options),
    ...organizationsRecognizers(options),
    ...employmentRecognizers(options),
    ...medicalRecognizers(options),
    ...achievementsRecognizers(options),
    ...statisticalRecognizers(options),
  ];
  if (!labels) return all;
  return all.filter((r) => r.labels.some((l) => labels.includes(l)));
}
