import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { scanDates, type DateMatch } from './scanner.js';

/**
 * DATE (extension category): every written date that is not a date of birth
 * (the birth recognizer labels those BIRTH, and the resolver lets a category of
 * the specification win over an extension). Bare years only where the profile
 * asks for them (court).
 */
const SCORES: Record<DateMatch['kind'], number> = { full: 0.85, 'day-month': 0.7, 'month-year': 0.75, year: 0.6 };

export function dateRecognizer(options: { bareYears: boolean }): Recognizer {
  return {
    name: 'date',
    labels: ['DATE'],
    detect(ctx: DetectionContext): Candidate[] {
      return scanDates(ctx.text, { bareYears: options.bareYears }).map((d) => ({ start: d.start, end: d.end, label: 'DATE', score: SCORES[d.kind] }));
    },
  };
}
