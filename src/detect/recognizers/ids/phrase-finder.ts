/**
 * Fast driver for the case-insensitive cue alternation of cue-scan.ts.
 *
 * V8 runs a large case-insensitive alternation slowly: it tries the
 * alternatives at every position of the text. Yet a cue phrase can only start
 * where a word starts, and that word (its letters up to the first non-letter)
 * must be the first word of some phrase. So we walk the words by hand, look the
 * lower-cased word up (a trie for a-z words, a Map for accented ones), and try
 * only the phrases that begin with that word, with a small sticky pattern.
 *
 * The result is identical to `global.exec` in a loop: every position where the
 * pattern can match is tried, in order, and positions inside an earlier match
 * are skipped, exactly as lastIndex would skip them.
 *
 * Why the Set test never misses a match: the pattern's look-behind forbids a
 * letter (or digit, '_', '.', ...) before the match, so a match starts a word;
 * after the phrase's first word comes either a non-letter that the phrase spells
 * out ("[ \t]", "'", ".", "/", "-") or the end of the phrase, where the
 * look-ahead forbids a letter. So the text's word equals the phrase's first word
 * up to case, and a letter that matches a phrase letter case-insensitively is in
 * the same letter range and lower-cases to it.
 */

/** Letters as the cue pattern's boundaries see them: [A-Za-z\u00C0-\u024F]. */
function isWordLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0x24f);
}

/** Characters the pattern's look-behind rejects before a cue: [A-Za-z0-9\u00C0-\u024F_?&=/.]. */
function blocksCueStart(c: number): boolean {
  return isWordLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 63 || c === 38 || c === 61 || c === 47 || c === 46;
}

/**
 * A match: `value` is the matched text, or, when the match is one whole a-z word of the text
 * (`plain`), that word in lower case as the finder lists it (a first word of the phrases): no
 * substring to cut and lower-case for the caller's look-up.
 */
export interface PhraseMatch {
  start: number;
  end: number;
  value: string;
  plain: boolean;
}

export interface PhraseFinder {
  /** Every match of the pattern, in order, as `pattern` with the g flag would give them. */
  matches(text: string): PhraseMatch[];
}

/**
 * `phrases`: the lower-case phrases of the alternation; `compile`: builds the
 * sticky (y) pattern for a list of phrases, the same way the full alternation
 * is built. At a given word only the phrases that begin with it can match, so
 * a small pattern of the phrases sharing its first letter gives the same match
 * as the full alternation, far faster. Phrases that begin with a non-letter
 * ("#") are grouped by that character and tried wherever it occurs.
 */
