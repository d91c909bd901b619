import { readDataLines } from '../../lexicons/data-files.js';
import { lexiconKey } from '../../lexicons/word-lists.js';
import { nameKeyFlags, NAME_STOPWORD, NAME_TITLE, GIVEN_NAME, FAMILY_NAME } from '../../lexicons/names.js';
import { isKnownVocabulary, wordTier } from './vocabulary.js';
import { isEnglishWord } from '../../lexicons/english-words.js';
import { atSentenceStart, type WordToken } from './tokens.js';

/**
 * What the recall-first stage makes of one token. A FLAG token could identify
 * someone and nothing general clears it; a WEAK token is an ordinary word
 * written with a capital ("General", "Clinic", "Hope"), redacted only as part
 * of a run that holds a FLAG token ("Riverside Clinic", "Hope Okafor");
 * CONNECTOR and INITIAL tokens may sit inside such a run ("Bank of Ireland",
 * "J. Okafor").
 */
export const enum Status {
  NONE = 0,
  WEAK = 1,
  FLAG = 2,
  CONNECTOR = 3,
  INITIAL = 4,
}

export interface ClassifyOptions {
  /** Flag lower-case words absent from every vocabulary (names written in lower case, handles). */
  rareLowerCase: boolean;
  /** Flag capitalised ordinary words that are also given names when they stand mid-sentence. */
  nameLikeCommonWords: boolean;
  /**
   * SCOWL level up to which a capitalised ordinary word mid-sentence is not flagged on its own
   * (10: the ~4,000 most common words; 0: every capitalised word is flagged).
   */
  commonTier: number;
}

let boilerplateWords: ReadonlySet<string> | undefined;
const boilerplate = () => (boilerplateWords ??= new Set(readDataLines('recall/boilerplate.txt')));

let safeAcronyms: ReadonlySet<string> | undefined;
const acronyms = () => (safeAcronyms ??= new Set(readDataLines('recall/safe-acronyms.txt')));

let connectors: ReadonlySet<string> | undefined;
const connectorWords = () => (connectors ??= new Set(readDataLines('recall/run-connectors.txt')));

const YEAR = /^(?:18|19|20)\d\d$/;

/**
 * What the lexicons say of a key, packed: SCOWL tier (bits 0–6), the name-list flags (bits 7–10), known to
 * any vocabulary (bit 11); bits 12 and 13 tell whether the name flags and bit 11 are filled in yet. Kept
 * in a small map of recently seen words: most tokens are a few thousand common words, and one lookup in
 * a small table is far cheaper than three in tables of 100,000s of words. Each fact is looked up on first
 * need only, so a document that never needs the name lists or the large English list does not load them.
 */
const FACTS_CACHE_LIMIT = 32_768;
const factsCache = new Map<string, number>();
const TIER_MASK = 0x7f;
const FLAGS_SHIFT = 7;
const KNOWN = 1 << 11;
const HAS_FLAGS = 1 << 12;
const HAS_KNOWN = 1 << 13;

/**
 * The facts of the most recently seen words in a small direct-mapped table in front of the map: the
 * stage runs after the recognizers, which push the map's entries out of the processor's caches, and
 * the frequent words ("the", "and", "patient") are then found without touching the map.
 */
const HOT_SIZE = 4096;
const hotKeys: string[] = new Array<string>(HOT_SIZE).fill('');
const hotFacts = new Int32Array(HOT_SIZE);

function hotSlot(key: string): number {
  let h = key.length;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h ^ (h >>> 11)) & (HOT_SIZE - 1);
}

/** The facts of a key with at least the parts in `need` (HAS_FLAGS, HAS_KNOWN) filled in. */
function wordFacts(key: string, need: number): number {
  const slot = hotSlot(key);
  if (hotKeys[slot] === key) {
    const hot = hotFacts[slot];
    if ((hot & need) === need) return hot;
  }
  const facts = cachedFacts(key, need);
  hotKeys[slot] = flat(key);
  hotFacts[slot] = facts;
  return facts;
}

