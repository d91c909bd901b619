import { isCommonWord, isEnglishWord } from '../../../lexicons/english-words.js';
import { endianness } from 'node:os';
import { readCompiled } from '../../../lexicons/compiled.js';
import { FAMILY_NAME, GIVEN_NAME, NAME_STOPWORD, NAME_TITLE, flagsKey, nameFlagTable, nameKeyFlags } from '../../../lexicons/names.js';
import { RecentRing } from '../../recent-ring.js';
import type { Token } from './tokens.js';

/**
 * What a capitalised token says about being part of a person's name.
 *  - given / family: in the name lexicons and not an everyday word
 *  - name-common: in the name lexicons but also an everyday word ("Rose", "Will")
 *  - unknown: neither a known name nor an English word ("Okonjo")
 *  - word: an English word that is not a known name ("Cardiology")
 *  - stop: never part of a name (function words, months, weekdays)
 */
export type NameClass = 'initial' | 'particle' | 'title' | 'stop' | 'given' | 'family' | 'name-common' | 'unknown' | 'word' | 'lower';

export interface TokenInfo {
  cls: NameClass;
  given: boolean;
  family: boolean;
}

/** Lower-case particles inside names: "van der Berg", "de la Cruz", "bin Salman". */
export const PARTICLES: ReadonlySet<string> = new Set(['van', 'der', 'den', 'de', 'la', 'le', 'del', 'della', 'da', 'di', 'von', 'bin', 'binti', 'bint', 'al', 'el', 'du', 'dos', 'das', 'ten', 'ter', 'y', 'ibn', 'zu', 'af']);

/** Bits of KeyFacts.bits: in which lexicons a key is, read once per distinct key. */
/** In the given-name lexicon. */
export const KEY_GIVEN = 1;
/** In the family-name lexicon. */
export const KEY_FAMILY = 2;
/** A name stopword (nameStopwords()). */
export const KEY_STOP = 4;
/** A name title. */
export const KEY_TITLE = 8;
/** An English word (isEnglishWord). */
export const KEY_ENGLISH = 16;
/** Three letters or more, a known given or family name, no English word and no stopword. */
export const KEY_NAME = 32;

/** What the lexicons say about a word, memoised across documents (bounded). */
export interface KeyFacts {
  /** KEY_* bits. */
  bits: number;
  fixed?: NameClass;
  given: boolean;
  family: boolean;
  common: boolean;
  word: boolean;
  /** The TokenInfo of each case, computed with the facts. */
  fixedInfo?: TokenInfo;
  commonInfo?: TokenInfo;
  nameInfo?: TokenInfo;
  wordInfo?: TokenInfo;
}
/**
 * The facts of a key as a small integer: KEY_* bits (0-5), given (6), family (7), common (8),
 * word (9), fixed (10-11: 1 title, 2 stop). The memo holds these integers and every key with
 * the same facts shares one KeyFacts object (FACTS): a miss allocates nothing, and the memo
 * is a Map of small integers rather than of objects.
 */
const codes = new Map<string, number>();
const FACTS: Array<KeyFacts | undefined> = [];
const GIVEN_BIT = 1 << 6;
const FAMILY_BIT = 1 << 7;
const COMMON_BIT = 1 << 8;
const WORD_BIT = 1 << 9;
const FIXED_TITLE = 1 << 10;
const FIXED_STOP = 2 << 10;

/**
 * A small direct-mapped cache in front of the memo, by FNV-1a hash of the key: the frequent
 * capitalised words ("The", "I", "Dr") are answered from a few kilobytes that stay in the
 * processor's caches, where the memo's large Map (up to 100k keys) mostly misses them.
 */
const HOT_SIZE = 4096;
const hotKeys: Array<string | undefined> = new Array<string | undefined>(HOT_SIZE).fill(undefined);
const hotCodes = new Int32Array(HOT_SIZE);

export function factsOf(key: string): KeyFacts {
  const code = keyCode(key);
  return FACTS[code] ?? factsOfCode(code);
}

/** The facts of a key as their code (see above): its KEY_* bits are `code & 63`. */
function keyCode(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h &= HOT_SIZE - 1;
  let code: number | undefined;
  if (hotKeys[h] === key) code = hotCodes[h];
  else {
    code = codes.get(key);
    if (code === undefined) {
      code = codeOf(key);
      if (codes.size >= 100_000) codes.clear();
      codes.set(key, code);
    }
    hotKeys[h] = key;
    hotCodes[h] = code;
  }
  return code;
}

