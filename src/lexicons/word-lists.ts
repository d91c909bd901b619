import { readDataLines } from './data-files.js';

/**
 * Lazily loaded word lists of data/lexicons/ as lower-case, accent-folded Sets.
 * Each file is read once, on first use.
 */
const cache = new Map<string, ReadonlySet<string>>();

const ASCII = /^[\x00-\x7f]*$/;

/** Lower case, accents removed, curly apostrophes made straight: the lookup key of every lexicon. */
export function lexiconKey(word: string): string {
  // ASCII: NFKD, accent removal and the apostrophe change nothing (the common case, and much faster).
  if (ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/\u2019/g, "'").toLowerCase();
}

export function wordSet(file: string): ReadonlySet<string> {
  let set = cache.get(file);
  if (!set) {
    set = new Set(readDataLines(`lexicons/${file}`).map(lexiconKey));
    cache.set(file, set);
  }
  return set;
}