function cachedFacts(key: string, need: number): number {
  let facts = factsCache.get(key);
  if (facts === undefined) {
    const tier = wordTier(key);
    facts = tier > 0 ? tier | KNOWN | HAS_KNOWN : 0;
    if (factsCache.size >= FACTS_CACHE_LIMIT) factsCache.clear();
  } else if ((facts & need) === need) return facts;
  if (need & HAS_FLAGS && !(facts & HAS_FLAGS)) facts |= (nameKeyFlags(key) << FLAGS_SHIFT) | HAS_FLAGS;
  if (need & HAS_KNOWN && !(facts & HAS_KNOWN)) facts |= (isEnglishWord(key) ? KNOWN : 0) | HAS_KNOWN;
  factsCache.set(flat(key), facts);
  return facts;
}

const isKnown = (key: string) => (wordFacts(key, HAS_KNOWN) & KNOWN) !== 0;

/** nameKeyFlags(key) (lexicons/names.ts), from the table of recent words (a run's words were classified just before). */
export function nameFlagsOf(key: string): number {
  return (wordFacts(key, HAS_FLAGS) >> FLAGS_SHIFT) & 0xf;
}

/** Ordinals and numbers with a unit glued on ("2nd", "500mg", "10am"): quantities, not identifiers. */
const QUANTITY_TOKEN = /^\d+(?:st|nd|rd|th|s|mg|mcg|ml|kg|g|lb|lbs|cm|mm|km|m|mi|ft|in|am|pm|h|hr|hrs|min|mins|yo|yr|yrs|x|k|bn|mn|pc|pct)$/i;

/** lowerCaseStatus's answer when the token needs classifyToken. */
export const UNDECIDED = -1;

/**
 * What classifyToken answers for a word of lower-case ASCII letters [start, end) when that needs no
 * more than the word itself (a connector, a short word, a known word), else UNDECIDED: most tokens,
 * found without making a token or a string (a small table of recent words, compared in place). A word
 * longer than LOWER_WIDTH is left to classifyToken. `charHash` is the word's hash (tokens.ts nextWord
 * makes it while reading the word: its characters are not read again for it).
 */
export function lowerCaseStatus(text: string, start: number, end: number, charHash: number): number {
  const length = end - start;
  if (length > LOWER_WIDTH) return UNDECIDED;
  const h = (Math.imul(charHash, 31) + length) | 0;
  const slot = (h ^ (h >>> 11)) & (LOWER_SIZE - 1);
  const base = slot * LOWER_SLOT;
  const entry = lowerSlots[base];
  let same = entry >> 2 === length;
  for (let k = 0; k < length && same; k++) same = lowerSlots[base + 1 + k] === text.charCodeAt(start + k);
  let info: number;
  if (same) info = entry & 3;
  else {
    const key = text.slice(start, end);
    // Known-ness is looked up only where classifyToken would (three letters or more).
    info = (connectorWords().has(key) ? LOWER_CONNECTOR : 0) | (length >= 3 && isKnown(key) ? LOWER_KNOWN : 0);
    for (let k = 0; k < length; k++) lowerSlots[base + 1 + k] = text.charCodeAt(start + k);
    lowerSlots[base] = (length << 2) | info;
  }
  if (info & LOWER_CONNECTOR) return Status.CONNECTOR;
  if (length < 3 || info & LOWER_KNOWN) return Status.NONE;
  return UNDECIDED;
}

/**
 * The table of recent lower-case words: LOWER_SLOT bytes per slot, the word's entry, (length << 2) |
 * info (0: empty), then its characters (ASCII letters: a byte each, up to LOWER_WIDTH). One flat typed
 * array, compared in place: a lookup reads one line of memory, not a string object somewhere in the heap.
 */
const LOWER_SIZE = 8192;
const LOWER_SLOT = 16;
const LOWER_WIDTH = LOWER_SLOT - 1;
const LOWER_CONNECTOR = 1;
const LOWER_KNOWN = 2;
const lowerSlots = new Uint8Array(LOWER_SIZE * LOWER_SLOT);

/**
 * A copy of a key that holds no reference to the text it was cut from (V8 keeps a longer substring as
 * a view of its document): the tables here outlive the document.
 */
function flat(key: string): string {
  return key.length >= 13 ? (' ' + key).slice(1) : key;
}


