import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { englishWordSet } from '../../../lexicons/english-words.js';
import { gapIsChar, isSpaceGapAt, minScoreFor, tokensOf, type Token } from '../employment/tokens.js';
import { PhraseLexicon } from './phrase-lexicon.js';
import { tokenIds, WordFlags } from '../employment/word-ids.js';
import { imagingCandidates, spinalLevelCandidates } from './spine-imaging.js';
import { fnv1a } from '../../../lexicons/fnv.js';
import { ContextMemo } from '../../context-memo.js';

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
  /** The last two characters of every drug and condition ending (endingPairs). */
  endingPairs: Uint8Array;
  suffixExclusions: Set<string>;
  /** The English vocabulary, loaded on first use (only a long word with a drug ending or a possible misspelling asks). */
  english: () => ReadonlySet<string>;
  heads: Set<string>;
  stop: Set<string>;
  bodyParts: Set<string>;
  trailing: Set<string>;
  weakHeads: Set<string>;
  adjectiveStop: Set<string>;
  /** Words of the lexicon phrases (for "is this word medical?" checks). */
  words: Set<string>;
  /** Built on first use, like `english`: a document without a long lower-case non-word never needs it. */
  fuzzy: () => FuzzyIndex;
  /** Abbreviations written in capitals in the data files ("ADD"): they match only in capitals. */
  capsOnly: Set<string>;
  injuryNouns: Set<string>;
  injuryVerbs: Set<string>;
  /** Word → WordFlag bits: one lookup per token tells which lexicons it starts or belongs to. */
  flags: Map<string, number>;
  /** `flags` by word id (word-ids.ts). */
  flagIds: WordFlags;
}

/** Bits of Lexicons.flags. */
const PHRASE_START = 1;
const HEAD = 2;
const BODY_PART = 4;
const INJURY_NOUN = 8;
const INJURY_VERB = 16;

let lexicons: Lexicons | undefined;

