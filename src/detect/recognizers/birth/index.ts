import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { nextAccepted, notLetterBefore, notLetterOrDigitBefore } from '../address/chars.js';
import { dateAt } from './dates.js';
import { birthPlaceAt, trailingCountry } from './place.js';

/**
 * BIRTH: dates and places of birth, anchored by a cue ("DOB", "born",
 * "date of birth", "b.", "Geburtsdatum", "place of birth:", "native of").
 * A date without such a cue (admission, appointment) is never taken.
 */

/**
 * Cues followed by a date of birth (and, for "born" / "b.", possibly a place).
 * The leading lookbehinds of DATE_CUE and PLACE_CUE are tested in code (nextAccepted).
 */
const DATE_CUE =
  /(?:(d\.?[ \t]?o\.?[ \t]?b\.?|date[ \t]of[ \t]birth|birth[ \t]?date|year[ \t]of[ \t]birth|geburtsdatum|geb\.|fecha[ \t]de[ \t]nacimiento|date[ \t]de[ \t]naissance)|(born(?:[ \t]on|[ \t]in)?|b\.|n[ée]e?[ \t]le)|(birthday(?:[ \t]is)?(?:[ \t]on)?|turns?[ \t]\d{1,3}[ \t]on|turning[ \t]\d{1,3}[ \t]on))(?![\p{L}])/giu;
const FILLER = /[ \t]*(?:(?:[:#\-–]|is|as|was|on|of)[ \t]*){0,2}/iy;
/** Labelled place-of-birth fields and prose cues. */
const PLACE_CUE =
  /(?:(place[ \t]of[ \t]birth|birth[ \t]?place|country[ \t]of[ \t]birth|city[ \t]of[ \t]birth|town[ \t]of[ \t]birth|p\.?o\.?b\.?|geburtsort|lieu[ \t]de[ \t]naissance|lugar[ \t]de[ \t]nacimiento)[ \t]*[:#][ \t]*|(born(?:[ \t]and[ \t](?:raised|bred))?[ \t]in|native[ \t]of)[ \t]+)/giu;
/**
 * A part of every DATE_CUE alternative but "b.", which mayHaveDateCue finds apart. No `u` flag
 * (ASCII and "é" only: the same matches) and no alternative that starts with a character class:
 * such a test ran at every position of the text and cost more than the whole search it guards.
 */
const DATE_WORDS = /birth|geb|nacimiento|naissance|born|turn(?:s|ing)?[ \t]\d|d\.?[ \t]?o\.?[ \t]?b|n[ée]e?[ \t]le/;

/** True when the lower-cased text holds a part of a DATE_CUE alternative (`dateWords`: DATE_WORDS found; or "b." after a non-letter, non-digit). */
function mayHaveDateCue(lower: string, dateWords: boolean): boolean {
  if (dateWords) return true;
  for (let i = lower.indexOf('b.'); i >= 0; i = lower.indexOf('b.', i + 2)) if (notLetterOrDigitBefore(lower, i)) return true;
  return false;
}
/** A part of every PLACE_CUE alternative. */
const PLACE_WORDS = /birth|geburtsort|naissance|nacimiento|born|native|p\.?o\.?b/;
/** The words of PLACE_WORDS that DATE_WORDS does not hold ("geburtsort" holds "geb"): all a text without DATE_WORDS may hold. */
const PLACE_ONLY_WORDS = /native|p\.?o\.?b/;
const AFTER_DATE_PLACE = /(?:,[ \t]{1,2}|[ \t]in[ \t]+)/y;

export function findBirth(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const out: Array<[number, number]> = [];
  DATE_CUE.lastIndex = 0;
  // Every date cue holds one of these words or marks (read in lower case; a long s "ſ" folds to "s" only in the pattern): cheap tests first.
  const lower = ctx.lower;
  const longS = text.includes('\u017f');
  const dateWords = DATE_WORDS.test(lower);
  const dateCue = longS || mayHaveDateCue(lower, dateWords);
  for (let m = dateCue ? nextAccepted(DATE_CUE, text, notLetterOrDigitBefore) : null; m; m = nextAccepted(DATE_CUE, text, notLetterOrDigitBefore)) {
    FILLER.lastIndex = m.index + m[0].length;
    const f = FILLER.exec(text);
    const pos = m.index + m[0].length + (f ? f[0].length : 0);
    const isBorn = m[2] !== undefined;
    const len = dateAt(text, pos, m[3] === undefined);
    if (!len) continue;
    out.push([pos, pos + len]);
    if (!isBorn) continue;
    // "born 12 May 1983 in Tromsø", "b. 1871, Dunmore"
    AFTER_DATE_PLACE.lastIndex = pos + len;
    const sep = AFTER_DATE_PLACE.exec(text);
    if (!sep) continue;
    const place = birthPlaceAt(text, pos + len + sep[0].length, false);
    if (place) out.push(place);
  }
  PLACE_CUE.lastIndex = 0;
  // Every place cue holds one of these words (read in lower case, as above): cheap tests first.
  const placeCue = longS || (dateWords ? PLACE_WORDS : PLACE_ONLY_WORDS).test(lower);
  for (let m = placeCue ? nextAccepted(PLACE_CUE, text, notLetterBefore) : null; m; m = nextAccepted(PLACE_CUE, text, notLetterBefore)) {
    const pos = m.index + m[0].length;
    const labelled = m[1] !== undefined;
    if (dateAt(text, pos, true)) continue; // "born in 1966": a date, taken above
    const place = birthPlaceAt(text, pos, labelled);
    if (!place) continue;
    out.push(place);
    const country = trailingCountry(text, place[1]);
    if (country) out.push(country);
  }
  return dedupe(out);
}

function dedupe(ranges: Array<[number, number]>): Array<[number, number]> {
  // Nearly every document has no range (no set, no copy for those).
  if (ranges.length < 2) return ranges;
  const seen = new Set<string>();
  return ranges.filter(([s, e]) => {
    const k = `${s}:${e}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const birthRecognizer: Recognizer = {
  name: 'birth',
  labels: ['BIRTH'],
  detect(ctx: DetectionContext): Candidate[] {
    return findBirth(ctx).map(([start, end]) => ({ start, end, label: 'BIRTH', score: 0.85 }));
  },
};

/** Recognizers of the birth group. */
export function birthRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [birthRecognizer];
}
