import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { FAMILY_NAME, GIVEN_NAME, NAME_STOPWORD, nameKeyFlags } from '../../../lexicons/names.js';
import { foldKey } from './tokens.js';
import { wordTier } from '../../recall/vocabulary.js';

/**
 * Names spelled out letter by letter: "J-O-H-N S-M-I-T-H", "j o h n s m i t h",
 * "P.R.I.Y.A.", "D_A_N_A K_O_W_A_L_S_K_I", "T O M A S Z  N O W A K".
 *
 * A run of single letters joined by one kind of separator is read as words:
 * the separator used most joins letters, any other (a double blank, a blank
 * between hyphenated letters, ". ") ends a word. The run is a name when its
 * words are known given or family names, when one unbroken word splits into
 * a known given name and a known family name ("johnsmith"), or when a cue
 * ("spelled", "name is", "name:") stands right before it.
 */

const LETTER = '\\p{L}(?![\\p{L}\\p{M}])';
const SEP = '(?:[ \\t]{1,3}|[ \\t]?[\\-._\\u00B7\\u2022\\u2010-\\u2015\\u2212*|/\\\\,+~:][ \\t]{0,2})';
/** Three to sixty single letters with a separator between each two; each letter is one character, so matching is linear. */
export const RUN = new RegExp(`(?<![\\p{L}\\p{N}])${LETTER}(?:${SEP}${LETTER}){2,60}`, 'gu');
/** RUN, sticky: tried only where a run can start (see nextRun). */
const RUN_AT = new RegExp(RUN.source, 'uy');

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Where RUN may start, found by a native search: a character other than ASCII (the expression is
 * tried at each, but for the second half of a surrogate pair), or an ASCII letter after a character
 * that is no ASCII letter or digit and before a blank, an ASCII separator or a character other than
 * ASCII (then mayStartRun decides). The letter's match starts one character before it.
 */
const RUN_SPOT = /[^\x00-\x7f]|[^A-Za-z0-9][A-Za-z](?=[ \t\-._*|/\\,+~:]|[^\x00-\x7f])/g;

/**
 * The next match of RUN at or after `from`, as RUN.exec would find it. A run starts with a letter
 * that is not followed by another letter or a mark, so the pattern is tried only there (and at
 * every character other than ASCII, where a cheap test cannot tell): the spots are found by RUN_SPOT.
 * An ASCII letter right at `from` or right after a character other than ASCII has no character
 * before it in that search, and is looked at by hand.
 */
export function nextRun(text: string, from: number): RegExpExecArray | null {
  const n = text.length;
  let at = from;
  for (;;) {
    if (at < n && isAsciiLetter(text.charCodeAt(at)) && mayStartRun(text, at)) {
      const m = runAt(text, at);
      if (m) return m;
    }
    RUN_SPOT.lastIndex = at;
    if (!RUN_SPOT.test(text)) return null;
    const i = RUN_SPOT.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c < 128) {
      // The letter after a character that is no letter or digit.
      if (mayStartRun(text, i)) {
        const m = runAt(text, i);
        if (m) return m;
      }
      at = i + 1;
      continue;
    }
    const m = runAt(text, i);
    if (m) return m;
    // The second half of a surrogate pair starts nothing.
    at = i + 1;
    if (c >= 0xd800 && c <= 0xdbff && at < n) {
      const d = text.charCodeAt(at);
      if (d >= 0xdc00 && d <= 0xdfff) at++;
    }
  }
}

function runAt(text: string, i: number): RegExpExecArray | null {
  RUN_AT.lastIndex = i;
  return RUN_AT.exec(text);
}

/** The ASCII characters of SEP: blanks and the ASCII separators. */
const ASCII_SEP = (() => {
  const table = new Uint8Array(128);
  for (const ch of ' \t-._*|/\\,+~:') table[ch.charCodeAt(0)] = 1;
  return table;
})();

/**
 * False where RUN cannot start at the single ASCII letter at `i` (not followed by an ASCII letter),
 * read from ASCII characters only (any other leaves it to the expression): a letter or digit right
 * before it fails the look-behind; SEP (at most four characters, blanks and separators only) must
 * follow and end before a letter that no letter follows. So the first character after `i` that is
 * no blank or ASCII separator must be that letter, at most five characters on.
 */