function codeOf(key: string): number {
  const lexicons = nameKeyFlags(key);
  const english = isEnglishWord(key);
  let bits = (lexicons & GIVEN_NAME ? KEY_GIVEN : 0) | (lexicons & FAMILY_NAME ? KEY_FAMILY : 0) | (lexicons & NAME_STOPWORD ? KEY_STOP : 0) | (lexicons & NAME_TITLE ? KEY_TITLE : 0) | (english ? KEY_ENGLISH : 0);
  if (key.length >= 3 && bits & (KEY_GIVEN | KEY_FAMILY) && !(bits & (KEY_ENGLISH | KEY_STOP))) bits |= KEY_NAME;
  if (lexicons & NAME_TITLE) return bits | FIXED_TITLE;
  if (lexicons & NAME_STOPWORD) return bits | FIXED_STOP;
  const parts = key.includes('-') ? key.split('-') : undefined;
  // A hyphenated key's parts, by their flags (the given-name and family-name sets need not be loaded).
  const given = (lexicons & GIVEN_NAME) !== 0 || (parts !== undefined && parts.every((p) => (nameKeyFlags(p) & GIVEN_NAME) !== 0));
  const family =
    (lexicons & FAMILY_NAME) !== 0 ||
    (parts !== undefined && parts.some((p) => (nameKeyFlags(p) & FAMILY_NAME) !== 0) && parts.every((p) => (nameKeyFlags(p) & (FAMILY_NAME | GIVEN_NAME)) !== 0 || !isEnglishWord(p)));
  const word = parts ? parts.every((p) => isEnglishWord(p)) : key.length <= 1 || english;
  const common = !parts && (given || family) && isCommonWord(key);
  return bits | (given ? GIVEN_BIT : 0) | (family ? FAMILY_BIT : 0) | (common ? COMMON_BIT : 0) | (word ? WORD_BIT : 0);
}

/** The shared KeyFacts of a code (made on first use). */
function factsOfCode(code: number): KeyFacts {
  const bits = code & 63;
  const fixedCode = code & (FIXED_TITLE | FIXED_STOP);
  let f: KeyFacts;
  if (fixedCode !== 0) f = { bits, fixed: fixedCode === FIXED_TITLE ? 'title' : 'stop', given: false, family: false, common: false, word: false };
  else f = { bits, given: (code & GIVEN_BIT) !== 0, family: (code & FAMILY_BIT) !== 0, common: (code & COMMON_BIT) !== 0, word: (code & WORD_BIT) !== 0 };
  if (f.fixed) f.fixedInfo = infoOf(f.fixed, false, false);
  else if (f.given || f.family) {
    f.commonInfo = infoOf('name-common', f.given, f.family);
    f.nameInfo = infoOf(f.given ? 'given' : 'family', f.given, f.family);
  } else f.wordInfo = infoOf(f.word ? 'word' : 'unknown', false, false);
  FACTS[code] = f;
  return f;
}

/**
 * The few distinct TokenInfo values, shared (callers only read them), so that
 * classifying a token allocates nothing.
 */
const CLASSES: readonly NameClass[] = ['initial', 'particle', 'title', 'stop', 'given', 'family', 'name-common', 'unknown', 'word', 'lower'];
/** For each class, the four combinations of the given and family flags. */
const INFOS = new Map<NameClass, TokenInfo[]>(CLASSES.map((cls) => [cls, [false, true].flatMap((given) => [false, true].map((family) => ({ cls, given, family })))]));
function infoOf(cls: NameClass, given: boolean, family: boolean): TokenInfo {
  return INFOS.get(cls)![(given ? 2 : 0) + (family ? 1 : 0)];
}
const PARTICLE_INFO = infoOf('particle', false, false);
const LOWER_INFO = infoOf('lower', false, false);
const INITIAL_INFO = infoOf('initial', false, false);

export function classifyToken(t: Token, lowerInDoc: ReadonlySet<string>): TokenInfo {
  if (t.shape === 'lower') return PARTICLES.has(t.key) ? PARTICLE_INFO : LOWER_INFO;
  if (t.shape === 'initial') return INITIAL_INFO;
  return classifyWith(t, factsOf(t.key), lowerInDoc);
}

