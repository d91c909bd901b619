import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { nextAccepted, notLetterOrDigitBefore } from '../address/chars.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { caseOf, isCapitalised, isSpaceGap, minScoreFor, tokenIndexAt, tokensOf } from './tokens.js';
import { nameAfter } from './org-name.js';

/**
 * Degrees: abbreviations ("B.Sc.", "MBA", "Ph.D."), spelled-out degrees
 * ("Bachelor of Arts in History", "master's degree in marine biology",
 * "law degree", "high school diploma"), each with its "in <field>" phrase.
 * The school named right after ("from Tufts University") is emitted too.
 */
interface DegreePatterns {
  abbreviations: RegExp;
  ambiguous: Set<string>;
  /** Every abbreviation starts with a capital A-Z (case-sensitive pattern): a text without one has none. */
  capitalFirst: boolean;
}

const CAPITAL = /[A-Z]/;

let patterns: DegreePatterns | undefined;

function load(): DegreePatterns {
  if (patterns) return patterns;
  const ambiguous = new Set<string>();
  const alternatives: string[] = [];
  for (const line of readDataLines('employment-degrees.txt')) {
    const [abbr, flag] = line.split('|');
    if (flag === 'ambiguous') ambiguous.add(abbr);
    // "PhD" → Ph(?:\. ?)?D\.?  — optional dots between the capitalised parts.
    const parts = abbr.match(/[A-Z][a-z]*/g) ?? [abbr];
    alternatives.push(parts.join('(?:\\.[ ]?)?'));
  }
  alternatives.sort((a, b) => b.length - a.length);
  // The leading lookbehind (?<![\p{L}\p{N}.]) is tested in code (notWordOrDotBefore): V8 would evaluate it at every position.
  const abbreviations = new RegExp(`(?:${alternatives.join('|')})\\.?(?![\\p{L}\\p{N}])`, 'gu');
  patterns = { abbreviations, ambiguous, capitalFirst: alternatives.every((a) => /^[A-Z]/.test(a)) };
  return patterns;
}

/** `(?<![\p{L}\p{N}.])` at `i`. */
function notWordOrDotBefore(text: string, i: number): boolean {
  return text.charCodeAt(i - 1) !== 46 && notLetterOrDigitBefore(text, i);
}

