import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { USERNAME_CUES, USERNAME_STOPWORDS, wordSet } from './lexicon.js';
import { isEnglishWord } from '../../../lexicons/english-words.js';
import { codePointBefore, isLetterOrDigit } from '../address/chars.js';

/**
 * User names introduced by a label: "username: jdoe_22", "portal username
 * sasha_k93", "Skype: jane.doe", "gamertag xXSniperXx", "from the account
 * kfinch_2day". Span = the value only. A name found this way is then marked at
 * every other whole-word mention in the document ("clear the profile for jdoe").
 */
interface Cues {
  /** Sticky: a cue and its value at one position (the cue's look-behind is tested in code). */
  regex: RegExp;
  /**
   * Global, on the lower-cased text: where a cue may start (a superset of the positions where
   * `regex` matches and the look-behind holds; see nextCueMatch). `anywhere`: the same without "\b".
   */
  finder: RegExp;
  anywhere: RegExp;
  strong: ReadonlySet<string>;
}

let cues: Cues | undefined;

function loadCues(): Cues {
  if (cues) return cues;
  const strong = new Set<string>();
  const phrases: string[] = [];
  for (const line of readDataLines(USERNAME_CUES)) {
    const [kind, ...rest] = line.split(/\s+/);
    const phrase = rest.join(' ').toLowerCase();
    if (kind === 'strong') strong.add(phrase);
    phrases.push(phrase);
  }
  phrases.sort((a, b) => b.length - a.length);
  const alternation = phrases.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\t]{1,2}')).join('|');
  // cue, optional "is"/":"/"=", optional quote, then the value (bounded). The cue's leading
  // look-behind, (?<![\p{L}\p{N}_]), is tested in code (cueMayStart) where the rest matches:
  // written first, V8 evaluated it at every position of the text.
  const regex = new RegExp(
    `(${alternation})((?:[ \\t]{1,2}(?:is|was|named|called)[ \\t]{1,2}|[ \\t]{0,2}[:=–-][ \\t]{0,2})?)[ \\t]{0,2}["'“‘]?([A-Za-z0-9_][A-Za-z0-9_.-]{0,38}[A-Za-z0-9_]|[A-Za-z0-9_]{2})(?![A-Za-z0-9_@]|[.-][A-Za-z0-9_])`,
    'iuy',
  );
  // With the i and u flags an "s" of a cue also matches "ſ", which stays "ſ" in lower case (the
  // Kelvin sign, the other non-ASCII letter that matches an ASCII one, lowers to "k").
  const lowerAlternation = alternation.replace(/s/g, '[sſ]');
  cues = { regex, finder: new RegExp(`\\b(?:${lowerAlternation})`, 'g'), anywhere: new RegExp(lowerAlternation, 'g'), strong };
  return cues;
}

/**
 * The next match of the cue pattern (as a global scan with its look-behind would find it), tried
 * only where `finder` sees a cue in the lower-cased text: a plain scan, without case-insensitive
 * Unicode matching. A cue starts with a letter and its look-behind forbids a letter, digit or "_"
 * before it; lower-casing turns neither kind of character into the other, so "\b" holds there,
 * unless the cue starts with "ſ" (no word character for "\b"): see finderFor.
 */
function nextCueMatch(text: string, lower: string, finder: RegExp, regex: RegExp): RegExpExecArray | null {
  for (let f = finder.exec(lower); f; f = finder.exec(lower)) {
    const p = f.index;
    finder.lastIndex = p + 1;
    if (!cueMayStart(text, p)) continue;
    regex.lastIndex = p;
    const m = regex.exec(text);
    if (!m) continue;
    finder.lastIndex = p + m[0].length;
    return m;
  }
  return null;
}

/** The finder for a text, from its start: a text holding "ſ" is scanned without "\b". */
function finderFor(lower: string, c: Cues): RegExp {
  const finder = lower.includes('\u017f') ? c.anywhere : c.finder;
  finder.lastIndex = 0;
  return finder;
}

/** The look-behind of the cue, `(?<![\p{L}\p{N}_])`, at `i`. */
function cueMayStart(text: string, i: number): boolean {
  const cp = codePointBefore(text, i);
  return cp !== 95 && !isLetterOrDigit(cp);
}

/** Looks like a user name rather than a word: has a digit, "_" or an inner ".". */
function usernameShaped(value: string): boolean {
  return /[0-9_]/.test(value) || /[a-z]\.[a-z]/i.test(value) || /[a-z][A-Z]/.test(value);
}

/**
 * Strong cues ("username", "gamertag") take any token except a bare English word
 * ("login came from"); weak cues ("account", "instagram") take a username-shaped
 * token with some lower-case letters (so "account AB12345678" stays an
 * identifier), or, after "is" / ":", a token that is not an English word.
 */
function acceptable(value: string, strongCue: boolean, labelled: boolean): boolean {
  const english = () => isEnglishWord(value.toLowerCase());
  if (strongCue) return usernameShaped(value) || labelled || !english();
  if (usernameShaped(value)) return /[a-z]/.test(value) && (value.match(/[A-Za-z]/g)?.length ?? 0) >= 3;
  return labelled && /^[a-z]/.test(value) && !english();
}

export class UsernameRecognizer implements Recognizer {
  readonly name = 'contact.username';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const cues = loadCues();
    const strong = cues.strong;
    const stop = wordSet(USERNAME_STOPWORDS);
    const text = ctx.text;
    const out: Candidate[] = [];
    const found = new Set<string>();
    const lower = ctx.lower;
    const finder = finderFor(lower, cues);
    for (let m = nextCueMatch(text, lower, finder, cues.regex); m; m = nextCueMatch(text, lower, finder, cues.regex)) {
      const cue = m[1].toLowerCase().replace(/\s+/g, ' ');
      const labelled = m[2].length > 0; // "username: x", "username is x"
      const value = m[3];
      if (value.length === 0 || stop.has(value.toLowerCase())) continue;
      if (m[0].length === m[1].length + value.length) continue; // "handlebars": no gap after the cue
      if (!acceptable(value, strong.has(cue), labelled)) continue;
      if (/^[\d.-]+$/.test(value)) continue; // numbers belong to the phone and ID recognizers
      const start = m.index + m[0].length - value.length;
      out.push({ start, end: start + value.length, label: 'CONTACT', score: strong.has(cue) ? 0.85 : 0.75 });
      found.add(value);
    }
    for (const value of found) out.push(...otherMentions(text, value, out));
    return out;
  }
}

/** Every other whole-word occurrence of an already found user name. */
function otherMentions(text: string, value: string, existing: readonly Candidate[]): Candidate[] {
  if (value.length < 4) return [];
  const out: Candidate[] = [];
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + value.length)) {
    const before = i > 0 ? text[i - 1] : ' ';
    const after = text[i + value.length] ?? ' ';
    if (/[A-Za-z0-9_@.\/-]/.test(before) || /[A-Za-z0-9_@]/.test(after)) continue;
    if (existing.some((c) => c.start === i)) continue;
    out.push({ start: i, end: i + value.length, label: 'CONTACT', score: 0.7 });
  }
  return out;
}
