import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { nameBlockersAfter } from '../../../lexicons/names.js';
import { countryNames } from '../../../lexicons/countries.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';
import { classifyToken, classifyWith, tokenFacts, type NameClass, type TokenInfo } from './classify.js';
import { hasAfterCue, hasLabelCue, hasPlaceCue, hasRelationCue, isSignature } from './cues.js';
import { isBlankGap, joinsName, tokensOf, type Token } from './tokens.js';
import { findSpeakers } from './speakers.js';
import { findInformalNames } from './informal-names.js';
import { lineEndAfter } from '../../lines.js';

/**
 * PERSON_NAME from the name lexicons, the shape of capitalised words and the
 * context around them (titles, form labels, greetings, relations, signatures).
 *
 * The text is cut into segments: runs of capitalised words, initials and name
 * particles joined by single spaces. Each segment is accepted or rejected on
 * its evidence; a title in front ("Dr.") is evidence but not part of the span.
 */
type Cue = 'title' | 'label' | 'relation' | 'signature' | 'after' | 'list' | 'none';

/** The classes a name segment is made of: given, family, name-common, unknown, initial (compared as interned strings: no hashing). */
function isNameish(cls: NameClass): boolean {
  return cls === 'given' || cls === 'family' || cls === 'name-common' || cls === 'unknown' || cls === 'initial';
}
/** Words that make the capitalised word after them part of a place or saint's name. */
const PLACE_PREFIX: ReadonlySet<string> = new Set(['st', 'saint', 'san', 'santa', 'mount', 'mt', 'lake', 'fort', 'ft', 'port', 'cape', 'isle', 'sierra']);
/** "I've", "It's", "Don't": contractions are never names. */
const CONTRACTION = /['\u2019](?:ve|ll|re|m|d|t|s)$/i;
/** CONTRACTION's apostrophe, two or three characters from the end: without one the expression is not run. */
function mayBeContraction(word: string): boolean {
  const n = word.length;
  // Bounds first: a read before the start (NaN) would deoptimise the caller.
  return (n >= 2 && isApostrophe(word.charCodeAt(n - 2))) || (n >= 3 && isApostrophe(word.charCodeAt(n - 3)));
}
function isApostrophe(c: number): boolean {
  return c === 39 || c === 0x2019;
}
/** /^\.?[ \t]{1,2}$/.test(gap), read as character codes: the gap after a title ("Dr. ", "Mrs "). */
export function isTitleGap(gap: string): boolean {
  const n = gap.length;
  if (n === 0 || n > 3) return false;
  let k = gap.charCodeAt(0) === 46 ? 1 : 0;
  if (n - k < 1 || n - k > 2) return false;
  for (; k < n; k++) {
    const c = gap.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
const LIST_GAP = /^[ \t]{0,2}(?:[,;&/]|and|or)[ \t]{0,2}$|^[ \t]{0,2}[,;][ \t]{0,2}(?:and|or)[ \t]{1,2}$/;
const QUOTED_NICKNAME = /^[ \t]{0,2}\(?[ \t]{0,1}["\u201C'\u2018]([\p{Lu}][\p{L}\-']{1,20})["\u201D'\u2019]\)?/u;

export interface NameFinderOptions {
  profile: Profile;
}

export function personNameRecognizer(options: NameFinderOptions): Recognizer {
  return {
    name: 'person-name',
    labels: ['PERSON_NAME'],
    detect: (ctx) => joinFound(findPersonNames(ctx, options.profile), options.profile === 'precision' ? [] : findSpeakers(ctx), findInformalNames(ctx, options.profile)),
  };
}

/** A title, upper, initial or other shape: every shape but lower case (one comparison for the most common shape). */
function isCapShape(t: Token): boolean {
  return t.shape !== 'lower';
}

/** a, b and c in one array (most documents give two or three empty lists: no copy then). */
export function joinFound(a: Candidate[], b: Candidate[], c: Candidate[]): Candidate[] {
  if (b.length === 0 && c.length === 0) return a;
  return a.length === 0 && c.length === 0 ? b : a.concat(b, c);
}

export function findPersonNames(ctx: DetectionContext, profile: Profile): Candidate[] {
  const text = ctx.text;
  const tokens = tokensOf(ctx);
  // Every segment starts at a capitalised token: without one the lexicons are not consulted at all.
  let firstCap = 0;
  while (firstCap < tokens.length && !isCapShape(tokens[firstCap])) firstCap++;
  if (firstCap === tokens.length) return [];
  const facts = tokenFacts(tokens);
  // lowerCaseKeys(tokens), read from the facts at hand.
  const lowerKeys = facts.lowerKeys;
  // Lower-case words and initials are classified by their shape alone: no look-up.
  const info = (i: number): TokenInfo => {
    const t = tokens[i];
    return t.shape === 'lower' || t.shape === 'initial' ? classifyToken(t, lowerKeys) : classifyWith(t, facts.at(i), lowerKeys);
  };
  const out: Candidate[] = [];
  let lastEnd = -1;
  // The start of the last name found: the end of its line is read only when a list may go on from it.
  let lastStart = -1;
  let lastCue: Cue = 'none';

  let i = firstCap;
  while (i < tokens.length) {
    const t = tokens[i];
    if (!isCapShape(t)) {
      i++;
      continue;
    }
    let cue: Cue = 'none';
    let first = i;
    const ti = info(i);
    if (ti.cls === 'title') {
      first = afterTitles(tokens, i, info);
      if (first < 0) {
        i++;
        continue;
      }
      cue = 'title';
    } else if (!isNameish(ti.cls)) {
      i++;
      continue;
    }

    const seg = segmentFrom(tokens, text, first, cue, info);
    if (seg.length === 0) {
      i = Math.max(i + 1, first);
      continue;
    }
    let last = seg.at[seg.length - 1];
    // Trailing initials without a following name are kept ("Oluwaseun T.").
    const start = tokens[seg.at[0]].start;
    let end = tokens[last].end;
    if (tokens[last].shape === 'initial' && text[end] === '.') end++;

    const lowerBefore = ctx.before(start, 40);
    if (cue === 'none') cue = contextCue(ctx, start, end, lowerBefore, lastCue, lastEnd, lastStart);

    let score = decide(tokens, seg, info, cue, profile, lowerBefore);
    if (score > 0 && blocked(ctx, tokens, seg, info, cue, lowerBefore, start, end)) score = 0;

    if (score > 0) {
      // "Name: Okoro-Banks, Chinwe A.": a form label may give "Last, First".
      if (cue === 'label' && text[end] === ',') {
        const ext = lastFirstExtension(tokens, last + 1, text, end, info);
        if (ext > end) {
          end = ext;
          while (last + 1 < tokens.length && tokens[last + 1].end <= end) last++;
        }
      }
      out.push({ start, end, label: 'PERSON_NAME', score });
      lastEnd = end;
      lastCue = cue;
      lastStart = start;
      const nick = quoteSoonAfter(text, end) ? QUOTED_NICKNAME.exec(text.slice(end, end + 30)) : null;
      if (nick) {
        const nStart = end + nick[0].indexOf(nick[1]);
        out.push({ start: nStart, end: nStart + nick[1].length, label: 'PERSON_NAME', score: 0.8 });
      }
    }
    i = last + 1;
  }
  return out;
}

/*
 * The steps of findPersonNames live in small functions: V8 optimises a small
 * function much sooner than one large loop body, which matters for the first
 * documents a process sees.
 */

/** "Dr. Lee", "Mrs Smith", "Prof. Dr. Weber": the index of the first name token after the title(s) at `i`, or -1. */
function afterTitles(tokens: Token[], i: number, info: (i: number) => TokenInfo): number {
  const next = tokens[i + 1];
  // Not "Dean of Students" or "Judge ruled".
  if (!(next && isCapShape(next) && next.shape !== 'upper' && isTitleGap(next.gapBefore) && info(i + 1).cls !== 'stop')) return -1;
  let first = i + 1;
  // Chained titles: "Prof. Dr. Weber".
  while (first < tokens.length - 1 && info(first).cls === 'title' && isTitleGap(tokens[first + 1].gapBefore)) first++;
  return first;
}

/**
 * The token indices of a segment (at most six; particles are left out, so they need not follow
 * each other). One is reused for every segment: findPersonNames is done with a segment before
 * it reads the next.
 */
class Segment {
  readonly at = new Int32Array(6);
  length = 0;

  push(k: number): void {
    this.at[this.length++] = k;
  }

  /** Whether every token of the segment is an initial. */
  allInitials(tokens: Token[]): boolean {
    for (let q = 0; q < this.length; q++) if (tokens[this.at[q]].shape !== 'initial') return false;
    return true;
  }
}
const segment = new Segment();

/** Extend a segment from `first` over name-like tokens joined by single spaces: the token indices. */
function segmentFrom(tokens: Token[], text: string, first: number, cue: Cue, info: (i: number) => TokenInfo): Segment {
  const seg = segment;
  seg.length = 0;
  for (let k = first; k < tokens.length && seg.length < 6; k++) {
    const tk = tokens[k];
    if (k > first && !joinsName(tk.gapBefore)) break;
    if (k > first && tokens[k - 1].shape !== 'initial' && tk.gapBefore.startsWith('.')) break;
    const c = info(k).cls;
    if (c === 'particle') {
      // "van der Berg": one or more particles, then a capitalised word.
      let q = k + 1;
      while (q < tokens.length && q < k + 3 && info(q).cls === 'particle' && joinsName(tokens[q].gapBefore)) q++;
      const nx = tokens[q];
      if (seg.length > 0 && nx && isCapShape(nx) && joinsName(nx.gapBefore)) continue;
      break;
    }
    if (c === 'initial') {
      // A lone capital letter is an initial when a dot or another name word follows.
      const nx = tokens[k + 1];
      const dotted = text[tk.end] === '.';
      if (!dotted && !(nx && isCapShape(nx) && joinsName(nx.gapBefore))) break;
      if (!dotted && (tk.key === 'a' || tk.key === 'i')) break;
    } else if (!isNameish(c)) {
      if (!(cue === 'title' && k === first && c === 'word')) break;
    }
    if (tk.shape === 'upper' && seg.length > 0 && tokens[seg.at[0]].shape !== 'upper' && !seg.allInitials(tokens)) break;
    seg.push(k);
  }
  return seg;
}

/** The cue around a segment without a title: a form label, relation word, list, signature or following word. */
function contextCue(ctx: DetectionContext, start: number, end: number, lowerBefore: string, lastCue: Cue, lastEnd: number, lastStart: number): Cue {
  const text = ctx.text;
  if (hasLabelCue(text, start)) return 'label';
  if (hasRelationCue(lowerBefore)) return 'relation';
  if ((lastCue === 'label' || lastCue === 'list') && lastEnd >= 0 && start - lastEnd <= 8 && LIST_GAP.test(text.slice(lastEnd, start)) && lineEndOf(text, lastStart) === lineEndOf(text, start)) return 'list';
  if (isSignature(text, start, end)) return 'signature';
  if (blankSoonAfter(text, end) && hasAfterCue(ctx.after(end, 40))) return 'after';
  return 'none';
}

/**
 * A quote among the five characters from `end`: QUOTED_NICKNAME needs one there (after at most
 * two blanks, a bracket and a blank), so without one it is not run.
 */
function quoteSoonAfter(text: string, end: number): boolean {
  for (let k = end; k < end + 5 && k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 34 || c === 39 || c === 0x201c || c === 0x2018) return true;
  }
  return false;
}

/** A blank among the four characters from `end`: an after-cue (cues.ts AFTER_CUE) has one there, after at most "'s,". */
function blankSoonAfter(text: string, end: number): boolean {
  for (let k = end; k < end + 4 && k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 32 || c === 9) return true;
  }
  return false;
}

function lineEndOf(text: string, pos: number): number {
  return lineEndAfter(text, pos);
}

/** The score of the segment of tokens `seg`, or 0 to reject it. */
function decide(tokens: Token[], seg: Segment, info: (i: number) => TokenInfo, cue: Cue, profile: Profile, lowerBefore: string): number {
  // One pass: the words (initials left out), how many are known names and how many unknown.
  let wordCount = 0;
  let firstWord: TokenInfo | undefined;
  let lastWord: TokenInfo | undefined;
  let strong = 0;
  let unknown = 0;
  let startsWithInitial = false;
  for (let k = 0; k < seg.length; k++) {
    const x = info(seg.at[k]);
    if (k === 0) startsWithInitial = x.cls === 'initial';
    if (x.cls === 'initial') continue;
    wordCount++;
    firstWord ??= x;
    lastWord = x;
    if (x.cls === 'given' || x.cls === 'family') strong++;
    else if (x.cls === 'unknown') unknown++;
  }
  if (wordCount === 0 || !firstWord || !lastWord) return 0;
  const lastToken = tokens[seg.at[seg.length - 1]];
  const firstToken = tokens[seg.at[0]];
  if (wordCount === 1 && mayBeContraction(lastToken.text) && CONTRACTION.test(lastToken.text)) return 0;
  let allUpper = true;
  for (let q = 0; q < seg.length; q++) {
    const shape = tokens[seg.at[q]].shape;
    if (shape !== 'upper' && shape !== 'initial') allUpper = false;
  }

  if (cue === 'title' || cue === 'label' || cue === 'signature') return 0.9;
  if (cue === 'relation' || cue === 'list' || cue === 'after') {
    if (strong + unknown > 0 || (wordCount >= 2 && firstWord.given)) return 0.85;
    return profile === 'precision' ? 0 : 0.6;
  }
  // No cue: the words themselves must carry the evidence.
  if (allUpper) {
    // Headings in capitals: only a known given name followed by a known family name.
    if (wordCount >= 2 && firstWord.cls === 'given' && (lastWord.cls === 'family' || lastWord.family || (lastWord.cls === 'unknown' && wordCount <= 3))) return 0.7;
    // "R. HOLLOWAY": an initial and a surname.
    if (startsWithInitial && wordCount === 1 && (lastWord.cls === 'family' || lastWord.cls === 'unknown')) return 0.7;
    return 0;
  }
  if (profile === 'precision') {
    return wordCount >= 2 && firstWord.cls === 'given' && (lastWord.family || lastWord.cls === 'unknown') ? 0.8 : 0;
  }
  if (wordCount >= 2) {
    if (firstWord.given && (strong > 0 || lastWord.family) && (strong + unknown > 0 || lastWord.family)) return 0.85;
    if (firstWord.cls === 'unknown' && (lastWord.cls === 'family' || lastWord.cls === 'given')) return 0.75;
    if (startsWithInitial && (lastWord.family || lastWord.cls === 'unknown')) return 0.75;
    if (unknown === wordCount && !firstToken.sentenceStart && wordCount <= 3) return profile === 'recall' ? 0.6 : 0.5;
    if (strong > 0 && strong + unknown === wordCount) return 0.7;
    return 0;
  }
  // A single word.
  if (startsWithInitial) return lastWord.family || lastWord.cls === 'unknown' ? 0.7 : 0;
  const only = firstWord;
  if (only.cls === 'given') return 0.7;
  if (only.cls === 'family') return lastToken.sentenceStart ? 0 : 0.6;
  if (profile === 'recall' && only.cls === 'unknown' && !firstToken.sentenceStart && !hasPlaceCue(lowerBefore)) return 0.45;
  return 0;
}

/** Reasons to drop an otherwise acceptable segment: it is a street, place or institution name. */
function blocked(ctx: DetectionContext, tokens: Token[], seg: Segment, info: (i: number) => TokenInfo, cue: Cue, lowerBefore: string, start: number, end: number): boolean {
  const text = ctx.text;
  const lastIdx = seg.at[seg.length - 1];
  const next = tokens[lastIdx + 1];
  // (The tests of character codes below read as the expressions in the comments.)
  if (next && isBlankGap(next.gapBefore)) {
    // /^[ \t]{1,2}$/ before a blocker word: "Jackson Street", "Lincoln Memorial".
    if (next.shape !== 'lower' && nameBlockersAfter().has(next.key)) return true;
    // "Jackson Street" written with a lower-case or abbreviated suffix: /^(?:st|ave|rd|blvd|ln|dr)$/ and a dot.
    if (text.charCodeAt(next.end) === 46 && isStreetAbbreviation(next.key)) return true;
  }
  if (start > 0) {
    // /[@/\\_=#.\w]$/ but not a dot right before the segment; or a dot after a \w character.
    const b = text.charCodeAt(start - 1);
    if (b === 64 || b === 47 || b === 92 || b === 61 || b === 35 || isWordCode(b)) return true;
    if (b === 46 && start > 1 && isWordCode(text.charCodeAt(start - 2))) return true;
  }
  // /^(?:@|\.[a-z]|_|\/|\d)/i right after the segment.
  const a = text.charCodeAt(end);
  if (a === 64 || a === 95 || a === 47 || (a >= 48 && a <= 57)) return true;
  if (a === 46) {
    const l = text.charCodeAt(end + 1) | 32;
    if (l >= 97 && l <= 122) return true;
  }
  const prev = tokens[seg.at[0] - 1];
  if (cue !== 'title' && prev && isTitleGap(tokens[seg.at[0]].gapBefore) && isPlacePrefix(prev)) return true;
  if (cue === 'title' || cue === 'label' || cue === 'signature') return false;
  // A known place: "in Florence", "Paris", "San Jose", "Nigeria".
  let words = 0;
  let firstWord = -1;
  for (let q = 0; q < seg.length; q++) {
    const k = seg.at[q];
    if (tokens[k].shape === 'initial') continue;
    if (words++ === 0) firstWord = k;
  }
  const phrase = text.slice(start, end);
  const key = phrase.toLowerCase();
  if (countryNames().has(key)) return true;
  // With a relation, list or following-word cue, a place blocks only a single word after a place cue
  // (the rules below with cue !== 'none'): no look-up otherwise.
  if (cue !== 'none') return words === 1 && placeCueAround(text, lowerBefore, end) && placeFactsNamed(phrase).population >= 20_000;
  const { population: pop, hasState: isState } = placeFactsNamed(phrase);
  if (words === 1) {
    if (pop > 0 && placeCueAround(text, lowerBefore, end)) return true;
    if ((pop >= 100_000 || isState) && info(firstWord).cls !== 'given') return true;
    return false;
  }
  return pop >= 20_000;
}

/** "in Florence", "Springfield, IL": a place cue before or a comma and a capital after. */
function placeCueAround(text: string, lowerBefore: string, end: number): boolean {
  return hasPlaceCue(lowerBefore) || /^,[ \t]{1,2}[A-Z]/.test(text.slice(end, end + 4));
}

/** /^(?:st|ave|rd|blvd|ln|dr)$/ */
function isStreetAbbreviation(key: string): boolean {
  return key === 'st' || key === 'ave' || key === 'rd' || key === 'blvd' || key === 'ln' || key === 'dr';
}

/** /\w/ of one UTF-16 code unit: [A-Za-z0-9_]. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

function isPlacePrefix(t: Token): boolean {
  return t.shape !== 'lower' && PLACE_PREFIX.has(t.key);
}

/** After "Last," a first name (and initials) on the same line: returns the new end, or `end`. */
function lastFirstExtension(tokens: Token[], k: number, text: string, end: number, info: (i: number) => TokenInfo): number {
  const first = tokens[k];
  if (!first || !/^,[ \t]{1,2}$/.test(first.gapBefore) || !isCapShape(first)) return end;
  let newEnd = end;
  for (let j = k; j < tokens.length && j < k + 4; j++) {
    const t = tokens[j];
    if (j > k && !joinsName(t.gapBefore)) break;
    const c = info(j).cls;
    if (!(c === 'given' || c === 'family' || c === 'unknown' || c === 'name-common' || c === 'initial')) break;
    newEnd = t.end;
    if (t.shape === 'initial' && text[t.end] === '.') newEnd++;
  }
  return newEnd;
}
