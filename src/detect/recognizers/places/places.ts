import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { startsPlaceName, usStateByCode } from '../../../lexicons/gazetteer.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';
import type { PlaceFacts } from '../../../lexicons/gazetteer.js';
import { countryNames } from '../../../lexicons/countries.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { mayBePlacePhrase, mayStartPlaceName } from '../../../lexicons/place-filter.js';
import { classifyToken, lowerCaseKeys } from '../names/classify.js';
import { hasPlaceCue, PLACE_CUE_LAST } from '../names/cues.js';
import { tokensOf, type Token } from '../names/tokens.js';
import { isCommonWord, isEnglishWord } from '../../../lexicons/english-words.js';
import { FAMILY_NAME, GIVEN_NAME, nameKeyFlags } from '../../../lexicons/names.js';

/**
 * LOCATION: countries, US states and cities of the gazetteer, and geographic
 * sites named by a landmark word ("Lake Tahoe", "Cedar Creek", "Berkshire County").
 * Ambiguous city names (common words, personal names, small places) need a
 * place cue before them ("in", "from", "moved to") or a ", ST" / ", Country"
 * qualifier after them.
 */
const CONNECTORS = new Set(['of', 'de', 'la', 'del', 'do', 'da', 'upon', 'on', 'the', 'des', 'du', 'el', 'sur', 'am', 'im']);
const QUALIFIER = /^,[ \t]{1,2}([A-Z]{2})\b|^,[ \t]{1,2}([A-Z][a-z]{2,20}(?: [A-Z][a-z]{2,20}){0,2})/;
const MAX_WORDS = 4;
const FUNCTION_WORDS = new Set(['and', 'or', 'but', 'is', 'was', 'are', 'were', 'has', 'had', 'in', 'on', 'at', 'to', 'for', 'from', 'with', 'by', 'of', 'as', 'where', 'when', 'which', 'that', 'who', 'since', 'until', 'before', 'after', 'while', 'then', 'so', 'because', 'last', 'this', 'next', 'area', 'region', 'suburbs', 'metro', 'office', 'branch', 'base', 'campus']);
const ambiguousPlaces = () => wordSet('places-ambiguous.txt');

/** What the lexicons say about a phrase, whatever its context. */
interface PhraseFacts {
  /** In places-ambiguous.txt: needs a cue when alone (only looked up for a named or known place; false otherwise). */
  ambiguous: boolean;
  /** A country or region name. */
  named: boolean;
  place: PlaceFacts;
}

/** Facts of the phrases seen so far, memoised across documents (bounded): one lookup instead of four. */
const phraseMemo = new Map<string, PhraseFacts>();
const NO_FACTS: PhraseFacts = { ambiguous: false, named: false, place: { population: 0, known: false, hasState: false } };

function phraseFacts(phrase: string): PhraseFacts {
  // Most phrases are no place at all: the filter tells so from a few bits, without the memo (whose
  // entries, spread over memory, cost cache misses in a long run) or the lexicons.
  if (!mayBePlacePhrase(phrase)) return NO_FACTS;
  let f = phraseMemo.get(phrase);
  if (f === undefined) {
    const key = phrase.toLowerCase();
    const named = countryNames().has(key) || wordSet('places-regions.txt').has(key);
    const place = placeFactsNamed(phrase);
    // `ambiguous` is read only for a country, region or known place (judgePlace): no look-up for the rest.
    f = { ambiguous: (named || place.known) && ambiguousPlaces().has(key), named, place };
    if (phraseMemo.size >= 100_000) phraseMemo.clear();
    phraseMemo.set(phrase, f);
  }
  return f;
}

let namedFirstWords: ReadonlySet<string> | undefined;
/** First words of the country and region names of two or more words. */
function countryRegionFirstWords(): ReadonlySet<string> {
  if (!namedFirstWords) {
    const words = new Set<string>();
    for (const name of [...countryNames(), ...wordSet('places-regions.txt')]) {
      const space = name.indexOf(' ');
      if (space > 0) words.add(name.slice(0, space));
    }
    namedFirstWords = words;
  }
  return namedFirstWords;
}

