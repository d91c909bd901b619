import type { DetectionContext } from '../../context.js';
import { mayHoldWord, nextAccepted, wordsPattern } from './chars.js';
import { addressLexicon } from './lexicon.js';
import { isStreetSuffix } from './patterns.js';

/**
 * A field labelled as an address ("Home address: …", "Anschrift: …",
 * "Location of incident: …"): its value, up to the end of the line or the next
 * field, is the address when it holds a number.
 */

let cueRe: RegExp | undefined;
/** Where a label may start (tested only where a label is found: as a leading lookbehind it ran at every position). */
const FIELD_START = /(?:^|(?<=\n|[ \t]{2}|[|·•;][ \t]?|^[ \t]*-[ \t]|\n[ \t]*[-•*][ \t]))/imuy;
const fieldStart = (text: string, i: number) => {
  FIELD_START.lastIndex = i;
  return FIELD_START.test(text);
};

function cuePattern(): RegExp {
  if (cueRe) return cueRe;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\t]');
  const cues = [...addressLexicon().cues].sort((a, b) => b.length - a.length).map(esc).join('|');
  // The label starts a line or a field (after two spaces, "|", "·", "•" or "- "): FIELD_START, tested in code.
  cueRe = new RegExp(
    String.raw`(?:${cues})[ \t]*(?:\([^()\n]{1,40}\))?[ \t]*[:：][ \t]*`,
    'gimu',
  );
  return cueRe;
}

let cueWords: RegExp | null | undefined;

/**
 * One run of ASCII letters and apostrophes of each cue (the longest, unless the run of a
 * shorter cue is in it: "address" serves every "… address"), which every match of the cue
 * pattern holds in lower case (see mayHoldWord); null when a cue has no such run.
 */
function cueWordList(): RegExp | null {
  if (cueWords !== undefined) return cueWords;
  const words: string[] = [];
  for (const cue of [...addressLexicon().cues].sort((a, b) => a.length - b.length)) {
    const runs = cue.toLowerCase().match(/[a-z']+/g) ?? [];
    if (runs.length === 0) return (cueWords = null);
    if (words.some((w) => runs.some((r) => r.includes(w)))) continue;
    words.push(runs.reduce((a, b) => (b.length > a.length ? b : a)));
  }
  return (cueWords = wordsPattern(words));
}

/** A full stop and a capital after a word: a possible sentence end. */
const SENTENCE_END = /([\p{L}\p{N}]+)\.[ \t]+(?=\p{Lu})/gu;

/** Where a field value stops: end of line, two spaces, a tab, " (", " — ", " | ", " · ", ";". */
const VALUE = /[^\n\t;|·]{1,200}?(?=[ \t]{2}|\t|[ \t]\(|[ \t][—–][ \t]|[ \t]?[|·;]|\r?\n|$)/y;

export function labelledAddresses(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  // Every label ends in a colon (`[:：]`): a text without one (most) needs no word scan either.
  if (text.indexOf(':') < 0 && text.indexOf('\uff1a') < 0) return [];
  const words = cueWordList();
  // Most texts hold no cue word: the pattern (long and case-insensitive) need not run, nor be compiled.
  if (words !== null && !mayHoldWord(ctx.lower, words)) return [];
  const re = cuePattern();
  const out: Array<[number, number]> = [];
  re.lastIndex = 0;
  for (let m = nextAccepted(re, text, fieldStart); m; m = nextAccepted(re, text, fieldStart)) {
    const start = m.index + m[0].length;
    // "Email address:", "IP address:" are not postal.
    if (/(?:e-?mail|ip|web|mac|url|wallet|return)[ \t]+$/i.test(text.slice(Math.max(0, m.index - 10), m.index))) continue;
    VALUE.lastIndex = start;
    const v = VALUE.exec(text);
    if (!v) continue;
    let end = start + v[0].length;
    // A sentence may follow on the same line: "…, WA 98075. Purchase price …".
    // Only sentence ends that start before `end` count, so the search runs over the text up to
    // `end`, the blanks there and the character after them (all such a match can read): a
    // search of the whole rest of the text for each label made a form without full stops quadratic.
    let limit = end;
    while (limit < text.length && (text.charCodeAt(limit) === 32 || text.charCodeAt(limit) === 9)) limit++;
    const haystack = text.slice(0, Math.min(text.length, limit + 2));
    SENTENCE_END.lastIndex = start;
    for (let s = SENTENCE_END.exec(haystack); s && s.index < end; s = SENTENCE_END.exec(haystack)) {
      const word = s[1];
      if (/\d$/.test(word) || (word.length > 3 && !isStreetSuffix(word))) {
        end = s.index + word.length;
        break;
      }
    }
    while (end > start && /[\s,.]/.test(text[end - 1])) end--;
    // Keep a final "." only after a short abbreviation ("Chih.", "Ave.").
    if (text[end] === '.' && /(?:^|[ \t,])\p{L}{1,4}$/u.test(text.slice(start, end))) end++;
    const value = text.slice(start, end);
    if (value.length < 6 || !/\d/.test(value) || !/\p{L}{2}/u.test(value)) continue;
    out.push([start, end]);
  }
  return out;
}