/** classifyToken with the token's facts at hand (tokenFacts). */
export function classifyWith(t: Token, f: KeyFacts, lowerInDoc: ReadonlySet<string>): TokenInfo {
  if (t.shape === 'lower') return PARTICLES.has(t.key) ? PARTICLE_INFO : LOWER_INFO;
  if (t.shape === 'initial') return INITIAL_INFO;
  if (f.fixed) return f.fixedInfo!;
  if (f.given || f.family) {
    // A word the document also writes in lower case is used as a word here.
    return f.common || lowerInDoc.has(t.key) ? f.commonInfo! : f.nameInfo!;
  }
  return f.wordInfo!;
}

/**
 * A filter over the keys of the given-name and family-name lexicons that are
 * no stopwords ("the" and "to" are given names too): one bit per hash value
 * (FNV-1a of the key). A clear bit means the key is in neither lexicon or is a
 * stopword; a set bit means it may be a name (about 5% of other keys share a bit).
 * Testing a bit in this small array is much cheaper than a look-up in a large
 * Map, whose memory a long pipeline run has mostly evicted from the caches.
 */
const FILTER_SIZE = 1 << 19;
let nameFilter: Int32Array | undefined;

function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h & (FILTER_SIZE - 1);
}

function filter(): Int32Array {
  return (nameFilter ??= compiledFilter() ?? buildFilter());
}

function buildFilter(): Int32Array {
  const bits = new Int32Array(FILTER_SIZE >>> 5);
  // The keys of the given-name or family-name lexicon that are no stopwords (nameStopwords()),
  // read from nameKeyFlags' table: the name sets themselves need not be loaded.
  for (const [k, flags] of nameFlagTable()) {
    if ((flags & (GIVEN_NAME | FAMILY_NAME)) === 0 || (flags & NAME_STOPWORD) !== 0) continue;
    const h = keyHash(k);
    bits[h >>> 5] |= 1 << (h & 31);
  }
  return bits;
}

/** data/compiled/ file of the filter's bits (scripts/build-compact-data.ts): 64 KB read instead of ~28k keys hashed. */
export const NAME_FILTER_FILE = 'name-filter.bin';

/** What the bits depend on: the name lists (through nameKeyFlags' key), the size and hash of the filter, the byte order. */
const filterKey = () => `${flagsKey()}/filter-fnv1a-${FILTER_SIZE}-${endianness()}`;

function compiledFilter(): Int32Array | undefined {
  const body = readCompiled(NAME_FILTER_FILE, filterKey());
  if (!body || body.length !== FILTER_SIZE >>> 3) return undefined;
  const bits = new Int32Array(FILTER_SIZE >>> 5);
  new Uint8Array(bits.buffer).set(body);
  return bits;
}

/** The filter's bits for scripts/build-compact-data.ts (and the tests: the same bits as built here). */
export function compileNameFilter(): { source: string; key: string; body: Buffer } {
  const bits = buildFilter();
  return { source: 'data/lexicons given, family and stopword lists: the name filter of src/detect/recognizers/names/classify.ts', key: filterKey(), body: Buffer.from(bits.buffer) };
}

/** False when `key` is surely no given or family name, or a stopword. */
export function mayBeNameKey(key: string): boolean {
  const h = keyHash(key);
  return (filter()[h >>> 5] & (1 << (h & 31))) !== 0;
}

/** TokenFacts.codes: the token may be a given or family name and no stopword (always so for other shapes than lower case). */
const MAY_BE_NAME = 1;
/** TokenFacts.codes: the token's key has been looked up; its code (factsOf) is `value >>> CODE_SHIFT`. */
const LOOKED_UP = 2;
const CODE_SHIFT = 2;

/**
 * Lexicon facts of the tokens of one token list, shared by the name
 * recognizers (tokenFacts). A token's KeyFacts are looked up on first use;
 * for a lower-case token, `mayBeName` first tells (from the filter above)
 * whether it can be a given or family name that is no stopword at all, so
 * that most words need no look-up.
 */
