import type { Candidate } from '../types.js';
import type { Label } from '../taxonomy.js';
import type { RefinerOptions } from './refiners.js';
import { tokenize, tokenizeCached, type Token } from '../detect/recognizers/names/tokens.js';
import { isCommonWord, isEnglishWord } from '../lexicons/english-words.js';
import { nameBlockersAfter, nameStopwords, nameTitles } from '../lexicons/names.js';
import { PARTICLES } from '../detect/recognizers/names/classify.js';
import { lexiconKey } from '../lexicons/word-lists.js';
import { firstEndingAfter } from '../detect/ranges.js';
import { heapTrim } from '../detect/windows.js';
import { CandidateColumns, perLabelId } from './candidate-columns.js';

/**
 * Document-level consistency: once a string is found as PII, its other
 * mentions in the same document get the same label.
 *  - PERSON_NAME, LOCATION, ORGANIZATION: every mention of the whole string,
 *    in any letter case ("HELEN FERRANTE", possessive "Anna's" → "Anna").
 *  - PERSON_NAME also: each word of a full name used alone ("Mr. Okafor-Bello",
 *    "Helen"), unless that word is an everyday English word written at the
 *    start of a sentence.
 * One pass over the document's tokens with a trie of the phrases' word keys:
 * at each token the trie is walked along the following tokens, at most
 * MAX_PHRASE_WORDS deep, so the cost is linear in the text whatever the number
 * of names and phrases (a list of phrases per first word, each tried in turn,
 * grew with the document on a long run of names: quadratic).
 */
const PERSON = 0;
const LOCATION = 1;
const ORGANIZATION = 2;
const LABELS: readonly Label[] = ['PERSON_NAME', 'LOCATION', 'ORGANIZATION'];
const MIN_SCORE = 0.5;
/** Capitalised words (not all capitals), no apostrophes: the shape of a tagger name worth spreading. */
const TAGGER_SEED = /^\p{Lu}\p{Ll}{2,20}(?: \p{Lu}\p{Ll}{2,20}){0,3}$/u;
/**
 * Longest seed, in words, that is spread: no name, place or organisation is longer, and
 * the bound keeps each token's trie walk short whatever a recognizer hands in.
 */
const MAX_PHRASE_WORDS = 16;

interface Phrase {
  keys: string[];
  label: Label;
  score: number;
  /** A single word taken from a longer name: needs capitalisation and care at sentence starts. */
  part: boolean;
  common: boolean;
  /** Also matched in lower case ("hi kwame" after "Kwame Mensah"): a name that is no English word. */
  lowerOk: boolean;
}

/** Index of a propagated label in LABELS, or -1. */
function labelIndex(label: Label): number {
  return label === 'PERSON_NAME' ? PERSON : label === 'LOCATION' ? LOCATION : label === 'ORGANIZATION' ? ORGANIZATION : -1;
}

/** A node of the phrase trie: the phrases whose words end here (in order of arrival), and the next words. */
interface TrieNode {
  phrases?: Phrase[];
  next?: Map<string, TrieNode>;
}

// Cheap pre-filter of the token scan: bit (key length, capped at 31) set under
// the key's first character (mod 128) for every phrase's first word. Most
// tokens miss here and skip the Map lookup. Reused across calls (never nested).
const firstMask = new Uint32Array(128);
const firstMaskLower = new Uint32Array(128);
function maskBit(key: string): number {
  return 1 << (key.length < 31 ? key.length : 31);
}

/**
 * With `options.regions` (a long document analysed in windows), the tokens are made one
 * region at a time, never for the whole document; the phrases are the same, so the result is too.
 * Returns `candidates` itself when nothing is added, else a new list: `candidates` and the mentions found.
 */
export function consistencyRefiner(text: string, candidates: Candidate[], options: RefinerOptions): Candidate[] {
  const columns = CandidateColumns.from(candidates);
  const before = columns.length;
  consistencyColumns(text, columns, options);
  if (columns.length === before) return candidates;
  const out = candidates.slice();
  for (let i = before; i < columns.length; i++) out.push(columns.get(i));
  return out;
}

