import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readFileSync } from 'node:fs';
import { dataPath, readDataLines } from '../../../lexicons/data-files.js';
import { contentKey, loadCompiled } from '../../../lexicons/compiled.js';
import { gapIsChar, isSpaceGapAt, minScoreFor, tokensOf, type Token } from '../employment/tokens.js';
import { tokenIds, WordFlags, WordSet } from '../employment/word-ids.js';

/**
 * Medical history in running text from general knowledge rather than from
 * hand lists: conditions, drugs and procedures are the WordNet lemmas compiled
 * under data/wordnet/ by scripts/build-wordnet.ts, plus words with a WHO INN
 * drug stem ("-pril", "-mab") or a clinical suffix ("-itis", "-ectomy") that the
 * general vocabulary does not know as something else.
 *
 * One pass over the tokens: a word trie gives the longest lexicon phrase at each
 * token; the match then grows over its noun phrase — qualifiers before it
 * (severity, laterality, body parts, anatomical adjectives, "type 2",
 * "stage III") and "of the left knee" / "stage 4" after it. Every loop is
 * bounded by a small constant, so the whole scan is linear in the text.
 *
 * Three kinds of entries need more than their own word:
 *  - generic heads ("disease", "pain", "replacement") need a qualifier that
 *    makes them specific: a body part, an anatomical adjective, a clinical
 *    modifier or another medical term ("kidney disease", "chronic pain");
 *  - ambiguous entries (WordNet's tagged uses favour another sense: "cold",
 *    "fracture") need such a qualifier or a medical cue before them, or a
 *    document with at least two unambiguous findings;
 *  - stop terms (data/wordnet/stop-terms.txt) never match alone.
 */
type Kind = 'condition' | 'drug' | 'procedure';

interface Entry {
  kind: Kind;
  /** A generic head noun: needs a qualifier. */
  head: boolean;
  /** Another sense is more common: needs a qualifier or a medical cue. */
  ambiguous: boolean;
  /** Written in capitals in WordNet ("AIDS"): matches only in capitals. */
  upper: boolean;
  /** A one-word name written with a capital in WordNet (brand, eponym): matches only capitalised. */
  title: boolean;
}

interface TrieNode {
  next?: Map<string, TrieNode>;
  entry?: Entry;
}

/** Bits of the per-word flags. */
const BODY = 1;
const ANATOMICAL = 2;
const CLINICAL_MOD = 4;
const GENERAL_MOD = 8;
/** An unambiguous one-word medical term ("asthma"): a qualifier of a head after it. */
const TERM = 16;
/** A head noun of phrase-heads.txt that is not itself in the WordNet lists ("replacement"). */
const HEAD = 32;
/** A past participle of an injury ("fractured", "torn"): with a body part after it, a finding. */
const INJURY = 64;

interface Lexicon {
  root: Map<string, TrieNode>;
  flags: Map<string, number>;
  /** `flags` by word id (word-ids.ts). */
  flagIds: WordFlags;
  /** Words that start a trie phrase, or whose singular (`singulars`) does, by word id. */
  phraseStarts: WordSet;
  /** Endings by their last two character codes (endingKey), with their kind. */
  endings: Map<number, Array<[string, Kind | 'modifier']>>;
  exclusions: Set<string>;
}

let lexicon: Lexicon | undefined;

/**
 * The lexicon as plain data (what load() builds its maps from), so that it can
 * be compiled at build time into data/compiled/ (scripts/build-compact-data.ts):
 * a process then parses one JSON file instead of reading a dozen lists and
 * re-deriving the same entries.
 */
export interface LexiconPlan {
  /** Trie phrases in the order added (first spelling of each; stop terms left out): words joined by ' ', kind, entry bits. */
  phrases: Array<[string, number, number]>;
  /** The per-word flags, in the order the words were first flagged. */
  flags: Array<[string, number]>;
  /** Words that start a phrase or are a plural of one. */
  starts: string[];
  /** Endings in the order added, with their kind. */
  endings: Array<[string, Kind | 'modifier']>;
  exclusions: string[];
}

