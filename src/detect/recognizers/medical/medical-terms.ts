import { createRequire } from 'node:module';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { isSpaceGap, minScoreFor, tokensOf } from '../employment/tokens.js';
import { PhraseLexicon } from './phrase-lexicon.js';

/**
 * Medical history: conditions, medications and procedures from curated
 * lexicons, plus drug-class and diagnosis word endings ("-pril", "-itis").
 * A match grows leftwards over qualifiers ("chronic", "left", "type 2") and
 * rightwards over "stage 3b" / "type 2". Everyday words ("stroke", "cold",
 * "pressure") count only after a medical cue.
 */
type Kind = 'condition' | 'medication' | 'procedure';

interface Lexicons {
  phrases: PhraseLexicon<Kind>;
  ambiguous: Set<string>;
  modifiers: Set<string>;
  drugSuffixes: SuffixSet;
  conditionSuffixes: SuffixSet;
  suffixExclusions: Set<string>;
  english: Set<string>;
  heads: Set<string>;
  stop: Set<string>;
  bodyParts: Set<string>;
}

let lexicons: Lexicons | undefined;

function load(): Lexicons {
  if (lexicons) return lexicons;
  const phrases = new PhraseLexicon<Kind>();
  for (const w of readDataLines('medical-conditions.txt')) phrases.add(w, 'condition');
  for (const w of readDataLines('medical-procedures.txt')) phrases.add(w, 'procedure');
  for (const w of readDataLines('medical-medications.txt')) phrases.add(w, 'medication');
  const require = createRequire(import.meta.url);
  const english = new Set<string>(require('an-array-of-english-words') as string[]);
  lexicons = {
    phrases,
    ambiguous: new Set(readDataLines('medical-ambiguous.txt')),
    modifiers: new Set(readDataLines('medical-modifiers.txt')),
    drugSuffixes: suffixSet(readDataLines('medical-drug-suffixes.txt')),
    conditionSuffixes: suffixSet(readDataLines('medical-condition-suffixes.txt')),
    suffixExclusions: new Set(readDataLines('medical-suffix-exclusions.txt')),
    english,
    heads: new Set(readDataLines('medical-head-nouns.txt')),
    stop: new Set([...readDataLines('employment-title-stopwords.txt'), ...readDataLines('medical-head-stopwords.txt')]),
    bodyParts: new Set(readDataLines('traits-body-parts.txt')),
  };
  return lexicons;
}

// Medical cues within the same sentence before a match.
const MEDICAL_CUE = /(?:history of|\bhx\b|h\/o|diagnos(?:ed|is)|\bdx\b|s\/p|status post|suffer(?:s|ed|ing)? from|treated for|treatment for|present(?:ed|s) with|admitted (?:for|with)|complain(?:s|ed)? of|c\/o|\bpmh|medical history|problem list|impression|assessment|\ba\/p\b|allerg(?:ic|y|ies)|recovering from|died (?:of|from)|after a|due to|secondary to|underwent|had an?|ruled out|r\/o|reports?|denies|risk of|signs of|symptoms of|medications?|\bmeds\b|\brx\b|prescribed|taking|started on|continue|conditions?|disabilit(?:y|ies))[^.;\n]{0,60}$/;
const INJURED = /^(?:fractured|broken|torn|sprained|dislocated|bruised|injured|swollen|amputated|crushed)$/;
const DOSE_AFTER = /^\s{0,2}(?:\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|mL|units?|iu|%)\b|(?:xr|er|sr|xl)\b)/i;

/** Word endings grouped for lookup by length: one Set probe per distinct length. */
interface SuffixSet {
  endings: Set<string>;
  lengths: number[];
}

function suffixSet(list: readonly string[]): SuffixSet {
  return { endings: new Set(list), lengths: [...new Set(list.map((s) => s.length))] };
}

function isSuffixWord(word: string, suffixes: SuffixSet): boolean {
  for (const n of suffixes.lengths) if (word.length >= n + 3 && suffixes.endings.has(word.slice(-n))) return true;
  return false;
}

