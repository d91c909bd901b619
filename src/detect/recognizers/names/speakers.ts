import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { isEnglishWord } from '../../../lexicons/english-words.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { NAME_STOPWORD, nameKeyFlags } from '../../../lexicons/names.js';
import { foldKey } from './tokens.js';

/**
 * Speaker names of chats and transcripts: "[9:14 AM] tanvi: ...", "PRITCHARD: ...",
 * "Service Desk (Kwame): ...". A line-start "Xxx:" is a speaker when the same
 * speaker opens two or more lines and is not a form label or an English word.
 */
const SPEAKER = /^[ \t>]{0,4}(\[[^\]\n]{1,30}\][ \t]{0,2}|\d{1,2}:\d{2}(?:[ \t]?[AaPp][Mm])?[ \t]{1,2})?([\p{L}][\p{L}'\-]{0,30}(?: [\p{L}][\p{L}'\-]{0,30}){0,2})(?:[ \t]{0,2}\(([\p{L}][\p{L}'\-]{1,30})\))?[ \t]{0,2}:/gmu;

// The same pattern, sticky: tried at line starts only, which is where every match of SPEAKER begins (^ with the m flag).
const SPEAKER_AT = new RegExp(SPEAKER.source, 'muy');

/** A line break other than "\n". */
const OTHER_BREAK = /[\r\u2028\u2029]/;

/**
 * The first line break (/[\n\r\u2028\u2029]/) at or after `from`, or -1: read as character codes, no match
 * object; `onlyNewlines` (the text holds no other line break than "\n") lets indexOf find it.
 */
function lineBreakAt(text: string, from: number, onlyNewlines: boolean): number {
  if (onlyNewlines) return text.indexOf('\n', from);
  for (let k = from; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return k;
  }
  return -1;
}

/**
 * A match of SPEAKER ends with a colon and spans at most 325 code units (4 + 64 + 188 + 66 + 3:
 * the bounded parts of the pattern, astral characters counted twice); 400 leaves room.
 */
const MAX_SPEAKER_SPAN = 400;

/** The next match of SPEAKER at or after `from`, as SPEAKER.exec would find it. */
function nextSpeaker(text: string, from: number, onlyNewlines: boolean): RegExpExecArray | null {
  // The first colon at or after the line start: a line with none within reach starts no match.
  let colon = -1;
  for (let lineStart = from === 0 ? 0 : -1; ; ) {
    if (lineStart >= from) {
      if (colon < lineStart) {
        colon = text.indexOf(':', lineStart);
        if (colon < 0) return null;
      }
      if (colon - lineStart < MAX_SPEAKER_SPAN) {
        SPEAKER_AT.lastIndex = lineStart;
        const m = SPEAKER_AT.exec(text);
        if (m) return m;
      }
    }
    const br = lineBreakAt(text, Math.max(lineStart, from - 1, 0), onlyNewlines);
    if (br < 0) return null;
    lineStart = br + 1;
  }
}

/** Every line-start "Xxx:" of the text (the speaker candidates, before they are counted). */
export function speakerMatches(text: string): Array<{ start: number; end: number; key: string; stamped: boolean }> {
  const found: Array<{ start: number; end: number; key: string; stamped: boolean }> = [];
  // Every match holds a colon: without one there is nothing to read the lines for.
  if (text.indexOf(':') < 0) return found;
  const onlyNewlines = !OTHER_BREAK.test(text);
  for (let m = nextSpeaker(text, 0, onlyNewlines); m; m = nextSpeaker(text, m.index + Math.max(1, m[0].length), onlyNewlines)) {
    const value = m[3] ?? m[2];
    const stamped = m[1] !== undefined;
    const start = m.index + m[0].lastIndexOf(value, m[0].length - 1);
    found.push({ start, end: start + value.length, key: foldKey(value), stamped });
  }
  return found;
}

/**
 * Whether the text may hold two matches of SPEAKER, as a speaker needs in a whole document: each
 * match ends with a colon of its own, and the second starts a line (after a line break).
 */
function mayHoldTwoSpeakers(text: string): boolean {
  const colon = text.indexOf(':');
  return colon >= 0 && text.indexOf(':', colon + 1) >= 0 && (text.indexOf('\n') >= 0 || OTHER_BREAK.test(text));
}

export function findSpeakers(ctx: DetectionContext): Candidate[] {
  // A window of a long document counts the whole document's speakers (below): it is always read.
  if (!ctx.document && !mayHoldTwoSpeakers(ctx.text)) return [];
  const found = speakerMatches(ctx.text);
  if (found.length === 0) return [];
  // In a window of a long document, the counts are the whole document's (context.ts DocumentFacts).
  let counts = ctx.document?.speakerCounts;
  if (!counts) {
    counts = new Map<string, number>();
    for (const f of found) counts.set(f.key, (counts.get(f.key) ?? 0) + 1);
  }
  const labels = wordSet('name-label-cues.txt');
  const out: Candidate[] = [];
  for (const f of found) {
    if ((counts.get(f.key) ?? 0) < 2) continue;
    const words = f.key.split(' ');
    // Form fields ("Patient:", "Re:", "Date:") and ordinary words are not speakers.
    // After a chat timestamp ("[14/06, 19:02] Summer Rain:") a speaker may be an everyday word.
    if (words.some((w) => labels.has(w) || (!f.stamped && isEnglishWord(w)) || w.length < 2 || (nameKeyFlags(w) & NAME_STOPWORD) !== 0)) continue;
    out.push({ start: f.start, end: f.end, label: 'PERSON_NAME', score: 0.8 });
  }
  return out;
}