export function phraseFinder(phrases: Iterable<string>, compile: (group: string[]) => RegExp): PhraseFinder {
  const byWord = new Map<string, string[]>();
  const byChar = new Map<number, string[]>();
  let longestWord = 0;
  for (const phrase of phrases) {
    let k = 0;
    while (k < phrase.length && isWordLetter(phrase.charCodeAt(k))) k++;
    if (k === 0) {
      const c = phrase.charCodeAt(0);
      byChar.set(c, [...(byChar.get(c) ?? []), phrase]);
      continue;
    }
    const word = phrase.slice(0, k);
    byWord.set(word, [...(byWord.get(word) ?? []), phrase]);
    longestWord = Math.max(longestWord, k);
  }
  const sticky = (group: string[]): RegExp => {
    const re = compile(group);
    if (!re.sticky) throw new Error('phraseFinder needs sticky patterns');
    return re;
  };
  // A group that is one plain a-z word needs no pattern (see PLAIN_WORD). The
  // other groups share one pattern per first letter: few patterns to compile,
  // and at a given word only the phrases that begin with it can match.
  const byLetter = new Map<string, string[]>();
  for (const [word, group] of byWord) {
    if (!isPlainWord(group, word)) byLetter.set(word[0], [...(byLetter.get(word[0]) ?? []), ...group]);
  }
  const letterPatterns = new Map([...byLetter].map(([letter, group]) => [letter, sticky(group)]));
  const wordPatterns = new Map<string, RegExp>();
  for (const [word, group] of byWord) wordPatterns.set(word, isPlainWord(group, word) ? PLAIN_WORD : letterPatterns.get(word[0])!);
  const charPatterns = new Map([...byChar].map(([c, group]) => [c, sticky(group)]));
  // Which code units begin a non-letter phrase: one array read per character instead of a Map lookup.
  const charStarts = new Uint8Array(0x10000);
  for (const c of charPatterns.keys()) charStarts[c] = 1;
  const trie = asciiTrie([...byWord.keys()]);
  const triePatterns = trie.words.map((w) => wordPatterns.get(w)!);
  const wordFollows = new Map([...byWord].map(([word, group]) => [word, followersOf(word, group)]));
  const trieFollows = trie.words.map((w) => wordFollows.get(w)!);
  const trieNext = trie.next;
  const trieWordAt = trie.wordAt;
  const trieWords = trie.words;
  let follows: string | null = null; // set by patternOf: the characters a match may have after the word

  /** The pattern of the phrases whose first word is text[i, j): ASCII words walk the trie, others take the Map. */
  const patternOf = (text: string, i: number, j: number): RegExp | undefined => {
    let node = 0;
    for (let k = i; k < j; k++) {
      const c = text.charCodeAt(k) | 32; // ASCII lower case
      // Accented words are never plain (isPlainWord): they always take a pattern.
      if (c < 97 || c > 122) {
        const word = text.slice(i, j).toLowerCase();
        follows = wordFollows.get(word) ?? null;
        return wordPatterns.get(word);
      }
      if (node >= 0) node = trie.next[node * 26 + c - 97];
      // Off the trie: keep reading, a later accented letter sends the word to the Map.
    }
    const w = node < 0 ? -1 : trie.wordAt[node];
    if (w < 0) return undefined;
    follows = trieFollows[w];
    return triePatterns[w];
  };

  return {
    matches(text) {
      const out: PhraseMatch[] = [];
      const n = text.length;
      let taken = 0; // end of the last match: lastIndex of the global loop
      /** `word`: the lower-case ASCII word at `at` (a trie word) or null: a match of just that word is plain. */
      const tryAt = (re: RegExp, at: number, word: string | null) => {
        re.lastIndex = at;
        const m = re.exec(text);
        if (m) {
          const end = at + m[0].length;
          out.push(word !== null && end - at === word.length ? { start: at, end, value: word, plain: true } : { start: at, end, value: m[0], plain: false });
          taken = end;
        }
      };
      let i = 0;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (!isWordLetter(c)) {
          if (charStarts[c] === 1 && i >= taken) tryAt(charPatterns.get(c)!, i, null);
          i++;
          continue;
        }
        // Read the word and walk the trie in the same pass (patternOf would read the word again).
        let j = i;
        let node = 0; // trie node of text[i, j) while the word is ASCII; -1 once off the trie
        let ascii = true;
        for (; j < n; j++) {
          const d = text.charCodeAt(j);
          if (!isWordLetter(d)) break;
          if (!ascii) continue;
          const l = d | 32; // ASCII lower case
          if (l < 97 || l > 122) ascii = false;
          else if (node >= 0) node = trieNext[node * 26 + l - 97];
        }
        if (i >= taken && j - i <= longestWord && (i === 0 || !blocksCueStart(text.charCodeAt(i - 1)))) {
          let re: RegExp | undefined;
          let w = -1; // the trie word, for an ASCII word
          if (!ascii) re = patternOf(text, i, j);
          else {
            w = node < 0 ? -1 : trieWordAt[node];
            re = w < 0 ? undefined : triePatterns[w];
            follows = w < 0 ? null : trieFollows[w];
          }
          if (re === PLAIN_WORD) {
            // The pattern's look-ahead: no letter (the word is whole) and no digit right after an ASCII letter.
            // An ASCII word's phrase is the trie word: the text's word in lower case.
            if (j >= n || !isDigit(text.charCodeAt(j))) {
              out.push(w >= 0 ? { start: i, end: j, value: trieWords[w], plain: true } : { start: i, end: j, value: text.slice(i, j), plain: false });
              taken = j;
            }
          } else if (re && (follows === null || (j < n && follows.includes(text[j])))) tryAt(re, i, w >= 0 ? trieWords[w] : null);
        }
        i = j;
      }
      return out;
    },
  };
}

/**
 * The characters that may follow the first word `word` in a match of one of
 * its phrases, or null when any may (the word alone is a phrase, or a phrase
 * goes on with a character this check does not model). Most words of a text
 * that begin a phrase ("a" of "a/c", "i" of "i-94") are not followed by what
 * the phrase spells next: the pattern need not be tried there. The expansions
 * follow cue-scan.ts's escapeRegExp: " " is "[ \t]", "'" is "['\u2019]".
 */
function followersOf(word: string, group: string[]): string | null {
  let out = '';
  for (const phrase of group) {
    if (phrase.length === word.length) return null;
    const ch = phrase[word.length];
    if (ch === ' ') out += ' \t';
    else if (ch === "'") out += "'\u2019";
    // A cased character would match in either case under the i flag: not modelled.
    else if (ch.toLowerCase() !== ch.toUpperCase()) return null;
    else out += ch;
  }
  return out;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Marks a group made of a single phrase that is one a-z word ("passport"):
 * an ASCII word of the text that spells it in any case, at a word start, is a
 * match unless a digit follows, which is all its pattern would check.
 */
const PLAIN_WORD = /(?:)/y;

function isPlainWord(group: string[], word: string): boolean {
  return group.length === 1 && group[0] === word && /^[a-z]+$/.test(word);
}

interface AsciiTrie {
  /** next[node * 26 + letter]: child node, or -1. */
  next: Int32Array;
  /** wordAt[node]: index in `words` of the word ending at node, or -1. */
  wordAt: Int32Array;
  words: string[];
}

/** A trie of the words made only of a-z (the others are looked up in the Map). */
function asciiTrie(all: string[]): AsciiTrie {
  const words = all.filter((w) => /^[a-z]+$/.test(w));
  const next: number[] = new Array(26).fill(-1);
  const wordAt: number[] = [-1];
  words.forEach((word, index) => {
    let node = 0;
    for (let k = 0; k < word.length; k++) {
      const slot = node * 26 + word.charCodeAt(k) - 97;
      if (next[slot] < 0) {
        next[slot] = wordAt.length;
        wordAt.push(-1);
        for (let l = 0; l < 26; l++) next.push(-1);
      }
      node = next[slot];
    }
    wordAt[node] = index;
  });
  return { next: Int32Array.from(next), wordAt: Int32Array.from(wordAt), words };
}
