import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { tokensOf } from '../employment/tokens.js';
import { tokenIds } from '../employment/word-ids.js';
import { PhraseLexicon } from './phrase-lexicon.js';

/**
 * Pharmacy chains named on their own ("picked it up at Walgreens", "the cvs
 * on my street"). A name written as in the data file counts anywhere, except
 * everyday words ("Boots", "Navarro") which, like any other spelling, need a
 * pharmacy cue within the same stretch of text.
 */
let chains: PhraseLexicon<string> | undefined;

function load(): PhraseLexicon<string> {
  if (chains) return chains;
  chains = new PhraseLexicon<string>();
  for (const line of readDataLines('medical-pharmacy-chains.txt')) chains.add(line, line);
  return chains;
}

const PHARMACY_CUE = /pharmac|prescri|refill|\bmeds?\b|medication|chemist|drugstore|\brx\b|pick(?:ed)? up/;
/** Chain names that are also common words or surnames: always need a cue. */
const NEEDS_CUE = new Set(['boots', 'navarro', 'watsons', 'caremark', 'amcal', 'uniprix']);

export function pharmacyChainCandidates(ctx: DetectionContext): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const firsts = lex.firstWordSet();
  const ids = tokenIds(ctx).lower;
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!firsts.hasId(ids[i])) continue;
    const m = lex.matchAt(ctx, tokens, i);
    if (!m) continue;
    const start = tokens[i].start;
    const end = tokens[m.last].end;
    const written = ctx.text.slice(start, end);
    const exact = written === m.value || written.replace(/\s+/g, ' ') === m.value;
    if (!exact || NEEDS_CUE.has(m.value.toLowerCase())) {
      const around = (ctx.before(start, 80) + ' ' + ctx.text.slice(end, end + 80)).toLowerCase();
      if (!PHARMACY_CUE.test(around)) continue;
    }
    out.push({ start, end, label: 'MEDICAL', score: 0.7 });
    i = m.last;
  }
  return out;
}