/**
 * classifyToken's answer for a capitalised word of ASCII letters [start, end) (`lower`: its lower-case
 * letters; `charHash`: tokens.ts nextWord's hash), or UNDECIDED where that needs the token: most
 * capitalised words are decided with no token and no string (the word's lexicon facts come from a small
 * table of recent words compared in place, case folded). The same steps as classifyToken, in the same order.
 */
export function capitalStatus(text: string, start: number, end: number, lower: number, charHash: number, options: ClassifyOptions, headings: TitleCaseLines): number {
  const length = end - start;
  if (length === 1) {
    const c = text.charCodeAt(start);
    return c === 73 || c === 65 ? Status.NONE : Status.INITIAL; // "I", "A"
  }
  if (length > CAP_WIDTH) return UNDECIDED;
  const info = capitalInfo(text, start, end, charHash);
  const flags = (info >> FLAGS_SHIFT) & 0xf;
  if (flags & NAME_TITLE) return Status.NONE;
  const nameLike = (flags & (GIVEN_NAME | FAMILY_NAME)) !== 0;
  if (flags & NAME_STOPWORD) return info & CAP_CONNECTOR ? Status.CONNECTOR : Status.NONE;
  if (!nameLike && isFormLabelAt(text, start, end)) return Status.NONE;
  const tier = info & TIER_MASK;
  if (lower === 0) {
    // All capitals (two letters or more).
    if (info & CAP_ACRONYM) return Status.NONE;
    if (tier > 0) return Status.WEAK;
    // Known to the large English list? classifyToken looks (the list is loaded on first need only).
    if (!nameLike && length > 4) return UNDECIDED;
    return Status.FLAG;
  }
  if (tier === 0) return info & CAP_ACRONYM ? Status.NONE : Status.FLAG;
  if (atSentenceStart(text, start)) return nameLike ? Status.WEAK : Status.NONE;
  if (options.nameLikeCommonWords && nameLike && tier > 20) return Status.FLAG;
  if (tier > options.commonTier && !(info & CAP_BOILERPLATE) && !headings.hasAt(start)) return Status.FLAG;
  return Status.WEAK;
}

/** Bits of capitalInfo above the word facts (bits 0 to 13). */
const CAP_ACRONYM = 1 << 16;
const CAP_BOILERPLATE = 1 << 17;
const CAP_CONNECTOR = 1 << 18;
const CAP_SIZE = 4096;
const CAP_WIDTH = 16;
/**
 * CAP_SLOT bytes per slot (one read of memory per lookup): its facts (int32, bytes 0-3), the word's
 * length (byte 4; 0: empty), then the word in lower case (ASCII letters: a byte each, CAP_WIDTH at most).
 */
const CAP_SLOT = 32;
const CAP_LENGTH = 4;
const capSlots = new Uint8Array(CAP_SIZE * CAP_SLOT);
const capFacts = new Int32Array(capSlots.buffer);

/** The word facts (wordFacts with HAS_FLAGS) and the CAP_ bits of an ASCII word of letters of 2 to CAP_WIDTH characters, any case. */
function capitalInfo(text: string, start: number, end: number, charHash: number): number {
  const length = end - start;
  const h = (Math.imul(charHash, 31) + length) | 0;
  const slot = (h ^ (h >>> 11)) & (CAP_SIZE - 1);
  const base = slot * CAP_SLOT;
  let same = capSlots[base + CAP_LENGTH] === length;
  // Letters only: `| 32` is the lower case.
  for (let k = 0; k < length && same; k++) same = capSlots[base + CAP_LENGTH + 1 + k] === (text.charCodeAt(start + k) | 32);
  if (same) return capFacts[slot * (CAP_SLOT >> 2)];
  const key = text.slice(start, end).toLowerCase();
  const info =
    wordFacts(key, HAS_FLAGS) |
    (acronyms().has(key) ? CAP_ACRONYM : 0) |
    (boilerplate().has(key) ? CAP_BOILERPLATE : 0) |
    (connectorWords().has(key) ? CAP_CONNECTOR : 0);
  for (let k = 0; k < length; k++) capSlots[base + CAP_LENGTH + 1 + k] = key.charCodeAt(k);
  capSlots[base + CAP_LENGTH] = length;
  capFacts[slot * (CAP_SLOT >> 2)] = info;
  return info;
}

