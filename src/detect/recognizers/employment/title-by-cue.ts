import type { DetectionContext } from '../../context.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { LOWER_CUES } from './cue-scan.js';
import { caseOf, isCapitalised, isSpaceGapAt, tokenIndexAt, tokensOf, type Token } from './tokens.js';

/**
 * Job titles outside the occupation lexicon, read from the words right after a
 * person cue: "works as a ⟦senior hydrologist⟧", "her job as ⟦night auditor⟧",
 * "she is a ⟦glassblower⟧ at Corning". After a strong cue ("works as") any
 * lower-case noun phrase closed by a boundary is a title; after a weak one
 * ("is a") the head must end like an occupation ("-ist", "-ician", "-er",
 * "-smith" …) and an employer must follow.
 */
export interface CuedTitle {
  start: number;
  end: number;
  score: number;
  lastToken: number;
}

let suffixes: string[] | undefined;
let exclusions: Set<string> | undefined;

function excluded(word: string): boolean {
  exclusions ??= new Set(readDataLines('employment-suffix-exclusions.txt'));
  return exclusions.has(word);
}

function occupationalEnding(word: string): boolean {
  suffixes ??= readDataLines('employment-title-suffixes.txt');
  if (word.length < 5 || excluded(word)) return false;
  for (const s of suffixes) if (word.endsWith(s)) return true;
  return false;
}

// Matched on the lower-cased text; the title starts where the match ends.
const STRONG_CUE = /\b(?:works?|worked|working|employed|job|jobs|position|career|hired|rehired|trained|employment|freelances?|freelanced|freelancing|moonlights?|moonlighted|moonlighting|earns? a living|made a living|makes a living)[ \t]+as[ \t]+(?:an?[ \t]+|the[ \t]+)?/g;
const WEAK_CUE = /\b(?:is|was|am|i'm|im|became|becomes|been|being)[ \t]+(?:an?|the)[ \t]+/g;
/** Both cues, read from the document's shared cue scan (cue-scan.ts). */
const STRONG_CUES = LOWER_CUES.add(STRONG_CUE);
const WEAK_CUES = LOWER_CUES.add(WEAK_CUE);
// Words that close the phrase: an employer or place preposition, a conjunction, a time phrase.
const BOUNDARY = new Set(['at', 'for', 'with', 'in', 'on', 'and', 'or', 'since', 'until', 'from', 'to', 'by', 'who', 'which', 'that', 'but', 'while', 'when', 'before', 'after', 'during', 'of']);
const EMPLOYER_WORDS = new Set(['at', 'for', 'with']);
const MAX_WORDS = 4;

function isLowerWord(tok: Token): boolean {
  return caseOf(tok.text) === 'lower' && !/\d/.test(tok.text);
}

/** The title read after one cue ending at `offset`, if the phrase is closed properly. */
function titleAfter(ctx: DetectionContext, tokens: readonly Token[], offset: number, strong: boolean, stop: ReadonlySet<string>): CuedTitle | undefined {
  const i = tokenIndexAt(tokens, offset);
  const first = tokens[i];
  if (!first || first.start !== offset || !isLowerWord(first)) return undefined;
  let last = i;
  // Collect up to MAX_WORDS lower-case words joined by single spaces.
  while (last + 1 < tokens.length && last - i + 1 < MAX_WORDS) {
    const next = tokens[last + 1];
    if (!isSpaceGapAt(ctx.text, tokens[last].end, next.start) || !isLowerWord(next) || BOUNDARY.has(next.lower)) break;
    last++;
  }
  if (BOUNDARY.has(tokens[last].lower)) return undefined;
  const after = tokens[last + 1];
  const gapEnd = after ? after.start : ctx.text.length;
  const spaceAfter = after !== undefined && isSpaceGapAt(ctx.text, tokens[last].end, gapEnd);
  // The phrase must stop at punctuation, a line end, or a boundary word — not run on.
  if (spaceAfter && !BOUNDARY.has(after.lower)) return undefined;
  const punctuation = ctx.text.slice(tokens[last].end, Math.min(gapEnd, tokens[last].end + 3));
  if (!spaceAfter && after && !/^[ \t]*(?:[.,;:!?)\u2014\u2013]|\r?\n)/.test(punctuation)) return undefined;
  let employerAfter = false;
  if (spaceAfter && EMPLOYER_WORDS.has(after.lower)) {
    let k = last + 2;
    if (tokens[k]?.lower === 'the') k++;
    employerAfter = tokens[k] !== undefined && isCapitalised(tokens[k].text);
  }
  // Leading describing words ("very", "good", "part-time") are not part of the title.
  let start = i;
  for (let k = i; k <= last; k++) if (stop.has(tokens[k].lower)) start = k + 1;
  if (start > last) return undefined;
  // "her job as night auditor ended in May": cut after the last word that ends like an occupation.
  if (strong && !occupationalEnding(tokens[last].lower)) {
    for (let k = last - 1; k >= start; k--) {
      if (occupationalEnding(tokens[k].lower)) {
        last = k;
        employerAfter = false;
        break;
      }
    }
  }
  const head = tokens[last].lower;
  if (!strong && !(employerAfter && occupationalEnding(head))) return undefined;
  if (strong && (stop.has(head) || excluded(head))) return undefined;
  const score = strong ? (employerAfter || occupationalEnding(head) ? 0.75 : 0.6) : 0.6;
  return { start: tokens[start].start, end: tokens[last].end, score, lastToken: last };
}

/** All cue-read titles in the document. */
export function titlesByCue(ctx: DetectionContext, stop: ReadonlySet<string>): CuedTitle[] {
  const strongCues = STRONG_CUES(ctx);
  const weakCues = WEAK_CUES(ctx);
  const out: CuedTitle[] = [];
  // Most texts hold no cue: nothing more to read.
  if (strongCues.length === 0 && weakCues.length === 0) return out;
  const tokens = tokensOf(ctx);
  for (const m of strongCues) {
    const found = titleAfter(ctx, tokens, m.index + m[0].length, true, stop);
    if (found) out.push(found);
  }
  for (const m of weakCues) {
    const found = titleAfter(ctx, tokens, m.index + m[0].length, false, stop);
    if (found) out.push(found);
  }
  return out;
}
