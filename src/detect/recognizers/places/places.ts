import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { startsPlaceName, usStateByCode } from '../../../lexicons/gazetteer.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';
import type { PlaceFacts } from '../../../lexicons/gazetteer.js';
import { countryNames } from '../../../lexicons/countries.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { classifyToken, lowerCaseKeys } from '../names/classify.js';
import { hasPlaceCue, PLACE_CUE_LAST } from '../names/cues.js';
import { tokensOf, type Token } from '../names/tokens.js';
import { isEnglishWord } from '../../../lexicons/english-words.js';

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
  /** In places-ambiguous.txt: needs a cue when alone. */
  ambiguous: boolean;
  /** A country or region name. */
  named: boolean;
  place: PlaceFacts;
}

/** Facts of the phrases seen so far, memoised across documents (bounded): one lookup instead of four. */
const phraseMemo = new Map<string, PhraseFacts>();

function phraseFacts(phrase: string): PhraseFacts {
  let f = phraseMemo.get(phrase);
  if (f === undefined) {
    const key = phrase.toLowerCase();
    f = { ambiguous: ambiguousPlaces().has(key), named: countryNames().has(key) || wordSet('places-regions.txt').has(key), place: placeFactsNamed(phrase) };
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
  return countryRegionFirstWords().has(t.key) || startsPlaceName(t.key);
}

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
  const landmarkWords = wordSet('places-landmark-words.txt');
  const landmarkPrefixes = wordSet('places-landmark-prefixes.txt');
  const out: Candidate[] = [];
  const minPop = profile === 'recall' ? 15_000 : profile === 'precision' ? 150_000 : 50_000;

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isCap(t)) continue;
    const before = t.start > 0 ? text.charCodeAt(t.start - 1) : -1;
    if (before === 64 || isWordChar(before) || (before === 46 && t.start > 1 && isWordChar(text.charCodeAt(t.start - 2)))) continue;

    // "Lake Tahoe", "Mount Rainier", "Fort Worth".
    if (t.shape === 'title' && landmarkPrefixes.has(t.key)) {
      let k = i + 1;
      while (k < tokens.length && k <= i + 3 && isCap(tokens[k]) && joined(tokens[k])) k++;
      if (k > i + 1) {
        out.push({ start: t.start, end: tokens[k - 1].end, label: 'LOCATION', score: 0.7 });
        i = k - 1;
        continue;
      }
    }

    // Gazetteer phrases, longest first.
    let matched = false;
    // The place cue is the same for every phrase length: read it once, and only when the word before could end one.
    const prev = tokens[i - 1];
    const cue = prev !== undefined && PLACE_CUE_LAST.has(prev.key) && (t.gapBefore === ' ' || t.gapBefore === '  ' || t.gapBefore === '\t') && hasPlaceCue(ctx.before(t.start, 30));
    const longer = mayStartLongerName(t, tokens[i + 1]);
    for (let n = longer ? MAX_WORDS : 1; n >= 1 && !matched; n--) {
      const end = phraseEnd(tokens, i, n);
      if (end < 0) continue;
      const lastTok = tokens[end];
      const phrase = text.slice(t.start, lastTok.end);
      const score = judgePlace(phrase, n, t, tokens[end + 1], text, lastTok.end, cue, minPop, lowerKeys);
      if (score > 0) {
        out.push({ start: t.start, end: lastTok.end, label: 'LOCATION', score });
        // The qualifier of "Austin, TX" is a place of its own.
        const q = QUALIFIER.exec(text.slice(lastTok.end, lastTok.end + 40));
        if (q && q[1] && usStateByCode(q[1])) {
          const qs = lastTok.end + q[0].indexOf(q[1]);
          out.push({ start: qs, end: qs + 2, label: 'LOCATION', score: 0.7 });
        }
        i = end;
        matched = true;
      }
    }
    if (matched) continue;

    // "Cedar Creek", "Berkshire County", "Maple Heights": capitalised words and a landmark word.
    let k = i;
    while (k < tokens.length && k < i + 4 && isCap(tokens[k]) && (k === i || joined(tokens[k])) && !landmarkWords.has(tokens[k].key)) k++;
    const tail = tokens[k];
    if (k > i && isCap(tail) && joined(tail) && landmarkWords.has(tail.key) && tail.shape === 'title') {
      // Leading stop words ("The Charles River" → "Charles River") are not part of the name.
      let s = i;
      while (s < k && (tokens[s].key === 'the' || tokens[s].key === 'a')) s++;
      if (s < k) {
        let e = k;
        // "Cedar Creek State Park", "Grand Teton National Park".
        while (e + 1 < tokens.length && e < k + 2 && isCap(tokens[e + 1]) && joined(tokens[e + 1]) && landmarkWords.has(tokens[e + 1].key)) e++;
        out.push({ start: tokens[s].start, end: tokens[e].end, label: 'LOCATION', score: 0.65 });
        i = e;
      }
    }
  }
  return out;
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

/** Score of `phrase` as a LOCATION here, or 0. */
function judgePlace(phrase: string, words: number, first: Token, next: Token | undefined, text: string, phraseEnd: number, cue: boolean, minPop: number, lowerKeys: ReadonlySet<string>): number {
  const facts = phraseFacts(phrase);
  const followedByName = next !== undefined && next.gapBefore === ' ' && (next.shape === 'title' || next.shape === 'upper');
  if (words === 1 && !cue && facts.ambiguous) return 0;
  if (facts.named) {
    if (words === 1 && followedByName && !cue) return 0;
    return 0.8;
  }
  const place = facts.place;
  if (!place.known) return 0;
  // A ", ST" / ", Country" qualifier after the phrase (only read once the phrase is a known place).
  const after = text.charCodeAt(phraseEnd) === 44 ? text.slice(phraseEnd, phraseEnd + 30) : '';
  const qualified = QUALIFIER.test(after) && qualifierIsPlace(QUALIFIER.exec(after)!);
  // "Dijon mustard", "Washington apples": a place name used as an adjective.
  if (!cue && !qualified && next && next.gapBefore === ' ' && next.shape === 'lower' && !FUNCTION_WORDS.has(next.key) && isEnglishWord(next.key)) return 0;
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

function qualifierIsPlace(m: RegExpExecArray): boolean {
  if (m[1]) return usStateByCode(m[1]) !== undefined;
  const name = m[2];
  if (countryNames().has(name.toLowerCase())) return true;
  return placeFactsNamed(name).hasState;
}
