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
  return text.trim().split(SPACES).filter(hasLetter);
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

function givenShare(token: string): [number, string] {
  const data = nameTable();
  if (INITIAL.test(token)) return [INITIAL_SHARE, 'initial 1/26'];
  const share = data.givenNames.get(clean(token));
  // The Census files give the share within one sex: half of that of everyone.
  if (share !== undefined) return [share / 2, givenNote(share)];
  return [data.unknownGivenNameShare, `unlisted given name ${data.unknownGivenNameShare}`];
}

function surnameShare(token: string): [number, string] {
  const data = nameTable();
  let share = 1;
  const notes: string[] = [];
  const key = clean(token);
  // Most surnames have no hyphen: no split.
  const parts = key.includes('-') ? key.split('-').filter(Boolean) : key ? [key] : [];
  for (const part of parts) {
    const count = data.surnames.get(part);
    if (count !== undefined) {
      share *= count / data.usPopulation;
      notes.push(surnameNote(count, data.usPopulation));
    } else {
      share *= data.unknownSurnameShare;
      notes.push(`unlisted surname ${data.unknownSurnameShare}`);
    }
  }
  return [share, notes.join(' × ')];
}

/** `tokens`: nameTokens(text), when the caller has them already. */
export function estimateName(text: string, tokens: readonly string[] = nameTokens(text)): Estimate {
  if (tokens.length === 0) return { kind: 'name', measure: 'share', share: nameTable().unknownSurnameShare, basis: 'name' };
  if (tokens.length === 1) {
    const token = tokens[0];
    const data = nameTable();
    const key = clean(token);
    if (INITIAL.test(token) || /^(?:[A-Z]\.){2,3}$/.test(token)) {
      return { kind: 'name', measure: 'share', share: INITIAL_SHARE * data.unknownGivenNameShare * 26, basis: 'initials used as a name' };
    }
    // A lone name: the given-name reading when listed, else the family-name reading.
    if (data.givenNames.has(key)) {
      const [share, note] = givenShare(token);
      return { kind: 'name', measure: 'share', share, basis: `${note} (Census 1990)` };
    }
    const [share, note] = surnameShare(token);
    return { kind: 'name', measure: 'share', share, basis: `${note} (Census 2010)` };
  }
  const [g, gNote] = givenShare(tokens[0]);
  const [s, sNote] = surnameShare(tokens[tokens.length - 1]);
  let share = g * s;
  const notes = [gNote, sNote];
  for (const middle of tokens.slice(1, -1)) {
    const [m, mNote] = givenShare(middle);
    share *= m;
    notes.push(`middle ${mNote}`);
  }
  return { kind: 'name', measure: 'share', share, basis: `full name: ${notes.join(' × ')} (Census name files, parts independent)` };
}
