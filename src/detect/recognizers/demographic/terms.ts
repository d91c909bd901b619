import type { DetectionContext } from '../../context.js';
import { demographicLexicon, termKey, type TermKind } from './lexicon.js';
import { grown } from '../../../typed-arrays.js';

/**
 * Nationality, ethnicity, race, religion and gender-identity terms, taken when
 * the context shows they describe a person:
 *  - gender identities (non-binary, transgender…) and unambiguous religions: always,
 *    unless a capitalised word follows (an organisation: "Catholic Charities");
 *  - nationalities and ethnicities: before a person noun ("Ghanaian national",
 *    "Syrian man", "Kenyan middle-distance runner"), as a predicate ("is Irish."),
 *    as a compound ("Nigerian-American", "Korean American"), or coordinated with
 *    a term already taken ("Brazilian and Portuguese");
 *  - colour words (Black, White) and ambiguous religions ("Christian") only before
 *    a person noun or after a copula / "devout" / "identifies as".
 */

const NON_ASCII_LETTER = /[\p{L}\p{M}]/u;

/** Words before a term that make it a predicate about a person ("is Catholic", "devout LDS"). */
const PREDICATE_CUES = new Set([
  'is', 'am', 'are', 'was', 'were', 'be', 'being', 'been', "i'm", "he's", "she's", "they're", 'as', 'devout', 'practising', 'practicing',
  'observant', 'raised', 'proudly', 'proud', 'fully', 'half', 'ethnically', 'culturally', 'both', 'committed', 'lifelong', 'fellow',
  'naturalized', 'naturalised', 'resident', 'a', 'an', 'only', 'also', 'not', 'every',
]);
/** Words before a nationality word that make it a language. */
const LANGUAGE_CUES = new Set(['speak', 'speaks', 'spoke', 'spoken', 'speaking', 'in', 'learn', 'learns', 'learning', 'learned', 'fluent', 'teach', 'teaches', 'taught', 'translate', 'translated', 'into', 'native']);
/** Words after a predicate term that still end it: "identified as Hazara by his accent". */
const FUNCTION_WORDS = new Set(['and', 'or', 'but', 'by', 'who', 'from', 'with', 'since', 'in', 'on', 'at', 'to', 'for', 'like', 'too', 'now', 'then', 'himself', 'herself', 'themselves', 'enough', 'through', 'after', 'before', 'when', 'while', 'so']);
const TEACHER_NOUNS = new Set(['teacher', 'teachers', 'professor', 'tutor', 'lecturer', 'instructor', 'class', 'lesson']);
const COMPOUND_PREFIXES = new Set(['afro', 'anglo', 'franco', 'indo', 'sino', 'euro', 'italo', 'hispano', 'luso', 'greco', 'russo']);
const COMPOUND_SECOND = new Set(['american', 'canadian', 'british', 'australian', 'irish', 'english', 'scottish', 'french', 'german', 'brazilian']);

/**
 * A word of the text. Its text and key are read lazily: most words are only
 * looked up in the first-word trie (firstWordTrie), straight from the text.
 */
class Tok {
  private keyMemo: string | undefined;
  constructor(
    private readonly src: string,
    readonly start: number,
    readonly end: number,
    /** Inner hyphens ("Nigerian-American"). */
    readonly hyphens: number,
    /** Made only of ASCII letters. */
    readonly asciiLetters: boolean,
  ) {}

  get text(): string {
    return this.src.slice(this.start, this.end);
  }

  /** Lower case, typographic apostrophes folded (termKey); the word itself when already lower-case ASCII. */
  get key(): string {
    return (this.keyMemo ??= wordKey(this.src, this.start, this.end));
  }
}

/** Tok.key of the word text[start, end). */
function wordKey(text: string, start: number, end: number): string {
  const word = text.slice(start, end);
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c >= 0x80 || (c >= 65 && c <= 90)) {
      const lower = word.toLowerCase();
      return lower.includes('’') ? termKey(word) : lower;
    }
  }
  return word;
}

export interface TermHit {
  start: number;
  end: number;
  kind: TermKind;
}

/** NON_ASCII_LETTER's verdict on each UTF-16 code unit met so far: 0 not yet known, 1 letter, 2 not. */
const nonAsciiLetter = new Uint8Array(0x10000);

function isLetter(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if (c !== c) return NON_ASCII_LETTER.test(text[i]); // past the end (never asked): as before
  let known = nonAsciiLetter[c];
  if (known === 0) {
    known = NON_ASCII_LETTER.test(text[i]) ? 1 : 2;
    nonAsciiLetter[c] = known;
  }
  return known === 1;
}