/** consistencyRefiner on candidates in columns (the analyzer's): the mentions found are appended to them. */
export function consistencyColumns(text: string, columns: CandidateColumns, options: RefinerOptions): CandidateColumns {
  const min = options.profile === 'precision' ? 0.7 : MIN_SCORE;
  const minOther = Math.max(min, 0.7);
  // Places and organisations propagate only from confident findings (a cue, a qualifier).
  // The statistical tagger's guesses are too weak to spread ("Pt", "EUR", "Wage").
  // A tagger person name spreads only when it is no everyday word ("Mahoe", not "Wage").
  const { starts, ends, scores, labels, sources } = columns;
  const labelIndices = labelIndicesOf(columns.labelTable);
  const tagger = columns.sourceTable.indexOf('tagger');
  const seedList: number[] = [];
  const seedLabels: number[] = [];
  for (let i = 0; i < columns.length; i++) {
    const li = labelIndices[labels[i]];
    if (li < 0 || !(scores[i] >= (li === PERSON ? min : minOther))) continue;
    if (sources[i] === tagger && !(li === PERSON && isSpreadableTaggerName(text.slice(starts[i], ends[i])))) continue;
    seedList.push(i);
    seedLabels.push(li);
  }
  if (seedList.length === 0) return columns;
  return spreadSeeds(text, columns, options, seedList, seedLabels);
}

/** labelIndex of each label of a label table (the columns share one: kept between calls). */
const labelIndicesOf = perLabelId(labelIndex);

/** consistencyColumns once it has seeds (candidates seedList, of LABELS indices seedLabels): the mentions found appended to `columns`. */
function spreadSeeds(text: string, columns: CandidateColumns, options: RefinerOptions, seedList: number[], seedLabels: readonly number[]): CandidateColumns {
  const { starts, ends } = columns;
  const seeds: Seeds = { starts: intColumn(seedList.length), ends: intColumn(seedList.length) };
  for (let s = 0; s < seedList.length; s++) {
    seeds.starts[s] = starts[seedList[s]];
    seeds.ends[s] = ends[seedList[s]];
  }
  seedList.length = 0;
  const regions = options.regions && options.regions.length > 1 ? options.regions : undefined;
  const root = new Map<string, TrieNode>();
  firstMask.fill(0);
  firstMaskLower.fill(0);
  // Label and start of every seed → its end: a seed repeated by several
  // recognizers adds nothing new and is skipped (its words are not even read); the keys
  // also tell which positions are already found (not added again).
  const seen = new Map<number, number>();
  const count = seeds.starts.length;
  const skip = intColumn(count);
  for (let s = 0; s < count; s++) {
    const at = seeds.starts[s] * 4 + seedLabels[s];
    const end = seen.get(at);
    if (end === seeds.ends[s]) skip[s] = 1;
    else if (end === undefined) seen.set(at, seeds.ends[s]);
  }
  // The words of each seed: its tokens, and those of them written capitalised ("title").
  const words = newSeedWords(count, regions !== undefined || count > 64);
  if (regions) seedWordsByRegion(text, seeds, skip, regions, words);
  else seedWordsOf(tokenizeCached(text), 0, seeds, skip, 0, count, identity, words);
  for (let s = 0; s < count; s++) {
    if (skip[s]) continue;
    const label = LABELS[seedLabels[s]];
    const from = words.from[s];
    const to = words.to[s];
    if (from === to) continue;
    const keys = words.keys.slice(from, to);
    if (seedLabels[s] !== PERSON) {
      addPhrase(root, { keys, label, score: 0.75, part: false, common: false, lowerOk: false });
      continue;
    }
    // Each word's facts are looked up once: they decide both the lower-case matching of the whole
    // name and which of its words spread alone (added after it: the trie keeps the order of arrival).
    let lowerOk = true;
    for (let k = from; k < to; k++) {
      const info = (seedWordInfos[k - from] = wordInfo(words.keys[k]));
      lowerOk &&= info.lowerOk;
    }
    addPhrase(root, { keys, label, score: 0.75, part: false, common: false, lowerOk });
    if (keys.length < 2) continue;
    for (let k = from; k < to; k++) {
      const info = seedWordInfos[k - from];
      if (words.title[k] && info.partOk) addPhrase(root, { keys: [words.keys[k]], label: 'PERSON_NAME', score: 0.7, part: true, common: info.common, lowerOk: info.lowerOk });
    }
  }

  const scan: Scan = { text, root, seen, blockers: nameBlockersAfter(), added: columns, matched: [], matchedLast: [], skipUntil: 0 };
  if (!regions) scanTokens(scan, tokenizeCached(text), 0, 0, text.length);
  else {
    // Each region's core, from its own tokens (a window's worth in memory at a time).
    for (const r of regions) {
      const { tokens, offset } = regionTokens(text, r);
      scanTokens(scan, tokens, offset, r.cs, r.ce);
      heapTrim.afterWindow();
    }
  }
  return columns;
}

