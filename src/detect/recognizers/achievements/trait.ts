import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { isSpaceGap, minScoreFor, tokenIndexAt, tokensOf, type Token } from '../employment/tokens.js';
import { PhraseLexicon } from '../medical/phrase-lexicon.js';

/**
 * Distinctive traits: a mark or feature noun ("tattoo", "birthmark", "scar")
 * with its descriptive words, "of …" and location phrase ("a tattoo of a koi
 * fish on her left forearm"); habits after "known for" / "habit of" /
 * "always wears"; gait and speech ("walks with a cane", "speaks with a lisp");
 * heights ("six feet seven", "two metres tall").
 */
interface Lexicons {
  nouns: PhraseLexicon<boolean>;
  bodyParts: Set<string>;
  stop: Set<string>;
}

let lexicons: Lexicons | undefined;

function load(): Lexicons {
  if (lexicons) return lexicons;
  const nouns = new PhraseLexicon<boolean>();
  for (const line of readDataLines('traits-nouns.txt')) {
    const [noun, flag] = line.split('|');
    nouns.add(noun, flag === 'weak');
  }
  const stop = new Set([...readDataLines('employment-title-stopwords.txt'), ...readDataLines('traits-stopwords.txt')]);
  lexicons = { nouns, bodyParts: new Set(readDataLines('traits-body-parts.txt')), stop };
  return lexicons;
}

const LOCATION_PREPS = new Set(['on', 'across', 'above', 'below', 'behind', 'under', 'over', 'near', 'along', 'covering', 'wrapping', 'through', 'at', 'down', 'around', 'between', 'inside', 'beneath', 'in', 'from', 'to']);
const HABIT_CUE = /\b(?:known for|famous for|noted for|remembered for|recogni[sz]ed by|recogni[sz]able by|(?:a|the|his|her|their) habit of|always (?:wears|wore|wearing|carries|carried|carrying|has|had)|never without|(?:walks|walked|walking) with|(?:speaks|spoke|speaking|talks|talked) with|(?:wears|wore) (?:a|an|the|his|her) [a-z -]{2,30} (?:every|each) (?:day|game)|(?:hair|beard) dyed)\b/g;
const HEIGHT = /\b(?:(?:four|five|six|seven) (?:feet|foot)(?: (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven))?(?: inches)?(?: tall)?|[4-7] ?(?:feet|foot|ft\.?) ?(?:1[01]|[0-9])(?: ?(?:inches|in\.?))?(?: tall)?|(?:two|[12](?:\.\d{1,2})?) ?(?:metres|meters|m) tall)\b/gi;

/** End token of a clause-bounded phrase starting at `from` (inclusive), or -1. */
function clauseEnd(ctx: DetectionContext, tokens: readonly Token[], from: number, max: number): number {
  let last = -1;
  for (let j = from, n = 0; j < tokens.length && n < max; j++, n++) {
    if (j > from) {
      const gap = ctx.text.slice(tokens[j - 1].end, tokens[j].start);
      if (!/^[ \t]{1,2}$/.test(gap) && gap !== '-' && gap !== "'") break;
      if (/^(?:and|but|which|who|so|because|while|when|although)$/.test(tokens[j].lower)) break;
    }
    last = j;
  }
  return last;
}

function markCandidates(ctx: DetectionContext, tokens: readonly Token[], lex: Lexicons): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!lex.nouns.has(tokens[i].lower)) continue;
    const m = lex.nouns.matchAt(ctx, tokens, i);
    if (!m) continue;
    const weak = m.value;
    let first = i;
    for (let j = i - 1, n = 0; j >= 0 && n < 5; j--, n++) {
      const gap = ctx.text.slice(tokens[j].end, tokens[j + 1].start);
      if (!/^[ \t]{1,2}$/.test(gap) && gap !== '-') break;
      if (lex.stop.has(tokens[j].lower) || (lex.nouns.has(tokens[j].lower) && j < i - 1)) break;
      first = j;
    }
    if (weak && first === i) continue;
    let last = m.last;
    // "of a koi fish", "of a crowned sparrow"
    const of = tokens[last + 1];
    if (of && of.lower === 'of' && isSpaceGap(ctx.text.slice(tokens[last].end, of.start))) {
      const end = clauseEnd(ctx, tokens, last + 2, 6);
      // Stop the "of" phrase before a location preposition.
      let k = last + 2;
      for (; k <= end; k++) if (LOCATION_PREPS.has(tokens[k].lower) && k > last + 2) break;
      if (k - 1 >= last + 2) last = k - 1;
    }
    // Location: "on her left forearm", ", right side of neck"
    const prep = tokens[last + 1];
    const prepGap = prep ? ctx.text.slice(tokens[last].end, prep.start) : '';
    if (prep && ((LOCATION_PREPS.has(prep.lower) && isSpaceGap(prepGap)) || (/^,[ \t]$/.test(prepGap) && /^(?:left|right|upper|lower)$/.test(prep.lower)))) {
      const end = clauseEnd(ctx, tokens, last + 1, 7);
      for (let k = last + 1; k <= end; k++) {
        if (lex.bodyParts.has(tokens[k].lower)) {
          last = k;
          break;
        }
      }
    }
    out.push({ start: tokens[first].start, end: tokens[last].end, label: 'TRAIT', score: weak ? 0.5 : 0.65 });
    i = last;
  }
  return out;
}

export function traitCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const out = markCandidates(ctx, tokens, lex);
  HABIT_CUE.lastIndex = 0;
  for (let m = HABIT_CUE.exec(ctx.lower); m; m = HABIT_CUE.exec(ctx.lower)) {
    const cue = m[0];
    // "known for X": the trait is X; "walks with a cane", "habit of X": the cue is part of it.
    const keepCue = !/^(?:known|famous|noted|remembered|recogni)/.test(cue);
    let start = keepCue ? m.index : m.index + cue.length;
    if (/^(?:a|the|his|her|their) habit/.test(cue)) start = m.index + cue.indexOf('habit');
    const from = tokenIndexAt(tokens, m.index + cue.length);
    if (from >= tokens.length) continue;
    const last = clauseEnd(ctx, tokens, from, 12);
    if (last < from) continue;
    if (!keepCue) start = tokens[from].start;
    out.push({ start, end: tokens[last].end, label: 'TRAIT', score: 0.55 });
  }
  HEIGHT.lastIndex = 0;
  for (let m = HEIGHT.exec(ctx.text); m; m = HEIGHT.exec(ctx.text)) out.push({ start: m.index, end: m.index + m[0].length, label: 'TRAIT', score: 0.55 });
  return out.filter((c) => c.score >= min);
}

export function traitRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return { name: 'trait', labels: ['TRAIT'], detect: (ctx) => traitCandidates(ctx, min) };
}