export function medicalTermCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    let last = i;
    let kind: Kind | undefined;
    let score = 0;
    const match = lex.phrases.matchAt(ctx, tokens, i);
    if (match) {
      last = match.last;
      kind = match.value;
      score = kind === 'medication' ? 0.75 : 0.7;
    } else if (/^\p{L}{6,}$/u.test(tok.text) && !lex.suffixExclusions.has(tok.lower)) {
      if (isSuffixWord(tok.lower, lex.conditionSuffixes)) {
        kind = 'condition';
        score = 0.65;
      } else if (isSuffixWord(tok.lower, lex.drugSuffixes) && !lex.english.has(tok.lower)) {
        kind = 'medication';
        score = DOSE_AFTER.test(ctx.text.slice(tok.end, tok.end + 12)) ? 0.75 : 0.55;
      }
    }
    if (!kind) continue;
    let first = i;
    // Qualifiers before: "chronic", "left", "type 2", "stage IV".
    for (let j = i - 1, n = 0; j >= 0 && n < 4; j--, n++) {
      if (!isSpaceGap(ctx.text.slice(tokens[j].end, tokens[j + 1].start)) && ctx.text.slice(tokens[j].end, tokens[j + 1].start) !== '-') break;
      const w = tokens[j].lower;
      if (lex.modifiers.has(w)) first = j;
      else if (/^(?:\d|i{1,3}v?|iv|v)[a-c]?$/.test(w) && j > 0 && (tokens[j - 1].lower === 'type' || tokens[j - 1].lower === 'stage')) first = j;
      else break;
    }
    if (tokens[first].lower === 'type' || tokens[first].lower === 'stage') first = Math.min(first + 2, i);
    // Qualifiers after: "stage 3b", "type 2", "mellitus".
    const next = tokens[last + 1];
    const after = tokens[last + 2];
    if (next && after && (next.lower === 'stage' || next.lower === 'type' || next.lower === 'grade' || next.lower === 'level') && /^(?:\d{1,2}[a-c]?|i{1,3}|iv|v)$/i.test(after.text) && /^,?\s$/.test(ctx.text.slice(tokens[last].end, next.start))) last += 2;
    const multi = last > first;
    const word = tokens.slice(i, match ? match.last + 1 : i + 1).map((t) => t.lower).join(' ');
    if (!multi && lex.ambiguous.has(word)) {
      if (!MEDICAL_CUE.test(ctx.before(tokens[first].start, 80))) continue;
      score = 0.6;
    }
    if (score < min) continue;
    out.push({ start: tokens[first].start, end: tokens[last].end, label: 'MEDICAL', score });
    i = last;
  }
  return out;
}

/**
 * Head-noun phrases: "thyroid eye disease", "fractured left wrist" style
 * phrases are completed by the words before the head (up to three, no stop
 * words) and by "of/to the right knee" after it.
 */
export function medicalHeadCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const isHead = lex.heads.has(tok.lower);
    const isBodyInjury = lex.bodyParts.has(tok.lower) && [tokens[i - 1], tokens[i - 2]].some((t) => t !== undefined && INJURED.test(t.lower));
    if (!isHead && !isBodyInjury) continue;
    let first = i;
    for (let j = i - 1, n = 0; j >= 0 && n < 3; j--, n++) {
      const gap = ctx.text.slice(tokens[j].end, tokens[j + 1].start);
      if (!/^['\u2019]?[ \t]$/.test(gap) && gap !== '-' && gap !== '/') break;
      const w = tokens[j].lower;
      if (lex.stop.has(w) && !lex.modifiers.has(w)) break;
      if (/\d/.test(w) && !/^(?:type|stage)$/.test(tokens[j - 1]?.lower ?? '')) break;
      first = j;
    }
    if (first === i) continue;
    let last = i;
    const conn = tokens[i + 1];
    if (conn && (conn.lower === 'of' || conn.lower === 'to' || conn.lower === 'in') && isSpaceGap(ctx.text.slice(tok.end, conn.start))) {
      for (let k = i + 2; k < Math.min(tokens.length, i + 6); k++) {
        if (!isSpaceGap(ctx.text.slice(tokens[k - 1].end, tokens[k].start))) break;
        if (lex.bodyParts.has(tokens[k].lower)) {
          last = k;
          break;
        }
      }
    }
    const score = 0.6;
    if (score >= min) out.push({ start: tokens[first].start, end: tokens[last].end, label: 'MEDICAL', score });
  }
  return out;
}

export function medicalTermRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'medical-term',
    labels: ['MEDICAL'],
    detect: (ctx) => [...medicalTermCandidates(ctx, min), ...medicalHeadCandidates(ctx, min)],
  };
}
