import { LOWER_CUES } from '../employment/cue-scan.js';
import { tokenIds } from '../employment/word-ids.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { capitalisedRunBack, capitalisedRunFrom, isCapitalised, isSpaceGapAt, minScoreFor, tokensOf, type Token } from '../employment/tokens.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';
import { nameAfter, trimRunStart } from '../employment/org-name.js';
import { PhraseLexicon } from './phrase-lexicon.js';
import { pharmacyChainCandidates } from './pharmacy-chain.js';

/**
 * Provider names: a capitalised name ending in a provider noun ("Tacoma General
 * Hospital", "Lakeview Rheumatology Associates", "Eastbrook Pharmacy",
 * "Mayo Clinic"), or a capitalised name after a care cue ("admitted to",
 * "therapist at"). A department alone ("the Cardiology department") is not one:
 * the name needs a word besides the provider nouns.
 */
let nouns: PhraseLexicon<true> | undefined;
let nounWords: Set<string> | undefined;
let nameStops: Set<string> | undefined;

function load(): PhraseLexicon<true> {
  if (nouns) return nouns;
  nouns = new PhraseLexicon<true>();
  nounWords = new Set();
  nameStops = new Set(readDataLines('medical-provider-name-stopwords.txt'));
  for (const line of readDataLines('medical-provider-nouns.txt')) {
    nouns.add(line, true);
    for (const w of line.split(/\s+/)) nounWords.add(w);
  }
  return nouns;
}

const CARE_CUES = /\b(?:admitted to|transferred to|taken to|transported to|seen at|followed at|followed by|treated at|referred to|discharged from|presented to|(?:therapist|counsel(?:l)?or|psychiatrist|physician|doctor|dentist|pcp|gp|surgeon|pharmacist|pharmacy|provider|clinic|hospital|practice|facility|dialysis|appointments?|visits?|rehab|surgery|treatment|care) (?:at|with|from)|(?:pharmacy|provider|pcp|hospital|facility|clinic|practice|referring practice|attending practice)\s*:)[ \t]*/g;
/** CARE_CUES read from the document's shared cue scan (cue-scan.ts). */
const CARE_CUE_MATCHES = LOWER_CUES.add(CARE_CUES);

function byNoun(ctx: DetectionContext): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const firsts = lex.firstWordSet();
  const ids = tokenIds(ctx).lower;
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!firsts.hasId(ids[i]) || !isCapitalised(tokens[i].text)) continue;
    const m = lex.matchAt(ctx, tokens, i);
    if (!m) continue;
    const first = capitalisedRunBack(ctx, tokens, i, 6);
    const run = trimRunStart(ctx, { first, last: m.last, start: tokens[first].start, end: tokens[m.last].end });
    if (!run) continue;
    let named = false;
    let academic = false;
    for (let j = run.first; j < i; j++) {
      if (isCapitalised(tokens[j].text) && !nounWords!.has(tokens[j].lower)) named = true;
      if (nameStops!.has(tokens[j].lower)) academic = true;
    }
    if (!named || academic) continue;
    const tailEnd = campusTail(ctx, tokens, m.last);
    // "Mater Private" alone is not a provider: "Private" counts only before a place ("Mater Private Dublin").
    if (tokens[m.last].lower === 'private' && tailEnd === undefined) continue;
    out.push({ start: run.start, end: tailEnd ?? run.end, label: 'MEDICAL', score: 0.75 });
    i = m.last;
  }
  return out;
}

const OF_TAIL = /^ (?:of|OF|Of)(?: (?:the|THE|The))? $/;
const DASH_GAP = /^[\u2013-]$/;
const MIN_TAIL_PLACE_POPULATION = 20_000;

/**
 * End of a campus or place name after the provider noun at token `last`:
 * "St. Luke's Hospital Duluth", "Royal Infirmary of Edinburgh", "Hospice of the
 * Ozarks", "Valley Hospital–Cedar Crest" (dash without spaces), "X Hospital
 * Galway" (one word naming a sizeable place, not followed by another capital).
 */
function campusTail(ctx: DetectionContext, tokens: readonly Token[], last: number): number | undefined {
  const next = tokens[last + 1];
  if (!next) return undefined;
  const text = ctx.text;
  const gap = text.slice(tokens[last].end, next.start);
  if (gap === ' ' && (next.text === 'St' || next.text === 'St.')) return capitalisedRunFrom(ctx, tokens, last + 1, 4)?.end;
  if (DASH_GAP.test(gap) && isCapitalised(next.text)) return capitalisedRunFrom(ctx, tokens, last + 1, 3)?.end;
  if (gap === ' ' && next.lower === 'of') {
    let k = last + 2;
    if (tokens[k] && tokens[k].lower === 'the') k++;
    const name = tokens[k];
    if (!name || !isCapitalised(name.text) || !OF_TAIL.test(text.slice(tokens[last].end, name.start))) return undefined;
    return capitalisedRunFrom(ctx, tokens, k, 3)?.end;
  }
  if (gap === ' ' && isCapitalised(next.text) && next.text.length > 2) {
    const after = tokens[last + 2];
    if (after && isCapitalised(after.text) && isSpaceGapAt(text, next.end, after.start)) return undefined;
    if (placeFactsNamed(next.text).population >= MIN_TAIL_PLACE_POPULATION) return next.end;
  }
  return undefined;
}

function byCue(ctx: DetectionContext): Candidate[] {
  const out: Candidate[] = [];
  for (const m of CARE_CUE_MATCHES(ctx)) {
    const run = nameAfter(ctx, m.index + m[0].length, 7);
    if (!run || run.last === run.first) continue; // one word is too often a city
    // "the Emergency Department", "Cardiac Unit": a department, not a provider.
    if (/\b(?:department|unit|ward|floor|wing|room)$/i.test(ctx.text.slice(run.start, run.end))) continue;
    out.push({ start: run.start, end: run.end, label: 'MEDICAL', score: 0.6 });
  }
  return out;
}

export function providerRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'medical-provider',
    labels: ['MEDICAL'],
    detect: (ctx) => [...byNoun(ctx), ...byCue(ctx), ...pharmacyChainCandidates(ctx)].filter((c) => c.score >= min),
  };
}
