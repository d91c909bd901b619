/**
 * Text normalisation that defeats simple evasion while keeping offsets.
 *
 * The normalised view is a new string plus a map from each of its UTF-16
 * positions back to a position in the original text, so a recognizer can match
 * on the clean view and still report offsets into the original.
 *
 * Handled: zero-width and soft-hyphen characters (dropped), full-width ASCII
 * (folded to ASCII), Unicode dashes and spaces (folded), "[at]" / "(at)" / " at "
 * between e-mail parts and "[dot]" / "(dot)" (collapsed to "@" and "."), and
 * runs of single digits separated by single spaces ("4 1 5 5 5 5 0 1 9 2").
 */
import { readDataLines } from '../lexicons/data-files.js';

export interface NormalizedText {
  text: string;
  /** toOriginal[i] = index in the original of normalised char i; length text.length + 1. */
  toOriginal: Int32Array;
}

/** Any character that pass 1 removes or folds; most texts have none and skip the pass. */
const NEEDS_FOLDING = /[\u200B-\u200D\u2060\uFEFF\u00AD\uFF01-\uFF5E\u3000\u00A0\u2000-\u200A\u202F\u2010-\u2015\u2212]/;

function isZeroWidth(code: number): boolean {
  return (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff || code === 0x00ad;
}

function foldCode(code: number): number {
  if (code >= 0xff01 && code <= 0xff5e) return code - 0xfee0; // full-width ASCII
  if (code === 0x3000 || code === 0x00a0 || (code >= 0x2000 && code <= 0x200a) || code === 0x202f) return 0x20;
  if ((code >= 0x2010 && code <= 0x2015) || code === 0x2212) return 0x2d; // dashes and minus
  return code;
}

// Obfuscated "@" and "." in e-mail addresses. Each alternative is bounded, so
// matching is linear. The " at " / " dot " word forms are only taken between
// word characters that look like an address (checked by the caller's context).
const OBFUSCATED = /\s?[[({<]\s{0,2}(at|dot)\s{0,2}[\])}>]\s?|\s(at|dot)\s(?=[A-Za-z0-9])/gi;

/** Single digits separated by single spaces, at least 7 of them. */
const SPACED_DIGITS = /(?<!\d)(?<!\d )\d(?: \d){6,}(?!\d)/g;

export function normalize(original: string): NormalizedText {
  const folded = foldCharacters(original);
  const replacements = [...obfuscations(folded.text), ...spacedDigitGaps(folded.text)];
  if (replacements.length === 0) return withEnd(folded, original.length);
  replacements.sort((a, b) => a.start - b.start);

  // Rebuild the string and its offset map around the replacements.
  const { text, toOriginal } = folded;
  const pieces: string[] = [];
  const map = new Int32Array(text.length + 1);
  let length = 0;
  let cursor = 0;
  const copy = (from: number, to: number) => {
    pieces.push(text.slice(from, to));
    map.set(toOriginal.subarray(from, to), length);
    length += to - from;
  };
  for (const r of replacements) {
    if (r.start < cursor) continue;
    copy(cursor, r.start);
    pieces.push(r.value);
    for (let k = 0; k < r.value.length; k++) map[length++] = toOriginal[r.start];
    cursor = r.end;
  }
  copy(cursor, text.length);
  return withEnd({ text: pieces.join(''), toOriginal: map.subarray(0, length + 1) }, original.length);
}

interface Replacement {
  start: number;
  end: number;
  value: string;
}

/** Pass 1: fold full-width characters, dashes and spaces; drop invisible characters. */
function foldCharacters(original: string): NormalizedText {
  const n = original.length;
  if (!NEEDS_FOLDING.test(original)) {
    const identity = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) identity[i] = i;
    return { text: original, toOriginal: identity };
  }
  // Unchanged stretches are copied as slices; only dropped or folded characters break them.
  const pieces: string[] = [];
  const map = new Int32Array(n + 1);
  let length = 0;
  let copyFrom = 0;
  for (let i = 0; i < n; i++) {
    const code = original.charCodeAt(i);
    if (isZeroWidth(code)) {
      pieces.push(original.slice(copyFrom, i));
      copyFrom = i + 1;
      continue;
    }
    map[length++] = i;
    const folded = foldCode(code);
    if (folded !== code) {
      pieces.push(original.slice(copyFrom, i), String.fromCharCode(folded));
      copyFrom = i + 1;
    }
  }
  pieces.push(original.slice(copyFrom));
  return { text: pieces.join(''), toOriginal: map.subarray(0, length + 1) };
}