/**
 * False when no phrase of two or more words starting with token `t` can be a
 * country, region or gazetteer name: its first word starts none of them. Only
 * decided for plain ASCII words followed by a space (the phrase's first word is
 * then the token's key under every lookup key); otherwise true.
 */
function mayStartLongerName(t: Token, next: Token | undefined): boolean {
  if (next === undefined || next.gapBefore !== ' ' || !isPlainAscii(t.text)) return true;
  // The filter holds every such first word: most words need no memo look-up.
  if (!mayStartPlaceName(t.key)) return false;
  let starts = firstWordMemo.get(t.key);
  if (starts === undefined) {
    starts = countryRegionFirstWords().has(t.key) || startsPlaceName(t.key);
    if (firstWordMemo.size >= 100_000) firstWordMemo.clear();
    firstWordMemo.set(t.key, starts);
  }
  return starts;
}

/**
 * A small word set behind a filter by first UTF-16 unit (7 low bits) and length: most keys of
 * capitalised words are ruled out by one array read, without hashing the key (a new string).
 */
class FilteredWords {
  private readonly lengths = new Uint32Array(128);

  constructor(private readonly words: ReadonlySet<string>) {
    for (const w of words) this.lengths[w.charCodeAt(0) & 0x7f] |= 1 << Math.min(w.length, 31);
  }

  has(key: string): boolean {
    return (this.lengths[key.charCodeAt(0) & 0x7f] & (1 << Math.min(key.length, 31))) !== 0 && this.words.has(key);
  }
}

const filteredSets = new Map<string, FilteredWords>();
function filteredWordSet(file: string): FilteredWords {
  let f = filteredSets.get(file);
  if (f === undefined) {
    f = new FilteredWords(wordSet(file));
    filteredSets.set(file, f);
  }
  return f;
}

/** Whether a word starts a longer name, memoised across documents (bounded): the gazetteer lookup was a hot spot. */
const firstWordMemo = new Map<string, boolean>();

function isPlainAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 128) return false;
  return true;
}