function load(): Lexicons {
  if (lexicons) return lexicons;
  const phrases = new PhraseLexicon<Kind>();
  // Each list read once: the phrase lexicon and the word sets below come from the same lines.
  const conditions = readDataLines('medical-conditions.txt');
  const procedures = readDataLines('medical-procedures.txt');
  const medications = readDataLines('medical-medications.txt');
  for (const w of conditions) phrases.add(w, 'condition');
  for (const w of procedures) phrases.add(w, 'procedure');
  for (const w of medications) phrases.add(w, 'medication');
  for (const w of readDataLines('medical-symptoms.txt')) phrases.add(w, 'symptom');
  const words = new Set<string>();
  const capsOnly = new Set<string>();
  const single: Array<[string, Kind]> = [];
  for (const [lines, kind] of [[conditions, 'condition'], [procedures, 'procedure'], [medications, 'medication']] as const) {
    for (const line of lines) {
      const parts = line.toLowerCase().split(/\s+/);
      if (/^[A-Z]{2,6}$/.test(line)) capsOnly.add(parts[0]);
      if (kind === 'condition') for (const w of parts) words.add(w);
      if (parts.length === 1) single.push([parts[0], kind]);
    }
  }
  let englishWords: ReadonlySet<string> | undefined;
  let fuzzy: FuzzyIndex | undefined;
  const heads = new Set(readDataLines('medical-head-nouns.txt'));
  const bodyParts = new Set(readDataLines('traits-body-parts.txt'));
  const injuryNouns = new Set(readDataLines('medical-injury-nouns.txt'));
  const injuryVerbs = new Set(readDataLines('medical-injury-verbs.txt'));
  const flags = new Map<string, number>();
  const flag = (words: Iterable<string>, bit: number) => {
    for (const w of words) flags.set(w, (flags.get(w) ?? 0) | bit);
  };
  flag(phrases.firstWords(), PHRASE_START);
  flag(heads, HEAD);
  flag(bodyParts, BODY_PART);
  flag(injuryNouns, INJURY_NOUN);
  flag(injuryVerbs, INJURY_VERB);
  lexicons = {
    phrases,
    ambiguous: new Set(readDataLines('medical-ambiguous.txt')),
    modifiers: new Set(readDataLines('medical-modifiers.txt')),
    drugSuffixes: suffixSet(readDataLines('medical-drug-suffixes.txt')),
    conditionSuffixes: suffixSet(readDataLines('medical-condition-suffixes.txt')),
    endingPairs: endingPairs([...readDataLines('medical-drug-suffixes.txt'), ...readDataLines('medical-condition-suffixes.txt')]),
    suffixExclusions: new Set(readDataLines('medical-suffix-exclusions.txt')),
    english: () => (englishWords ??= englishWordSet()),
    heads,
    stop: new Set([...readDataLines('employment-title-stopwords.txt'), ...readDataLines('medical-head-stopwords.txt')]),
    bodyParts,
    trailing: new Set(readDataLines('medical-trailing-nouns.txt')),
    weakHeads: new Set(readDataLines('medical-weak-heads.txt')),
    adjectiveStop: new Set(readDataLines('medical-adjective-stopwords.txt')),
    words,
    fuzzy: () => (fuzzy ??= fuzzyIndex(single)),
    capsOnly,
    injuryNouns,
    injuryVerbs,
    flags,
    flagIds: new WordFlags(flags),
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
const INJURED = /^(?:fractured|broken|torn|sprained|dislocated|bruised|injured|swollen|amputated|crushed|ruptured|malunited|herniated)$/;
const DOSE_AFTER = /^\s{0,2}(?:\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|mL|units?|iu|%)\b|(?:xr|er|sr|xl)\b)/i;

/** Word endings grouped by their last character: a word is compared only with the endings it could have. */
type SuffixSet = Map<number, string[]>;

function suffixSet(list: readonly string[]): SuffixSet {
  const byLast: SuffixSet = new Map();
  for (const ending of list) {
    const last = ending.charCodeAt(ending.length - 1);
    const bucket = byLast.get(last) ?? [];
    bucket.push(ending);
    byLast.set(last, bucket);
  }
  return byLast;
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

/** Key of a word's last two UTF-16 units, 16 bits (a filter: two words may share a key). */
function pairKey(word: string): number {
  return ((word.charCodeAt(word.length - 1) & 0xff) << 8) | (word.charCodeAt(word.length - 2) & 0xff);
}

/** One flag per pairKey of the endings: a word whose key is unflagged ends in none of them. */
function endingPairs(endings: readonly string[]): Uint8Array {
  const pairs = new Uint8Array(1 << 16);
  for (const ending of endings) {
    if (ending.length < 2) throw new Error(`medical ending too short: ${ending}`);
    pairs[pairKey(ending)] = 1;
  }
  return pairs;
}

/** True if the word ends in one of the endings, with at least three characters before it. */
function isSuffixWord(word: string, suffixes: SuffixSet): boolean {
  const bucket = suffixes.get(word.charCodeAt(word.length - 1));
  if (!bucket) return false;
  for (const ending of bucket) if (word.length >= ending.length + 3 && word.endsWith(ending)) return true;
  return false;
}

/** How a word outside the phrase lexicons reads: a diagnosis or drug ending, or a misspelt term. */
interface WordClass {
  kind: Kind | undefined;
  score: number;
  /** A drug-suffix match: its score depends on a dose after it. */
  drug: boolean;
}

const NO_CLASS: WordClass = { kind: undefined, score: 0, drug: false };
const LETTERS_6 = /^\p{L}{6,}$/u;
/**
 * Classes of the words seen so far, by spelling, with the lower-case form they
 * were computed for (lower-casing depends on context in rare scripts, e.g. a
 * final sigma). An open-addressing table keyed by a hash of the word's
 * characters, read straight from the document (no substring is hashed or
 * compared by the engine's Map); cleared when it is half full.
 */
const CLASS_SLOTS = 1 << 16;
/** Per slot: the hash at 2k, and at 2k + 1 the index + 1 into the arrays below (0: empty slot); one cache line per probe. */
const classTable = new Int32Array(2 * CLASS_SLOTS);
let classWords: string[] = [];
let classLowers: string[] = [];
let classValues: WordClass[] = [];

function classify(text: string, lower: string, lex: Lexicons): WordClass {
  if (!LETTERS_6.test(text) || lex.suffixExclusions.has(lower)) return NO_CLASS;
  if (isSuffixWord(lower, lex.conditionSuffixes)) return { kind: 'condition', score: 0.65, drug: false };
  if (isSuffixWord(lower, lex.drugSuffixes) && !lex.english().has(lower)) return { kind: 'medication', score: 0.55, drug: true };
  if (text === lower && !lex.english().has(lower)) {
    // A lower-case non-word one edit away from a known term: a misspelling.
    const kind = fuzzyKind(lower, lex.fuzzy());
    return kind && kind !== 'symptom' ? { kind, score: 0.6, drug: false } : NO_CLASS;
  }
  return NO_CLASS;
}

/** The class of a token (its text is text[tok.start, tok.end)), cached per distinct word. */
function classOf(text: string, tok: Token, lex: Lexicons): WordClass {
  // Fewer than six UTF-16 units cannot hold six letters.
  const len = tok.end - tok.start;
  if (len < 6) return NO_CLASS;
  // A word with a capital gets a class only from a drug or condition ending (see classify): most
  // have none, told by one array read, without hashing the word and probing the table.
  if (lex.endingPairs[pairKey(tok.lower)] === 0 && tok.text !== tok.lower) return NO_CLASS;
  const h = fnv1a(text, tok.start, tok.end);
  const mask = CLASS_SLOTS - 1;
  let k = h & mask;
  for (let e = classTable[2 * k + 1]; e !== 0; k = (k + 1) & mask, e = classTable[2 * k + 1]) {
    if (classTable[2 * k] !== h) continue;
    const w = classWords[e - 1];
    if (w.length === len && text.startsWith(w, tok.start)) {
      // The same spelling: the stored class holds if it was computed for the same lower-case form.
      if (classLowers[e - 1] === tok.lower) return classValues[e - 1];
      const cls = classify(tok.text, tok.lower, lex);
      classLowers[e - 1] = tok.lower;
      classValues[e - 1] = cls;
      return cls;
    }
  }
  const cls = classify(tok.text, tok.lower, lex);
  if (2 * (classWords.length + 1) > CLASS_SLOTS) {
    classTable.fill(0);
    classWords = [];
    classLowers = [];
    classValues = [];
    k = h & mask;
  }
  classWords.push(tok.text);
  classLowers.push(tok.lower);
  classValues.push(cls);
  classTable[2 * k] = h;
  classTable[2 * k + 1] = classWords.length;
  return cls;
}

/**
 * One pass over the document's tokens: the lexicon flags of every token and,
 * for each of the three scans below, the indices of the tokens it can start at
 * (so each scan visits a few hundred tokens instead of all of them).
 */
interface MedicalScan {
  flags: Uint8Array;
  /** A phrase start, or a word long enough for a suffix or misspelling. */
  terms: number[];
  /** A head noun or a body part. */
  heads: number[];
  /** An injury noun or verb. */
  injuries: number[];
}

const scanCache = new ContextMemo<MedicalScan>();

function scanOf(ctx: DetectionContext, tokens: readonly Token[], lex: Lexicons): MedicalScan {
  let scan = scanCache.get(ctx);
  if (scan) return scan;
  const flags = new Uint8Array(tokens.length);
  const terms: number[] = [];
  const heads: number[] = [];
  const injuries: number[] = [];
  const ids = tokenIds(ctx).lower;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const f = lex.flagIds.get(ids[i]);
    flags[i] = f;
    if (f & PHRASE_START || tok.text.length >= 6) terms.push(i);
    if (f & (HEAD | BODY_PART)) heads.push(i);
    if (f & (INJURY_NOUN | INJURY_VERB)) injuries.push(i);
  }
  scan = { flags, terms, heads, injuries };
  scanCache.set(ctx, scan);
  return scan;
}

/** True if only spaces (or a hyphen, when `hyphen`) separate tokens j and j + 1. */
function joined(text: string, tokens: readonly Token[], j: number, hyphen: boolean): boolean {
  const from = tokens[j].end;
  const to = tokens[j + 1].start;
  return isSpaceGapAt(text, from, to) || (hyphen && gapIsChar(text, from, to, 45));
}

const TYPE_NUMBER = /^(?:\d|i{1,3}v?|iv|v)[a-c]?$/;
const STAGE_NUMBER = /^(?:\d{1,2}[a-c]?|i{1,3}|iv|v)$/i;
const COMMA_SPACE = /^,?\s$/;
const FIELD_LABEL_AFTER = /^(?:\s?:|\s\d{1,2}\s?\/\s?10\b)/;

export function medicalTermCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const { flags, terms } = scanOf(ctx, tokens, lex);
  const text = ctx.text;
  const out: Array<Candidate & { needsContext?: boolean }> = [];
  let strong = 0;
  // Tokens up to `done` are inside an earlier match.
  let done = -1;
  for (const i of terms) {
    if (i <= done) continue;
    const tok = tokens[i];
    let last = i;
    let kind: Kind | undefined;
    let score = 0;
    const match = flags[i] & PHRASE_START ? lex.phrases.matchAt(ctx, tokens, i) : undefined;
    if (match && match.last === i && lex.capsOnly.has(tok.lower) && tok.text !== tok.text.toUpperCase()) continue;
    if (match) {
      last = match.last;
      kind = match.value;
      score = kind === 'medication' ? 0.75 : 0.7;
    } else {
      const cls = classOf(text, tok, lex);
      if (!cls.kind) continue;
      kind = cls.kind;
      score = cls.drug && DOSE_AFTER.test(text.slice(tok.end, tok.end + 12)) ? 0.75 : cls.score;
    }
    let first = i;
    // Qualifiers before: "chronic", "left", "type 2", "stage IV".
    for (let j = i - 1, n = 0; j >= 0 && n < 4; j--, n++) {
      if (!joined(text, tokens, j, true)) break;
      const w = tokens[j].lower;
      if (lex.modifiers.has(w)) first = j;
      else if (TYPE_NUMBER.test(w) && j > 0 && (tokens[j - 1].lower === 'type' || tokens[j - 1].lower === 'stage')) first = j;
      else break;
    }
    if (tokens[first].lower === 'type' || tokens[first].lower === 'stage') first = Math.min(first + 2, i);
    // Medical adjectives before a condition or procedure: "metastatic colorectal carcinoma".
    if (kind !== 'medication') {
      for (let j = first - 1, n = 0; j >= 0 && n < 2; j--, n++) {
        if (!joined(text, tokens, j, false)) break;
        const w = tokens[j].lower;
        if (lex.stop.has(w) || lex.adjectiveStop.has(w)) break;
        if (lex.modifiers.has(w) || MEDICAL_ADJECTIVE.test(tokens[j].text)) first = j;
        else break;
      }
    }
    // Qualifiers after: "stage 3b", "type 2", "mellitus".
    const next = tokens[last + 1];
    const after = tokens[last + 2];
    if (next && after && (next.lower === 'stage' || next.lower === 'type' || next.lower === 'grade' || next.lower === 'level') && STAGE_NUMBER.test(after.text) && COMMA_SPACE.test(text.slice(tokens[last].end, next.start))) last += 2;
    // Trailing nouns ("diabetes mellitus", "albuterol inhaler") and a body part ("tear of the medial meniscus").
    if (kind !== 'symptom') last = extendRight(ctx, tokens, last, lex);
    const multi = last > first;
    const needsContext = kind === 'symptom' || (!multi && lex.ambiguous.has(phraseText(tokens, i, match ? match.last : i)));
    if ((kind === 'condition' || kind === 'symptom') && NEGATED.test(ctx.before(tokens[first].start, 30).toLowerCase())) continue;
    // "Allergies: penicillin", "Pain 8/10": an ambiguous word as a field label or a scored finding.
    if (needsContext && !multi && FIELD_LABEL_AFTER.test(text.slice(tokens[last].end, tokens[last].end + 8))) continue;
    if (needsContext) {
      score = 0.6;
    } else if (match) strong++;
    if (score < min) continue;
    out.push({ start: tokens[first].start, end: tokens[last].end, label: 'MEDICAL', score, needsContext });
    done = last;
  }
  // Ambiguous words and symptoms: after a medical cue, or anywhere in a medical document.
  if (out.length === 0) return [];
  const medicalDoc = strong >= MEDICAL_DOC_MIN;
  return out
    .filter((c) => !c.needsContext || medicalDoc || MEDICAL_CUE.test(ctx.before(c.start, 80)))
    .map(({ needsContext: _, ...c }) => c);
}

