import { readDataLines } from '../../../lexicons/data-files.js';

/**
 * Phrase lists of the contact recognizers (data/contact/*.txt), each compiled
 * once, lazily, into one alternation anchored on word boundaries.
 */
const regexes = new Map<string, RegExp>();
const sets = new Map<string, ReadonlySet<string>>();

/** The value kept for `file` in `cache`, built on first use (the file names are constants: no key is built per call). */
function once<T>(cache: Map<string, T>, file: string, build: () => T): T {
  let value = cache.get(file);
  if (value === undefined) {
    value = build();
    cache.set(file, value);
  }
  return value;
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
  return once(regexes, file, () => {
    const phrases = readDataLines(file).sort((a, b) => b.length - a.length);
    return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  });
}

export function wordSet(file: string): ReadonlySet<string> {
  return once(sets, file, () => new Set(readDataLines(file).map((l) => l.toLowerCase())));
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