const KINDS: readonly Kind[] = ['condition', 'drug', 'procedure'];
/** Bits of an entry in LexiconPlan.phrases. */
const E_HEAD = 1;
const E_AMBIGUOUS = 2;
const E_UPPER = 4;
const E_TITLE = 8;

/** The lists under data/wordnet/ that the lexicon is built from (the key of its compiled form). */
export const LEXICAL_MEDICAL_SOURCES = [
  'ambiguous.txt', 'stop-terms.txt', 'phrase-heads.txt', 'conditions.txt', 'procedures.txt', 'drugs.txt', 'body-parts.txt',
  'anatomical-adjectives.txt', 'phrase-modifiers.txt', 'drug-stems.txt', 'clinical-suffixes.txt', 'suffix-exclusions.txt',
].map((f) => `wordnet/${f}`);
export const LEXICAL_MEDICAL_FILE = 'lexical-medical.json';
/** Part of the compiled file's key: change it whenever buildPlan() or the plan's format changes. */
const PLAN_FORMAT = 'lexical-medical-plan/1';

function buildPlan(): LexiconPlan {
  const ambiguous = new Set(readDataLines('wordnet/ambiguous.txt'));
  const stop = new Set(readDataLines('wordnet/stop-terms.txt'));
  const heads = new Set(readDataLines('wordnet/phrase-heads.txt'));
  const phrases: Array<[string, number, number]> = [];
  /** Lower-case phrases that have an entry (the trie's entry nodes). */
  const entries = new Set<string>();
  /** First words of the trie phrases (the trie's root keys), in order. */
  const roots = new Set<string>();
  const flags = new Map<string, number>();
  const flag = (word: string, bit: number) => flags.set(word, (flags.get(word) ?? 0) | bit);
  const add = (phrase: string, kind: Kind) => {
    if (stop.has(phrase)) return;
    const lower = phrase.toLowerCase();
    const words = lower.split(' ');
    roots.add(words[0]);
    if (entries.has(lower)) return;
    entries.add(lower);
    const single = words.length === 1;
    const upper = /^[A-Z0-9-]{2,}$/.test(phrase);
    const title = single && !upper && phrase !== lower;
    // Short acronyms ("ED", "PCP") and one-word names (brands, eponyms) read as other things too.
    const shortAcronym = upper && phrase.length <= 3;
    const head = heads.has(phrase);
    const isAmbiguous = ambiguous.has(phrase) || shortAcronym || title;
    phrases.push([lower, KINDS.indexOf(kind), (head ? E_HEAD : 0) | (isAmbiguous ? E_AMBIGUOUS : 0) | (upper ? E_UPPER : 0) | (title ? E_TITLE : 0)]);
    if (single && !head && !isAmbiguous && !upper && !title) flag(words[0], TERM);
  };
  for (const w of readDataLines('wordnet/conditions.txt')) add(w, 'condition');
  for (const w of readDataLines('wordnet/procedures.txt')) add(w, 'procedure');
  for (const w of readDataLines('wordnet/drugs.txt')) add(w, 'drug');
  // A one-word head with an entry of its own is a term, not a bare head.
  for (const w of heads) if (!entries.has(w) || w.includes(' ')) flag(w, HEAD);
  for (const w of readDataLines('wordnet/body-parts.txt')) if (!w.includes(' ')) flag(w, BODY);
  for (const w of readDataLines('wordnet/anatomical-adjectives.txt')) flag(w, ANATOMICAL);
  for (const line of readDataLines('wordnet/phrase-modifiers.txt')) {
    const [word, cls] = line.split(/\s+/);
    flag(word, cls === 'clinical' ? CLINICAL_MOD : cls === 'injury' ? INJURY : GENERAL_MOD);
  }
  const endings: Array<[string, Kind | 'modifier']> = [];
  for (const stem of readDataLines('wordnet/drug-stems.txt')) endings.push([stem, 'drug']);
  for (const line of readDataLines('wordnet/clinical-suffixes.txt')) {
    const [ending, kind] = line.split(/\s+/);
    endings.push([ending, kind === 'procedure' || kind === 'modifier' ? kind : 'condition']);
  }
  // Plurals whose singular starts a phrase: every form `singulars` can map back to a first word.
  const starts = new Set(roots);
  for (const w of roots) {
    const forms = [w + 's', w + 'es'];
    if (w.endsWith('y')) forms.push(w.slice(0, -1) + 'ies');
    for (const p of forms) if (singulars(p).some((s) => roots.has(s))) starts.add(p);
  }
  return { phrases, flags: [...flags], starts: [...starts], endings, exclusions: readDataLines('wordnet/suffix-exclusions.txt') };
}

