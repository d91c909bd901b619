import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { NAME_STOPWORD, nameKeyFlags } from '../../../lexicons/names.js';
import { KEY_ENGLISH, KEY_NAME, KEY_STOP, factsOf, tokenFacts, type TokenFacts } from './classify.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { hasRelationCue } from './cues.js';
import { isBlankGap, tokensOf, type Token } from './tokens.js';
import { FirstCharLengths } from './word-filter.js';

/**
 * Person names the capitalised-segment finder cannot see:
 *  - lower-case names in informal text after a title or relation word
 *    ("hi dr hoang", "my son vinh") and runs of lower-case known names
 *    ("by maria elena vasquez");
 *  - nicknames introduced as such ('known around town as "Boots"', "everyone calls her Ro",
 *    'AKA: "Deuce"');
 *  - dotted initials used as a name ("S.V.", "J.R.").
 */

/** Lower-case titles right before a lower-case name: "dr hoang", "mrs. kowalsky". */
export const LOWER_TITLES: ReadonlySet<string> = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'doctor', 'prof', 'professor', 'nurse', 'coach', 'mx']);

/*
 * isLowerTitle and isPossessive rule most words out by their length and first letter before
 * the Set look-up, which would hash every lower-case word of the document (the tests hold
 * them to the Sets).
 */
export function isLowerTitle(key: string): boolean {
  const n = key.length;
  if (n < 2 || n > 9) return false;
  const c = key.charCodeAt(0);
  // d m p n c
  return (c === 100 || c === 109 || c === 112 || c === 110 || c === 99) && LOWER_TITLES.has(key);
}

export function isPossessive(key: string): boolean {
  // By length, then first letter: most words are ruled out before a string comparison.
  const c = key.charCodeAt(0);
  switch (key.length) {
    case 2:
      return (c === 109 && key === 'my') || (c === 117 && key === 'ur');
    case 3:
      return (c === 111 && key === 'our') || (c === 104 && (key === 'his' || key === 'her'));
    case 4:
      return c === 121 && key === 'your';
    case 5:
      return c === 116 && key === 'their';
    default:
      return false;
  }
}
const TITLE_GAP = /^\.?[ \t]{1,2}$/;

/** A lower-case word that is a known given or family name of three letters or more, no English word and no stopword. */
function isNameKey(key: string): boolean {
  return key.length >= 3 && (factsOf(key).bits & KEY_NAME) !== 0;
}

export function findInformalNames(ctx: DetectionContext, profile: Profile): Candidate[] {
  if (profile === 'precision') return [];
  const lower = findLowerCaseNames(ctx);
  const nicknames = findNicknames(ctx);
  const initials = findDottedInitials(ctx);
  // Most documents give three empty lists: no copy then.
  if (nicknames.length === 0 && initials.length === 0) return lower;
  return lower.concat(nicknames, initials);
}

function findLowerCaseNames(ctx: DetectionContext): Candidate[] {
  const tokens = tokensOf(ctx);
  const facts = tokenFacts(tokens);
  const text = ctx.text;
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.shape !== 'lower') continue;
    const prev = tokens[i - 1];
    const afterTitle = prev !== undefined && prev.shape === 'lower' && isLowerTitle(prev.key) && TITLE_GAP.test(t.gapBefore);
    // Shorter than three letters, only the title rule can apply (a known name and the kin cue need three).
    if (t.key.length < 3 && !afterTitle) continue;
    const afterPossessive = t.key.length >= 3 && i >= 2 && isPossessive(tokens[i - 2].key);
    // No title or possessive before, and surely no known name: none of the rules below can apply.
    if (!afterTitle && !afterPossessive && !facts.mayBeName(i)) continue;
    const bits = facts.bits(i);
    // An English word or a stopword: none of the rules below can apply.
    if (bits & KEY_ENGLISH || bits & KEY_STOP) continue;
    // The run of following lower-case known names ("maria elena vasquez") is only read for a word that scores.
    let last = -1;
    let score = 0;
    if (afterTitle && t.key.length >= 2) score = 0.75;
    else if (bits & KEY_NAME) {
      last = lowerNameRunEnd(tokens, facts, i);
      if (last > i) score = 0.6;
      else if (hasRelationCue(ctx.before(t.start, 40))) score = 0.7;
    } else if (afterPossessive && hasKinCue(ctx.before(t.start, 40))) score = 0.6;
    if (score === 0) continue;
    if (last < 0) last = lowerNameRunEnd(tokens, facts, i);
    if (/[@\w./\\]/.test(text[t.start - 1] ?? '') || /^(?:@|\.[a-z]|_|\d)/i.test(text.slice(tokens[last].end, tokens[last].end + 2))) continue;
    out.push({ start: t.start, end: tokens[last].end, label: 'PERSON_NAME', score });
    i = last;
  }
  return out;
}

