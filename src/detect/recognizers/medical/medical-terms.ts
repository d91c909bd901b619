import { createRequire } from 'node:module';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { isSpaceGap, minScoreFor, tokensOf, type Token } from '../employment/tokens.js';
import { PhraseLexicon } from './phrase-lexicon.js';

/**
 * Medical history: conditions, medications and procedures from curated
 * lexicons, plus drug-class and diagnosis word endings ("-pril", "-itis").
 * A match grows leftwards over qualifiers ("chronic", "left", "type 2") and
 * rightwards over "stage 3b" / "type 2". Everyday words ("stroke", "cold",
 * "pressure") count only after a medical cue.
 */
type Kind = 'condition' | 'medication' | 'procedure' | 'symptom';

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
  trailing: Set<string>;
  weakHeads: Set<string>;
  adjectiveStop: Set<string>;
  /** Words of the lexicon phrases (for "is this word medical?" checks). */
  words: Set<string>;
  fuzzy: FuzzyIndex;
  /** Abbreviations written in capitals in the data files ("ADD"): they match only in capitals. */
  capsOnly: Set<string>;
  injuryNouns: Set<string>;
  injuryVerbs: Set<string>;
}

let lexicons: Lexicons | undefined;

function load(): Lexicons {
  if (lexicons) return lexicons;
  const phrases = new PhraseLexicon<Kind>();
  for (const w of readDataLines('medical-conditions.txt')) phrases.add(w, 'condition');
  for (const w of readDataLines('medical-procedures.txt')) phrases.add(w, 'procedure');
  for (const w of readDataLines('medical-medications.txt')) phrases.add(w, 'medication');
  for (const w of readDataLines('medical-symptoms.txt')) phrases.add(w, 'symptom');
  const words = new Set<string>();
  const capsOnly = new Set<string>();
  const single: Array<[string, Kind]> = [];
  for (const [file, kind] of [['medical-conditions.txt', 'condition'], ['medical-procedures.txt', 'procedure'], ['medical-medications.txt', 'medication']] as const) {
    for (const line of readDataLines(file)) {
      const parts = line.toLowerCase().split(/\s+/);
      if (/^[A-Z]{2,6}$/.test(line)) capsOnly.add(parts[0]);
      if (kind === 'condition') for (const w of parts) words.add(w);
      if (parts.length === 1) single.push([parts[0], kind]);
    }
  }
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
    trailing: new Set(readDataLines('medical-trailing-nouns.txt')),
    weakHeads: new Set(readDataLines('medical-weak-heads.txt')),
    adjectiveStop: new Set(readDataLines('medical-adjective-stopwords.txt')),
    words,
    fuzzy: fuzzyIndex(single),
    capsOnly,
    injuryNouns: new Set(readDataLines('medical-injury-nouns.txt')),
    injuryVerbs: new Set(readDataLines('medical-injury-verbs.txt')),
  };
  return lexicons;
}

// Medical cues within the same sentence before a match.
const MEDICAL_CUE = /(?:history of|\bhx\b|h\/o|diagnos(?:ed|is)|\bdx\b|s\/p|status post|suffer(?:s|ed|ing)? from|treated for|treatment for|present(?:ed|s) with|admitted (?:for|with)|complain(?:s|ed)? of|c\/o|\bpmh|medical history|problem list|impression|assessment|\ba\/p\b|allerg(?:ic|y|ies)|recovering from|died (?:of|from)|after a|due to|secondary to|underwent|had an?|ruled out|r\/o|reports?|denies|risk of|signs of|symptoms of|medications?|\bmeds\b|\brx\b|prescribed|taking|started on|continue|conditions?|disabilit(?:y|ies))[^.;\n]{0,60}$/;
const NEGATED = /\b(?:no|not|denies|denied|deny|without|negative for|free of)\s+(?:[\w-]+\s+){0,2}$/;
// Adjectives that often qualify a condition ("metastatic", "bacterial", "vascular", "substernal").
const MEDICAL_ADJECTIVE = /^\p{Ll}{3,}(?:ic|al|ous|ary|oid|ive)$/u;
/** Ambiguous or symptom matches count in a document with at least this many unambiguous matches. */
const MEDICAL_DOC_MIN = 2;
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

/**
 * One-edit misspellings ("diabetis", "losartin", "amlodapine") of single-word
 * lexicon entries, by the symmetric-delete method: every entry and every
 * query word is indexed under its one-letter deletions.
 */