/** What scanWords tells of a word: made of ASCII letters and not a first word of a term (nor one with an "s" added). */
const WORD_SKIP = 0;
/** Made of ASCII letters and a first word of a term (or one with an "s" added: firstWordTrie's startsTerm). */
const WORD_START = 1;
/** Not made of ASCII letters only: tested on its key (mayStartTerm). */
const WORD_OTHER = 2;

/** Word bounds of the last scan (scanWords), reused from call to call: grown when a text needs more. */
interface WordBounds {
  starts: Int32Array;
  ends: Int32Array;
  hyphens: Uint8Array;
  /** WORD_SKIP, WORD_START or WORD_OTHER. */
  kinds: Uint8Array;
  count: number;
  /** The first word that is not WORD_SKIP (count if none). */
  firstNotSkipped: number;
}

const bounds: WordBounds = { starts: new Int32Array(256), ends: new Int32Array(256), hyphens: new Uint8Array(256), kinds: new Uint8Array(256), count: 0, firstNotSkipped: 0 };

/**
 * Words: letters with inner apostrophes and up to three hyphens ("Seventh-day",
 * "Nigerian-American", "mid-20s"). A hand-written scan: a Unicode-class regex
 * over every word was the slowest part of this recognizer. Bounds only, into
 * `bounds` (no object or string per word: most texts hold no term at all), with
 * each word of ASCII letters looked up in the first words as it is read.
 */
function scanWords(text: string, trie: FirstWordTrie): WordBounds {
  let { starts, ends, hyphens: hyphenCounts, kinds } = bounds;
  // A huge text's buffers are not kept for the small ones after it.
  if (starts.length > 1 << 16 && text.length < 1 << 14) {
    starts = new Int32Array(256);
    ends = new Int32Array(256);
    hyphenCounts = new Uint8Array(256);
    kinds = new Uint8Array(256);
  }
  const filter = trie.filter;
  scanCount++;
  let count = 0;
  let firstNotSkipped = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    let lc = c | 32;
    if (c < 0x80 ? lc < 97 || lc > 122 : !isLetter(text, i)) {
      i++;
      continue;
    }
    const start = i;
    let hyphens = 0;
    // `ascii` false once a unit other than a-z, A-Z is read; while true, the hash (firstWordHash)
    // of the letters read in lower case, and of all but the last of them.
    let ascii = c < 0x80;
    let before = 0;
    let h = ascii ? Math.imul(FNV_BASIS ^ lc, FNV_PRIME) : 0;
    i++;
    while (i < n) {
      c = text.charCodeAt(i);
      lc = c | 32;
      if (c < 0x80 ? lc >= 97 && lc <= 122 : isLetter(text, i)) {
        if (c >= 0x80) ascii = false;
        else if (ascii) {
          before = h;
          h = Math.imul(h ^ lc, FNV_PRIME);
        }
        i++;
      } else if (i + 1 < n && (c === 39 || c === 0x2019) && isLetter(text, i + 1)) {
        ascii = false;
        i += 2;
      } else if (i + 1 < n && c === 45 && hyphens < 3 && (isLetter(text, i + 1) || isDigit(text, i + 1))) {
        ascii = false;
        hyphens++;
        i += 2;
      } else if (hyphens > 0 && isDigit(text, i)) i++;
      else break;
    }
    if (count === starts.length) {
      starts = grown(starts, count * 2);
      ends = grown(ends, count * 2);
      hyphenCounts = grown(hyphenCounts, count * 2);
      kinds = grown(kinds, count * 2);
    }
    starts[count] = start;
    ends[count] = i;
    hyphenCounts[count] = hyphens;
    // A first word, or one with a final "s" ("Kenyans" → "kenyan"), may start a term only if the
    // filter holds its hash (or the hash without the "s"); the trie then answers exactly.
    if (!ascii) kinds[count] = WORD_OTHER;
    else {
      const may = inFilter(filter, h) || (i - start > 1 && (text.charCodeAt(i - 1) | 32) === 115 && inFilter(filter, before));
      kinds[count] = may && trie.startsTerm(text, start, i) ? WORD_START : WORD_SKIP;
    }
    if (firstNotSkipped < 0 && kinds[count] !== WORD_SKIP) firstNotSkipped = count;
    count++;
  }
  bounds.starts = starts;
  bounds.ends = ends;
  bounds.hyphens = hyphenCounts;
  bounds.kinds = kinds;
  bounds.count = count;
  bounds.firstNotSkipped = firstNotSkipped < 0 ? count : firstNotSkipped;
  return bounds;
}

