import type { DetectionContext } from '../../context.js';
import { nextAccepted } from './chars.js';
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

/** Words one of which every cue holds, in lower case ("address" for "home address"); see mayHoldCue. */
let cueKeys: string[] | undefined;

function keysOfCues(): string[] {
  if (cueKeys) return cueKeys;
  const keys = ['address', 'residence', 'location', 'adresse', 'anschrift'];
  for (const cue of addressLexicon().cues) {
    const lower = cue.toLowerCase();
    if (!keys.some((k) => lower.includes(k))) keys.push(lower);
  }
  cueKeys = keys;
  return keys;
}

/**
 * False when the text holds no cue: none of the cue keys appears in its lower
 * case (the pattern matches without case; with the u flag "ſ" also matches
 * "s" and the Kelvin sign "k", so a text holding either is always scanned).
 * Most documents name no address field, and the cue pattern was the slowest
 * scan of this recognizer.
 */
function mayHoldCue(ctx: DetectionContext): boolean {
  const text = ctx.text;
  if (text.includes('\u017f') || text.includes('\u212a')) return true;
  const lower = ctx.lower;
  return keysOfCues().some((k) => lower.includes(k));
}

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

/** A full stop and a capital after a word: a possible sentence end. */
const SENTENCE_END = /([\p{L}\p{N}]+)\.[ \t]+(?=\p{Lu})/gu;

/** Where a field value stops: end of line, two spaces, a tab, " (", " — ", " | ", " · ", ";". */
const VALUE = /[^\n\t;|·]{1,200}?(?=[ \t]{2}|\t|[ \t]\(|[ \t][—–][ \t]|[ \t]?[|·;]|\r?\n|$)/y;

export function labelledAddresses(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const re = cuePattern();
  const out: Array<[number, number]> = [];
  if (!mayHoldCue(ctx)) return out;
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
    SENTENCE_END.lastIndex = start;
    for (let s = SENTENCE_END.exec(text); s && s.index < end; s = SENTENCE_END.exec(text)) {
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
