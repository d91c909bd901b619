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
export interface NormalizedText {
  text: string;
  /** toOriginal[i] = index in the original of normalised char i; length text.length + 1. */
  toOriginal: Int32Array;
}

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/;

function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0); // full-width ASCII
  if (code === 0x3000 || code === 0x00a0 || (code >= 0x2000 && code <= 0x200a) || code === 0x202f) return ' ';
  if (code >= 0x2010 && code <= 0x2015) return '-';
  if (code === 0x2212) return '-';
  return ch;
}

// Obfuscated "@" and "." in e-mail addresses. Each alternative is bounded, so
// matching is linear. The " at " / " dot " word forms are only taken between
// word characters that look like an address (checked by the caller's context).
const OBFUSCATED = /\s?[[({<]\s{0,2}(at|dot)\s{0,2}[\])}>]\s?|\s(at|dot)\s(?=[A-Za-z0-9])/gi;

/** Single digits separated by single spaces, at least 7 of them. */
const SPACED_DIGITS = /(?<![\d ])\d(?: \d){6,}(?![\d])/g;

export function normalize(original: string): NormalizedText {
  // Pass 1: per-character folding and removal of invisible characters.
  const chars: string[] = [];
  const map: number[] = [];
  for (let i = 0; i < original.length; i++) {
    const ch = original[i];
    if (ZERO_WIDTH.test(ch)) continue;
    chars.push(foldChar(ch));
    map.push(i);
  }
  let text = chars.join('');
  let toOriginal = map;

  // Pass 2: collapse obfuscations. Build a new string and map in one scan.
  const out: string[] = [];
  const outMap: number[] = [];
  let cursor = 0;
  const emit = (from: number, to: number) => {
    for (let k = from; k < to; k++) {
      out.push(text[k]);
      outMap.push(toOriginal[k]);
    }
  };
  const replacements: Array<{ start: number; end: number; value: string }> = [];
  OBFUSCATED.lastIndex = 0;
  for (let m = OBFUSCATED.exec(text); m; m = OBFUSCATED.exec(text)) {
    const word = (m[1] ?? m[2]).toLowerCase();
    const bracketed = m[1] !== undefined;
    if (!bracketed && !looksLikeEmailContext(text, m.index, m.index + m[0].length)) continue;
    replacements.push({ start: m.index, end: m.index + m[0].length, value: word === 'at' ? '@' : '.' });
  }
  SPACED_DIGITS.lastIndex = 0;
  for (let m = SPACED_DIGITS.exec(text); m; m = SPACED_DIGITS.exec(text)) {
    // Drop the spaces only: each digit keeps its own original position.
    for (let k = m.index; k < m.index + m[0].length; k++) {
      if (text[k] === ' ') replacements.push({ start: k, end: k + 1, value: '' });
    }
  }
  replacements.sort((a, b) => a.start - b.start);
  for (const r of replacements) {
    if (r.start < cursor) continue;
    emit(cursor, r.start);
    for (const ch of r.value) {
      out.push(ch);
      outMap.push(toOriginal[r.start]);
    }
    cursor = r.end;
  }
  emit(cursor, text.length);
  text = out.join('');
  toOriginal = outMap;

  const result = new Int32Array(text.length + 1);
  for (let k = 0; k < text.length; k++) result[k] = toOriginal[k];
  result[text.length] = original.length;
  return { text, toOriginal: result };
}

/** "john at gmail dot com": accept the word form only when a dot-word follows soon. */
function looksLikeEmailContext(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 60);
  if (!/[A-Za-z0-9._%+-]$/.test(before)) return false;
  return /^[A-Za-z0-9-]+(\s(dot)\s|\s?[[({<]\s{0,2}dot\s{0,2}[\])}>]\s?|\.)[A-Za-z]{2,}/i.test(after);
}

/** Map a [start, end) range of the normalised text back to the original. */
export function toOriginalRange(norm: NormalizedText, start: number, end: number): [number, number] {
  const s = norm.toOriginal[start];
  const e = end > start ? norm.toOriginal[end - 1] + 1 : s;
  return [s, e];
}