function mayStartRun(text: string, i: number): boolean {
  const n = text.length;
  if (i > 0) {
    const b = text.charCodeAt(i - 1);
    if ((b >= 48 && b <= 57) || isAsciiLetter(b)) return false;
  }
  let j = i + 1;
  while (j < n && j <= i + 5) {
    const c = text.charCodeAt(j);
    if (c >= 128) return true;
    if (ASCII_SEP[c] !== 1) break;
    j++;
  }
  // Nothing but blanks and separators up to the end or for five characters, or none at all: no SEP and letter.
  if (j >= n || j > i + 5 || j === i + 1) return false;
  const c = text.charCodeAt(j);
  if (!isAsciiLetter(c)) return false;
  if (j + 1 >= n) return false;
  const d = text.charCodeAt(j + 1);
  return d >= 128 || !isAsciiLetter(d);
}

const SPELL_CUE = /(?:spell(?:ed|s|ing)?|spelt|name[ \t]{1,2}is|name['\u2019]s|name[ \t]*:|called|signed[:,]?|i[ \t]am|i['\u2019]m)[ \t:,"'\u201C-]{0,3}$/i;

/** One of the most common English words (SCOWL levels 10-20). */
function everyday(key: string): boolean {
  const tier = wordTier(key);
  return tier > 0 && tier <= 20;
}

/** A given or family name that is no stopword (by nameKeyFlags: the name sets need not be loaded). */
function isNameFlags(flags: number): boolean {
  return (flags & (GIVEN_NAME | FAMILY_NAME)) !== 0 && (flags & NAME_STOPWORD) === 0;
}

function isKnownName(key: string): boolean {
  return key.length >= 3 && isNameFlags(nameKeyFlags(key));
}

/** "johnsmith" → a known given name followed by a known family name (or two known names). */
function splitsIntoNames(key: string): boolean {
  for (let k = 3; k <= key.length - 3; k++) {
    const left = key.slice(0, k);
    const right = key.slice(k);
    if (isNameFlags(nameKeyFlags(left)) && isNameFlags(nameKeyFlags(right))) return true;
  }
  return false;
}

export function findSpelledNames(ctx: DetectionContext, profile: Profile): Candidate[] {
  if (profile === 'precision') return [];
  const text = ctx.text;
  const out: Candidate[] = [];
  for (let m = nextRun(text, 0); m; m = nextRun(text, m.index + m[0].length)) {
    const run = m[0];
    // Letters (one code point each) and the separators between them.
    const letters: string[] = [];
    const seps: string[] = [];
    let sep = '';
    for (const ch of run) {
      if (/\p{L}/u.test(ch)) {
        if (letters.length > 0) seps.push(sep);
        letters.push(ch);
        sep = '';
      } else sep += ch;
    }
    const counts = new Map<string, number>();
    for (const s of seps) counts.set(s, (counts.get(s) ?? 0) + 1);
    let joiner = seps[0];
    for (const [s, c] of counts) if (c > (counts.get(joiner) ?? 0)) joiner = s;
    const words: string[] = [''];
    letters.forEach((ch, k) => {
      if (k > 0 && seps[k - 1] !== joiner) words.push('');
      words[words.length - 1] += ch;
    });
    const keys = words.map((w) => foldKey(w));
    const cued = SPELL_CUE.test(text.slice(Math.max(0, m.index - 30), m.index));
    const known = keys.filter((k) => isKnownName(k)).length;
    let accept: boolean;
    // Three letters alone ('C.I.A.', 'T-O-M') are more often an abbreviation: they need the cue.
    if (keys.length === 1) accept = (keys[0].length >= 4 && (isKnownName(keys[0]) || splitsIntoNames(keys[0]))) || (cued && keys[0].length >= 3);
    // Several words: at least one known name, and not all everyday words ("T O P  S E C R E T").
    else accept = keys.every((k) => k.length >= 2) && (cued || (known >= 1 && !keys.every((k) => everyday(k))));
    if (!accept) continue;
    out.push({ start: m.index, end: m.index + run.length, label: 'PERSON_NAME', score: 0.8 });
  }
  return out;
}
