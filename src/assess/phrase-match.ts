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
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return wordsUnicode(text);
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (let i = nextAsciiWord(lower, 0); i >= 0; i = nextAsciiWord(lower, i)) out.push(lower.slice(WORD.start, WORD.end));
  return out;
}

/** `words(text).join(' ')`: the same key, without the array for ASCII text. */
export function wordsKey(text: string): string {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return wordsUnicode(text).join(' ');
  const lower = text.toLowerCase();
  // Letters and digits in words between single spaces (most names): the key is the text itself.
  if (isPlainKey(lower)) return lower;
  let out = '';
  let any = false;
  for (let i = nextAsciiWord(lower, 0); i >= 0; i = nextAsciiWord(lower, i)) {
    // One word covering the whole text: the text itself (as join returns for one element).
    const word = WORD.start === 0 && WORD.end === lower.length ? lower : lower.slice(WORD.start, WORD.end);
    out = any ? `${out} ${word}` : word;
    any = true;
  }
  return out;
}

/** Whether lower-case ASCII text is words of letters and digits joined by single spaces (as wordsKey joins them). */
function isPlainKey(lower: string): boolean {
  const n = lower.length;
  if (n === 0) return false;
  let space = true;
  for (let i = 0; i < n; i++) {
    const c = lower.charCodeAt(i);
    if (c === 0x20) {
      if (space) return false;
      space = true;
    } else if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) space = false;
    else return false;
  }
  return !space;
}

/** The range of the word nextAsciiWord found last. */
const WORD = { start: 0, end: 0 };

/**
 * The next word of lower-case ASCII `lower` from `from` on: a run of word characters, a final period
 * dropped, then leading ' . - / and trailing ' - / stripped (runs that strip to nothing are skipped).
 * Sets WORD to its range and returns where the scan goes on, or -1 when no word is left.
 */
function nextAsciiWord(lower: string, from: number): number {
  const n = lower.length;
  let i = from;
  for (;;) {
    while (i < n && !isAsciiWordChar(lower.charCodeAt(i))) i++;
    const runStart = i;
    while (i < n && isAsciiWordChar(lower.charCodeAt(i))) i++;
    if (i === runStart) return -1;
    let end = i;
    if (lower.charCodeAt(end - 1) === PERIOD) end--;
    let start = runStart;
    while (start < end) {
      const c = lower.charCodeAt(start);
      if (c !== APOSTROPHE && c !== PERIOD && c !== HYPHEN && c !== SLASH) break;
      start++;
    }
    while (end > start) {
      const c = lower.charCodeAt(end - 1);
      if (c !== APOSTROPHE && c !== HYPHEN && c !== SLASH) break;
      end--;
    }
    if (end > start) {
      WORD.start = start;
      WORD.end = end;
      return i;
    }
  }
}

/** ASCII characters NON_WORD keeps: letters, digits and ' & . / + - (lower-case text). */
function isAsciiWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === APOSTROPHE || c === 0x26 || c === PERIOD || c === SLASH || c === 0x2b || c === HYPHEN || (c >= 0x41 && c <= 0x5a);
}

function wordsUnicode(text: string): string[] {
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

/** Text words() leaves as it is (lower-case ASCII words, single spaces): most table phrases. */
const NORMAL_PHRASE = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

export function normalizePhrase(text: string): string {
  // The tables are normalised on first use, thousands of phrases: one native test each, when it holds.
  return NORMAL_PHRASE.test(text) ? text : words(text).join(' ');
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

/** Every word of a table's phrases, built on first use: an n-gram holding another word is no phrase. */
const vocabularies = new WeakMap<PhraseTable<unknown>, Set<string>>();

function vocabularyOf(table: PhraseTable<unknown>): Set<string> {
  let vocabulary = vocabularies.get(table);
  if (!vocabulary) {
    vocabulary = new Set();
    for (const phrase of table.byPhrase.keys()) for (const word of phrase.split(' ')) vocabulary.add(word);
    vocabularies.set(table, vocabulary);
  }
  return vocabulary;
}

const RUN_SCRATCH_MAX = 4096;
let runScratch = new Int32Array(64);

/**
 * The longest listed phrase in `tokens`; among equally long ones, the last (the head of an English noun phrase).
 * Only n-grams whose words all occur in some listed phrase are looked up (a listed phrase's words are
 * exactly the words of the n-gram it equals: tokens are non-empty and hold no space).
 */
export function longestPhrase<T>(table: PhraseTable<T>, tokens: readonly string[]): PhraseMatch<T> | undefined {
  const count = tokens.length;
  if (count === 0) return undefined;
  const vocabulary = vocabularyOf(table);
  // run[i]: how many tokens from i on are all in the vocabulary (in a scratch array kept between
  // calls: no typed array to allocate per element; every entry read below is written first).
  // A very long element gets an array of its own (the kept one stays small).
  if (count + 1 > runScratch.length && count + 1 <= RUN_SCRATCH_MAX) runScratch = new Int32Array(RUN_SCRATCH_MAX);
  const run = count + 1 <= runScratch.length ? runScratch : new Int32Array(count + 1);
  run[count] = 0;
  let longest = 0;
  for (let i = count - 1; i >= 0; i--) {
    run[i] = vocabulary.has(tokens[i]) ? run[i + 1] + 1 : 0;
    if (run[i] > longest) longest = run[i];
  }
  for (let n = Math.min(table.maxWords, longest); n >= 1; n--) {
    for (let i = count - n; i >= 0; i--) {
      if (run[i] < n) continue;
      let phrase = tokens[i];
      for (let j = i + 1; j < i + n; j++) phrase += ` ${tokens[j]}`;
      const value = table.byPhrase.get(phrase);
      if (value !== undefined) return { phrase, value, at: i, words: n };
    }
  }
  return undefined;
}
