import { nameTable } from './tables.js';
import type { Estimate } from './types.js';

/**
 * Share of people carrying a name: given and family names from the US Census
 * name files (data/assess-name-frequency.json), documented priors for names
 * not listed, and independence between the parts (a full name is far rarer
 * than either part).
 */
const INITIAL = /^[A-Za-z]\.?$/;
const INITIAL_SHARE = 1 / 26;

const POSSESSIVE = /[’']s$/;
const NOT_NAME_CHAR = /[^\p{L}'-]/gu;
const LETTER = /\p{L}/u;

/**
 * A name token as the tables key it: lower case, a final "'s" dropped, only letters,
 * apostrophes and hyphens kept (`toLowerCase().replace(/[’']s$/, '').replace(/[^\p{L}'-]/gu, '')`;
 * a character loop for ASCII tokens, the regexes otherwise).
 */
export function cleanName(token: string): string {
  const lower = token.toLowerCase();
  let ascii = true;
  let plain = true;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c >= 0x80) {
      ascii = false;
      break;
    }
    if (!((c >= 0x61 && c <= 0x7a) || c === 0x27 || c === 0x2d)) plain = false;
  }
  if (!ascii) return lower.replace(POSSESSIVE, '').replace(NOT_NAME_CHAR, '');
  const n = lower.length;
  const end = n >= 2 && lower.charCodeAt(n - 1) === 0x73 && lower.charCodeAt(n - 2) === 0x27 ? n - 2 : n;
  if (plain) return end === n ? lower : lower.slice(0, end);
  let out = '';
  for (let i = 0; i < end; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || c === 0x27 || c === 0x2d) out += lower[i];
  }
  return out;
}

/** Whether a token holds a letter (`/\p{L}/u.test`; a character loop for ASCII tokens). */
export function hasLetter(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) return true;
    if (c >= 0x80) return LETTER.test(token);
  }
  return false;
}

const SPACES = /\s+/;

/** The words of a name that hold a letter (`text.trim().split(/\s+/).filter((t) => /\p{L}/u.test(t))`). */
export function nameTokens(text: string): string[] {
  // ASCII text (the usual case): split at runs of ASCII white space by a character loop (in ASCII,
  // \s is tab, line feed, vertical tab, form feed, carriage return and space).
  const out: string[] = [];
  const n = text.length;
  let start = -1;
  let letter = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return text.trim().split(SPACES).filter(hasLetter);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      if (start >= 0 && letter) out.push(text.slice(start, i));
      start = -1;
      letter = false;
    } else {
      if (start < 0) start = i;
      if (!letter) letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
    }
  }
  if (start >= 0 && letter) out.push(start === 0 ? text : text.slice(start));
  return out;
}

const clean = cleanName;

// The notes print table values (toFixed is slow); a table has few distinct values, so they are kept.
const givenNotes = new Map<number, string>();
const surnameNotes = new Map<number, string>();

function givenNote(share: number): string {
  let note = givenNotes.get(share);
  if (note === undefined) givenNotes.set(share, (note = `given name ${(share * 50).toFixed(2)}%`));
  return note;
}

function surnameNote(count: number, usPopulation: number): string {
  let note = surnameNotes.get(count);
  if (note === undefined) surnameNotes.set(count, (note = `surname ${(count / usPopulation * 100).toFixed(3)}%`));
  return note;
}

/** The share of a given name and its note; `key`: clean(token). */
function givenShare(token: string, key: string): number {
  const data = nameTable();
  // INITIAL matches one or two characters only.
  if (token.length <= 2 && INITIAL.test(token)) {
    lastNote = 'initial 1/26';
    return INITIAL_SHARE;
  }
  const share = data.givenNames.get(key);
  // The Census files give the share within one sex: half of that of everyone.
  if (share !== undefined) {
    lastNote = givenNote(share);
    return share / 2;
  }
  lastNote = `unlisted given name ${data.unknownGivenNameShare}`;
  return data.unknownGivenNameShare;
}

/** The share of a family name and its note (the parts of a hyphenated one multiplied); `key`: clean(token). */
function surnameShare(key: string): number {
  const data = nameTable();
  // Most surnames have no hyphen: the key is the one part (none when empty).
  if (!key.includes('-')) {
    if (!key) {
      lastNote = '';
      return 1;
    }
    return surnamePart(data, 1, key, '');
  }
  let share = 1;
  let notes = '';
  let first = true;
  for (const part of key.split('-')) {
    if (!part) continue;
    share = surnamePart(data, share, part, first ? '' : `${notes} × `);
    notes = lastNote;
    first = false;
  }
  lastNote = notes;
  return share;
}

/** share × the part's share; the note (after `before`) left in lastNote. */
function surnamePart(data: ReturnType<typeof nameTable>, share: number, part: string, before: string): number {
  const count = data.surnames.get(part);
  if (count !== undefined) {
    lastNote = before + surnameNote(count, data.usPopulation);
    return share * (count / data.usPopulation);
  }
  lastNote = `${before}unlisted surname ${data.unknownSurnameShare}`;
  return share * data.unknownSurnameShare;
}

/** The note of the last givenShare / surnameShare (a second return value, without an array per call). */
let lastNote = '';

const INITIALS = /^(?:[A-Z]\.){2,3}$/;

/**
 * `tokens`: nameTokens(text), when the caller has them already; `firstKey` and `lastKey`:
 * cleanName of the first and last token, when the caller has them too.
 */
export function estimateName(text: string, tokens: readonly string[] = nameTokens(text), firstKey?: string, lastKey?: string): Estimate {
  if (tokens.length === 0) return { kind: 'name', measure: 'share', share: nameTable().unknownSurnameShare, basis: 'name' };
  const firstToken = tokens[0];
  const first = firstKey ?? clean(firstToken);
  if (tokens.length === 1) {
    const data = nameTable();
    // INITIAL matches one or two characters, INITIALS four or six.
    const length = firstToken.length;
    if ((length <= 2 && INITIAL.test(firstToken)) || ((length === 4 || length === 6) && INITIALS.test(firstToken))) {
      return { kind: 'name', measure: 'share', share: INITIAL_SHARE * data.unknownGivenNameShare * 26, basis: 'initials used as a name' };
    }
    // A lone name: the given-name reading when listed, else the family-name reading.
    if (data.givenNames.has(first)) {
      const share = givenShare(firstToken, first);
      return { kind: 'name', measure: 'share', share, basis: `${lastNote} (Census 1990)` };
    }
    const share = surnameShare(first);
    return { kind: 'name', measure: 'share', share, basis: `${lastNote} (Census 2010)` };
  }
  const count = tokens.length;
  const g = givenShare(firstToken, first);
  const gNote = lastNote;
  const s = surnameShare(lastKey ?? clean(tokens[count - 1]));
  let share = g * s;
  let notes = `${gNote} × ${lastNote}`;
  for (let i = 1; i < count - 1; i++) {
    const middle = tokens[i];
    share *= givenShare(middle, clean(middle));
    notes += ` × middle ${lastNote}`;
  }
  return { kind: 'name', measure: 'share', share, basis: `full name: ${notes} (Census name files, parts independent)` };
}