/** A region of the document for the refiners: its core [cs, ce) and the text [ws, we) around it (see detect/windows.ts). */
export interface Region {
  ws: number;
  cs: number;
  ce: number;
  we: number;
}

/**
 * The words of the seeds, in columns (a long document has hundreds of thousands of seeds):
 * seed s's word keys are keys[from[s] .. to[s]), title[k] is 1 when word k is written
 * capitalised (a candidate to spread alone); from[s] === to[s] for a seed with no word or more
 * than MAX_PHRASE_WORDS. Equal keys are one string (`intern`).
 */
interface SeedWords {
  keys: string[];
  title: number[];
  from: IntColumn;
  to: IntColumn;
  /** Only for a long document (its many seeds repeat words); a short one's few keys are copied as they come. */
  intern?: Map<string, string>;
}

function newSeedWords(n: number, intern: boolean): SeedWords {
  return { keys: [], title: [], from: intColumn(n), to: intColumn(n), intern: intern ? new Map() : undefined };
}

/**
 * A column of integers: a plain array for the few seeds of a short document (a typed array of more
 * than a few dozen bytes is allocated outside the heap, costly per call), a typed array for the many
 * of a long one (half the memory).
 */
type IntColumn = Int32Array | number[];

function intColumn(n: number): IntColumn {
  return n > 4096 ? new Int32Array(n) : new Array<number>(n).fill(0);
}

/** Start and end of each seed (candidates of a propagated label, strong enough). */
interface Seeds {
  starts: IntColumn;
  ends: IntColumn;
}

const identity = (i: number) => i;

/**
 * Words of seeds order[from..to) (indices into `seeds`; those marked in `skip` left out), from
 * `tokens` whose offsets are relative to `offset`: the tokens starting inside each seed.
 */
function seedWordsOf(tokens: readonly Token[], offset: number, seeds: Seeds, skip: IntColumn, from: number, to: number, order: (i: number) => number, into: SeedWords): void {
  const { keys, title, intern } = into;
  for (let o = from; o < to; o++) {
    const s = order(o);
    if (skip[s]) continue;
    const start = seeds.starts[s] - offset;
    const end = seeds.ends[s] - offset;
    const first = firstEndingAfter(tokens, start);
    const at = keys.length;
    for (let k = first; k < tokens.length && tokens[k].start < end && keys.length - at <= MAX_PHRASE_WORDS; k++) {
      const t = tokens[k];
      if (t.start < start) continue;
      let key = intern?.get(t.key);
      if (key === undefined) {
        // A flat copy: a key sliced from a region's text would keep all that text alive.
        key = t.key.length >= 13 ? (' ' + t.key).slice(1) : t.key;
        intern?.set(key, key);
      }
      keys.push(key);
      title.push(t.shape === 'title' ? 1 : 0);
    }
    const count = keys.length - at;
    if (count === 0 || count > MAX_PHRASE_WORDS) {
      keys.length = at;
      title.length = at;
      into.from[s] = into.to[s] = 0;
    } else {
      into.from[s] = at;
      into.to[s] = keys.length;
    }
  }
}

/** seedWordsOf over regions: each seed's words from the tokens of the region whose core holds its start. */
function seedWordsByRegion(text: string, seeds: Seeds, skip: IntColumn, regions: readonly Region[], words: SeedWords): void {
  const { starts, ends } = seeds;
  const byStart: number[] = [];
  for (let i = 0; i < starts.length; i++) byStart.push(i);
  byStart.sort((a, b) => starts[a] - starts[b]);
  const order = (o: number) => byStart[o];
  let o = 0;
  for (const r of regions) {
    const from = o;
    while (o < byStart.length && starts[byStart[o]] < r.ce) o++;
    if (o === from) continue;
    const { tokens, offset } = regionTokens(text, r);
    seedWordsOf(tokens, offset, seeds, skip, from, o, order, words);
    heapTrim.afterWindow();
    // A seed reaching past the region's text (longer than the margin) gets its own tokens.
    for (let q = from; q < o; q++) {
      const s = byStart[q];
      if (ends[s] > r.we && !skip[s]) seedWordsOf(regionTokens(text, { ws: r.ws, cs: starts[s], ce: ends[s], we: Math.min(text.length, ends[s] + 1024) }).tokens, r.ws, seeds, skip, q, q + 1, order, words);
    }
  }
}

