import { isCommonWord, isEnglishWord } from '../../../lexicons/english-words.js';
import { FAMILY_NAME, GIVEN_NAME, NAME_STOPWORD, NAME_TITLE, familyNames, givenNames, nameKeyFlags } from '../../../lexicons/names.js';
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

/** What the lexicons say about a capitalised word, memoised across documents (bounded). */
interface KeyFacts {
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
const facts = new Map<string, KeyFacts>();

function factsOf(key: string): KeyFacts {
  let f = facts.get(key);
  if (f) return f;
  const lexicons = nameKeyFlags(key);
  if (lexicons & NAME_TITLE) f = { fixed: 'title', given: false, family: false, common: false, word: false };
  else if (lexicons & NAME_STOPWORD) f = { fixed: 'stop', given: false, family: false, common: false, word: false };
  else {
    const parts = key.includes('-') ? key.split('-') : undefined;
    const given = (lexicons & GIVEN_NAME) !== 0 || (parts !== undefined && parts.every((p) => givenNames().has(p)));
    const family = (lexicons & FAMILY_NAME) !== 0 || (parts !== undefined && parts.some((p) => familyNames().has(p)) && parts.every((p) => familyNames().has(p) || givenNames().has(p) || !isEnglishWord(p)));
    const word = parts ? parts.every((p) => isEnglishWord(p)) : key.length <= 1 || isEnglishWord(key);
    f = { given, family, common: !parts && (given || family) && isCommonWord(key), word };
  }
  if (f.fixed) f.fixedInfo = infoOf(f.fixed, false, false);
  else if (f.given || f.family) {
    f.commonInfo = infoOf('name-common', f.given, f.family);
    f.nameInfo = infoOf(f.given ? 'given' : 'family', f.given, f.family);
  } else f.wordInfo = infoOf(f.word ? 'word' : 'unknown', false, false);
  if (facts.size >= 100_000) facts.clear();
  facts.set(key, f);
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
  const f = factsOf(t.key);
  if (f.fixed) return f.fixedInfo!;
  if (f.given || f.family) {
    // A word the document also writes in lower case is used as a word here.
    return f.common || lowerInDoc.has(t.key) ? f.commonInfo! : f.nameInfo!;
  }
  return f.wordInfo!;
}

/** Keys of the words the document writes in lower case. */
const lowerKeysCache = new WeakMap<readonly Token[], Set<string>>();

/**
 * For a window of a long document (detect/windows.ts): the words the whole document writes
 * in lower case stand for those of the window's tokens, so that a word is classified as in
 * a whole-document run.
 */
export function presetLowerCaseKeys(tokens: readonly Token[], keys: Set<string>): void {
  lowerKeysCache.set(tokens, keys);
}

export function lowerCaseKeys(tokens: readonly Token[]): Set<string> {
  const cached = lowerKeysCache.get(tokens);
  if (cached) return cached;
  const out = new Set<string>();
  lowerKeysCache.set(tokens, out);
  for (const t of tokens) if (t.shape === 'lower') out.add(t.key);
  return out;
}