export function classifyToken(text: string, t: WordToken, options: ClassifyOptions, headings: TitleCaseLines): Status {
  if (t.nonLatin) return Status.FLAG;
  if (t.hasDigit) return classifyAlphanumeric(t);
  if (!t.capitalised) {
    if (connectorWords().has(t.key)) return Status.CONNECTOR;
    if (t.text.length < 3 || !isRareLowerCase(text, t)) return Status.NONE;
    // lexiconKey (NFKD, accents off) only where there is something to fold.
    const flags = (wordFacts(t.ascii ? t.key : lexiconKey(t.text), HAS_FLAGS) >> FLAGS_SHIFT) & 0xf;
    if (flags & NAME_STOPWORD) return Status.NONE;
    // A lower-case word in no vocabulary: a name written in lower case when the name lists know it.
    if (flags & (GIVEN_NAME | FAMILY_NAME)) return Status.FLAG;
    return options.rareLowerCase && t.text.length >= 4 ? Status.FLAG : Status.NONE;
  }
  if (t.text.length === 1) return t.text === 'I' || t.text === 'A' ? Status.NONE : Status.INITIAL;
  const key = t.ascii ? t.key : lexiconKey(t.text);
  const facts = wordFacts(key, HAS_FLAGS);
  const flags = (facts >> FLAGS_SHIFT) & 0xf;
  if (flags & NAME_TITLE) return Status.NONE; // titles are left out of name spans
  const nameLike = (flags & (GIVEN_NAME | FAMILY_NAME)) !== 0;
  if (flags & NAME_STOPWORD) return connectorWords().has(key) ? Status.CONNECTOR : Status.NONE;
  if (isFormLabel(text, t) && !nameLike) return Status.NONE;
  const tier = facts & TIER_MASK;
  if (t.allCaps) {
    if (acronyms().has(key)) return Status.NONE;
    // An upper-case word of the vocabulary (a heading, a shouted word) is read as that word,
    // unless the name lists know it ("CARMEN").
    if (tier > 0 || (!nameLike && t.text.length > 4 && isKnown(key))) return Status.WEAK;
    return Status.FLAG;
  }
  if (tier === 0) return acronyms().has(key) ? Status.NONE : Status.FLAG;
  const sentenceStart = atSentenceStart(text, t.start);
  if (sentenceStart) return nameLike ? Status.WEAK : Status.NONE;
  // Mid-sentence, a capitalised ordinary word that is also a name and not among the most
  // common words ("Dale", "Faith", "Rowan") is more often the name.
  if (options.nameLikeCommonWords && nameLike && tier > 20) return Status.FLAG;
  // Any other capitalised word mid-sentence is a proper noun unless it is among the most common
  // words, a document's boilerplate, or on a title-case line (a heading).
  if (tier > options.commonTier && !boilerplate().has(key) && !headings.has(t)) return Status.FLAG;
  return Status.WEAK;
}

/** "Dx:", "Callback:", "Modality:" — a word alone at a line start followed by a colon labels a form field. */
function isFormLabel(text: string, t: WordToken): boolean {
  return isFormLabelAt(text, t.start, t.end);
}

function isFormLabelAt(text: string, start: number, end: number): boolean {
  if (text[end] !== ':') return false;
  let i = start - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i < 0 || text[i] === '\n' || text[i] === '\r';
}

/**
 * A lower-case word in no vocabulary. Not: a contraction's first part ("doesn" of "doesn't"), an
 * apostrophe-less contraction ("dont"), a short abbreviation with its dot ("approx."), a listed abbreviation.
 */
function isRareLowerCase(text: string, t: WordToken): boolean {
  if (isKnown(t.key)) return false;
  const next = text[t.end];
  if (next === "'" || next === '’') return false;
  // "approx. 40", "incl. tax": a dot that does not end the sentence closes an abbreviation.
  if (next === '.' && t.text.length <= 5 && /^\.\s?[\p{Ll}\d,]/u.test(text.slice(t.end, t.end + 3))) return false;
  if (acronyms().has(t.key)) return false;
  if (t.key.endsWith('nt') && isKnownVocabulary(t.key.slice(0, -1) + "'t")) return false;
  // An ASCII key (lower case already) is its own lexicon key: nothing to fold.
  if (t.ascii) return true;
  const folded = lexiconKey(t.key);
  return folded === t.key || !isKnown(folded);
}

