import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { achievementRecognizer } from './achievement.js';
import { traitRecognizer } from './trait.js';
import { eventRecognizer } from './event.js';
import { traitFeaturesRecognizer } from './trait-features.js';

/** Recognizers of the achievements group: accomplishments, distinctive traits and named events. */
export function achievementsRecognizers(options: RecognizerOptions): Recognizer[] {
  return [achievementRecognizer(options), traitRecognizer(options), eventRecognizer(options), traitFeaturesRecognizer(options)];
}