interface FuzzyIndex {
  byDeletion: Map<string, Kind>;
  exact: Map<string, Kind>;
}

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let k = 0; k < word.length; k++) out.push(word.slice(0, k) + word.slice(k + 1));
  return out;
}

function fuzzyIndex(entries: ReadonlyArray<[string, Kind]>): FuzzyIndex {
  const byDeletion = new Map<string, Kind>();
  const exact = new Map<string, Kind>();
  for (const [w, kind] of entries) {
    if (w.length < 6 || !/^\p{L}+$/u.test(w)) continue;
    exact.set(w, kind);
    for (const d of deletions(w)) byDeletion.set(d, kind);
  }
  return { byDeletion, exact };
}

function fuzzyKind(word: string, index: FuzzyIndex): Kind | undefined {
  const direct = index.byDeletion.get(word);
  if (direct) return direct;
  for (const d of deletions(word)) {
    const hit = index.exact.get(d) ?? index.byDeletion.get(d);
    if (hit) return hit;
  }
  return undefined;
}

function isSuffixWord(word: string, suffixes: SuffixSet): boolean {
  for (const n of suffixes.lengths) if (word.length >= n + 3 && suffixes.endings.has(word.slice(-n))) return true;
  return false;
}

export function medicalTermCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const out: Array<Candidate & { needsContext?: boolean }> = [];
  let strong = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    let last = i;
    let kind: Kind | undefined;
    let score = 0;
    const match = lex.phrases.matchAt(ctx, tokens, i);
    if (match && match.last === i && lex.capsOnly.has(tok.lower) && tok.text !== tok.text.toUpperCase()) continue;
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
      } else if (tok.text === tok.lower && !lex.english.has(tok.lower)) {
        // A lower-case non-word one edit away from a known term: a misspelling.
        kind = fuzzyKind(tok.lower, lex.fuzzy);
        if (kind === 'symptom') kind = undefined;
        score = 0.6;
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
    // Medical adjectives before a condition or procedure: "metastatic pancreatic adenocarcinoma".
    if (kind !== 'medication') {
      for (let j = first - 1, n = 0; j >= 0 && n < 2; j--, n++) {
        if (!isSpaceGap(ctx.text.slice(tokens[j].end, tokens[j + 1].start))) break;
        const w = tokens[j].lower;
        if (lex.stop.has(w) || lex.adjectiveStop.has(w)) break;
        if (lex.modifiers.has(w) || MEDICAL_ADJECTIVE.test(tokens[j].text)) first = j;
        else break;
      }
    }
    // Qualifiers after: "stage 3b", "type 2", "mellitus".
    const next = tokens[last + 1];
    const after = tokens[last + 2];
    if (next && after && (next.lower === 'stage' || next.lower === 'type' || next.lower === 'grade' || next.lower === 'level') && /^(?:\d{1,2}[a-c]?|i{1,3}|iv|v)$/i.test(after.text) && /^,?\s$/.test(ctx.text.slice(tokens[last].end, next.start))) last += 2;
    // Trailing nouns ("diabetes mellitus", "albuterol inhaler") and a body part ("tear of the medial meniscus").
    if (kind !== 'symptom') last = extendRight(ctx, tokens, last, lex);
    const multi = last > first;
    const word = tokens.slice(i, match ? match.last + 1 : i + 1).map((t) => t.lower).join(' ');
    const needsContext = kind === 'symptom' || (!multi && lex.ambiguous.has(word));
    if ((kind === 'condition' || kind === 'symptom') && NEGATED.test(ctx.before(tokens[first].start, 30).toLowerCase())) continue;
    if (needsContext) {
      score = 0.6;
    } else if (match) strong++;
    if (score < min) continue;
    out.push({ start: tokens[first].start, end: tokens[last].end, label: 'MEDICAL', score, needsContext });
    i = last;
  }
  // Ambiguous words and symptoms: after a medical cue, or anywhere in a medical document.
  const medicalDoc = strong >= MEDICAL_DOC_MIN;
  return out
    .filter((c) => !c.needsContext || medicalDoc || MEDICAL_CUE.test(ctx.before(c.start, 80)))
    .map(({ needsContext: _, ...c }) => c);
}

