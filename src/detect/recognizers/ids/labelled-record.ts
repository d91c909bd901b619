import type { Recognizer } from '../../recognizer.js';
import { readDataJson } from '../../../lexicons/data-files.js';
import { cueRecognizer } from './cue-recognizer.js';
import { acceptableCode } from './value-shape.js';

/**
 * Record, membership, policy, claim, case, booking and other reference numbers
 * tied to a person, anchored by a label ("MRN:", "Member ID", "Claim no.", "Ref",
 * "No."). Weak labels need a code that looks like one on its own.
 * A bare label after a role word ("Officer M. Abalos #3980", "Grade 11, ID
 * S0739154") is a badge, employee or student number: EMPLOYMENT_EDUCATION.
 */
let roleWords: RegExp | undefined;

function roleContext(text: string, cueStart: number): boolean {
  if (!roleWords) {
    const words = readDataJson<{ employmentContext: { words: string[] } }>('ids/cues.json').employmentContext.words;
    const alternation = words.map((w) => w.replace(/[.]/g, '\\.')).join('|');
    // Not after a hyphen or dot: "user-agent", "http.Agent" are no roles.
    roleWords = new RegExp(`(?<![\\p{L}.-])(?:${alternation})(?![\\p{L}-])`, 'giu');
  }
  // Same line, a short window: the role word names the holder of the number.
  // Look back 35 characters at most: searching for the line start over the whole
  // text would make a document without line breaks quadratic.
  const windowStart = Math.max(0, cueStart - 35);
  const lineBreak = text.slice(windowStart, cueStart).lastIndexOf('\n');
  const lineStart = lineBreak >= 0 ? windowStart + lineBreak + 1 : windowStart;
  let from = lineStart;
  // Never start inside a word: "up|grade" must not read as "grade".
  while (from > lineStart && from < cueStart && /\p{L}/u.test(text[from - 1])) from++;
  // A role title ("Officer", "Grade 11") or a role word right before the label
  // ("employee #"); lower-case "worker" or "inspector" deep in a sentence is prose.
  for (const m of text.slice(from, cueStart).matchAll(roleWords)) {
    const capitalised = m[0][0] !== m[0][0].toLowerCase();
    if (capitalised || cueStart - (from + m.index + m[0].length) <= 3) return true;
  }
  return false;
}

/** "#1A2b3c", "#fff": a colour, not a reference. */
const HEX_COLOUR = /^(?=.*[A-Fa-f])(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;

export function labelledRecordRecognizer(): Recognizer {
  return cueRecognizer('labelled-record', ['ID_NUMBER', 'EMPLOYMENT_EDUCATION'], ['record', 'reference'], (value, hit, ctx) => {
    const bareHash = ctx.text[hit.cueStart] === '#';
    // "[#36941](…)": a Markdown link to an issue.
    if (bareHash && ctx.text[hit.cueStart - 1] === '[') return undefined;
    if (bareHash && HEX_COLOUR.test(value)) return undefined;
    if (hit.entry.strength === 'weak' && acceptableCode(value, 'strong') && roleContext(ctx.text, hit.cueStart)) {
      return { label: 'EMPLOYMENT_EDUCATION', score: 0.8 };
    }
    // A bare '#' is a badge only after a role word; otherwise it is an issue or list number ("#25741").
    if (bareHash || !acceptableCode(value, hit.entry.strength)) return undefined;
    return { label: 'ID_NUMBER', score: hit.entry.strength === 'strong' ? 0.88 : 0.75 };
  });
}