/**
 * Tokens of the text around a region, offsets relative to `offset`. The first token of a
 * piece of text always reads as a sentence start with no gap before it, so the piece starts
 * early enough to hold a token before the core (up to 64 KB back over a run with no word).
 */
function regionTokens(text: string, r: Region): { tokens: Token[]; offset: number } {
  let from = r.ws;
  let tokens = tokenize(text.slice(from, r.we));
  if (from > 0 && (tokens.length === 0 || tokens[0].start + from >= r.cs)) {
    from = Math.max(0, r.cs - 65536);
    tokens = tokenize(text.slice(from, r.we));
  }
  return { tokens, offset: from };
}

interface Scan {
  text: string;
  root: Map<string, TrieNode>;
  seen: Map<number, number>;
  blockers: ReadonlySet<string>;
  /** The candidates: the mentions found are appended. */
  added: CandidateColumns;
  // Phrases matching at a token, longest first (within one length, in order of arrival): the trie
  // nodes met on the walk, deepest first. Reused across tokens.
  matched: TrieNode[];
  matchedLast: number[];
  /** End of the last mention added: the scan goes on after it (in the next region too). */
  skipUntil: number;
}

/** Finds the phrases at the tokens starting in [from, to) (document offsets; token offsets are relative to `offset`). */
function scanTokens(scan: Scan, tokens: readonly Token[], offset: number, from: number, to: number): void {
  const { text, root, seen, blockers, added, matched, matchedLast } = scan;
  for (let i = firstEndingAfter(tokens, Math.max(from, scan.skipUntil) - offset); i < tokens.length; i++) {
    const t = tokens[i];
    const tStart = t.start + offset;
    if (tStart >= to) break;
    if (tStart < from || tStart < scan.skipUntil) continue;
    const key = t.key;
    const lower = t.shape === 'lower';
    if (((lower ? firstMaskLower : firstMask)[key.charCodeAt(0) & 127] & maskBit(key)) === 0) continue;
    let node = root.get(key);
    if (!node) continue;
    // The first `depth` entries are this token's (the lists are overwritten, never emptied: emptying
    // a list lets its storage go, to be made again at the next push).
    let depth = 0;
    // Walk on while the next token continues a phrase: same words, joined by a short gap on one line.
    for (let j = i; ; ) {
      if (node.phrases) {
        matched[depth] = node;
        matchedLast[depth] = j;
        depth++;
      }
      // Indexes checked, not read past the end: a read out of bounds deoptimised this function.
      const next = j + 1 < tokens.length ? tokens[j + 1] : undefined;
      if (!node.next || !next || next.gapBefore.length > 3 || next.gapBefore.includes('\n')) break;
      const child = node.next.get(next.key);
      if (!child) break;
      node = child;
      j++;
    }
    let found = false;
    for (let m = depth - 1; m >= 0 && !found; m--) {
      const last = matchedLast[m];
      const phrases = matched[m].phrases!;
      for (let q = 0; q < phrases.length; q++) {
        const p = phrases[q];
        if (lower && !p.lowerOk) continue;
        if (p.part && p.common && (t.sentenceStart || t.shape === 'upper')) continue;
        const next = last + 1 < tokens.length ? tokens[last + 1] : undefined;
        if (p.label === 'PERSON_NAME' && next && isShortBlankGap(next.gapBefore) && next.shape !== 'lower' && blockers.has(next.key)) continue;
        const end = tokens[last].end + offset;
        if ((tStart > 0 && isWordOrAt(text.charCodeAt(tStart - 1))) || continuesAsHandle(text, end)) continue;
        if (!seen.has(tStart * 4 + labelIndex(p.label))) added.push(tStart, end, p.label, p.score, 'consistency');
        i = last;
        scan.skipUntil = end;
        found = true;
        break;
      }
    }
  }
}

