import type { Candidate } from '../../../types.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import type { DetectionContext } from '../../context.js';
import { findJobTitles } from './job-title.js';
import { nameAfter } from './org-name.js';
import { caseOf, minScoreFor, tokensOf } from './tokens.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { employerLines } from './employer-lines.js';
import { LOWER_CUES } from './cue-scan.js';

/**
 * Employer names: the capitalised name after an employment cue ("works at",
 * "employed by", "Employer:", "joined") or right after a job title
 * ("prep cook at Olive Tree Grill", "Senior Data Engineer, Spotify").
 */
// Cues matched on the lower-cased text; the name starts where the match ends.
const EMPLOYER_CUES: RegExp[] = [
  /\b(?:employer|employers reported|company|arbeitgeber|firm|store|organi[sz]ation|business name|hired by|workplace)\s*:[ \t]*/g,
  /\b(?:employed|hired|recruited|contracted|sponsored|retained|engaged)\s+(?:by|with|to|at)\s+/g,
  /\b(?:work|works|worked|working|volunteer|volunteers|volunteered|volunteering)\s+(?:at|for)\s+/g,
  /\b(?:job|jobs|shift|shifts|position|positions|role|career|internship|employment|placement|tenure|stint|years|months|decades|seasons|clerkship|residency)\s+(?:at|for|with)\s+/g,
  /\b(?:joined|rejoined|co-founded|cofounded|founded|runs|owns|leads)\s+/g,
  /\b(?:my|his|her|their|our) (?:employer|company|workplace),?\s+/g,
  /\bon behalf of\s+/g,
  /\bthanks? (?:you )?for (?:contacting|calling)\s+/g,
  // The caller's own employer on the phone, and pay or separation papers issued by it.
  /\b(?:calling|call) (?:you )?from\s+/g,
  /\b(?:w-?2s?|pay ?stubs?|pay ?slips?|payslips?|paychecks?|pay cheques?|wages|salary|income) from\s+/g,
  /\b(?:employment|separation|termination|offer|layoff|dismissal|resignation) (?:letter|notice|papers) from\s+/g,
  /\b(?:on (?:the )?staff|on the payroll|apprenticed|apprenticeship|intern|interned|interning|internships?|traineeship) (?:at|of|with)\s+/g,
];
/** "ex-Google": matched on the original text (a capital must follow). */
const EX_CUE = /\bex-(?=[A-Z])/g;
/** The lower-case cues above, read from the document's shared cue scan (cue-scan.ts). */
const CUE_READERS = EMPLOYER_CUES.map((cue) => LOWER_CUES.add(cue));
const WEAK_CUE = /^(?:joined|rejoined|runs|owns|leads|founded)/;

const TITLE_TO_EMPLOYER = /^(?:\s+(?:at|for|with|@)\s+(?:the\s+)?|,[ \t]+|[ \t]+[\u2014\u2013|·@-][ \t]+|[ \t]*\([ \t]*)/;
// "pastor of St. Brendan's Parish", "director of the Norvik Group": only after lower-case titles
// (a Title-Case title keeps its "of" phrase: "Director of Operations").
const TITLE_OF_EMPLOYER = /^[ \t]+of[ \t]+(?:the[ \t]+)?(?=\p{Lu})/u;

let orgSuffixes: Set<string> | undefined;
/** Score of an employer run: a run ending in "LLC", "GmbH", "Group" is certainly an organisation. */
function runScore(ctx: DetectionContext, last: number, score: number): number {
  orgSuffixes ??= new Set(readDataLines('employment-org-suffixes.txt'));
  return orgSuffixes.has(tokensOf(ctx)[last].lower) ? Math.max(score, 0.95) : score;
}

export function employerCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const out: Candidate[] = [];
  // Made at the first employer run (most texts have none).
  let seen: Set<number> | undefined;
  const push = (offset: number, score: number) => {
    const run = nameAfter(ctx, offset);
    if (!run || seen?.has(run.start)) return;
    // A lone short word after a weak cue ("joined Dec") is too risky.
    if (run.first === run.last && run.end - run.start < 3) return;
    (seen ??= new Set<number>()).add(run.start);
    if (score >= min) out.push({ start: run.start, end: run.end, label: 'EMPLOYMENT_EDUCATION', score: runScore(ctx, run.last, score) });
  };
  for (const read of CUE_READERS) {
    for (const m of read(ctx)) push(m.index + m[0].length, WEAK_CUE.test(m[0]) ? 0.55 : 0.85);
  }
  // Only a text with "ex-" can hold this cue (a cheap test before the scan).
  if (ctx.text.includes('ex-')) {
    EX_CUE.lastIndex = 0;
    for (let m = EX_CUE.exec(ctx.text); m; m = EX_CUE.exec(ctx.text)) push(m.index + m[0].length, 0.85);
  }
  for (const title of findJobTitles(ctx)) {
    if (title.score < 0.5) continue;
    const tail = ctx.text.slice(title.end, title.end + 12);
    const of = title.titleCase ? null : TITLE_OF_EMPLOYER.exec(tail);
    if (of) {
      push(title.end + of[0].length, 0.7);
      continue;
    }
    const m = TITLE_TO_EMPLOYER.exec(tail);
    if (!m) continue;
    // After a comma only Title-Case titles (résumé lines, signatures) lead to an employer.
    if (m[0].startsWith(',') && !title.titleCase) {
      if (!looksLikePersonAfter(ctx, title.end + m[0].length)) push(title.end + m[0].length, 0.55);
      continue;
    }
    push(title.end + m[0].length, /^\s+(?:at|for|with)\s/.test(m[0]) ? 0.85 : 0.75);
  }
  for (const line of employerLines(ctx)) push(line.start, line.score);
  return out;
}

/** "our volunteer coordinator, Ann Lee, at …": two or three plain Title-Case words closed by a comma are a person. */
function looksLikePersonAfter(ctx: DetectionContext, offset: number): boolean {
  const run = nameAfter(ctx, offset);
  if (!run || run.last - run.first !== 1) return false;
  const tokens = tokensOf(ctx);
  for (let k = run.first; k <= run.last; k++) if (caseOf(tokens[k].text) !== 'title') return false;
  return ctx.text.charCodeAt(run.end) === 44;
}

export function employerRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'employer',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect: (ctx) => employerCandidates(ctx, min),
  };
}