/** \w of a regular expression without the u flag: ASCII letters, digits and '_'. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

export function placeRecognizer(options: { profile: Profile }): Recognizer {
  return { name: 'place', labels: ['LOCATION'], detect: (ctx) => findPlaces(ctx, options.profile) };
}

function isCap(t: Token | undefined): t is Token {
  return t !== undefined && (t.shape === 'title' || t.shape === 'upper' || t.shape === 'other');
}

export function findPlaces(ctx: DetectionContext, profile: Profile): Candidate[] {
  const text = ctx.text;
  const tokens = tokensOf(ctx);
  const lowerKeys = lowerCaseKeys(tokens);
  const landmarkWords = filteredWordSet('places-landmark-words.txt');
  const landmarkPrefixes = filteredWordSet('places-landmark-prefixes.txt');
  const out: Candidate[] = [];
  const minPop = profile === 'recall' ? 15_000 : profile === 'precision' ? 150_000 : 50_000;
  const cue = new PlaceCue(ctx, tokens);

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.shape === 'lower') {
      // "flew to bangalore", "lives in da nang": informal text without capitals.
      const k = profile === 'precision' ? -1 : lowerCasePlace(ctx, tokens, i);
      if (k >= 0) {
        out.push({ start: t.start, end: tokens[k].end, label: 'LOCATION', score: 0.5 });
        i = k;
      }
      continue;
    }
    if (!isCap(t)) continue;
    const before = t.start > 0 ? text.charCodeAt(t.start - 1) : -1;
    if (before === 64 || isWordChar(before) || (before === 46 && t.start > 1 && isWordChar(text.charCodeAt(t.start - 2)))) continue;

    // "Denver-based": a place written as the first part of a compound.
    if (t.key.endsWith('-based') && t.text.length > 7) {
      const name = t.text.slice(0, -6);
      if (countryNames().has(name.toLowerCase()) || placeFactsNamed(name).population >= 1000) {
        out.push({ start: t.start, end: t.start + name.length, label: 'LOCATION', score: 0.6 });
        continue;
      }
    }

    // "Lake Tahoe", "Mount Rainier", "Fort Worth", "Gulf of Mexico", "Isle of Skye".
    if (t.shape === 'title' && landmarkPrefixes.has(t.key)) {
      let k = i + 1;
      const of = tokens[k];
      if (of !== undefined && of.key === 'of' && of.gapBefore === ' ') {
        k++;
        if (tokens[k]?.key === 'the' && tokens[k].gapBefore === ' ') k++;
        if (!(isCap(tokens[k]) && joined(tokens[k]))) k = i + 1;
      }
      const first = k;
      while (k < tokens.length && k <= first + 2 && isCap(tokens[k]) && joined(tokens[k])) k++;
      // "Bay 3", "Port 8080": a number after the word makes it a label, not a name.
      if (k > first && !(k === i + 1 && /^[ \t]{0,2}\d/.test(text.slice(t.end, t.end + 3)))) {
        out.push({ start: t.start, end: tokens[k - 1].end, label: 'LOCATION', score: 0.7 });
        i = k - 1;
        continue;
      }
    }

    // "Cedar Creek", "Berkshire County", "Lowell Observatory": capitalised words and a landmark word.
    {
      let k = i;
      while (k < tokens.length && k < i + 4 && isCap(tokens[k]) && (k === i || joined(tokens[k])) && !landmarkWords.has(tokens[k].key)) k++;
      const tail = tokens[k];
      // "State Highway 29", "Bay Road 4": a number after the word makes the phrase a label.
      if (k > i && isCap(tail) && joined(tail) && landmarkWords.has(tail.key) && tail.shape === 'title' && !/^[ \t]{1,2}\d/.test(text.slice(tail.end, tail.end + 3))) {
        // Leading stop words ("The Charles River" → "Charles River") are not part of the name.
        let s = i;
        while (s < k && (tokens[s].key === 'the' || tokens[s].key === 'a' || FUNCTION_WORDS.has(tokens[s].key))) s++;
        if (s < k && !(k - s === 1 && tokens[s].sentenceStart && isCommonWordKey(tokens[s].key))) {
          let e = k;
          // "Cedar Creek State Park", "Grand Teton National Park".
          while (e + 1 < tokens.length && e < k + 2 && isCap(tokens[e + 1]) && joined(tokens[e + 1]) && landmarkWords.has(tokens[e + 1].key)) e++;
          out.push({ start: tokens[s].start, end: tokens[e].end, label: 'LOCATION', score: 0.65 });
          i = e;
          continue;
        }
      }
    }

    // Gazetteer phrases, longest first.
    let matched = false;
    // A phrase of two or more words needs a second word (phraseEnd fails for every n >= 2 when it fails for 2).
    const longer = phraseEnd(tokens, i, 2) >= 0 && mayStartLongerName(t, tokens[i + 1]);
    for (let n = longer ? MAX_WORDS : 1; n >= 1 && !matched; n--) {
      const end = phraseEnd(tokens, i, n);
      if (end < 0) continue;
      const lastTok = tokens[end];
      // A one-word phrase is the token's own text (a string already looked up, its hash known).
      const phrase = end === i ? t.text : text.slice(t.start, lastTok.end);
      const score = judgePlace(phrase, n, t, tokens[end + 1], text, lastTok.end, cue, i, minPop, lowerKeys);
      if (score > 0) {
        // "Dayton, OH", "Turku, Finland": the qualifier belongs to the same LOCATION span.
        const qEnd = qualifierEnd(text, lastTok.end);
        out.push({ start: t.start, end: qEnd > 0 ? qEnd : lastTok.end, label: 'LOCATION', score });
        if (qEnd > 0) {
          let k = end;
          while (k + 1 < tokens.length && tokens[k + 1].start < qEnd) k++;
          i = k;
          matched = true;
          break;
        }
        i = end;
        matched = true;
      }
    }
    if (matched) continue;

    // "the Ashcombe-Fenwick neighborhood", "the Vilanova and Sarrià neighbourhoods".
    const area = areaName(tokens, i);
    if (area) {
      for (const [s, e] of area.parts) out.push({ start: tokens[s].start, end: tokens[e].end, label: 'LOCATION', score: 0.6 });
      i = area.last;
      continue;
    }

    // A capitalised word that is neither an English word nor a known name, right after a strong place cue ("grew up in Ouwerkerk").
    if (profile !== 'precision' && t.shape === 'title' && !t.sentenceStart && cue.at(i) && !isEnglishWord(t.key) && !/^[ \t]{0,2}\d/.test(text.slice(t.end, t.end + 3))) {
      const next = tokens[i + 1];
      const cls = classifyToken(t, lowerKeys).cls;
      if (cls === 'unknown' && !(isCap(next) && next.gapBefore === ' ') && STRONG_CUE.test(ctx.before(t.start, 30))) {
        out.push({ start: t.start, end: t.end, label: 'LOCATION', score: 0.4 });
      }
    }
  }
  return out;
}

/**
 * Whether a place cue ("in", "moved to") stands right before token i: read only when a
 * decision needs it (the cue test is a regular expression over the text before the word),
 * and once per token.
 */