function classifyAlphanumeric(t: WordToken): Status {
  if (QUANTITY_TOKEN.test(t.text)) return Status.NONE;
  let digits = 0;
  for (let i = 0; i < t.text.length; i++) {
    const c = t.text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  if (t.hasLetter) return digits >= 2 || t.text.length >= 4 ? Status.FLAG : Status.WEAK;
  // A year on its own is a date, the DATE recognizer's; it still joins an unknown word's run.
  if (YEAR.test(t.text)) return Status.WEAK;
  return digits >= 3 ? Status.FLAG : Status.WEAK;
}

/**
 * For text[a, b) of ASCII characters only: (words << 16) | capitalised words, where a word is a
 * run of letters (what /\p{L}+/gu finds there); -1 when some character is not ASCII. At most
 * 240 characters (TitleCaseLines's lines): the counts fit.
 */
function asciiWordCounts(text: string, a: number, b: number): number {
  let words = 0;
  let caps = 0;
  let inWord = false;
  for (let i = a; i < b; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return -1;
    const upper = c >= 65 && c <= 90;
    const letter = upper || (c >= 97 && c <= 122);
    if (letter && !inWord) {
      words++;
      if (upper) caps++;
    }
    inWord = letter;
  }
  return (words << 16) | caps;
}

/**
 * Whether a line is mostly capitalised words (a heading, a title), computed once per line: lines
 * longer than 240 characters are running text and never count.
 */
export class TitleCaseLines {
  private memo?: Map<number, boolean>;
  /** The line start of position `scanned` (calls in order of position read each character once in all). */
  private scanned = 0;
  private lineStart = 0;
  /** The first newline at or after `scanned` (-1: none; -2: not looked for yet). */
  private nextNewline = -2;
  /** The last line answered (most calls ask about the line of the call before). */
  private lastLine = -1;
  private lastHit = false;
  constructor(private readonly text: string) {}

  has(t: WordToken): boolean {
    return this.hasAt(t.start);
  }

  /** has() of a word starting at `start`. */
  hasAt(start: number): boolean {
    const text = this.text;
    let a: number;
    if (start >= this.scanned) {
      // The stage asks about its words left to right: the line start is read on from the last call,
      // newline by newline (each newline is found once: a native search, linear in all).
      let lineStart = this.lineStart;
      let next = this.nextNewline;
      if (next === -2) next = text.indexOf('\n', this.scanned);
      while (next !== -1 && next < start) {
        lineStart = next + 1;
        next = text.indexOf('\n', lineStart);
      }
      this.nextNewline = next;
      this.scanned = start;
      this.lineStart = lineStart;
      // More than 240 characters of the line before the word: running text.
      if (lineStart < start - 240) return false;
      a = lineStart;
    } else {
      a = start;
      const floor = Math.max(0, start - 240);
      while (a > floor && text.charCodeAt(a - 1) !== 10) a--;
      if (a === floor && a > 0 && text.charCodeAt(a - 1) !== 10) return false;
    }
    if (a === this.lastLine) return this.lastHit;
    const memo = (this.memo ??= new Map());
    let hit = memo.get(a);
    if (hit === undefined) {
      let b = a;
      const ceil = Math.min(text.length, a + 240);
      while (b < ceil && text.charCodeAt(b) !== 10) b++;
      let words = 0;
      let caps = 0;
      const counted = asciiWordCounts(text, a, b);
      if (counted >= 0) {
        words = counted >>> 16;
        caps = counted & 0xffff;
      } else {
        const all = text.slice(a, b).match(/\p{L}+/gu) ?? [];
        words = all.length;
        for (const w of all) if (/^\p{Lu}/u.test(w)) caps++;
      }
      hit = b < ceil || b === text.length ? words > 0 && caps / words >= 0.6 : false;
      memo.set(a, hit);
    }
    this.lastLine = a;
    this.lastHit = hit;
    return hit;
  }
}
