import { createRequire } from 'node:module';

/**
 * Ordinary English words (an-array-of-english-words, ~275k entries), to tell
 * common words from names. The list has no frequencies and contains many rare
 * words that are also names ("carmen", "hart"), so `isCommonWord` uses a proxy:
 * a word with three or more inflected or derived forms in the list ("rose" →
 * roses, rosed, ...) is in everyday use; a bare entry ("carmen") is not.
 */
let words: ReadonlySet<string> | undefined;
const commonCache = new Map<string, boolean>();
const SUFFIXES = ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers', 'ly', 'ness', 'y', 'ies', 'ied', 'ful', 'less', 'able', 'ment'];

function load(): ReadonlySet<string> {
  if (!words) {
    const require = createRequire(import.meta.url);
    words = new Set(require('an-array-of-english-words') as string[]);
  }
  return words;
}

/** The word list itself (lower case), shared with the tagger's features (src/learn/lexicons.ts). */
export function englishWordSet(): ReadonlySet<string> {
  return load();
}

/** True if the lower-case `word` is in the English word list. */
export function isEnglishWord(word: string): boolean {
  return load().has(word);
}

/** True if the lower-case `word` is an everyday English word (see above). */
export function isCommonWord(word: string): boolean {
  const cached = commonCache.get(word);
  if (cached !== undefined) return cached;
  const dict = load();
  let result = false;
  if (dict.has(word)) {
    const stem = word.endsWith('e') || word.endsWith('y') ? word.slice(0, -1) : word;
    let forms = 0;
    // Stops at the third form; the stem is only tried when it differs from the word.
    for (let i = 0; i < SUFFIXES.length && forms < 3; i++) {
      const s = SUFFIXES[i];
      if (dict.has(word + s) || (stem !== word && dict.has(stem + s))) forms++;
    }
    result = forms >= 3;
  }
  if (commonCache.size < 50_000) commonCache.set(word, result);
  return result;
}