export class TokenFacts {
  private readonly tokens: readonly Token[];
  /**
   * Per token, small integers: MAY_BE_NAME, and once its key is looked up LOOKED_UP and the code of
   * its facts (keyCode) above CODE_SHIFT. One array of small integers: `bits` and `mayBeName` are
   * read from it without a KeyFacts object or a second hash of the key.
   */
  private readonly codes: number[];
  /** The keys of lowerCaseKeys, gathered in the same pass (or preset for a window: presetLowerCaseKeys). */
  lowerKeys: Set<string>;
  /** Where tokenFacts' ring keeps this list (see there), or -1. */
  ringSlot = -1;

  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
    const codes = new Array<number>(tokens.length);
    this.codes = codes;
    this.lowerKeys = new Set<string>();
    const f = filter();
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.shape !== 'lower') {
        codes[i] = MAY_BE_NAME;
        continue;
      }
      // keyHash, inlined, noting hyphens on the way.
      const key = t.key;
      let h = 0x811c9dc5;
      let hyphen = false;
      for (let k = 0; k < key.length; k++) {
        const c = key.charCodeAt(k);
        if (c === 45) hyphen = true;
        h = Math.imul(h ^ c, 0x01000193);
      }
      h &= FILTER_SIZE - 1;
      const maybe = (f[h >>> 5] & (1 << (h & 31))) !== 0;
      codes[i] = maybe ? MAY_BE_NAME : 0;
      if (maybe || hyphen) this.lowerKeys.add(key);
    }
  }

  /** The code of token `i`'s facts (keyCode), looked up on first use. */
  private code(i: number): number {
    const v = this.codes[i];
    if (v & LOOKED_UP) return v >>> CODE_SHIFT;
    const code = keyCode(this.tokens[i].key);
    this.codes[i] = v | LOOKED_UP | (code << CODE_SHIFT);
    return code;
  }

  /** The KeyFacts of token `i`. */
  at(i: number): KeyFacts {
    const code = this.code(i);
    return FACTS[code] ?? factsOfCode(code);
  }

  /** KEY_* bits of token `i`. */
  bits(i: number): number {
    return this.code(i) & 63;
  }

  /**
   * False when token `i` is surely no given or family name, or a stopword:
   * then its bits hold KEY_STOP, or none of KEY_GIVEN, KEY_FAMILY, KEY_NAME.
   */
  mayBeName(i: number): boolean {
    return (this.codes[i] & MAY_BE_NAME) !== 0;
  }
}

/**
 * Each list's TokenFacts is kept on the list itself, under a symbol (a WeakMap's `set` for every
 * document's new list, a hash and an ephemeron for the collector, cost more than reading it), and
 * in a ring of the lists made lately: the analyzer runs each recognizer over a group of documents
 * in the same order (analyzeManySync), so a look-up that starts where the last one ended finds its
 * list in a slot or two by comparing references, before the symbol is read.
 */
const FACTS_OF_LIST = Symbol('tokenFacts');
type ListWithFacts = { [FACTS_OF_LIST]?: TokenFacts };
/** The facts of the token lists read lately (a group of short documents holds some 10,000 tokens; long documents' lists leave early). */
const recentFacts = new RecentRing<readonly Token[], TokenFacts>(256, 1 << 16, 4);

/** The TokenFacts of a token list (made once per list). */
export function tokenFacts(tokens: readonly Token[]): TokenFacts {
  const kept = recentFacts.find(tokens);
  if (kept) return kept;
  const list = tokens as ListWithFacts;
  let out = list[FACTS_OF_LIST];
  if (out) {
    // Found by the symbol (another recognizer's turn over the group): the ring takes up from its slot.
    recentFacts.resumeAt(out.ringSlot, tokens);
    return out;
  }
  out = new TokenFacts(tokens);
  list[FACTS_OF_LIST] = out;
  out.ringSlot = recentFacts.add(tokens, out);
  recentFacts.resumeAt(out.ringSlot, tokens);
  return out;
}

/**
 * For a window of a long document (detect/windows.ts): the words the whole document writes
 * in lower case stand for those of the window's tokens, so that a word is classified as in
 * a whole-document run.
 */
export function presetLowerCaseKeys(tokens: readonly Token[], keys: Set<string>): void {
  tokenFacts(tokens).lowerKeys = keys;
}

/**
 * Keys that the document writes in lower case, as far as classifyToken asks
 * about them: every lower-case key that may be a given or family name and no
 * stopword (all those the name filter lets through, and every hyphenated one,
 * whose facts come from its parts). classifyToken asks only about such keys.
 */
export function lowerCaseKeys(tokens: readonly Token[]): Set<string> {
  return tokenFacts(tokens).lowerKeys;
}
