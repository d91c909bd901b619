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

/** Lower-case words, apostrophes unified, a final period dropped ("u.s." → "u.s", "nurse." → "nurse"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(NON_WORD, ' ')
    .split(' ')
    .map((w) => (w.endsWith('.') ? w.slice(0, -1) : w))
    .map((w) => w.replace(/^['.\-/]+|['\-/]+$/g, ''))
    .filter(Boolean);
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
