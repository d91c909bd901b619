import type { Candidate, DetectionLevel, Profile } from '../types.js';
import type { Label } from '../taxonomy.js';
import { profileFinds, profileSettings, type ProfileSettings } from '../profiles/index.js';
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
import { datesRecognizers } from './recognizers/dates/index.js';
import { legalRecognizers } from './recognizers/legal/index.js';
import { devicesRecognizers } from './recognizers/devices/index.js';
import { evasionRecognizers } from './recognizers/evasion/index.js';
import { evasionPass } from './evasion-pass.js';

export interface RecognizerOptions {
  /** The strictness of the profile in use (src/profiles). */
  profile: DetectionLevel;
  /** The whole profile: its extension categories and practice-specific switches (default: that of `profile`). */
  settings?: ProfileSettings;
  /** The statistical tagger's model file (default: the bundled one). */
  taggerModel?: string;
}

/**
 * The registry: every built-in recognizer, grouped by the kind of PII it finds.
 * Each group lives in its own folder under recognizers/.
 */
export function builtInRecognizers(selection: { profile: Profile; taggerModel?: string }, labels?: readonly Label[]): Recognizer[] {
  const settings = profileSettings(selection.profile);
  const options: RecognizerOptions = { profile: settings.level, settings, taggerModel: selection.taggerModel };
  const every = [
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
    ...datesRecognizers(options),
    ...legalRecognizers(options),
    ...devicesRecognizers(options),
    ...evasionRecognizers(options),
  ];
  // Extension categories (DATE, QUANTITY) are found only under the profiles that have them.
  const all = every.filter((r) => r.labels.some((l) => profileFinds(settings.name, l))).map((r) => onlyFound(r, settings));
  const chosen = labels ? all.filter((r) => r.labels.some((l) => labels.includes(l))) : all;
  // The same recognizers again on the normalised view, for texts that hide PII with invisible or look-alike characters.
  return [...chosen, evasionPass(chosen)];
}

/** A recognizer that also emits extension labels the profile leaves out, with those candidates dropped. */
function onlyFound(recognizer: Recognizer, settings: ProfileSettings): Recognizer {
  if (recognizer.labels.every((l) => profileFinds(settings.name, l))) return recognizer;
  const keep = (found: Candidate[]) => found.filter((c) => profileFinds(settings.name, c.label));
  return {
    name: recognizer.name,
    labels: recognizer.labels.filter((l) => profileFinds(settings.name, l)),
    detect(ctx) {
      const found = recognizer.detect(ctx);
      return found instanceof Promise ? found.then(keep) : keep(found);
    },
  };
}
