import { isCommonWord, isEnglishWord } from '../../../lexicons/english-words.js';
import { familyNames, givenNames, nameStopwords, nameTitles } from '../../../lexicons/names.js';
import type { Token } from './tokens.js';

/**
 * What a capitalised token says about being part of a person's name.
 *  - given / family: in the name lexicons and not an everyday word
 *  - name-common: in the name lexicons but also an everyday word ("Rose", "Will")
 *  - unknown: neither a known name nor an English word ("Marchetti")
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
}
const facts = new Map<string, KeyFacts>();

function factsOf(key: string): KeyFacts {
  let f = facts.get(key);
  if (f) return f;
  if (nameTitles().has(key)) f = { fixed: 'title', given: false, family: false, common: false, word: false };
  else if (nameStopwords().has(key)) f = { fixed: 'stop', given: false, family: false, common: false, word: false };
  else {
    const parts = key.includes('-') ? key.split('-') : undefined;
    const given = givenNames().has(key) || (parts !== undefined && parts.every((p) => givenNames().has(p)));
    const family = familyNames().has(key) || (parts !== undefined && parts.some((p) => familyNames().has(p)) && parts.every((p) => familyNames().has(p) || givenNames().has(p) || !isEnglishWord(p)));
    const word = parts ? parts.every((p) => isEnglishWord(p)) : key.length <= 1 || isEnglishWord(key);
    f = { given, family, common: !parts && (given || family) && isCommonWord(key), word };
  }
  if (facts.size >= 100_000) facts.clear();
  facts.set(key, f);
  return f;
}

export function classifyToken(t: Token, lowerInDoc: ReadonlySet<string>): TokenInfo {
  if (t.shape === 'lower') return { cls: PARTICLES.has(t.key) ? 'particle' : 'lower', given: false, family: false };
  if (t.shape === 'initial') return { cls: 'initial', given: false, family: false };
  const f = factsOf(t.key);
  if (f.fixed) return { cls: f.fixed, given: false, family: false };
  if (f.given || f.family) {
    // A word the document also writes in lower case is used as a word here.
    const common = f.common || lowerInDoc.has(t.key);
    return { cls: common ? 'name-common' : f.given ? 'given' : 'family', given: f.given, family: f.family };
  }
  return { cls: f.word ? 'word' : 'unknown', given: false, family: false };
}

/** Keys of the words the document writes in lower case. */
const lowerKeysCache = new WeakMap<readonly Token[], Set<string>>();

export function lowerCaseKeys(tokens: readonly Token[]): Set<string> {
  const cached = lowerKeysCache.get(tokens);
  if (cached) return cached;
  const out = new Set<string>();
  lowerKeysCache.set(tokens, out);
  for (const t of tokens) if (t.shape === 'lower') out.add(t.key);
  return out;
}