class PlaceCue {
  private index = -1;
  private value = false;

  constructor(
    private readonly ctx: DetectionContext,
    private readonly tokens: Token[],
  ) {}

  at(i: number): boolean {
    if (i !== this.index) {
      const t = this.tokens[i];
      const prev = this.tokens[i - 1];
      this.value = prev !== undefined && PLACE_CUE_LAST.has(prev.key) && (t.gapBefore === ' ' || t.gapBefore === '  ' || t.gapBefore === '\t') && hasPlaceCue(this.ctx.before(t.start, 30));
      this.index = i;
    }
    return this.value;
  }
}

function joined(t: Token): boolean {
  return t.gapBefore === ' ' || t.gapBefore === '-';
}

/** Index of the n-th word of a place phrase starting at token i (connectors allowed inside), or -1. */
function phraseEnd(tokens: Token[], i: number, n: number): number {
  let words = 1;
  let k = i;
  while (words < n) {
    const next = tokens[k + 1];
    if (!next || !joined(next)) return -1;
    if (next.shape === 'lower' && CONNECTORS.has(next.key)) {
      const after = tokens[k + 2];
      if (!after || !joined(after) || !isCap(after)) return -1;
      k += 2;
    } else if (isCap(next)) {
      k += 1;
    } else return -1;
    words++;
  }
  return k;
}

/** Score of `phrase` (starting at token `at`, after which `placeCue` reads the cue) as a LOCATION here, or 0. */
function judgePlace(phrase: string, words: number, first: Token, next: Token | undefined, text: string, phraseEnd: number, placeCue: PlaceCue, at: number, minPop: number, lowerKeys: ReadonlySet<string>): number {
  const facts = phraseFacts(phrase);
  // Neither a country, a region nor a place of the gazetteer: never a LOCATION, whatever the context.
  if (!facts.named && !facts.place.known) return 0;
  const cue = placeCue.at(at);
  const followedByName = next !== undefined && next.gapBefore === ' ' && (next.shape === 'title' || next.shape === 'upper');
  if (words === 1 && !cue && facts.ambiguous) return 0;
  // "Bay 3", "Gate 12": a number right after a single word makes it a label.
  if (words === 1 && /^[ \t]{1,2}\d{1,3}(?!\d)/.test(text.slice(phraseEnd, phraseEnd + 6))) return 0;
  if (facts.named) {
    // A country or region used as an adjective before a product ("China cabinet", "Normandy cider").
    if (next && next.gapBefore === ' ' && productNouns().has(next.key)) return 0;
    // "Us", "Eu": an abbreviation written in title case is an ordinary word.
    if (phrase.length <= 3 && first.shape !== 'upper') return 0;
    if (words === 1 && followedByName && !cue) return 0;
    return 0.8;
  }
  const place = facts.place;
  if (!place.known) return 0;
  // "IP", "OR": a short word in capitals is an abbreviation unless it is a country or state.
  if (first.shape === 'upper' && phrase.length <= 3 && !place.hasState) return 0;
  // A ", ST" / ", Country" qualifier after the phrase (only read once the phrase is a known place).
  const qualified = qualifierEnd(text, phraseEnd) > 0;
  // "Dijon mustard", "Washington apples": a place name used as an adjective.
  if (!cue && !qualified && next && next.gapBefore === ' ' && next.shape === 'lower' && !FUNCTION_WORDS.has(next.key) && isEnglishWord(next.key)) {
    // "a Minneapolis legend", "our Mississauga returns centre": a large place before an ordinary noun is still a place.
    if (words === 1 && facts.ambiguous) return 0;
    if (place.population < 250_000 || first.sentenceStart || productNouns().has(next.key) || first.shape !== 'title') return 0;
  }
  const top = place;
  if (place.hasState) {
    if (words === 1 && followedByName && !cue) return 0;
    if (first.shape === 'upper' && words === 1 && phrase.length <= 3) return 0;
    return 0.75;
  }
  if (first.shape === 'upper' && !qualified && !cue) return 0;
  if (qualified) return 0.8;
  if (cue && top.population >= 1000) {
    if (words === 1 && followedByName) return 0;
    if (words === 1) {
      const cls = classifyToken(first, lowerKeys).cls;
      if (cls === 'stop' || (cls === 'word' && top.population < 20_000)) return 0;
    }
    return 0.7;
  }
  if (words >= 2) return top.population >= minPop / 3 && !followedByName ? 0.6 : 0;
  if (top.population < minPop || followedByName) return 0;
  const info = classifyToken(first, lowerKeys);
  // Large cities are places even when the name is also a surname ("Boston").
  if (top.population >= 500_000 && (info.cls === 'family' || info.cls === 'given') && !first.sentenceStart) return 0.6;
  if (info.cls !== 'unknown' || first.sentenceStart) return 0;
  return 0.6;
}

