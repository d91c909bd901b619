import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { capitalisedRunBack, capitalisedRunFrom, isCapitalised, minScoreFor, tokensOf } from '../employment/tokens.js';
import { nameAfter, trimRunStart } from '../employment/org-name.js';
import { PhraseLexicon } from './phrase-lexicon.js';

/**
 * Provider names: a capitalised name ending in a provider noun ("Tacoma General
 * Hospital", "Sonoran Rheumatology Associates", "Westgate Pharmacy",
 * "Mayo Clinic"), or a capitalised name after a care cue ("admitted to",
 * "therapist at"). A department alone ("the Cardiology department") is not one:
 * the name needs a word besides the provider nouns.
 */
let nouns: PhraseLexicon<true> | undefined;
let nounWords: Set<string> | undefined;

function load(): PhraseLexicon<true> {
  if (nouns) return nouns;
  nouns = new PhraseLexicon<true>();
  nounWords = new Set();
  for (const line of readDataLines('medical-provider-nouns.txt')) {
    nouns.add(line, true);
    for (const w of line.split(/\s+/)) nounWords.add(w);
  }
  return nouns;
}

const CARE_CUES = /\b(?:admitted to|transferred to|taken to|transported to|seen at|followed at|followed by|treated at|referred to|discharged from|presented to|(?:therapist|counsel(?:l)?or|psychiatrist|physician|doctor|dentist|pcp|gp|surgeon|pharmacist|pharmacy|provider|clinic|hospital|practice|facility|dialysis|appointments?|visits?|rehab|surgery|treatment|care) (?:at|with|from)|(?:pharmacy|provider|pcp|hospital|facility|clinic|practice|referring practice|attending practice)\s*:)[ \t]*/g;

function byNoun(ctx: DetectionContext): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!lex.has(tokens[i].lower) || !isCapitalised(tokens[i].text)) continue;
    const m = lex.matchAt(ctx, tokens, i);
    if (!m) continue;
    const first = capitalisedRunBack(ctx, tokens, i, 6);
    const run = trimRunStart(ctx, { first, last: m.last, start: tokens[first].start, end: tokens[m.last].end });
    if (!run) continue;
    let named = false;
    for (let j = run.first; j < i; j++) if (isCapitalised(tokens[j].text) && !nounWords!.has(tokens[j].lower)) named = true;
    if (!named) continue;
    // "Mercy Hospital St. Louis", "Swedish Medical Center First Hill": a trailing campus name.
    let end = run.end;
    const tail = capitalisedRunFrom(ctx, tokens, m.last + 1, 4);
    if (tail && /^ (?=St\.? )/.test(ctx.text.slice(run.end, tail.start + 1))) end = tail.end;
    out.push({ start: run.start, end, label: 'MEDICAL', score: 0.75 });
    i = m.last;
  }
  return out;
}

function byCue(ctx: DetectionContext): Candidate[] {
  const out: Candidate[] = [];
  CARE_CUES.lastIndex = 0;
  for (let m = CARE_CUES.exec(ctx.lower); m; m = CARE_CUES.exec(ctx.lower)) {
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
    detect: (ctx) => [...byNoun(ctx), ...byCue(ctx)].filter((c) => c.score >= min),
  };
}
