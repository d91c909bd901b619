import type { DetectionContext } from '../../context.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { findJobTitles } from './job-title.js';
import { nameAfter } from './org-name.js';
import { capitalisedRunFrom, tokenIndexAt, tokensOf } from './tokens.js';
import { lineStartBefore } from '../../lines.js';

/**
 * Employers laid out in lines rather than sentences:
 *  - résumé and verification entries "Fifth Third Bank — Loan Officer",
 *    "2. Keller Foods | Shift Supervisor": the name before a dash that leads to a title;
 *  - signature blocks "Head of Visitor Services⏎Larkfield Museum": the
 *    line right under a line that holds only a Title-Case job title.
 * Returns the offsets where an employer name starts, for `nameAfter`.
 */
export interface EmployerStart {
  start: number;
  score: number;
}

let providers: Set<string> | undefined;
function providerNouns(): Set<string> {
  providers ??= new Set(readDataLines('medical-provider-nouns.txt').map((w) => w.toLowerCase()));
  return providers;
}

// Line start, an optional list marker ("1.", "-", "•"), then the name.
const LINE_LEAD = /^[ \t]*(?:\d{1,2}[.)][ \t]+|[-•*·][ \t]+)?$/;
const DASH_BEFORE_TITLE = /[ \t]+[\u2014\u2013|-][ \t]+$/;

export function employerLines(ctx: DetectionContext): EmployerStart[] {
  const out: EmployerStart[] = [];
  const tokens = tokensOf(ctx);
  const text = ctx.text;
  for (const title of findJobTitles(ctx)) {
    if (title.score < 0.5 || !title.titleCase) continue;
    // "Org — Title": walk back over the dash to the capitalised run that starts the line.
    const dash = DASH_BEFORE_TITLE.exec(text.slice(Math.max(0, title.start - 6), title.start));
    if (dash) {
      const dashStart = title.start - dash[0].length;
      const lineStart = lineStartBefore(text, dashStart);
      let i = tokenIndexAt(tokens, lineStart);
      // Skip a list number ("1.", "2)").
      if (tokens[i] && /^\d{1,2}$/.test(tokens[i].text) && /^[.)]/.test(text.slice(tokens[i].end, tokens[i].end + 1))) i++;
      const tok = tokens[i];
      if (tok && tok.start < dashStart && LINE_LEAD.test(text.slice(lineStart, tok.start))) {
        const run = capitalisedRunFrom(ctx, tokens, i, 8);
        if (run && run.end === dashStart) out.push({ start: run.start, score: 0.75 });
      }
    }
    // Signature block: the title fills its line; the employer is the next line.
    const lineStart = lineStartBefore(text, title.start);
    if (!/^[ \t]*$/.test(text.slice(lineStart, title.start))) continue;
    const nl = /^[ \t]*\r?\n[ \t]*/.exec(text.slice(title.end, title.end + 8));
    if (!nl) continue;
    const next = title.end + nl[0].length;
    const run = nameAfter(ctx, next, 8);
    if (!run || run.start !== next) continue;
    // The name fills its line (or is closed by a comma): not a sentence.
    // A clinic or hospital heading a clinician's letter is the provider (MEDICAL), not read as an employer here.
    let provider = false;
    for (let k = run.first; k <= run.last; k++) if (providerNouns().has(tokens[k].lower)) provider = true;
    if (provider) continue;
    if (/^[ \t]*(?:\r?\n|,|$)/.test(text.slice(run.end, run.end + 3))) out.push({ start: run.start, score: 0.7 });
  }
  return out;
}
