/** Tokens of the statistical tagger: words (with an inner apostrophe) and single symbols. */
export interface Token {
  start: number;
  end: number;
  text: string;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?|[^\s\p{L}\p{N}]/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  return out;
}

/** Per UTF-16 unit: 0 not known yet, 1 upper case ("X"), 2 lower case ("x"), 3 neither (kept as is). */
const CASE_OF_UNIT = new Uint8Array(65536);

function caseOf(code: number): number {
  let k = CASE_OF_UNIT[code];
  if (k === 0) {
    const ch = String.fromCharCode(code);
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    k = CASE_OF_UNIT[code] = lower !== upper ? (ch === upper ? 1 : 2) : 3;
  }
  return k;
}

/**
 * "Maria" → "Xx", "O'Neil" → "X'Xx", "2019" → "d", "SB-007" → "X-d". Runs of one class collapse.
 * Per UTF-16 unit: a digit is "d", a unit that lower- and upper-casing tell apart is "X" or "x",
 * any other unit stays itself; at most six units.
 */
export function shape(word: string): string {
  let out = '';
  let last = -1;
  for (let k = 0; k < word.length && out.length < 6; k++) {
    const code = word.charCodeAt(k);
    let c: number;
    if (code >= 48 && code <= 57) c = 100; // d
    else {
      const kind = code < 128 ? (code >= 65 && code <= 90 ? 1 : code >= 97 && code <= 122 ? 2 : 3) : caseOf(code);
      c = kind === 1 ? 88 : kind === 2 ? 120 : code; // X, x, itself
    }
    if (c !== last || (c !== 120 && c !== 100 && c !== 88)) out += String.fromCharCode(c);
    last = c;
  }
  return out;
}

/**
 * Token boundaries as tokenize() finds them, without a match object or a string per
 * token: starts and ends (UTF-16 offsets, end exclusive) in typed arrays. A scanner
 * over character codes with a per-code-unit class table (ASCII filled at load, other
 * characters classified on first sight by the same Unicode properties as the regex);
 * test/learn/scanner.test.ts checks it against tokenize() on odd text.
 */
export interface TokenBounds {
  starts: Int32Array;
  ends: Int32Array;
  count: number;
}

const OTHER = 1;
const LETTER = 2;
const NUMBER = 3;
const SPACE = 4;
/** Class + 1 of each BMP code unit read as a code point; 0: not classified yet. */
const UNIT_CLASS = new Uint8Array(65536);
const IS_LETTER = /^\p{L}$/u;
const IS_NUMBER = /^\p{N}$/u;
const IS_SPACE = /^\s$/u;
const ASTRAL_CLASS = new Map<number, number>();

function classify(cp: number): number {
  const s = String.fromCodePoint(cp);
  return IS_LETTER.test(s) ? LETTER : IS_NUMBER.test(s) ? NUMBER : IS_SPACE.test(s) ? SPACE : OTHER;
}
for (let c = 0; c < 128; c++) UNIT_CLASS[c] = classify(c);

/** Class of the code point at p (low 3 bits) and its length in code units (<< 3). */
function classAt(text: string, p: number): number {
  const c = text.charCodeAt(p);
  if (c >= 0xd800 && c <= 0xdbff && p + 1 < text.length) {
    const d = text.charCodeAt(p + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
      let k = ASTRAL_CLASS.get(cp);
      if (k === undefined) {
        k = classify(cp);
        if (ASTRAL_CLASS.size < 4096) ASTRAL_CLASS.set(cp, k);
      }
      return k | 16;
    }
  }
  let k = UNIT_CLASS[c];
  if (k === 0) k = UNIT_CLASS[c] = classify(c);
  return k | 8;
}

/**
 * Class of each BMP unit that is not a high surrogate, once known (0: not yet): what classAt gives
 * for it, with a length of one. The scan reads it first, one array read per unit; the others
 * (surrogate pairs, units not met yet) go through classAt.
 */
const KNOWN_CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) KNOWN_CLASS[c] = UNIT_CLASS[c];

/** classAt, noting the class of a BMP unit in KNOWN_CLASS. */
function learnClassAt(text: string, p: number): number {
  const v = classAt(text, p);
  const c = text.charCodeAt(p);
  if (v >> 3 === 1 && (c & 0xfc00) !== 0xd800) KNOWN_CLASS[c] = v & 7;
  return v;
}

/**
 * `into`: bounds whose arrays are reused (grown when too short) and which are returned, filled
 * with this text's tokens; without it, new arrays.
 */
export function scanTokens(text: string, into?: TokenBounds): TokenBounds {
  const len = text.length;
  let cap = into ? into.starts.length : 16 + (len >> 2);
  let starts = into ? into.starts : new Int32Array(cap);
  let ends = into ? into.ends : new Int32Array(cap);
  let count = 0;
  let p = 0;
  while (p < len) {
    let k = KNOWN_CLASS[text.charCodeAt(p)];
    let width = 1;
    if (k === 0) {
      const v = learnClassAt(text, p);
      k = v & 7;
      width = v >> 3;
    }
    if (k === SPACE) {
      p += width;
      continue;
    }
    const start = p;
    p += width;
    if (k !== OTHER) {
      // [\p{L}\p{N}]+ then optionally ['’][\p{L}]+
      while (p < len) {
        k = KNOWN_CLASS[text.charCodeAt(p)];
        if (k === LETTER || k === NUMBER) {
          p++;
          continue;
        }
        if (k !== 0) break;
        const v = learnClassAt(text, p);
        k = v & 7;
        if (k !== LETTER && k !== NUMBER) break;
        p += v >> 3;
      }
      if (p + 1 < len) {
        const a = text.charCodeAt(p);
        if (a === 39 || a === 0x2019) {
          let v = classAt(text, p + 1);
          if ((v & 7) === LETTER) {
            p += 1 + (v >> 3);
            while (p < len) {
              k = KNOWN_CLASS[text.charCodeAt(p)];
              if (k === LETTER) {
                p++;
                continue;
              }
              if (k !== 0) break;
              v = learnClassAt(text, p);
              if ((v & 7) !== LETTER) break;
              p += v >> 3;
            }
          }
        }
      }
    }
    if (count === cap) {
      cap = Math.max(16, cap * 2);
      const s2 = new Int32Array(cap);
      s2.set(starts);
      starts = s2;
      const e2 = new Int32Array(cap);
      e2.set(ends);
      ends = e2;
    }
    starts[count] = start;
    ends[count] = p;
    count++;
  }
  if (!into) return { starts, ends, count };
  into.starts = starts;
  into.ends = ends;
  into.count = count;
  return into;
}