/** The maps of the lexicon from its plan. */
function fromPlan(plan: LexiconPlan): Lexicon {
  const root = new Map<string, TrieNode>();
  for (const [phrase, kind, bits] of plan.phrases) {
    let level = root;
    let node: TrieNode | undefined;
    for (const w of phrase.split(' ')) {
      node = level.get(w);
      if (!node) {
        node = {};
        level.set(w, node);
      }
      node.next ??= new Map();
      level = node.next;
    }
    node!.entry = { kind: KINDS[kind], head: (bits & E_HEAD) !== 0, ambiguous: (bits & E_AMBIGUOUS) !== 0, upper: (bits & E_UPPER) !== 0, title: (bits & E_TITLE) !== 0 };
  }
  const flags = new Map(plan.flags);
  const endings = new Map<number, Array<[string, Kind | 'modifier']>>();
  for (const [ending, kind] of plan.endings) {
    if (ending.length < 2) throw new Error('lexical-medical: a clinical ending or drug stem needs two characters at least');
    const last = endingKey(ending);
    const bucket = endings.get(last);
    if (bucket) bucket.push([ending, kind]);
    else endings.set(last, [[ending, kind]]);
  }
  // WordFlags reads the plan's pairs: the same entries in the same order as the map's, without iterating the map.
  return { root, flags, flagIds: new WordFlags(plan.flags), phraseStarts: new WordSet(plan.starts), endings, exclusions: new Set(plan.exclusions) };
}

/** The key of the compiled plan: the bytes of the source lists and the plan's format. */
function planKey(): string {
  const sources = LEXICAL_MEDICAL_SOURCES.map((f) => readFileSync(dataPath(f)));
  return contentKey('lexical-medical', Buffer.concat(sources), `${PLAN_FORMAT}:${sources.map((b) => b.length).join(',')}`);
}

/** The plan in a compiled file's body; throws on a damaged one (exported for the tests). */
export function decodePlan(body: Buffer): LexiconPlan {
  const plan = JSON.parse(body.toString('utf8')) as LexiconPlan;
  if (!Array.isArray(plan.phrases) || !Array.isArray(plan.flags) || !Array.isArray(plan.starts) || !Array.isArray(plan.endings) || !Array.isArray(plan.exclusions)) {
    throw new Error('lexical-medical: damaged compiled plan');
  }
  return plan;
}

/** data/compiled/lexical-medical.json (scripts/build-compact-data.ts). */
export function compileLexicalMedical(): { source: string; key: string; body: string } {
  return {
    source: `data/{${LEXICAL_MEDICAL_SOURCES.join(',')}} as the lexicon plan of src/detect/recognizers/medical/lexical-medical.ts`,
    key: planKey(),
    body: JSON.stringify(buildPlan()),
  };
}

function load(): Lexicon {
  lexicon ??= fromPlan(loadCompiled(LEXICAL_MEDICAL_FILE, planKey(), decodePlan, () => Buffer.from(JSON.stringify(buildPlan()), 'utf8')));
  return lexicon;
}

/** The lower-case form used for look-ups: typographic apostrophes as "'". */
function keyOf(tok: Token): string {
  return tok.lower.includes('\u2019') ? tok.lower.replace(/\u2019/g, "'") : tok.lower;
}

