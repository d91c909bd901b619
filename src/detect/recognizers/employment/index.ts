import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { jobTitleRecognizer } from './job-title.js';
import { employerRecognizer } from './employer.js';
import { schoolRecognizer } from './school.js';
import { degreeRecognizer } from './degree.js';
import { staffIdRecognizer } from './staff-id.js';
import { militaryRecognizer } from './military.js';
import { occupationLexiconRecognizer } from './occupation-lexicon.js';

/** Recognizers of the employment group: job titles, employers, schools, degrees, staff/student IDs. */
export function employmentRecognizers(options: RecognizerOptions): Recognizer[] {
  return [jobTitleRecognizer(options), employerRecognizer(options), schoolRecognizer(options), degreeRecognizer(options), staffIdRecognizer(options), militaryRecognizer(options), occupationLexiconRecognizer(options)];
}