/** Pass 2a: "[at]", "(dot)", and the word forms " at " / " dot " inside e-mail addresses. */
function obfuscations(text: string): Replacement[] {
  const out: Replacement[] = [];
  OBFUSCATED.lastIndex = 0;
  // End of the last accepted "@"/"." replacement: a word-form " dot " right after
  // one domain label of an obfuscated address continues that address.
  let lastEmailEnd = -1;
  for (let m = OBFUSCATED.exec(text); m; m = OBFUSCATED.exec(text)) {
    const word = (m[1] ?? m[2]).toLowerCase();
    const bracketed = m[1] !== undefined;
    const end = m.index + m[0].length;
    if (!bracketed) {
      const continues = word === 'dot' && lastEmailEnd >= 0 && DOMAIN_LABEL.test(text.slice(lastEmailEnd, m.index));
      if (!continues && !(word === 'at' && looksLikeEmailContext(text, m.index, end))) continue;
    }
    out.push({ start: m.index, end, value: word === 'at' ? '@' : '.' });
    lastEmailEnd = end;
  }
  return out;
}

/** Pass 2b: the spaces of "4 1 3 5 5 5 0 1 8 2"; each digit keeps its own original position. */
function spacedDigitGaps(text: string): Replacement[] {
  const out: Replacement[] = [];
  SPACED_DIGITS.lastIndex = 0;
  for (let m = SPACED_DIGITS.exec(text); m; m = SPACED_DIGITS.exec(text)) {
    for (let k = m.index + 1; k < m.index + m[0].length; k += 2) out.push({ start: k, end: k + 1, value: '' });
  }
  return out;
}

/** The map's last entry (one past the end of the view) points one past the end of the original. */
function withEnd(view: NormalizedText, originalLength: number): NormalizedText {
  view.toOriginal[view.text.length] = originalLength;
  return view;
}

const DOMAIN_LABEL = /^[A-Za-z0-9-]{1,63}$/;
const WORD_DOT_AFTER = /^[A-Za-z0-9-]{1,63}(?:\s(?:dot)\s|\s?[[({<]\s{0,2}dot\s{0,2}[\])}>]\s?)[A-Za-z]{2,}/i;
const REAL_DOT_AFTER = /^([A-Za-z0-9-]{1,63})\.[A-Za-z]{2,}/;
const NAME_BEFORE = /(?:^|[^A-Za-z0-9._%+-])([A-Za-z0-9._%+-]{1,64})$/;

/**
 * "john at gmail dot com", "jdoe88 at outlook.com": the word form of "@" is taken
 * only when the domain is also obfuscated ("dot"), or when it is written with a
 * real dot and either the domain is a known mail provider or the name part is
 * not a plain word ("visit us at acme.com" stays prose).
 */
function looksLikeEmailContext(text: string, start: number, end: number): boolean {
  const name = NAME_BEFORE.exec(text.slice(Math.max(0, start - 65), start));
  if (!name) return false;
  const after = text.slice(end, end + 80);
  if (WORD_DOT_AFTER.test(after)) return true;
  const domain = REAL_DOT_AFTER.exec(after);
  if (!domain) return false;
  return /[0-9_.]/.test(name[1]) || mailProviders().has(domain[1].toLowerCase());
}

let providers: ReadonlySet<string> | undefined;

function mailProviders(): ReadonlySet<string> {
  providers ??= new Set(readDataLines('contact/email-providers.txt').map((l) => l.toLowerCase()));
  return providers;
}

/** Map a [start, end) range of the normalised text back to the original. */
export function toOriginalRange(norm: NormalizedText, start: number, end: number): [number, number] {
  const s = norm.toOriginal[start];
  const e = end > start ? norm.toOriginal[end - 1] + 1 : s;
  return [s, e];
}