/** A trie node with both fields from the start: every node of one shape (no field added later). */
function newNode(): TrieNode {
  return { phrases: undefined, next: undefined };
}

/** Adds a phrase unless the same label and words are there already; marks its first word in the pre-filter. */
function addPhrase(root: Map<string, TrieNode>, p: Phrase): void {
  const first = p.keys[0];
  let node: TrieNode | undefined = root.get(first);
  if (!node) root.set(first, (node = newNode()));
  for (let k = 1; k < p.keys.length; k++) {
    const next: Map<string, TrieNode> = (node.next ??= new Map());
    let child: TrieNode | undefined = next.get(p.keys[k]);
    if (!child) next.set(p.keys[k], (child = newNode()));
    node = child;
  }
  if (!node.phrases) node.phrases = [p];
  else {
    for (const q of node.phrases) if (q.label === p.label) return;
    node.phrases.push(p);
  }
  const slot = first.charCodeAt(0) & 127;
  firstMask[slot] |= maskBit(first);
  if (p.lowerOk) firstMaskLower[slot] |= maskBit(first);
}

// isSpreadableTaggerName per name, remembered across documents (a tagger finds the same names again).
const spreadableCache = new Map<string, boolean>();

function isSpreadableTaggerName(name: string): boolean {
  // TAGGER_SEED holds at most four words of 21 letters: a longer name is none (and is not remembered).
  if (name.length > 87) return false;
  let ok = spreadableCache.get(name);
  if (ok === undefined) {
    ok = TAGGER_SEED.test(name) && name.split(' ').every((w) => lowerMatchable(lexiconKey(w)));
    // A flat copy: a name sliced from a long document would keep all its text alive.
    if (spreadableCache.size < 50_000) spreadableCache.set(name.length >= 13 ? (' ' + name).slice(1) : name, ok);
  }
  return ok;
}

/** One or two spaces or tabs. */
function isShortBlankGap(gap: string): boolean {
  if (gap.length === 0 || gap.length > 2) return false;
  for (let k = 0; k < gap.length; k++) {
    const c = gap.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** ASCII letter, digit, '_' or '@' (NaN, before the text, is none). */
function isWordOrAt(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 64 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The match runs on into a handle, a path or a domain: "@", "_", "/", or "." then a letter or digit. */
function continuesAsHandle(text: string, end: number): boolean {
  if (end >= text.length) return false;
  const c = text.charCodeAt(end);
  if (c === 64 || c === 95 || c === 47) return true;
  if (c !== 46 || end + 1 >= text.length) return false;
  const d = text.charCodeAt(end + 1);
  return (d >= 48 && d <= 57) || (d >= 65 && d <= 90) || (d >= 97 && d <= 122);
}

interface WordInfo {
  /** Fit to spread alone as part of a name: two letters or more, no particle, function word or title. */
  partOk: boolean;
  common: boolean;
  lowerOk: boolean;
}

/** The facts of the words of the seed being added (at most MAX_PHRASE_WORDS), reused from seed to seed. */
const seedWordInfos: WordInfo[] = [];

// Lexicon facts per word key, remembered across documents (names recur):
// one small Map lookup instead of five lookups in large Sets.
const wordInfoCache = new Map<string, WordInfo>();

function wordInfo(key: string): WordInfo {
  let info = wordInfoCache.get(key);
  if (info) return info;
  const partOk = key.length >= 2 && !PARTICLES.has(key) && !nameStopwords().has(key) && !nameTitles().has(key);
  info = { partOk, common: partOk && isCommonWord(key), lowerOk: lowerMatchable(key) };
  if (wordInfoCache.size < 50_000) wordInfoCache.set(key, info);
  return info;
}

// lowerMatchable per word key, remembered across documents (tagger names recur): one lookup in a
// small Map instead of three, one of them in the large English word list.
const lowerMatchableCache = new Map<string, boolean>();

/** A name key that can be matched in lower case: three letters or more and no English or function word. */
function lowerMatchable(key: string): boolean {
  if (key.length < 3) return false;
  let ok = lowerMatchableCache.get(key);
  if (ok === undefined) {
    ok = !isEnglishWord(key) && !nameStopwords().has(key) && !PARTICLES.has(key);
    if (lowerMatchableCache.size < 50_000) lowerMatchableCache.set(key, ok);
  }
  return ok;
}


