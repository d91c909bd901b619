import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { minScoreFor, tokenIndexAt, tokensOf } from '../employment/tokens.js';
import { traitLexicons } from './trait-lexicons.js';
import { markCandidates } from './trait-marks.js';
import { habitCandidates } from './trait-habits.js';
import { clauseEnd } from './trait-phrase.js';

/**
 * Distinctive traits: marks and features with their modifiers and location
 * (trait-marks.ts), habits and signature items (trait-habits.ts), and heights
 * ("six feet seven", "two metres tall").
 */
const HEIGHT = /\b(?:(?:four|five|six|seven) (?:feet|foot)(?: (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven))?(?: inches)?(?: tall)?|[4-7] ?(?:feet|foot|ft\.?) ?(?:1[01]|[0-9])(?: ?(?:inches|in\.?))?(?: tall)?|(?:two|[12](?:\.\d{1,2})?) ?(?:metres|meters|m) tall)\b/gi;
/** A height followed by more description: "six feet tall, with a crooked grin". */
const HEIGHT_WORDS = / feet| foot|tall|[4-7] ?f/;
const HEIGHT_TAIL = /^, (?:with|in) /;

function heightCandidates(ctx: DetectionContext, out: Candidate[]): void {
  const tokens = tokensOf(ctx);
  // Every height holds " feet" or " foot" after a number word, a digit 4-7 and "f", or "tall": cheap tests before the scan.
  const lower = ctx.lower;
  if (!HEIGHT_WORDS.test(lower)) return;
  HEIGHT.lastIndex = 0;
  for (let m = HEIGHT.exec(ctx.text); m; m = HEIGHT.exec(ctx.text)) {
    let end = m.index + m[0].length;
    const tail = HEIGHT_TAIL.exec(ctx.text.slice(end, end + 8));
    if (tail) {
      const from = tokenIndexAt(tokens, end + tail[0].length);
      const last = clauseEnd(ctx, tokens, from, 8);
      if (last >= from) end = tokens[last].end;
    }
    out.push({ start: m.index, end, label: 'TRAIT', score: 0.55 });
  }
}

export function traitCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = traitLexicons();
  const tokens = tokensOf(ctx);
  const out = markCandidates(ctx, tokens, lex);
  out.push(...habitCandidates(ctx, tokens, lex));
  heightCandidates(ctx, out);
  return out.filter((c) => c.score >= min);
}

export function traitRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return { name: 'trait', labels: ['TRAIT'], detect: (ctx) => traitCandidates(ctx, min) };
}
