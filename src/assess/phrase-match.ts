/**
 * Longest-phrase lookup: finds the longest listed phrase (whole words) inside a
 * short text, by looking up its word n-grams in a Map — no regex per phrase.
 */
export interface PhraseTable<T> {
  byPhrase: Map<string, T>;
  maxWords: number;
}

export interface PhraseMatch<T> {
  phrase: string;
  value: T;
  /** Word index of the match in the words of the text. */
  at: number;
  words: number;
}

const NON_WORD = /[^\p{L}\p{N}'&./+-]+/gu;
const CURLY_QUOTES = /[’‘]/g;

const APOSTROPHE = 0x27;
const PERIOD = 0x2e;
const HYPHEN = 0x2d;
const SLASH = 0x2f;

/**
 * Lower-case words, apostrophes unified, a final period dropped ("u.s." → "u.s", "nurse." → "nurse"),
 * then leading apostrophes, periods, hyphens and slashes and trailing apostrophes, hyphens and
 * slashes stripped. (Character loops rather than a regex per word: it runs on every element.)
 */
export function words(text: string): string[] {
  let lower = text.toLowerCase();
  if (lower.includes('’') || lower.includes('‘')) lower = lower.replace(CURLY_QUOTES, "'");
  const out: string[] = [];
  for (const raw of lower.replace(NON_WORD, ' ').split(' ')) {
    let end = raw.length;
    if (end > 0 && raw.charCodeAt(end - 1) === PERIOD) end--;
    let start = 0;
    while (start < end) {
      const c = raw.charCodeAt(start);
      if (c !== APOSTROPHE && c !== PERIOD && c !== HYPHEN && c !== SLASH) break;
      start++;
    }
    while (end > start) {
      const c = raw.charCodeAt(end - 1);
      if (c !== APOSTROPHE && c !== HYPHEN && c !== SLASH) break;
      end--;
    }
    if (end > start) out.push(start === 0 && end === raw.length ? raw : raw.slice(start, end));
  }
  return out;
}

export function normalizePhrase(text: string): string {
  return words(text).join(' ');
}

export function phraseTable<T>(entries: ReadonlyArray<readonly [T, readonly string[]]>): PhraseTable<T> {
  const byPhrase = new Map<string, T>();
  let maxWords = 1;
  for (const [value, phrases] of entries) {
    for (const phrase of phrases) {
      const key = normalizePhrase(phrase);
      if (!byPhrase.has(key)) byPhrase.set(key, value);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
  }
  return { byPhrase, maxWords };
}

/** The longest listed phrase in `tokens`; among equally long ones, the last (the head of an English noun phrase). */
export function longestPhrase<T>(table: PhraseTable<T>, tokens: readonly string[]): PhraseMatch<T> | undefined {
  for (let n = Math.min(table.maxWords, tokens.length); n >= 1; n--) {
    for (let i = tokens.length - n; i >= 0; i--) {
      const phrase = tokens.slice(i, i + n).join(' ');
      const value = table.byPhrase.get(phrase);
      if (value !== undefined) return { phrase, value, at: i, words: n };
    }
  }
  return undefined;
}