const LOWER_WORD = /^[a-z]+$/;
const CODE_CHAR = /^[@_/\\#\d]$/;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** True if the word sits inside an address, handle, file name or code ("name.surname@", "user_name", "x/y"). */
function inCode(text: string, start: number, end: number): boolean {
  const before = text.charAt(start - 1);
  const after = text.charAt(end);
  if (CODE_CHAR.test(before) || CODE_CHAR.test(after)) return true;
  return (before === '.' && WORD_CHAR.test(text.charAt(start - 2))) || (after === '.' && WORD_CHAR.test(text.charAt(end + 1)));
}

/**
 * The kind of a lower-case word by its drug stem or clinical suffix, unless it
 * is an ordinary word; "modifier" for a clinical adjective ("laparoscopic").
 */
function suffixKind(text: string, tok: Token, lex: Lexicon): Kind | 'modifier' | undefined {
  const word = tok.text;
  // The ending first (cheap, and rules out most words); then the tests on the word and its place.
  if (word.length < 6) return undefined;
  const bucket = lex.endings.get(endingKey(word));
  if (!bucket) return undefined;
  for (const [ending, kind] of bucket) {
    if (word.length >= ending.length + 3 && word.endsWith(ending)) {
      if (!LOWER_WORD.test(word) || lex.exclusions.has(word) || inCode(text, tok.start, tok.end)) return undefined;
      return distinctLetters(word, word.length - ending.length) >= 3 ? kind : undefined;
    }
  }
  return undefined;
}

/**
 * The last two UTF-16 units of a word (at least two long) as one integer: the buckets of
 * endings hold a few entries each (by the last unit alone, up to thirty were tried per word).
 */
function endingKey(word: string): number {
  return word.charCodeAt(word.length - 1) | (word.charCodeAt(word.length - 2) << 16);
}

/** How many different letters word[0, end) holds ("lololol" has two: not a drug name). */
function distinctLetters(word: string, end: number): number {
  let seen = 0;
  let count = 0;
  for (let k = 0; k < end; k++) {
    const bit = 1 << (word.charCodeAt(k) - 97);
    if (!(seen & bit)) {
      seen |= bit;
      count++;
    }
  }
  return count;
}

/** Singular forms to try for the last word of a phrase ("migraines", "allergies"). */
function singulars(word: string): string[] {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss') || word.endsWith('is') || word.endsWith('us')) return [];
  const out = [word.slice(0, -1)];
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('ies')) out.push(word.slice(0, -3) + 'y');
  return out;
}

function caseFits(entry: Entry, first: Token, last: Token, firstIndex: number, lastIndex: number): boolean {
  if (entry.upper) return firstIndex === lastIndex && first.text === first.text.toUpperCase() && first.text !== first.lower;
  if (entry.title) return first.text !== first.lower;
  void last;
  return true;
}

/** True if only spaces (or a hyphen, when `hyphen`) separate tokens j and j + 1. */
function joined(text: string, tokens: readonly Token[], j: number, hyphen: boolean): boolean {
  const from = tokens[j].end;
  const to = tokens[j + 1].start;
  return isSpaceGapAt(text, from, to) || (hyphen && gapIsChar(text, from, to, 45));
}

/** The longest lexicon phrase starting at token i (at most MAX_PHRASE words). */
const MAX_PHRASE = 8;

function matchAt(text: string, tokens: readonly Token[], i: number, lex: Lexicon): { last: number; entry: Entry } | undefined {
  let level: Map<string, TrieNode> | undefined = lex.root;
  let best: { last: number; entry: Entry } | undefined;
  for (let j = i; j < tokens.length && j < i + MAX_PHRASE && level; j++) {
    if (j > i && !joined(text, tokens, j - 1, false)) break;
    const key = keyOf(tokens[j]);
    const node: TrieNode | undefined = level.get(key);
    if (!node) {
      // A plural last word ("kidney stones", "seizures").
      for (const s of singulars(key)) {
        const entry = level.get(s)?.entry;
        // Not for ambiguous words: "hurts" is a verb more often than a plural.
        if (entry && !entry.ambiguous && caseFits(entry, tokens[i], tokens[j], i, j)) return { last: j, entry };
      }
      break;
    }
    if (node.entry && caseFits(node.entry, tokens[i], tokens[j], i, j)) best = { last: j, entry: node.entry };
    level = node.next;
  }
  return best;
}

