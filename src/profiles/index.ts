import type { DetectionLevel, Profile } from '../types.js';
import { EXTENSION_LABELS, type ExtensionLabel, type Label } from '../taxonomy.js';

/**
 * Detection profiles. Three are strictness levels (recall, balanced, precision);
 * three name a practice of anonymisation and pick a level and the extension
 * categories found beside the 14 of the specification:
 *
 * - spec: exactly the 14 categories (balanced strictness, no extension);
 * - safe-harbor: the 18 identifiers of HIPAA Safe Harbor, 45 CFR 164.514(b)(2)
 *   (balanced strictness, DATE with bare years: the generalize operator keeps
 *   the years Safe Harbor allows);
 * - court: court judgments (balanced strictness, DATE with bare years, QUANTITY,
 *   case and registry references).
 *
 * The default, balanced, finds the 14 categories of the specification: dates
 * other than dates of birth fall outside them (GUIDELINES), and flagging every
 * date would take the share of non-PII tokens redacted past the 5% the default
 * is held to. `recall`, `safe-harbor` and `court` add DATE.
 */
export interface ProfileSettings {
  readonly name: Profile;
  /** The strictness the recognizers run at. */
  readonly level: DetectionLevel;
  /** Extension categories found under this profile. */
  readonly extensions: ReadonlySet<ExtensionLabel>;
  /** A year on its own ("in 1998", "the 2004 decision") is a DATE. */
  readonly bareYears: boolean;
  /** Court-only references: registry and cell references, party captions. */
  readonly court: boolean;
  readonly description: string;
}

export const PROFILES: readonly Profile[] = ['recall', 'balanced', 'precision', 'spec', 'safe-harbor', 'court'];

export const DEFAULT_PROFILE: Profile = 'balanced';

const DATE_ONLY: ReadonlySet<ExtensionLabel> = new Set<ExtensionLabel>(['DATE']);
const NONE: ReadonlySet<ExtensionLabel> = new Set<ExtensionLabel>();
const ALL: ReadonlySet<ExtensionLabel> = new Set<ExtensionLabel>(EXTENSION_LABELS);

const SETTINGS: Record<Profile, ProfileSettings> = {
  recall: { name: 'recall', level: 'recall', extensions: DATE_ONLY, bareYears: false, court: false, description: 'everything plausible, the 14 categories and DATE' },
  balanced: { name: 'balanced', level: 'balanced', extensions: NONE, bareYears: false, court: false, description: 'the default: the 14 categories' },
  precision: { name: 'precision', level: 'precision', extensions: NONE, bareYears: false, court: false, description: 'fewer false positives, the 14 categories' },
  spec: { name: 'spec', level: 'balanced', extensions: NONE, bareYears: false, court: false, description: 'exactly the 14 categories of the specification' },
  'safe-harbor': { name: 'safe-harbor', level: 'balanced', extensions: DATE_ONLY, bareYears: true, court: false, description: 'the 18 identifiers of HIPAA Safe Harbor' },
  court: { name: 'court', level: 'balanced', extensions: ALL, bareYears: true, court: true, description: 'court judgments: case numbers, dates, years, sums and sentence lengths too' },
};

export function isProfile(value: unknown): value is Profile {
  return typeof value === 'string' && (PROFILES as readonly string[]).includes(value);
}

export function profileSettings(profile: Profile = DEFAULT_PROFILE): ProfileSettings {
  const settings = SETTINGS[profile];
  if (!settings) throw new Error(`unknown profile "${String(profile)}" (${PROFILES.join(', ')})`);
  return settings;
}

/** The strictness a profile runs the recognizers at. */
export function detectionLevel(profile: Profile = DEFAULT_PROFILE): DetectionLevel {
  return profileSettings(profile).level;
}

/** Whether a label is found under a profile: every one of the 14, and the profile's extensions. */
export function profileFinds(profile: Profile, label: Label): boolean {
  return !(EXTENSION_LABELS as readonly string[]).includes(label) || profileSettings(profile).extensions.has(label as ExtensionLabel);
}