/** A state or country name written as the qualifier of a place ("Turku, Finland"). */
function qualifierIsPlace(name: string): boolean {
  if (countryNames().has(name.toLowerCase())) return true;
  return placeFactsNamed(name).hasState;
}

const NO_KEYS: ReadonlySet<string> = new Set();
const productNouns = () => wordSet('places-product-nouns.txt');
const areaWords = () => wordSet('places-area-words.txt');

/** Strong cues for a place that no lexicon knows: "in", "near", "grew up in", "moved to", "based on". */
const STRONG_CUE = /(?:^|[^\p{L}])(?:in|near|outside|around|grew up in|moved to|relocated to|flew to|fly to|drove to|lives in|lived in|living in|born in|based in|based on|raised in|settled in)[ \t]{1,2}(?:the[ \t]{1,2})?$/u;

function isCommonWordKey(key: string): boolean {
  return isCommonWord(key);
}

/**
 * End offset of a ", ST" / ", State" / ", Country" qualifier written right
 * after a place name ending at `end`, or -1.
 */
function qualifierEnd(text: string, end: number): number {
  if (text.charCodeAt(end) !== 44) return -1;
  const q = QUALIFIER.exec(text.slice(end, end + 40));
  if (!q) return -1;
  if (q[1]) return usStateByCode(q[1]) ? end + q[0].length : -1;
  // Try the longest run of capitalised words first: "Trenton, New Jersey when".
  const words = q[2].split(' ');
  const offset = q[0].length - q[2].length;
  for (let n = words.length; n >= 1; n--) {
    const name = words.slice(0, n).join(' ');
    if (qualifierIsPlace(name)) return end + offset + name.length;
  }
  return -1;
}

/**
 * Index of the last token of a lower-case place phrase starting at token i
 * after a place cue ("to bangalore", "in da nang"), or -1. Only names that are
 * not English words and belong to large places count, so "in general" or
 * "to reading" never do.
 */
