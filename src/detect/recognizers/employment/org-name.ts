import type { DetectionContext } from '../../context.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { capitalisedRunFrom, tokenIndexAt, tokensOf, type Run } from './tokens.js';

/**
 * Reads the name of an organisation (employer, school, provider) that starts
 * at or just after `offset`: the maximal capitalised run, minus leading
 * articles and sentence-start words ("The", "Dear", month names).
 */
let nameStop: Set<string> | undefined;
let honorifics: Set<string> | undefined;

/** Titles before a person's name ("Dr", "Nurse"): a run starting with one is a person. */
function honorificWords(): Set<string> {
  honorifics ??= new Set(readDataLines('employment-honorifics.txt'));
  return honorifics;
}

export function nameStopwords(): Set<string> {
  nameStop ??= new Set(readDataLines('employment-name-stopwords.txt'));
  return nameStop;
}

export function nameAfter(ctx: DetectionContext, offset: number, maxTokens = 8): Run | undefined {
  const tokens = tokensOf(ctx);
  let i = tokenIndexAt(tokens, offset);
  const tok = tokens[i];
  if (!tok) return undefined;
  // Only spaces (or "the ") may separate the cue from the name.
  if (!/^[ \t]*$/.test(ctx.text.slice(offset, tok.start))) return undefined;
  if (tok.lower === 'the') i++;
  const run = capitalisedRunFrom(ctx, tokens, i, maxTokens);
  if (!run) return undefined;
  return trimRunStart(ctx, run);
}

/** Drop leading stop words ("The", "Dear", "Monday") from a run. */
export function trimRunStart(ctx: DetectionContext, run: Run): Run | undefined {
  const tokens = tokensOf(ctx);
  const stop = nameStopwords();
  let first = run.first;
  // "Dr. Patel", "Mr Jones": a person, not an organisation.
  if (honorificWords().has(tokens[first].lower)) return undefined;
  // "Our Lady of Mercy Parish": the one name that starts with a stop word.
  const ourLady = tokens[first].lower === 'our' && first < run.last && tokens[first + 1].lower === 'lady';
  while (!ourLady && first <= run.last && (stop.has(tokens[first].lower) || !/^[\p{Lu}\d]/u.test(tokens[first].text))) first++;
  if (first > run.last) return undefined;
  return { first, last: run.last, start: tokens[first].start, end: run.end };
}
