import type { Candidate } from '../../../types.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { minScoreFor } from './tokens.js';
import { CueScanner } from './cue-scan.js';
import type { DetectionContext } from '../../context.js';

/**
 * Employee and student identifiers introduced by a label: "Employee ID:
 * E-0731266", "employee no. TK-58104", "Student ID (UID): 614083927",
 * "(EMPLOYEE 2271)", and officer badge numbers ("Ofc. Dana Whitlow #4187").
 * Only the identifier is marked; it must contain a digit.
 */
const LABELLED_ID = /\b(?:employee|staff|team member|student|pupil|badge|personnel|payroll|worker|associate|candidate|learner|school|personal|matriculation)[ \t]?(?:id|no\.?|number|num|#|nummer|code)(?:[ \t]?\([A-Za-z]{2,8}\))?(?:[ \t]on file)?[ \t]?[:#]?[ \t]{0,3}(?:is[ \t])?([A-Za-z0-9][A-Za-z0-9-]{2,20})/gi;
const BARE_EMPLOYEE = /\b(?:employee|badge)[ \t]#?[ \t]?(\d{3,10})\b/gi;
const PERSONAL_NUMBER = /\b(?:personalnummer|matrikelnummer|mitarbeiternummer|gtid|sevis id)[ \t]?:?[ \t]?([A-Za-z0-9][A-Za-z0-9-]{2,20})/gi;
const OFFICER_BADGE = /\b(?:Ofc|Officer|Ptl|Patrolman|Patrolwoman|Sgt|Sergeant|Det|Detective|Deputy|Trooper|Cpl|Constable|PC)\.?[ \t][A-Z][\p{L}.'-]{0,30}(?:[ \t][A-Z][\p{L}.'-]{0,30}){0,3}[ \t](?:#|[Bb]adge[ \t]#?)[ \t]?(\d{2,8})\b/gu;

/** The three case-insensitive labels in one scan of the text (cue-scan.ts). */
const LABELS = new CueScanner([LABELLED_ID, BARE_EMPLOYEE, PERSONAL_NUMBER], '\\b');
const DIGIT = /\d/;

function collect(matches: readonly RegExpExecArray[], score: number, out: Candidate[]): void {
  for (const m of matches) {
    const value = m[1];
    if (!DIGIT.test(value)) continue;
    const start = m.index + m[0].length - value.length;
    out.push({ start, end: start + value.length, label: 'EMPLOYMENT_EDUCATION', score });
  }
}

/** Officer badge numbers; the pattern needs a "#" or "badge" (a cheap test before the scan). */
function officerBadges(ctx: DetectionContext): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  if (!ctx.text.includes('#') && !ctx.lower.includes('badge')) return out;
  OFFICER_BADGE.lastIndex = 0;
  for (let m = OFFICER_BADGE.exec(ctx.text); m; m = OFFICER_BADGE.exec(ctx.text)) out.push(m);
  return out;
}

export function staffIdRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'staff-id',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect(ctx): Candidate[] {
      const out: Candidate[] = [];
      // Every identifier taken holds an ASCII digit (collect, OFFICER_BADGE): a text without one has none,
      // and its first document need not compile the label patterns.
      if (!DIGIT.test(ctx.text)) return out;
      const [labelled, bare, personal] = LABELS.scan(ctx.text);
      collect(labelled, 0.9, out);
      collect(bare, 0.8, out);
      collect(personal, 0.85, out);
      collect(officerBadges(ctx), 0.75, out);
      return out.filter((c) => c.score >= min);
    },
  };
}
