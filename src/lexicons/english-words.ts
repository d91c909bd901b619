import { createRequire } from 'node:module';
import { loadCompiled, sourceKey } from './compiled.js';
import { PackedWords } from './packed-words.js';

/**
 * Ordinary English words (an-array-of-english-words, ~275k entries), to tell
 * common words from names. The list has no frequencies and contains many rare
 * words that are also names ("carmen", "hart"), so `isCommonWord` uses a proxy:
 * a word with three or more inflected or derived forms in the list ("rose" →
 * roses, rosed, ...) is in everyday use; a bare entry ("carmen") is not.
 */
let words: PackedWords | undefined;
const commonCache = new Map<string, boolean>();
const SUFFIXES = ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers', 'ly', 'ness', 'y', 'ies', 'ied', 'ful', 'less', 'able', 'ment'];

const PACKAGE = 'an-array-of-english-words';
/** data/compiled/ file of the list (see compiled.ts and scripts/build-compact-data.ts). */
export const ENGLISH_WORDS_FILE = 'english-words.bin';

/** The list as an encoded PackedWords (see packed-words.ts), from the npm package. */
export function compileEnglishWords(): { source: string; key: string; body: Buffer } {
  const require = createRequire(import.meta.url);
  const body = PackedWords.from(require(PACKAGE) as string[]).encode();
  return { source: `${PACKAGE} (npm), sorted`, key: sourceKey(PACKAGE), body };
}

function load(): PackedWords {
  if (!words) {
    // One string and a hash table read from a file: ~6 MB and a few ms per process or worker, not a 275k-string Set.
    words = loadCompiled(ENGLISH_WORDS_FILE, sourceKey(PACKAGE), PackedWords.decode, () => compileEnglishWords().body);
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