/** Lower-case words of tokens first..last joined by single spaces. */
function phraseText(tokens: readonly Token[], first: number, last: number): string {
  let out = tokens[first].lower;
  for (let k = first + 1; k <= last; k++) out += ' ' + tokens[k].lower;
  return out;
}

const FINGER_WORDS = new Set(['index', 'middle', 'ring', 'little', 'big', 'great']);

function extendRight(ctx: DetectionContext, tokens: readonly Token[], last: number, lex: Lexicons): number {
  const next = tokens[last + 1];
  if (!next || !joined(ctx.text, tokens, last, false)) return last;
  if (lex.trailing.has(next.lower)) return last + 1;
  if (next.lower !== 'of' && next.lower !== 'to' && next.lower !== 'in') return last;
  for (let k = last + 2; k < Math.min(tokens.length, last + 7); k++) {
    if (!joined(ctx.text, tokens, k - 1, false)) break;
    const w = tokens[k].lower;
    if (lex.bodyParts.has(w)) return k;
    if (w !== 'the' && w !== 'his' && w !== 'her' && w !== 'their' && w !== 'my' && !lex.modifiers.has(w) && !FINGER_WORDS.has(w)) break;
  }
  return last;
}

const HEAD_GAP = /^['\u2019]?[ \t]$/;
const HAS_DIGIT = /\d/;
const TYPE_OR_STAGE = /^(?:type|stage)$/;
const ING = /ing$/;

/**
 * Head-noun phrases: "thyroid eye disease", "fractured left wrist" style
 * phrases are completed by the words before the head (up to three, no stop
 * words) and by "of/to the right knee" after it.
 */
export function medicalHeadCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const { flags, heads } = scanOf(ctx, tokens, lex);
  const text = ctx.text;
  const out: Candidate[] = [];
  for (const i of heads) {
    const f = flags[i];
    const tok = tokens[i];
    const isHead = (f & HEAD) !== 0;
    const isBodyInjury = (f & BODY_PART) !== 0 && ((i >= 1 && INJURED.test(tokens[i - 1].lower)) || (i >= 2 && INJURED.test(tokens[i - 2].lower)) || (i >= 3 && INJURED.test(tokens[i - 3].lower) && lex.modifiers.has(tokens[i - 2].lower)));
    if (!isHead && !isBodyInjury) continue;
    let first = i;
    for (let j = i - 1, n = 0; j >= 0 && n < 3; j--, n++) {
      const from = tokens[j].end;
      const to = tokens[j + 1].start;
      // A gap of a space or tab (after an optional apostrophe), "-" or "/".
      const ok = (to - from === 1 && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9)) || gapIsChar(text, from, to, 45) || gapIsChar(text, from, to, 47) || (to - from === 2 && HEAD_GAP.test(text.slice(from, to)));
      if (!ok) break;
      const w = tokens[j].lower;
      if (lex.stop.has(w) && !lex.modifiers.has(w)) break;
      if (HAS_DIGIT.test(w) && !TYPE_OR_STAGE.test(tokens[j - 1]?.lower ?? '')) break;
      first = j;
    }
    if (first === i) continue;
    if (NEGATED.test(ctx.before(tokens[first].start, 30).toLowerCase())) continue;
    // "wage loss", "guest injury": a weak head needs a body part or medical word before it.
    if (lex.weakHeads.has(tok.lower) && !isBodyInjury) {
      const prev = tokens[i - 1].lower;
      const adjective = (MEDICAL_ADJECTIVE.test(prev) || ING.test(prev) || lex.modifiers.has(prev)) && !lex.adjectiveStop.has(prev);
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
const BODY_CONNECTOR = /^(?:of|to|in|on|above|below|over|across|under)$/;

/** Index of a body part in "to/of/in/on/above the left knee" right after token i, or -1. */
function bodyPartAfter(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: Lexicons): number {
  const conn = tokens[i + 1];
  if (!conn || !BODY_CONNECTOR.test(conn.lower) || !joined(ctx.text, tokens, i, false)) return -1;
  for (let k = i + 2; k < Math.min(tokens.length, i + 6); k++) {
    if (!joined(ctx.text, tokens, k - 1, true)) return -1;
    const w = tokens[k].lower;
    if (lex.bodyParts.has(w)) return k;
    if (!OWNER.test(w) && !lex.modifiers.has(w)) return -1;
  }
  return -1;
}

const PERSON_OWNER = /^(?:his|her|their|my|your)$/;

/**
 * Injuries named by a body part: "a deep cut under his right eye",
 * "a burn to the right forearm", "rolled her ankle", "broke his left wrist".
 */
export function injuryCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const { flags, injuries } = scanOf(ctx, tokens, lex);
  const text = ctx.text;
  const out: Candidate[] = [];
  const score = 0.6;
  if (score < min) return out;
  // Tokens up to `done` are inside an earlier match.
  let done = -1;
  for (const i of injuries) {
    if (i <= done) continue;
    const f = flags[i];
    if (f & INJURY_NOUN) {
      const part = bodyPartAfter(ctx, tokens, i, lex);
      if (part < 0) continue;
      let first = i;
      for (let j = i - 1, n = 0; j >= 0 && n < 2 && joined(text, tokens, j, false) && lex.modifiers.has(tokens[j].lower); j--, n++) first = j;
      out.push({ start: tokens[first].start, end: tokens[part].end, label: 'MEDICAL', score });
      done = part;
    } else if (f & INJURY_VERB) {
      const owner = tokens[i + 1];
      if (!owner || !PERSON_OWNER.test(owner.lower) || !joined(text, tokens, i, false)) continue;
      for (let k = i + 2; k < Math.min(tokens.length, i + 5); k++) {
        if (!joined(text, tokens, k - 1, false)) break;
        if (lex.bodyParts.has(tokens[k].lower)) {
          out.push({ start: tokens[i].start, end: tokens[k].end, label: 'MEDICAL', score });
          done = k;
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
    detect: (ctx) => {
      // The five finders' candidates in order, those scoring at least `min` (one array, no copies).
      const out: Candidate[] = [];
      for (const found of [medicalTermCandidates(ctx, min), medicalHeadCandidates(ctx, min), injuryCandidates(ctx, min), spinalLevelCandidates(ctx), imagingCandidates(ctx)]) {
        for (const c of found) if (c.score >= min) out.push(c);
      }
      return out;
    },
  };
}
