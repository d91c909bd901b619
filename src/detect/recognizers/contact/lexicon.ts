import { readDataLines } from '../../../lexicons/data-files.js';

/**
 * Phrase lists of the contact recognizers (data/contact/*.txt), each compiled
 * once, lazily, into one alternation anchored on word boundaries.
 */
const cache = new Map<string, unknown>();

function once<T>(key: string, build: () => T): T {
  if (!cache.has(key)) cache.set(key, build());
  return cache.get(key) as T;
}

function escape(phrase: string): string {
  return phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s{1,3}');
}

/**
 * A global regex matching any phrase of the list as a whole word. Longer
 * phrases come first so "phone number" wins over "phone"; the alternation is a
 * flat list of literals, so matching stays linear.
 */
export function phraseRegex(file: string): RegExp {
  return once(`re:${file}`, () => {
    const phrases = readDataLines(file).sort((a, b) => b.length - a.length);
    return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  });
}

export function wordSet(file: string): ReadonlySet<string> {
  return once(`set:${file}`, () => new Set(readDataLines(file).map((l) => l.toLowerCase())));
}

/** End offset of the last match of `re` inside `window`, or -1. */
export function lastMatchEnd(re: RegExp, window: string): number {
  let last = -1;
  re.lastIndex = 0;
  for (let m = re.exec(window); m; m = re.exec(window)) last = m.index + m[0].length;
  return last;
}

export const PHONE_CUES = 'contact/phone-cues.txt';
export const NON_PHONE_CUES = 'contact/non-phone-cues.txt';
export const SOCIAL_DOMAINS = 'contact/social-domains.txt';
export const PUBLIC_SITES = 'contact/public-sites.txt';
export const USERNAME_CUES = 'contact/username-cues.txt';
export const USERNAME_STOPWORDS = 'contact/username-stopwords.txt';
export const EMAIL_PROVIDERS = 'contact/email-providers.txt';