/** Last index of the run of up to three lower-case known names after token `i` (or `i`). */
function lowerNameRunEnd(tokens: readonly Token[], facts: TokenFacts, i: number): number {
  let last = i;
  while (last + 1 < tokens.length && last - i < 3 && tokens[last + 1].shape === 'lower' && tokens[last + 1].gapBefore === ' ' && facts.mayBeName(last + 1) && facts.bits(last + 1) & KEY_NAME) last++;
  return last;
}

// "my primo ", "her son ": a possessive and a relation word right before the name.
const KIN_BEFORE = /(?:^|[^a-z])(?:my|our|his|her|their|your|ur)[ \t]{1,2}([a-z\-]{2,15})[ \t]{1,2}$/;

export const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'our', 'his', 'her', 'their', 'your', 'ur']);

function hasKinCue(lowerBefore: string): boolean {
  const m = KIN_BEFORE.exec(lowerBefore);
  return m !== null && wordSet('name-relation-cues.txt').has(m[1]);
}

// A short quoted capitalised phrase: "Boots", "Fitz the Builder", “Teddy”.
export const QUOTED = /["\u201C]([\p{Lu}][\p{L}'\u2019\-]{0,20}(?: (?:the |of |de )?[\p{Lu}][\p{L}'\u2019\-]{0,20}){0,3})[,.!]?["\u201D]/gu;
// Words that introduce a nickname, at the end of the text before it.
const NICK_BEFORE = /(?:\bknown\b[^."\n]{0,40}?\bas|\b(?:calls?|called|call|calling) (?:him|her|me|them|us|you)|\bnicknamed|\bdubbed|\bgoes by|\bwent by|\bgo by|\ba\.?k\.?a\.?:?|\balias:?|\bnickname:?)[ \t]{1,2}["\u201C]?$/;
// Words after a quoted nickname that show it is one: 'still "Teddy" to everyone'.
const NICK_AFTER = /^[,]?[ \t]{1,2}(?:to (?:everyone|everybody|all|friends|family|us|her|his|their)|among|as (?:everyone|we|they|friends))\b/;
/** Last words of the cues of NICK_BEFORE. */
const NICK_LAST_WORDS: ReadonlySet<string> = new Set(['as', 'him', 'her', 'me', 'them', 'us', 'you', 'nicknamed', 'dubbed', 'by', 'a', 'aka', 'k', 'alias', 'nickname']);
const NICK_LAST_LENGTHS = new FirstCharLengths(NICK_LAST_WORDS);
// An unquoted capitalised nickname: "everyone calls her Ro", "known to all as Moose".
const NICK_WORD = /^[\p{Lu}][\p{L}'\u2019\-]{0,20}/u;

// QUOTED, sticky: tried only at the opening quotes, where every match of QUOTED begins.
const QUOTED_AT = new RegExp(QUOTED.source, 'uy');

/**
 * The matches of QUOTED in order, as QUOTED.exec finds them from 0: each is tried only at an opening
 * quote (most texts have none: then nothing is run). The next quote of each kind is kept between
 * calls and searched for again only from past it, so that reading all matches stays linear.
 */
export class QuotedMatches {
  private straight: number;
  private curly: number;

  constructor(private readonly text: string) {
    this.straight = text.indexOf('"');
    this.curly = text.indexOf('\u201C');
  }

  /** The next match at or after `from` (which never goes back from call to call). */
  next(from: number): RegExpExecArray | null {
    const text = this.text;
    if (this.straight >= 0 && this.straight < from) this.straight = text.indexOf('"', from);
    if (this.curly >= 0 && this.curly < from) this.curly = text.indexOf('\u201C', from);
    while (this.straight >= 0 || this.curly >= 0) {
      const at = this.curly < 0 || (this.straight >= 0 && this.straight < this.curly) ? this.straight : this.curly;
      QUOTED_AT.lastIndex = at;
      const m = QUOTED_AT.exec(text);
      if (m) return m;
      if (at === this.straight) this.straight = text.indexOf('"', at + 1);
      else this.curly = text.indexOf('\u201C', at + 1);
    }
    return null;
  }
}

function findNicknames(ctx: DetectionContext): Candidate[] {
  const text = ctx.text;
  const out: Candidate[] = [];
  const quoted = new QuotedMatches(text);
  for (let m = quoted.next(0); m; m = quoted.next(m.index + m[0].length)) {
    const start = m.index + m[0].indexOf(m[1]);
    const end = start + m[1].length;
    const before = ctx.before(m.index, 60);
    if (NICK_BEFORE.test(before) || NICK_AFTER.test(ctx.after(m.index + m[0].length, 30))) {
      out.push({ start, end, label: 'PERSON_NAME', score: 0.8 });
    }
  }
  // Unquoted: the cue right before a capitalised word.
  const tokens = tokensOf(ctx);
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.shape !== 'title') continue;
    if (!isBlankGap(t.gapBefore)) continue;
    // Cheap filter before the regular expression: the word right before must end a cue.
    const prev = tokens[k - 1];
    if (!prev || !NICK_LAST_LENGTHS.mayHold(prev.key) || !NICK_LAST_WORDS.has(prev.key)) continue;
    const before = ctx.before(t.start, 60);
    if (!NICK_BEFORE.test(before) || !NICK_WORD.test(t.text) || (nameKeyFlags(t.key) & NAME_STOPWORD) !== 0) continue;
    out.push({ start: t.start, end: t.end, label: 'PERSON_NAME', score: 0.75 });
  }
  return out;
}

