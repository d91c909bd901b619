import type { Candidate } from '../../../types.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import type { DetectionContext } from '../../context.js';
import { findJobTitles } from './job-title.js';
import { nameAfter } from './org-name.js';
import { minScoreFor } from './tokens.js';

/**
 * Employer names: the capitalised name after an employment cue ("works at",
 * "employed by", "Employer:", "joined") or right after a job title
 * ("line cook at Al-Sham Grill", "Staff Software Engineer, Stripe").
 */
// Cues matched on the lower-cased text; the name starts where the match ends.
const EMPLOYER_CUES: RegExp[] = [
  /\b(?:employer|employers reported|company|arbeitgeber|firm|store|organi[sz]ation|business name|hired by|workplace)\s*:[ \t]*/g,
  /\b(?:employed|hired|recruited|contracted|sponsored|retained|engaged)\s+(?:by|with|to|at)\s+/g,
  /\b(?:work|works|worked|working|volunteer|volunteers|volunteered|volunteering)\s+(?:at|for)\s+/g,
  /\b(?:job|jobs|shift|shifts|position|positions|role|career|internship|employment|placement|tenure|stint|years|months|decades|clerkship|residency)\s+(?:at|for|with)\s+/g,
  /\b(?:joined|rejoined|co-founded|cofounded|founded|runs|owns|leads)\s+/g,
  /\b(?:my|his|her|their|our) (?:employer|company|workplace),?\s+/g,
  /\bon behalf of\s+/g,
  /\bex-(?=[A-Z])/g,
];

const TITLE_TO_EMPLOYER = /^(?:\s+(?:at|for|with|@)\s+(?:the\s+)?|,[ \t]+|[ \t]+[\u2014\u2013|·@-][ \t]+|[ \t]*\([ \t]*)/;

export function employerCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<number>();
  const push = (offset: number, score: number) => {
    const run = nameAfter(ctx, offset);
    if (!run || seen.has(run.start)) return;
    // A lone short word after a weak cue ("joined Dec") is too risky.
    if (run.first === run.last && run.end - run.start < 3) return;
    seen.add(run.start);
    if (score >= min) out.push({ start: run.start, end: run.end, label: 'EMPLOYMENT_EDUCATION', score });
  };
  const lower = ctx.lower;
  for (const cue of EMPLOYER_CUES) {
    cue.lastIndex = 0;
    const isEx = cue.source.startsWith('\\bex-');
    const haystack = isEx ? ctx.text : lower;
    for (let m = cue.exec(haystack); m; m = cue.exec(haystack)) {
      const weak = /^(?:joined|rejoined|runs|owns|leads|founded)/.test(m[0]);
      push(m.index + m[0].length, weak ? 0.55 : 0.7);
    }
  }
  for (const title of findJobTitles(ctx)) {
    if (title.score < 0.5) continue;
    const tail = ctx.text.slice(title.end, title.end + 12);
    const m = TITLE_TO_EMPLOYER.exec(tail);
    if (!m) continue;
    // After a comma only Title-Case titles (résumé lines, signatures) lead to an employer.
    if (m[0].startsWith(',') && !title.titleCase) {
      push(title.end + m[0].length, 0.55);
      continue;
    }
    push(title.end + m[0].length, 0.75);
  }
  return out;
}

export function employerRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'employer',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect: (ctx) => employerCandidates(ctx, min),
  };
}