function extendRight(ctx: DetectionContext, tokens: readonly Token[], last: number, lex: Lexicons): number {
  const next = tokens[last + 1];
  if (!next || !isSpaceGap(ctx.text.slice(tokens[last].end, next.start))) return last;
  if (lex.trailing.has(next.lower)) return last + 1;
  if (next.lower !== 'of' && next.lower !== 'to' && next.lower !== 'in') return last;
  for (let k = last + 2; k < Math.min(tokens.length, last + 7); k++) {
    if (!isSpaceGap(ctx.text.slice(tokens[k - 1].end, tokens[k].start))) break;
    const w = tokens[k].lower;
    if (lex.bodyParts.has(w)) return k;
    if (w !== 'the' && w !== 'his' && w !== 'her' && w !== 'their' && w !== 'my' && !lex.modifiers.has(w) && !/^(?:index|middle|ring|little|big|great)$/.test(w)) break;
  }
  return last;
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
    if (NEGATED.test(ctx.before(tokens[first].start, 30).toLowerCase())) continue;
    // "wage loss", "guest injury": a weak head needs a body part or medical word before it.
    if (lex.weakHeads.has(tok.lower) && !isBodyInjury) {
      const prev = tokens[i - 1].lower;
      const adjective = (MEDICAL_ADJECTIVE.test(prev) || /ing$/.test(prev) || lex.modifiers.has(prev)) && !lex.adjectiveStop.has(prev);
      if (!lex.bodyParts.has(prev) && !lex.words.has(prev) && !adjective && bodyPartAfter(ctx, tokens, i, lex) < 0) continue;
    }
    const part = bodyPartAfter(ctx, tokens, i, lex);
    const last = part >= 0 ? part : i;
    const score = 0.6;
    if (score >= min) out.push({ start: tokens[first].start, end: tokens[last].end, label: 'MEDICAL', score });
  }
  return out;
}

const OWNER = /^(?:his|her|their|my|your|its|a|the)$/;

/** Index of a body part in "to/of/in/on/above the left knee" right after token i, or -1. */
function bodyPartAfter(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: Lexicons): number {
  const conn = tokens[i + 1];
  if (!conn || !/^(?:of|to|in|on|above|below|over|across|under)$/.test(conn.lower) || !isSpaceGap(ctx.text.slice(tokens[i].end, conn.start))) return -1;
  for (let k = i + 2; k < Math.min(tokens.length, i + 6); k++) {
    if (!isSpaceGap(ctx.text.slice(tokens[k - 1].end, tokens[k].start)) && ctx.text.slice(tokens[k - 1].end, tokens[k].start) !== '-') return -1;
    const w = tokens[k].lower;
    if (lex.bodyParts.has(w)) return k;
    if (!OWNER.test(w) && !lex.modifiers.has(w)) return -1;
  }
  return -1;
}

/**
 * Injuries named by a body part: "a deep cut above her left eyebrow",
 * "a burn to the right forearm", "rolled her ankle", "broke his left wrist".
 */
export function injuryCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const out: Candidate[] = [];
  const score = 0.6;
  if (score < min) return out;
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i].lower;
    if (lex.injuryNouns.has(w)) {
      const part = bodyPartAfter(ctx, tokens, i, lex);
      if (part < 0) continue;
      let first = i;
      for (let j = i - 1, n = 0; j >= 0 && n < 2 && isSpaceGap(ctx.text.slice(tokens[j].end, tokens[j + 1].start)) && lex.modifiers.has(tokens[j].lower); j--, n++) first = j;
      out.push({ start: tokens[first].start, end: tokens[part].end, label: 'MEDICAL', score });
      i = part;
    } else if (lex.injuryVerbs.has(w)) {
      const owner = tokens[i + 1];
      if (!owner || !/^(?:his|her|their|my|your)$/.test(owner.lower) || !isSpaceGap(ctx.text.slice(tokens[i].end, owner.start))) continue;
      for (let k = i + 2; k < Math.min(tokens.length, i + 5); k++) {
        if (!isSpaceGap(ctx.text.slice(tokens[k - 1].end, tokens[k].start))) break;
        if (lex.bodyParts.has(tokens[k].lower)) {
          out.push({ start: tokens[i].start, end: tokens[k].end, label: 'MEDICAL', score });
          i = k;
          break;
        }
        if (!lex.modifiers.has(tokens[k].lower)) break;
      }
    }
  }
  return out;
}

export function medicalTermRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'medical-term',
    labels: ['MEDICAL'],
    detect: (ctx) => [...medicalTermCandidates(ctx, min), ...medicalHeadCandidates(ctx, min), ...injuryCandidates(ctx, min)],
  };
}
