import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { joinFound, personNameRecognizer } from './person-names.js';
import { findSpelledNames } from './spelled-names.js';
import { findLowerCaseCueNames } from './lower-case-cues.js';
import { findLeetNames } from './leet-names.js';

/** Recognizers of the names group. */
export function namesRecognizers(options: RecognizerOptions): Recognizer[] {
  return [
    personNameRecognizer({ profile: options.profile }),
    // Names hidden from the capitalised-word finder: spelled out letter by letter, in leetspeak, or in lower case after a name cue.
    {
      name: 'person-name-evasion',
      labels: ['PERSON_NAME'],
      detect: (ctx) => joinFound(findSpelledNames(ctx, options.profile), findLeetNames(ctx, options.profile), findLowerCaseCueNames(ctx, options.profile)),
    },
  ];
}