function lowerCasePlace(ctx: DetectionContext, tokens: Token[], i: number): number {
  const prev = tokens[i - 1];
  const t = tokens[i];
  if ((t.gapBefore !== ' ' && t.gapBefore !== '  ') || prev === undefined || !PLACE_CUE_LAST.has(prev.key)) return -1;
  if (t.text.length < 2 || FUNCTION_WORDS.has(t.key)) return -1;
  // The cue (a regular expression over the text before the word) is read only once a phrase could be a place.
  let cueRead = false;
  const ambiguous = ambiguousPlaces();
  // isCommonWord of tokens i, i+1, i+2 (-1: not read yet): each phrase length asks again, each is read once.
  // A scratch array (no allocation: most calls follow an everyday word such as "the" or "to").
  const common = COMMON_SCRATCH;
  common[0] = common[1] = common[2] = -1;
  // A phrase of two or three words is a country or a gazetteer place only when its first word starts one.
  for (let n = mayStartLongerName(t, tokens[i + 1]) ? 3 : 1; n >= 1; n--) {
    let k = i;
    let ok = true;
    for (let j = 0; j < n; j++) {
      const w = tokens[i + j];
      if (w === undefined || w.shape !== 'lower' || (j > 0 && w.gapBefore !== ' ')) {
        ok = false;
        break;
      }
      k = i + j;
    }
    if (!ok) continue;
    // A one-word phrase is the token's own text: no substring.
    const phrase = k === i ? t.text : ctx.text.slice(t.start, tokens[k].end);
    // Surely no country and no gazetteer place: no test below can return this phrase (and the
    // cue, read for the first phrase that gets past these tests, is read for a later one instead).
    if (!mayBePlacePhrase(phrase)) continue;
    let allEnglish = true;
    for (let j = 0; j < n && allEnglish; j++) {
      if (common[j] < 0) common[j] = isCommonWord(tokens[i + j].key) ? 1 : 0;
      if (common[j] === 0) allEnglish = false;
    }
    if (allEnglish) continue;
    const key = phrase.toLowerCase();
    if (n === 1 && (t.text.length < 3 || isEnglishWord(key) || ambiguous.has(key))) continue;
    if (!cueRead) {
      if (!hasPlaceCue(ctx.before(t.start, 30))) return -1;
      cueRead = true;
    }
    if (countryNames().has(key) && !ambiguous.has(key)) return k;
    const facts = placeFactsNamed(phrase);
    if (facts.hasState && n > 1) return k;
    // A lone word that is also a personal name ("jackson", "jordan") is left alone.
    if (n === 1 && (nameKeyFlags(t.key) & (GIVEN_NAME | FAMILY_NAME)) !== 0) continue;
    if (facts.population >= (n === 1 ? 100_000 : 50_000)) return k;
  }
  return -1;
}

/** lowerCasePlace's scratch: isCommonWord of up to three tokens (-1 unread, 0 no, 1 yes). */
const COMMON_SCRATCH = new Int8Array(3);

/**
 * "the Ashcombe-Fenwick neighborhood", "the Vilanova and Sarrià neighbourhoods":
 * capitalised names right before a lower-case area word. Returns the token
 * ranges of the names and the index of the last one, or undefined.
 */
function areaName(tokens: Token[], i: number): { parts: Array<[number, number]>; last: number } | undefined {
  // The names' token ranges go into a scratch array first: nearly every call (one per capitalised
  // word) finds no area word and returns nothing, and then allocates nothing.
  const bounds = AREA_PART_BOUNDS;
  let count = 0;
  let k = i;
  for (let round = 0; round < 3; round++) {
    const s = k;
    while (k < tokens.length && k < s + 3 && isCap(tokens[k]) && (k === s || joined(tokens[k]))) k++;
    if (k === s) return undefined;
    bounds[2 * count] = s;
    bounds[2 * count + 1] = k - 1;
    count++;
    const next = tokens[k];
    if (next === undefined || next.gapBefore !== ' ') return undefined;
    if (next.shape === 'lower' && areaWords().has(next.key)) break;
    if (!(next.key === 'and' || next.key === 'or') || next.shape !== 'lower') return undefined;
    k++;
  }
  const areaWord = tokens[k];
  if (areaWord === undefined || !areaWords().has(areaWord.key)) return undefined;
  const parts: Array<[number, number]> = [];
  for (let p = 0; p < count; p++) {
    const s = bounds[2 * p];
    const e = bounds[2 * p + 1];
    const first = tokens[s];
    if (first.sentenceStart && e === s) return undefined;
    // "the Service area", "In March area": a lone everyday word, month or weekday is not a name.
    if (e === s && (FUNCTION_WORDS.has(first.key) || isCommonWord(first.key) || classifyToken(first, NO_KEYS).cls === 'stop')) return undefined;
    parts.push([s, e]);
  }
  return { parts, last: k - 1 };
}

/** areaName's scratch: start and end token of up to three names. */
const AREA_PART_BOUNDS = [0, 0, 0, 0, 0, 0];
