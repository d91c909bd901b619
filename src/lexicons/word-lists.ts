import { readdirSync, readFileSync } from 'node:fs';
import { contentKey, decodeLines, encodeLines, readCompiled } from './compiled.js';
import { dataLinesOf, dataPath } from './data-files.js';

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
    set = new Set(lexiconKeys(file));
    cache.set(file, set);
  }
  return set;
}

/**
 * Lists of at least this many bytes are compiled (scripts/build-compact-data.ts): their
 * keys, distinct, in order, so that a process splits one string instead of trimming,
 * filtering and folding each line (the name lexicons: ~15k lines each).
 */
const COMPILE_FROM_BYTES = 16_384;

/** data/compiled/ file of data/lexicons/<file>'s keys. */
const keysFile = (file: string) => `lexicons/${file}.keys`;

/** The distinct keys of data/lexicons/<file>, in first-seen order: what wordSet's Set holds. */
function lexiconKeys(file: string): string[] {
  const source = readFileSync(dataPath(`lexicons/${file}`));
  if (source.length >= COMPILE_FROM_BYTES) {
    // Compiled from these very bytes (the key is their hash), else compiled here: the same keys.
    const body = readCompiled(keysFile(file), contentKey('lexicon', source));
    const keys = body && decodeKeys(body);
    if (keys) return keys;
  }
  return keysOfText(source.toString('utf8'));
}

/** The keys of a list file's text, built here (exported for the tests). */
export function keysOfText(text: string): string[] {
  return [...new Set(dataLinesOf(text).map(lexiconKey))];
}

/** The keys of compileLexiconKeys' body, or undefined when it is damaged (a key never holds a line break: it comes from one line, trimmed). */
export function decodeKeys(body: Buffer): string[] | undefined {
  return decodeLines(body);
}

/** The compiled keys of every list of data/lexicons/ large enough to gain from it (scripts/build-compact-data.ts). */
export function compileLexiconKeys(): Array<{ file: string; source: string; key: string; body: string }> {
  const out: Array<{ file: string; source: string; key: string; body: string }> = [];
  for (const name of readdirSync(dataPath('lexicons')).sort()) {
    // tagger-*.txt: read as plain lines by the tagger's features (src/learn/lexicons.ts), not through wordSet.
    if (!name.endsWith('.txt') || name.startsWith('tagger-')) continue;
    const source = readFileSync(dataPath(`lexicons/${name}`));
    if (source.length < COMPILE_FROM_BYTES) continue;
    const keys = keysOfText(source.toString('utf8'));
    out.push({ file: keysFile(name), source: `data/lexicons/${name}, as lexicon keys (src/lexicons/word-lists.ts)`, key: contentKey('lexicon', source), body: encodeLines(keys) });
  }
  return out;
}
