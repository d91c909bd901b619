import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { isEnglishWord } from '../../../lexicons/english-words.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { nameStopwords } from '../../../lexicons/names.js';
import { foldKey } from './tokens.js';

/**
 * Speaker names of chats and transcripts: "[9:14 AM] tanvi: ...", "PRITCHARD: ...",
 * "Service Desk (Kwame): ...". A line-start "Xxx:" is a speaker when the same
 * speaker opens two or more lines and is not a form label or an English word.
 */
const SPEAKER = /^[ \t>]{0,4}(\[[^\]\n]{1,30}\][ \t]{0,2}|\d{1,2}:\d{2}(?:[ \t]?[AaPp][Mm])?[ \t]{1,2})?([\p{L}][\p{L}'\-]{0,30}(?: [\p{L}][\p{L}'\-]{0,30}){0,2})(?:[ \t]{0,2}\(([\p{L}][\p{L}'\-]{1,30})\))?[ \t]{0,2}:/gmu;

export function findSpeakers(ctx: DetectionContext): Candidate[] {
  const text = ctx.text;
  const found: Array<{ start: number; end: number; key: string; stamped: boolean }> = [];
  SPEAKER.lastIndex = 0;
  for (let m = SPEAKER.exec(text); m; m = SPEAKER.exec(text)) {
    const value = m[3] ?? m[2];
    const stamped = m[1] !== undefined;
    const start = m.index + m[0].lastIndexOf(value, m[0].length - 1);
    found.push({ start, end: start + value.length, key: foldKey(value), stamped });
    if (m[0].length === 0) SPEAKER.lastIndex++;
  }
  const counts = new Map<string, number>();
  for (const f of found) counts.set(f.key, (counts.get(f.key) ?? 0) + 1);
  const labels = wordSet('name-label-cues.txt');
  const out: Candidate[] = [];
  for (const f of found) {
    if ((counts.get(f.key) ?? 0) < 2) continue;
    const words = f.key.split(' ');
    // Form fields ("Patient:", "Re:", "Date:") and ordinary words are not speakers.
    // After a chat timestamp ("[14/06, 19:02] Summer Rain:") a speaker may be an everyday word.
    if (words.some((w) => labels.has(w) || (!f.stamped && isEnglishWord(w)) || w.length < 2 || nameStopwords().has(w))) continue;
    out.push({ start: f.start, end: f.end, label: 'PERSON_NAME', score: 0.8 });
  }
  return out;
}
