import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { minScoreFor } from './tokens.js';
import { nextAccepted, notLetterBefore } from '../address/chars.js';

/**
 * Armed forces as the person's employer: "enlisted in the U.S. Army",
 * "served in the Navy", "a US Army veteran". A branch counts only with a
 * service cue before it or a service noun after it ("the Army of the Potomac"
 * in a history text is not marked).
 */
let pattern: RegExp | undefined;
/** Every country and branch name starts with a capital A-Z (case-sensitive pattern): a text without one has none. */
let capitalFirst = false;
const CAPITAL = /[A-Z]/;

function load(): RegExp {
  if (pattern) return pattern;
  const names = readDataLines('employment-military-branches.txt');
  capitalFirst = names.every((b) => /^[A-Z]/.test(b));
  const branches = names
    .sort((a, b) => b.length - a.length)
    .map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\t]'));
  // Optional country prefix, then one branch name; alternation of fixed words only (linear).
  // The leading lookbehind (?<![\p{L}.]) is tested in code (notLetterOrDotBefore): V8 would evaluate it at every position.
  pattern = new RegExp(`(?:(?:U\\.S\\.|U\\.S|US|United[ \\t]States|Canadian|Australian|Indian|Irish|Israeli|South[ \\t]African)[ \\t])?(?:${branches.join('|')})(?![\\p{L}])`, 'gu');
  return pattern;
}

/** `(?<![\p{L}.])` at `i`. */
function notLetterOrDotBefore(text: string, i: number): boolean {
  return text.charCodeAt(i - 1) !== 46 && notLetterBefore(text, i);
}

const SERVICE_BEFORE = /\b(?:enlisted|enlist|served|serves|serving|joined|join|discharged|retired|drafted|conscripted|commissioned|stationed|deployed|career|years|tours?|veteran|stint|time)\b[^.;\n]{0,25}$/i;
const SERVICE_AFTER = /^[ \t]+(?:veteran|vet|reservist|officer|sergeant|corporal|private|captain|lieutenant|major|colonel|medic|nurse|pilot|ranger|recruit|service|career)\b/i;

export function militaryCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const re = load();
  const out: Candidate[] = [];
  const score = 0.7;
  if (score < min || (capitalFirst && !CAPITAL.test(ctx.text))) return out;
  re.lastIndex = 0;
  for (let m = nextAccepted(re, ctx.text, notLetterOrDotBefore); m; m = nextAccepted(re, ctx.text, notLetterOrDotBefore)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!SERVICE_BEFORE.test(ctx.before(start, 50)) && !SERVICE_AFTER.test(ctx.text.slice(end, end + 20))) continue;
    out.push({ start, end, label: 'EMPLOYMENT_EDUCATION', score });
  }
  return out;
}

export function militaryRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return { name: 'military-employer', labels: ['EMPLOYMENT_EDUCATION'], detect: (ctx) => militaryCandidates(ctx, min) };
}