function isDigit(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** Scans so far (scanWords): a WordList reads `bounds` only while no later scan has refilled it. */
let scanCount = 0;

/**
 * The words of the last scan (only for a text where some term may start), read from `bounds`
 * without copies; a word becomes a Tok object only when read (most words are never looked at).
 * Valid until the next scan: reading it after one throws (findTerms reads it right away).
 */
class WordList {
  readonly length: number;
  private readonly scan = scanCount;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly hyphens: Uint8Array;
  private readonly kinds: Uint8Array;
  private readonly toks: Array<Tok | undefined>;

  constructor(
    private readonly text: string,
    words: WordBounds,
  ) {
    this.length = words.count;
    this.starts = words.starts;
    this.ends = words.ends;
    this.hyphens = words.hyphens;
    this.kinds = words.kinds;
    this.toks = new Array<Tok | undefined>(words.count);
  }

  /** Word k, or undefined outside the list (as an array read would give). */
  at(k: number): Tok | undefined {
    if (k < 0 || k >= this.length) return undefined;
    return (this.toks[k] ??= new Tok(this.text, this.startOf(k), this.ends[k], this.hyphens[k], this.kinds[k] !== WORD_OTHER));
  }

  /** Start of word k (a word inside the list), without making its Tok. */
  startOf(k: number): number {
    if (this.scan !== scanCount) throw new Error('demographic terms: word list read after a later scan');
    return this.starts[k];
  }

  /** End of word k (a word inside the list), without making its Tok. */
  endOf(k: number): number {
    if (this.scan !== scanCount) throw new Error('demographic terms: word list read after a later scan');
    return this.ends[k];
  }
}

/**
 * False only when the loop of termCandidates finds nothing at a word (one not made of ASCII
 * letters) with this key and number of hyphens: neither the first word of a term nor a
 * hyphenated compound. Read from the key alone (no Tok object for the many words that fail).
 */
function mayStartTerm(key: string, hyphens: number, lex: ReturnType<typeof demographicLexicon>): boolean {
  if (lex.firstWords.has(key) || (key.endsWith('s') && lex.firstWords.has(key.slice(0, -1)))) return true;
  return hyphens > 0 && isCompound(key, lex);
}

/** "Nigerian-American", "Afro-Brazilian": two parts, a nationality or ethnicity (or a prefix such as "Afro") and then one. */
function isCompound(key: string, lex: ReturnType<typeof demographicLexicon>): boolean {
  const parts = key.split('-');
  const known = (p: string) => lex.terms.get(p) === 'nationality' || lex.terms.get(p) === 'ethnicity';
  return parts.length === 2 && (known(parts[0]) || COMPOUND_PREFIXES.has(parts[0])) && known(parts[1]);
}

/** Every lexicon term in the text (longest first at each token), accepted or not. */
export function termCandidates(text: string): Array<TermHit & { first: number; last: number; toks: WordList }> {
  const lex = demographicLexicon();
  const trie = firstWordTrie();
  const words = scanWords(text, trie);
  const count = words.count;
  // A word list only once a word may start a term: the test below reads the text itself.
  let toks: WordList | undefined;
  const out: Array<TermHit & { first: number; last: number; toks: WordList }> = [];
  // The words before firstNotSkipped start nothing: the loop below would pass over them.
  for (let i = words.firstNotSkipped; i < count; i++) {
    const kind = words.kinds[i];
    // A word of ASCII letters (so without a hyphen) that is no first word: nothing starts here.
    if (kind === WORD_SKIP) continue;
    if (!toks) {
      if (kind === WORD_OTHER && !mayStartTerm(wordKey(text, words.starts[i], words.ends[i]), words.hyphens[i], lex)) continue;
      toks = new WordList(text, words);
    }
    const t = toks.at(i)!;
    let found: { n: number; kind: TermKind } | undefined;
    // (WORD_START: trie.startsTerm(text, t.start, t.end), read by the scan.)
    if (kind === WORD_START || (kind === WORD_OTHER && (lex.firstWords.has(t.key) || (t.key.endsWith('s') && lex.firstWords.has(t.key.slice(0, -1)))))) {
      // Only words joined by single spaces form a term; its key is their keys joined by spaces
      // (what termKey gives for the whole phrase).
      // No term (nor plural of one) of more words than maxWordsAfter gives starts with this word.
      const most = lex.maxWordsAfter.get(t.key) ?? 1;
      let run = 1;
      while (run < most && i + run < toks.length && toks.startOf(i + run) === toks.endOf(i + run - 1) + 1 && text.charCodeAt(toks.endOf(i + run - 1)) === 32) run++;
      for (let n = run; n >= 1 && !found; n--) {
        let key = t.key;
        for (let j = i + 1; j < i + n; j++) key += ' ' + toks.at(j)!.key;
        const kind = lex.terms.get(key) ?? pluralKind(key);
        if (kind) found = { n, kind };
      }
    }
    if (!found && t.hyphens > 0 && isCompound(t.key, lex)) found = { n: 1, kind: 'ethnicity' };
    if (!found) continue;
    // "Korean American", "Somali American": one compound term.
    let n = found.n;
    const next = toks.at(i + n);
    if ((found.kind === 'nationality' || found.kind === 'ethnicity') && next && COMPOUND_SECOND.has(next.key) && /^\p{Lu}/u.test(next.text) && text.slice(toks.endOf(i + n - 1), next.start) === ' ') n++;
    out.push({ start: t.start, end: toks.endOf(i + n - 1), kind: n > found.n ? 'ethnicity' : found.kind, first: i, last: i + n - 1, toks });
    i += n - 1;
  }
  return out;
}

interface FirstWordTrie {
  /** True when text[start, end) (ASCII letters, any case) is a first word, or one with an "s" added. */
  startsTerm(text: string, start: number, end: number): boolean;
  /**
   * One bit per firstWordHash value (its top FILTER_BITS bits) of every first word: a word whose
   * bit is clear (and, ending in "s", whose bit without the "s" is clear too) starts no term.
   * Small enough to stay in the processor's cache, unlike the trie read at random.
   */
  filter: Int32Array;
}

const FNV_BASIS = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
const FILTER_BITS = 16;

/** FNV-1a (32 bits) over the letters of an a-z word: the hash scanWords computes as it reads a word (in lower case). */
function firstWordHash(word: string): number {
  let h = FNV_BASIS;
  for (let k = 0; k < word.length; k++) h = Math.imul(h ^ word.charCodeAt(k), FNV_PRIME);
  return h;
}

function inFilter(filter: Int32Array, h: number): boolean {
  const b = h >>> (32 - FILTER_BITS);
  return (filter[b >>> 5] & (1 << (b & 31))) !== 0;
}

let trieMemo: FirstWordTrie | undefined;

/**
 * The lexicon's first words made of a-z, as a trie walked straight over the
 * text (no string per word): the Set lookup of every word of the text was the
 * cost of this recognizer. Words with other characters take the Set.
 */
function firstWordTrie(): FirstWordTrie {
  if (trieMemo) return trieMemo;
  const words = [...demographicLexicon().firstWords].filter((w) => /^[a-z]+$/.test(w));
  // At most one node per letter of the words, plus the root: arrays sized once and filled natively
  // (a first document runs this in the interpreter, where a push per cell cost milliseconds).
  let size = 1;
  for (const word of words) size += word.length;
  const nextArr = new Int32Array(size * 26).fill(-1);
  const termArr = new Uint8Array(size);
  let nodes = 1;
  for (const word of words) {
    let node = 0;
    for (let k = 0; k < word.length; k++) {
      const slot = node * 26 + word.charCodeAt(k) - 97;
      if (nextArr[slot] < 0) nextArr[slot] = nodes++;
      node = nextArr[slot];
    }
    termArr[node] = 1;
  }
  const filter = new Int32Array(1 << (FILTER_BITS - 5));
  for (const word of words) {
    const b = firstWordHash(word) >>> (32 - FILTER_BITS);
    filter[b >>> 5] |= 1 << (b & 31);
  }
  trieMemo = {
    filter,
    startsTerm(text, start, end) {
      let node = 0;
      for (let k = start; k < end; k++) {
        const c = text.charCodeAt(k) | 32;
        // The key minus a final "s" ("Kenyans" → "kenyan").
        if (k === end - 1 && c === 115 && termArr[node] === 1) return true;
        node = nextArr[node * 26 + c - 97];
        if (node < 0) return false;
      }
      return termArr[node] === 1;
    },
  };
  return trieMemo;
}

function pluralKind(key: string): TermKind | undefined {
  if (!key.endsWith('s')) return undefined;
  const kind = demographicLexicon().terms.get(key.slice(0, -1));
  return kind === 'religion' || kind === 'nationality' || kind === 'ethnicity' ? kind : undefined;
}

export function findTerms(ctx: DetectionContext): TermHit[] {
  const text = ctx.text;
  const lex = demographicLexicon();
  const cands = termCandidates(text);
  if (cands.length === 0) return [];
  const accepted = new Array<boolean>(cands.length).fill(false);
  const termAt = new Map<number, number>();
  cands.forEach((c, k) => termAt.set(c.first, k));

  cands.forEach((c, k) => {
    const { toks, first, last } = c;
    const word = text.slice(c.start, c.end);
    // "ethnic Albanian": a multi-word term is capitalised on its last word.
    const capital = /^\p{Lu}/u.test(word) || (last > first && /^\p{Lu}/u.test(toks.at(last)!.text));
    const prev = toks.at(first - 1);
    const prevGap = prev ? text.slice(prev.end, c.start) : '\n';
    const prevKey = prev && /^[ \t]+$/.test(prevGap) ? prev.key : '';
    const next = toks.at(last + 1);
    const nextGap = next ? text.slice(c.end, next.start) : '';
    const nextTight = next && /^[ \t]$/.test(nextGap);
    const nextIsTerm = next && termAt.has(last + 1) && cands[termAt.get(last + 1)!].kind !== 'colour';
    const nextCapitalised = nextTight && /^\p{Lu}/u.test(next.text) && !nextIsTerm && !/^[MF]$/.test(next.text);
    const predicateEnd = !next || !nextTight || FUNCTION_WORDS.has(next.key);
    // "my English teacher": a school subject, not a nationality.
    const subjectTeacher = nextTight && TEACHER_NOUNS.has(next.key) && ['my', 'our', 'his', 'her', 'their', 'the', 'your'].includes(prevKey);
    const beforePerson = personNounAhead(text, toks, last, lex.personNouns);
    switch (c.kind) {
      case 'gender':
        accepted[k] = true;
        break;
      case 'religion':
        accepted[k] = !nextCapitalised && (capital || PREDICATE_CUES.has(prevKey) || /^[A-Z]{2,}$/.test(word));
        break;
      case 'religionAmbiguous':
        accepted[k] = capital && !nextCapitalised && (PREDICATE_CUES.has(prevKey) || beforePerson);
        break;
      case 'colour':
        accepted[k] = nextTight === true && lex.personNouns.has(next.key) && !['passport', 'citizenship', 'national', 'heritage', 'descent', 'origin'].includes(next.key);
        break;
      default: {
        if (!capital || nextCapitalised || LANGUAGE_CUES.has(prevKey) || subjectTeacher) break;
        const compound = c.last > c.first || word.includes('-');
        const sexLetter = nextTight && /^[MF]$/.test(next.text);
        const citizenParen = /\($/.test(prevGap.trimEnd()) && prev && ['citizen', 'national', 'citizenship', 'nationality'].includes(prev.key);
        accepted[k] = compound || beforePerson || sexLetter || Boolean(citizenParen) || (PREDICATE_CUES.has(prevKey) && predicateEnd) || (nextIsTerm === true && nextTight === true);
      }
    }
  });
  // Coordination: "Brazilian and Portuguese", "Catholic and Muslim", "Kurdish, Sunni Muslim".
  for (let pass = 0; pass < 2; pass++) {
    cands.forEach((c, k) => {
      if (accepted[k] || c.kind === 'colour' || !/^\p{Lu}/u.test(text.slice(c.start, c.end))) return;
      const linked = (other: number) => other >= 0 && other < cands.length && accepted[other] && /^(?:[ \t]*(?:,|and|or|&|\/)[ \t]*){1,2}$/.test(other < k ? text.slice(cands[other].end, c.start) : text.slice(c.end, cands[other].start));
      if (linked(k - 1) || linked(k + 1)) accepted[k] = true;
    });
  }
  return cands.filter((_, k) => accepted[k]).map(({ start, end, kind }) => ({ start, end, kind }));
}

/** True if a person noun follows within three lower-case words ("Kenyan middle-distance runner"). */
function personNounAhead(text: string, toks: WordList, last: number, nouns: Set<string>): boolean {
  let pos = toks.endOf(last);
  for (let j = last + 1; j <= last + 3 && j < toks.length; j++) {
    const gap = text.slice(pos, toks.startOf(j));
    if (!/^[ \t]{1,2}$/.test(gap)) return false;
    const tok = toks.at(j)!;
    if (nouns.has(tok.key)) return true;
    if (!/^\p{Ll}/u.test(tok.text)) return false;
    pos = tok.end;
  }
  return false;
}