// A diagnostic or treatment cue a few words before an ambiguous term ("diagnosed with a concussion").
const MEDICAL_CUE = /(?:history of|\bhx of|diagnos(?:ed|is) (?:of|with)|suffer(?:s|ed|ing)? (?:from|with)|treated for|treatment for|present(?:ed|s|ing) with|admitted (?:for|with)|complain(?:s|ed|ing)? of|recovering from|underwent|undergone|developed|prescribed|started on|episodes? of|bouts? of|secondary to)(?: (?:a|an|the|his|her|their|my|mild|severe|recurrent|chronic|acute))*\s$/;
const NEGATED = /\b(?:no|not|denies|denied|deny|without|negative for|free of|rule out|ruled out)\s+(?:[\w'-]+\s+){0,2}$/;
const STAGE_WORD = /^(?:type|stage|grade|class)$/;
const STAGE_NUMBER = /^(?:\d{1,2}[a-c]?|i{1,3}[a-c]?|iv[a-c]?|v)$/;
const STAGE_JOINED = /^(?:type|stage|grade|class)-(?:\d{1,2}[a-c]?|i{1,3}|iv|v)$/;
const BODY_CONNECTOR = /^(?:of|to|in|on)$/;
const FIELD_LABEL_AFTER = /^[ \t]?:/;
const OWNER = /^(?:the|his|her|their|my|your|its|both)$/;
/** How far a phrase may grow: qualifiers before the term, words after it. */
const MAX_BEFORE = 5;
const MAX_AFTER = 6;

interface Found {
  first: number;
  last: number;
  /** Needs a medical cue (ambiguous term without a qualifier). */
  needsCue: boolean;
  score: number;
}

function flagsOf(tok: Token, lex: Lexicon): number {
  return lex.flags.get(keyOf(tok)) ?? 0;
}

/**
 * Grows a match leftwards over its qualifiers. Returns the new first token and
 * whether a qualifier that makes a generic head specific was crossed.
 */
function extendLeft(text: string, tokens: readonly Token[], i: number, lex: Lexicon): { first: number; qualified: boolean } {
  let first = i;
  let qualified = false;
  for (let j = i - 1; j >= 0 && i - j <= MAX_BEFORE; j--) {
    if (!joined(text, tokens, j, true)) break;
    const tok = tokens[j];
    const f = flagsOf(tok, lex);
    if (f & (BODY | ANATOMICAL | CLINICAL_MOD | TERM)) {
      first = j;
      qualified = true;
      continue;
    }
    // Severity and position words join in running lower-case text ("severe persistent asthma"), not
    // as a capitalised line opener ("Mild xerosis noted"), which reads as a finding's grade.
    if (f & GENERAL_MOD && tok.text === tok.lower) {
      first = j;
      continue;
    }
    if (suffixKind(text, tok, lex) === 'modifier') {
      first = j;
      qualified = true;
      continue;
    }
    if (STAGE_JOINED.test(tok.lower)) {
      first = j;
      qualified = true;
      continue;
    }
    // "type 2", "stage III", "grade 3b": the number and the word before it.
    if (STAGE_NUMBER.test(tok.lower) && j > 0 && STAGE_WORD.test(tokens[j - 1].lower) && joined(text, tokens, j - 1, false)) {
      first = j - 1;
      qualified = true;
      j--;
      continue;
    }
    break;
  }
  return { first, qualified };
}

/** The index of a body part within three tokens after token i, with only qualifiers between; -1 if none. */
function bodyPartAhead(text: string, tokens: readonly Token[], i: number, lex: Lexicon): number {
  for (let k = i + 1; k < tokens.length && k <= i + 3; k++) {
    if (!joined(text, tokens, k - 1, true)) return -1;
    const f = flagsOf(tokens[k], lex);
    if (f & BODY) {
      // A compound body part ("rotator cuff", "knee cap") ends at its last word.
      return k + 1 < tokens.length && flagsOf(tokens[k + 1], lex) & BODY && joined(text, tokens, k, false) ? k + 1 : k;
    }
    if (!(f & (GENERAL_MOD | ANATOMICAL))) return -1;
  }
  return -1;
}

/**
 * Grows a match rightwards: "stage 4", a following head or term ("asthma
 * attack", "anxiety disorder"), "of the left knee". `qualified` when a head
 * or term was added, or a body part after "of", "in" or "on".
 */
function extendRight(text: string, tokens: readonly Token[], start: number, lex: Lexicon): { last: number; qualified: boolean } {
  let last = start;
  let qualified = false;
  for (let steps = 0; steps < 2; steps++) {
    const next = tokens[last + 1];
    if (!next || !joined(text, tokens, last, true)) return { last, qualified };
    const after = tokens[last + 2];
    if (STAGE_WORD.test(next.lower) && after && STAGE_NUMBER.test(after.lower) && joined(text, tokens, last + 1, false)) {
      last += 2;
      continue;
    }
    const f = flagsOf(next, lex);
    const entry = lex.root.get(keyOf(next))?.entry;
    if (f & (HEAD | TERM) || (entry && entry.head)) {
      last += 1;
      qualified = true;
      continue;
    }
    break;
  }
  // "of the left knee", "to his right shoulder".
  const conn = tokens[last + 1];
  if (!conn || !BODY_CONNECTOR.test(conn.lower) || !joined(text, tokens, last, false)) return { last, qualified };
  for (let k = last + 2; k < tokens.length && k <= last + MAX_AFTER; k++) {
    if (!joined(text, tokens, k - 1, true)) break;
    const w = tokens[k].lower;
    const f = flagsOf(tokens[k], lex);
    // "fracture of the left wrist" makes the term medical; after "to" it may be a verb ("go to bed").
    if (f & BODY) return { last: k, qualified: qualified || conn.lower !== 'to' };
    if (!OWNER.test(w) && !(f & (GENERAL_MOD | ANATOMICAL))) break;
  }
  return { last, qualified };
}

export function lexicalMedicalCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const text = ctx.text;
  const keyIds = tokenIds(ctx).key;
  const found: Found[] = [];
  // Tokens up to `done` are inside an earlier match.
  let done = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (i <= done) continue;
    const tok = tokens[i];
    const id = keyIds[i];
    const f = lex.flagIds.get(id);
    let last = i;
    let head = false;
    let ambiguous = false;
    let score: number;
    const match = lex.phraseStarts.hasId(id) ? matchAt(text, tokens, i, lex) : undefined;
    if (match) {
      last = match.last;
      head = match.entry.head;
      ambiguous = match.entry.ambiguous;
      score = last > i ? 0.7 : 0.65;
    } else if (f & HEAD) {
      head = true;
      score = 0.6;
    } else if (f & INJURY) {
      // "a fractured left wrist", "torn rotator cuff": the participle, qualifiers, then a body part.
      const part = bodyPartAhead(text, tokens, i, lex);
      if (part < 0) continue;
      last = part;
      score = 0.6;
    } else {
      const kind = suffixKind(text, tok, lex);
      if (!kind || kind === 'modifier') continue;
      score = 0.6;
    }
    // A generic head in capitals is a heading or a name ("Skin Care", "Treatment:").
    if (head && tokens[last].text !== tokens[last].lower) continue;
    // A form label ("Allergies: none", "Diagnosis:") names a field, not a finding.
    if (FIELD_LABEL_AFTER.test(text.slice(tokens[last].end, tokens[last].end + 3))) continue;
    const { first, qualified } = extendLeft(text, tokens, i, lex);
    if (head && !qualified) continue;
    if (NEGATED.test(ctx.before(tokens[first].start, 40))) continue;
    const right = extendRight(text, tokens, last, lex);
    last = right.last;
    const needsCue = ambiguous && !qualified && !right.qualified;
    // An ambiguous word counts in lower case only ("Cold" may start a name); acronyms and names keep their case.
    if (needsCue && match && !match.entry.upper && !match.entry.title && tok.text !== tok.lower) continue;
    found.push({ first, last, needsCue, score: needsCue ? 0.55 : score });
    done = last;
  }
  const out: Candidate[] = [];
  for (const c of found) {
    if (c.score < min) continue;
    const start = tokens[c.first].start;
    if (c.needsCue && !MEDICAL_CUE.test(ctx.before(start, 60))) continue;
    out.push({ start, end: tokens[c.last].end, label: 'MEDICAL', score: c.score, source: 'lexical-medical' });
  }
  return out;
}

export function lexicalMedicalRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'lexical-medical',
    labels: ['MEDICAL'],
    detect: (ctx) => lexicalMedicalCandidates(ctx, min),
  };
}