// Two or three capitals, each followed by a dot: "S.V.", "J. R.", "K.T.".
const DOTTED = /(?<![\p{L}\p{N}.])(\p{Lu})\.[ ]?(\p{Lu})\.(?:[ ]?(\p{Lu})\.)?(?![\p{L}\p{N}])/gu;

// The same pattern, sticky: tried only where a capital and a dot could start a match.
const DOTTED_AT = new RegExp(DOTTED.source, 'uy');

/**
 * The next match of DOTTED from `from`, as DOTTED.exec would find it: every match
 * starts with a capital (one or two UTF-16 units) and a dot, so only the positions
 * one or two units before a dot are tried.
 */
function nextDotted(text: string, from: number): RegExpExecArray | null {
  let tried = from - 1;
  for (let dot = text.indexOf('.', from + 1); dot >= 0; dot = text.indexOf('.', dot + 1)) {
    // The capital before the dot ends right at it: an ASCII character there that is no capital rules both spots out.
    const before = text.charCodeAt(dot - 1);
    if (before < 128 && !(before >= 65 && before <= 90)) continue;
    // So does an ASCII character after the dot (and an optional blank) that is no capital: the second letter starts there.
    let after = text.charCodeAt(dot + 1);
    if (after === 32) after = text.charCodeAt(dot + 2);
    if (after < 128 && !(after >= 65 && after <= 90)) continue;
    for (let s = Math.max(dot - 2, tried + 1); s < dot; s++) {
      tried = s;
      DOTTED_AT.lastIndex = s;
      const m = DOTTED_AT.exec(text);
      if (m) return m;
    }
  }
  return null;
}

function findDottedInitials(ctx: DetectionContext): Candidate[] {
  const text = ctx.text;
  // Every match has a dot after its first capital (nextDotted looks from the second character on).
  if (text.indexOf('.', 1) < 0) return [];
  const stop = wordSet('name-initials-stop.txt');
  const out: Candidate[] = [];
  for (let m = nextDotted(text, 0); m; m = nextDotted(text, m.index + m[0].length)) {
    const letters = (m[1] + m[2] + (m[3] ?? '')).toLowerCase();
    if (stop.has(letters)) continue;
    // "J.R. Smith" is the segment finder's; a following capitalised word is left to it.
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 3);
    if (/^ \p{Lu}/u.test(rest)) continue;
    // Abbreviations inside all-capital or number-heavy text ("P.O. BOX", "A.D. 1200") are not names.
    if (/^ ?\d/.test(rest) || /\d ?$/.test(text.slice(Math.max(0, m.index - 2), m.index))) continue;
    out.push({ start: m.index, end: m.index + m[0].length, label: 'PERSON_NAME', score: 0.6 });
  }
  return out;
}

/** Exposed for tests: true if `token` would count as a lower-case known name. */
export function isLowerCaseNameToken(token: Token): boolean {
  return token.shape === 'lower' && isNameKey(token.key);
}
