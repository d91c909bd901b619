import { LOWER_CUES } from './cue-scan.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { capitalisedRunBack, capitalisedRunFrom, isCapitalised, isSpaceGap, minScoreFor, tokensOf } from './tokens.js';
import { nameAfter, trimRunStart } from './org-name.js';
import { tokenIds, WordSet } from './word-ids.js';

/**
 * Schools and universities: capitalised names built around a school noun
 * ("X University", "University of X", "X High School", "X Academy",
 * "X School of Y"), plus any capitalised name after an education cue
 * ("graduated from", "studied at", "a sophomore at", "School:").
 */
let nouns: Set<string> | undefined;
export function schoolNouns(): Set<string> {
  nouns ??= new Set(readDataLines('employment-school-nouns.txt'));
  return nouns;
}

// Nouns that only make a school when they end the name ("Maple Grove High") or precede "School".
const TRAILING_ONLY = new Set(['high', 'prep', 'elementary', 'grammar']);
const INNER_CONNECTORS = new Set(['of', 'for', 'de', 'der', 'des', 'di', 'do', 'da', 'am', 'an', 'in', 'la', 'le', 'and']);
const AT_UNIVERSITY = new Set(['university', 'college', 'universidad']);

const EDUCATION_CUES = /\b(?:graduated from|graduate of|graduates of|studied at|studies at|study at|studying at|enrolled at|enrolment at|enrollment at|alumn(?:a|us|i|ae) of|(?:freshman|sophomore|junior|undergraduate|postgraduate|grad student|phd student|phd candidate|pupil|student|students|finals|classes|lecturer|professor|teaches [a-z]{2,20}|taught [a-z]{2,20}|trained) at|(?:school|college|university|education|home school|institution|alma mater)\s*:)[ \t]*/g;
/** EDUCATION_CUES read from the document's shared cue scan (cue-scan.ts). */
const EDUCATION_CUE_MATCHES = LOWER_CUES.add(EDUCATION_CUES);

let nounIds: WordSet | undefined;

function schoolByNoun(ctx: DetectionContext): Candidate[] {
  const tokens = tokensOf(ctx);
  const set = schoolNouns();
  // The nouns by word id (word-ids.ts: an array read per token), registered before the ids are read.
  nounIds ??= new WordSet(set);
  const ids = tokenIds(ctx).lower;
  const out: Candidate[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k];
    if (!nounIds.hasId(ids[k]) || !isCapitalised(tok.text)) continue;
    const next = tokens[k + 1];
    const nextJoined = next && isSpaceGap(ctx.text.slice(tok.end, next.start));
    if (TRAILING_ONLY.has(tok.lower) && nextJoined && isCapitalised(next.text)) continue;
    const first = capitalisedRunBack(ctx, tokens, k, 6);
    let lastTok = k;
    let end = tok.end;
    if (nextJoined && INNER_CONNECTORS.has(next.lower)) {
      // "University of Texas", "School of Mines", "Institute of Technology"
      const run = capitalisedRunFrom(ctx, tokens, k, 9);
      if (run && run.last > k) {
        lastTok = run.last;
        end = run.end;
      }
    } else if (nextJoined && isCapitalised(next.text) && set.has(next.lower)) {
      continue; // "High School": the later noun builds the name
    }
    // "University of Texas at Austin"
    const at = tokens[lastTok + 1];
    if (AT_UNIVERSITY.has(tok.lower) && at && at.lower === 'at' && lastTok > k && isSpaceGap(ctx.text.slice(tokens[lastTok].end, at.start))) {
      const run = capitalisedRunFrom(ctx, tokens, lastTok + 2, 3);
      if (run && isSpaceGap(ctx.text.slice(at.end, tokens[lastTok + 2].start))) {
        lastTok = run.last;
        end = run.end;
      }
    }
    const trimmed = trimRunStart(ctx, { first, last: lastTok, start: tokens[first].start, end });
    if (!trimmed) continue;
    // Needs a distinguishing word besides the school nouns themselves.
    let named = false;
    for (let j = trimmed.first; j <= trimmed.last; j++) {
      if (isCapitalised(tokens[j].text) && !set.has(tokens[j].lower)) named = true;
    }
    if (!named) continue;
    if (TRAILING_ONLY.has(tok.lower) && !/\b(?:at|from|attends|attended|to|for|of)\s+$/.test(ctx.before(trimmed.start, 20))) continue;
    out.push({ start: trimmed.start, end, label: 'EMPLOYMENT_EDUCATION', score: 0.75 });
  }
  return out;
}

function schoolByCue(ctx: DetectionContext): Candidate[] {
  const out: Candidate[] = [];
  for (const m of EDUCATION_CUE_MATCHES(ctx)) {
    const run = nameAfter(ctx, m.index + m[0].length, 8);
    if (!run) continue;
    out.push({ start: run.start, end: run.end, label: 'EMPLOYMENT_EDUCATION', score: 0.65 });
  }
  return out;
}

export function schoolRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'school',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect: (ctx) => {
      const out: Candidate[] = [];
      for (const c of schoolByNoun(ctx)) if (c.score >= min) out.push(c);
      for (const c of schoolByCue(ctx)) if (c.score >= min) out.push(c);
      return out;
    },
  };
}