const SPELLED = /\b(?:bachelor|master|doctor|associate)(?:'s|\u2019s|s)?(?= (?:degree|of|in)\b)|\b(?:doctorate|doctoral degree|law degree|medical degree|nursing degree|teaching degree|(?:high school|secondary school|school-leaving) (?:diploma|certificate)|diploma|degree|certificate|baccalaureate)\b/gi;
const SPELLED_WORDS = /bachelor|master|doctor|associate|degree|diploma|certificate|baccalaureate/;
const NEEDS_FIELD = /^(?:diploma|degree|certificate|doctor|associate)$/i;
const STRONG_CUE = /\b(?:earned|earning|received|receiving|holds?|holding|completed|completing|obtained|awarded|pursuing|finished|conferred|degree|education|qualification)\b[^.\n]{0,20}$/;
const FIELD_STOP = new Set(['last', 'next', 'this', 'year', 'years', 'ago', 'recently', 'online', 'program', 'programme', 'course', 'from', 'at', 'with', 'by', 'in', 'on', 'to', 'for', 'since', 'where', 'which', 'who', 'that', 'expected', 'and', 'or', 'the', 'a', 'an', 'while', 'after', 'before', 'when', 'but', 'is', 'was', 'he', 'she', 'they', 'i', 'his', 'her', 'their', 'my']);

/** End of an "in <field>" / "of <field>" phrase following `end`, or `end` if none. */
function extendField(ctx: DetectionContext, end: number, connectors: readonly string[]): number {
  const tokens = tokensOf(ctx);
  let i = tokenIndexAt(tokens, end);
  const conn = tokens[i];
  if (!conn || !connectors.includes(conn.lower)) return end;
  const gap = ctx.text.slice(end, conn.start);
  if (!/^,?[ \t]{1,2}$/.test(gap)) return end;
  i++;
  const firstWord = tokens[i];
  if (!firstWord || !isSpaceGap(ctx.text.slice(conn.end, firstWord.start))) return end;
  const capitalised = isCapitalised(firstWord.text);
  let newEnd = end;
  for (let n = 0; i < tokens.length && n < 6; i++, n++) {
    const t = tokens[i];
    if (n > 0 && !isSpaceGap(ctx.text.slice(tokens[i - 1].end, t.start))) break;
    if (/\d/.test(t.text)) break;
    const isConnector = (t.lower === 'and' || t.lower === 'of') && tokens[i + 1] && isCapitalised(tokens[i + 1].text);
    if (capitalised && !isCapitalised(t.text) && !isConnector) break;
    if (!capitalised && (FIELD_STOP.has(t.lower) || caseOf(t.text) !== 'lower')) break;
    if (!isConnector) newEnd = t.end;
  }
  return newEnd;
}

const SCHOOL_AFTER = /^(?:\s+(?:from|at)\s+(?:the\s+)?|,[ \t]+)/;

export function degreeCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const { abbreviations, ambiguous, capitalFirst } = load();
  const out: Candidate[] = [];
  const emit = (start: number, end: number, score: number) => {
    if (score < min) return;
    out.push({ start, end, label: 'EMPLOYMENT_EDUCATION', score });
    const tail = SCHOOL_AFTER.exec(ctx.text.slice(end, end + 12));
    if (!tail) return;
    const run = nameAfter(ctx, end + tail[0].length, 8);
    if (run && !/^\d/.test(ctx.text.slice(run.start, run.end))) out.push({ start: run.start, end: run.end, label: 'EMPLOYMENT_EDUCATION', score: tail[0].startsWith(',') ? 0.55 : 0.7 });
  };
  abbreviations.lastIndex = 0;
  const abbreviated = !capitalFirst || CAPITAL.test(ctx.text);
  for (let m = abbreviated ? nextAccepted(abbreviations, ctx.text, notWordOrDotBefore) : null; m; m = nextAccepted(abbreviations, ctx.text, notWordOrDotBefore)) {
    const start = m.index;
    const core = m[0].replace(/[. ]/g, '');
    const end = extendField(ctx, start + m[0].length, ['in', 'of']);
    // A trailing dot belongs to the abbreviation only when it is one ("Ph.D." yes, "MBA." no).
    let coreEnd = start + m[0].length;
    if (end === coreEnd && ctx.text[coreEnd - 1] === '.' && !/\..+\.$/.test(m[0]) && !/[a-z]\.$/.test(m[0])) coreEnd--;
    const finalEnd = end > start + m[0].length ? end : coreEnd;
    if (ambiguous.has(core)) {
      const hasField = end > start + m[0].length;
      const cued = STRONG_CUE.test(ctx.before(start, 40));
      // "Jane Roe, MD" / "JD" credentials after a name (not "Baltimore, MD 21201").
      const credential = /^(?:MD|JD|DO)$/.test(core) && /\p{Lu}\p{Ll}+,\s?$/u.test(ctx.text.slice(Math.max(0, start - 30), start)) && !/^\s*\d/.test(ctx.text.slice(finalEnd, finalEnd + 4));
      if (!hasField && !cued && !credential) continue;
      emit(start, finalEnd, hasField ? 0.75 : 0.6);
      continue;
    }
    emit(start, finalEnd, 0.8);
  }
  SPELLED.lastIndex = 0;
  // Every spelled degree holds one of these words: cheap tests before the scan.
  const lower = ctx.lower;
  const spelled = SPELLED_WORDS.test(lower);
  for (let m = spelled ? SPELLED.exec(ctx.text) : null; m; m = SPELLED.exec(ctx.text)) {
    const start = m.index;
    let end = start + m[0].length;
    const word = m[0].toLowerCase();
    const afterDegree = /^ degree\b/i.exec(ctx.text.slice(end, end + 8));
    if (afterDegree && /^(?:bachelor|master|associate)/.test(word)) end += afterDegree[0].length;
    const ofEnd = /^(?:bachelor|master|doctor|associate|diploma)/.test(word) ? extendField(ctx, end, ['of']) : end;
    const inEnd = extendField(ctx, ofEnd, ['in']);
    const extended = inEnd > start + m[0].length + (afterDegree ? afterDegree[0].length : 0);
    if (NEEDS_FIELD.test(word) && !extended) continue;
    // Lower-case spelled degrees start at the degree word; keep "a" / "the" out.
    emit(start, inEnd, extended ? 0.75 : 0.6);
  }
  return out;
}

export function degreeRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'degree',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect: (ctx) => degreeCandidates(ctx, min),
  };
}
