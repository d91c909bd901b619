/**
 * Text normalisation that defeats evasion while keeping offsets.
 *
 * The normalised view is a new string plus two maps from each of its UTF-16
 * positions back to the original text (where the character came from, and
 * where its source ends), so a recognizer can match on the clean view and
 * still report exact offsets into the original.
 *
 * Pass 1 (characters):
 *  - invisible characters are dropped: zero-width spaces and joiners, soft
 *    hyphens, word joiners, bidirectional controls, variation selectors, tag
 *    characters, and combining marks stacked on an ASCII letter or digit;
 *  - compatibility forms are folded to ASCII by NFKC: full-width letters and
 *    digits, mathematical bold/italic/script letters, circled and superscript
 *    digits, "＠" and "﹫";
 *  - decimal digits of other scripts ("٤١٣") become ASCII digits;
 *  - Unicode dashes and spaces become "-" and " ".
 * Pass 2 (words, one character for one):
 *  - Cyrillic, Greek and other look-alike letters (Unicode confusables, from
 *    the `unhomoglyph` package) become the Latin letter they imitate, inside a
 *    word that also holds ASCII letters or digits ("Jоhn" with a Cyrillic о),
 *    or in a word made only of look-alikes next to a Latin word;
 *  - inside a number, the letters O, o, I and l become 0 and 1 ("448O" → "4480").
 * Pass 3 (replacements):
 *  - obfuscated e-mail addresses: "[at]", "(at)", "{at}", "<at>", "[@]", "%40",
 *    "@" with blanks or a line break around it, and the word "at"; "[dot]",
 *    "(dot)", " dot ", "[.]" and dots with blanks around them, in both the name
 *    and the domain part (each form is accepted only where the rest looks like
 *    an address: see emailObfuscations);
 *  - an address spelled out with blanks ("j a n e . d o e @ g m a i l . c o m") is closed up;
 *  - a word broken by a hyphen at a line end ("exam-\nple") is joined;
 *  - runs of single digits separated by single spaces ("4 1 5 5 5 5 0 1 9 2").
 *
 * `evasive` tells whether pass 1 or 2 changed anything a writer would use to
 * hide PII (not dashes, spaces or a byte-order mark): the evasion pass
 * (evasion-pass.ts) then runs every recognizer again on the view.
 * Everything here is one linear scan; the regular expressions are bounded.
 */
import { createRequire } from 'node:module';
import { readDataLines } from '../lexicons/data-files.js';
import { isEnglishWord } from '../lexicons/english-words.js';

export interface NormalizedText {
  text: string;
  /** toOriginal[i] = index in the original of normalised char i; length text.length + 1 (the last entry is the original's length). */
  toOriginal: Int32Array;
  /** toOriginalEnd[i] = end (exclusive) in the original of the source of normalised char i; length text.length. */
  toOriginalEnd: Int32Array;
  /** True when an invisible character, a compatibility form or a look-alike was folded away. */
  evasive: boolean;
}

export function normalize(original: string): NormalizedText {
  const folded = foldCharacters(original);
  foldWords(folded);
  const emails = emailObfuscations(folded.text);
  const spacedOut = spacedOutEmails(folded.text);
  const hyphens = lineBreakHyphens(folded.text);
  const digitGaps = spacedDigitGaps(folded.text);
  if (emails.length + spacedOut.length + hyphens.length + digitGaps.length === 0) return folded instanceof IdentityView ? folded : withEnd(folded, original.length);
  const replacements = [...emails, ...spacedOut, ...hyphens, ...digitGaps];
  replacements.sort((a, b) => a.start - b.start || a.end - b.end);

  // Rebuild the string and its offset maps around the replacements.
  const { text, toOriginal, toOriginalEnd } = folded;
  const pieces: string[] = [];
  let capacity = text.length + 1;
  for (const r of replacements) capacity += r.value.length;
  const starts = new Int32Array(capacity);
  const ends = new Int32Array(capacity);
  let length = 0;
  let cursor = 0;
  const copy = (from: number, to: number) => {
    pieces.push(text.slice(from, to));
    starts.set(toOriginal.subarray(from, to), length);
    ends.set(toOriginalEnd.subarray(from, to), length);
    length += to - from;
  };
  for (const r of replacements) {
    if (r.start < cursor) continue;
    copy(cursor, r.start);
    pieces.push(r.value);
    const sourceEnd = r.end > r.start ? toOriginalEnd[r.end - 1] : toOriginal[r.start];
    for (let k = 0; k < r.value.length; k++) {
      starts[length] = toOriginal[r.start];
      ends[length++] = sourceEnd;
    }
    cursor = r.end;
  }
  copy(cursor, text.length);
  return withEnd(
    { text: pieces.join(''), toOriginal: starts.subarray(0, length + 1), toOriginalEnd: ends.subarray(0, length), evasive: folded.evasive },
    original.length,
  );
}

/** Map a [start, end) range of the normalised text back to the original. */
export function toOriginalRange(norm: NormalizedText, start: number, end: number): [number, number] {
  // An identity view maps each position to itself (its maps are not even built).
  if (norm instanceof IdentityView && Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= norm.text.length) return [start, end > start ? end : start];
  const s = norm.toOriginal[start];
  const e = end > start ? norm.toOriginalEnd[end - 1] : s;
  return [s, e];
}

interface Replacement {
  start: number;
  end: number;
  value: string;
}

/**
 * A view whose every character stands for the same character of the original, one for one (most
 * documents: nothing to fold, or only look-alike letters replaced in place): the offset maps are the
 * identity, built only when read, so that most documents never allocate them.
 */
class IdentityView implements NormalizedText {
  private starts?: Int32Array;
  private ends?: Int32Array;
  constructor(
    public text: string,
    public evasive = false,
  ) {}

  get toOriginal(): Int32Array {
    if (!this.starts) {
      const n = this.text.length;
      const starts = new Int32Array(n + 1);
      for (let i = 0; i <= n; i++) starts[i] = i;
      this.starts = starts;
    }
    return this.starts;
  }

  get toOriginalEnd(): Int32Array {
    if (!this.ends) {
      const n = this.text.length;
      const ends = new Int32Array(n);
      for (let i = 0; i < n; i++) ends[i] = i + 1;
      this.ends = ends;
    }
    return this.ends;
  }
}

/** The map's last entry (one past the end of the view) points one past the end of the original. */
function withEnd(view: NormalizedText, originalLength: number): NormalizedText {
  view.toOriginal[view.text.length] = originalLength;
  return view;
}

// ---------------------------------------------------------------------------
// Pass 1: characters.

/** What pass 1 does with one code point: keep it, drop it, or replace it. */
interface Fold {
  /** Replacement ('' drops the character). */
  value: string;
  /** The change hides PII (as opposed to a typographic dash or space). */
  evasive: boolean;
}

const KEEP: Fold | null = null;
const foldCache = new Map<number, Fold | null>();

function isInvisible(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) || // zero-width space, joiners, direction marks
    (cp >= 0x202a && cp <= 0x202e) || // bidirectional embeddings and overrides
    (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
    (cp >= 0x2066 && cp <= 0x206f) || // isolates and deprecated format characters
    cp === 0xfeff ||
    cp === 0x00ad || // soft hyphen
    cp === 0x034f || // combining grapheme joiner
    cp === 0x061c || // Arabic letter mark
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0 || // Hangul fillers
    cp === 0x180e || // Mongolian vowel separator
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    (cp >= 0xe0000 && cp <= 0xe007f) || // tag characters
    (cp >= 0xe0100 && cp <= 0xe01ef) // variation selectors supplement
  );
}

function isCombiningMark(cp: number): boolean {
  return (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f);
}

const ASCII_PRINTABLE = /^[\x21-\x7e]{1,3}$/;
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** The fold of a non-ASCII code point that is not invisible and not a combining mark. */
function foldOf(cp: number): Fold | null {
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  let fold: Fold | null = KEEP;
  if (cp === 0x3000 || cp === 0x00a0 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f) fold = { value: ' ', evasive: false };
  else if ((cp >= 0x2010 && cp <= 0x2015) || cp === 0x2212 || cp === 0xfe58 || cp === 0xfe63 || cp === 0xff0d) fold = { value: '-', evasive: cp === 0xff0d };
  else {
    const ch = String.fromCodePoint(cp);
    const nfkc = ch.normalize('NFKC');
    if (nfkc !== ch && ASCII_PRINTABLE.test(nfkc)) {
      // One letter, digit or "@" is a styled character ("ｊ", "𝐃", "①", "＠"); longer results ("™", "…", "ﬁ") are typography.
      fold = { value: nfkc, evasive: nfkc.length === 1 && /[A-Za-z0-9@]/.test(nfkc) };
    } else if (DECIMAL_DIGIT.test(ch)) {
      fold = { value: String(digitValue(cp)), evasive: true };
    }
  }
  foldCache.set(cp, fold);
  return fold;
}

/** Value of a decimal digit of any script: the digits of each script are ten consecutive code points from 0. */
function digitValue(cp: number): number {
  let first = cp;
  while (first > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(first - 1)) && cp - first < 40) first--;
  return (cp - first) % 10;
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isBlank(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

/** Pass 1: fold compatibility forms, dashes, spaces and foreign digits; drop invisible characters. */
function foldCharacters(original: string): NormalizedText {
  const n = original.length;
  if (!/[^\x00-\x7f]/.test(original)) return new IdentityView(original);
  const change = changeOf(original);
  if (change === NO_CHANGE) return new IdentityView(original);
  if (change !== OTHER_CHANGE) return oneForOne(original, change === EVASIVE_ONE_FOR_ONE);
  // A fold yields at most three characters for one code point.
  const starts = new Int32Array(3 * n + 1);
  const ends = new Int32Array(3 * n);
  const pieces: string[] = [];
  let length = 0;
  let copyFrom = 0;
  let evasive = false;
  /** Last character written to the view. */
  let lastOut = '';
  for (let i = 0; i < n; ) {
    const code = original.charCodeAt(i);
    if (code < 0x80) {
      starts[length] = i;
      ends[length++] = i + 1;
      lastOut = original[i];
      i++;
      continue;
    }
    const cp = original.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    let fold: Fold | null;
    if (isInvisible(cp)) {
      // Evasion when it sits inside a word or number, not a byte-order mark at the start of a file.
      fold = { value: '', evasive: lastOut !== '' && !isBlank(lastOut) && !isBlank(original[i + width]) };
    } else if (isCombiningMark(cp) && lastOut !== '' && isAsciiAlnum(lastOut.charCodeAt(0))) {
      fold = { value: '', evasive: true };
    } else fold = foldOf(cp);
    if (fold === null) {
      for (let k = 0; k < width; k++) {
        starts[length] = i + k;
        ends[length++] = i + k + 1;
      }
      lastOut = original[i + width - 1];
      i += width;
      continue;
    }
    pieces.push(original.slice(copyFrom, i), fold.value);
    for (let k = 0; k < fold.value.length; k++) {
      starts[length] = i;
      ends[length++] = i + width;
    }
    if (fold.value !== '') lastOut = fold.value[fold.value.length - 1];
    evasive ||= fold.evasive;
    i += width;
    copyFrom = i;
  }
  pieces.push(original.slice(copyFrom));
  return { text: pieces.join(''), toOriginal: starts.subarray(0, length + 1), toOriginalEnd: ends.subarray(0, length), evasive };
}

// What pass 1 does to a text (changeOf).
const NO_CHANGE = 0;
/** Only replacements of one BMP character by one character: the offset maps stay the identity. */
const ONE_FOR_ONE = 1;
/** The same, and one of the replacements hides PII. */
const EVASIVE_ONE_FOR_ONE = 2;
/** Drops, expansions or folds of a surrogate pair: the offset maps change. */
const OTHER_CHANGE = 3;

/**
 * What pass 1 would do: most texts with non-ASCII characters hold only ones it keeps (curly
 * quotes, accented letters, bullets), and most others only ones it replaces one for one
 * (typographic dashes and spaces). Same tests, in the same order, as foldCharacters, with the
 * same last character written (a one-for-one fold writes its replacement).
 */
function changeOf(original: string): number {
  const n = original.length;
  let change = NO_CHANGE;
  let last = -1; // code of the last character written (-1: none yet)
  for (let i = 0; i < n; ) {
    const code = original.charCodeAt(i);
    if (code < 0x80) {
      last = code;
      i++;
      continue;
    }
    const cp = original.codePointAt(i)!;
    if (isInvisible(cp)) return OTHER_CHANGE;
    if (isCombiningMark(cp) && last >= 0 && isAsciiAlnum(last)) return OTHER_CHANGE;
    const fold = foldOf(cp);
    const width = cp > 0xffff ? 2 : 1;
    if (fold === null) {
      last = original.charCodeAt(i + width - 1);
    } else {
      if (width !== 1 || fold.value.length !== 1) return OTHER_CHANGE;
      if (fold.evasive) change = EVASIVE_ONE_FOR_ONE;
      else if (change === NO_CHANGE) change = ONE_FOR_ONE;
      last = fold.value.charCodeAt(0);
    }
    i += width;
  }
  return change;
}

/** Pass 1 on a text whose folds are all one BMP character for one (see changeOf): an identity view. */
function oneForOne(original: string, evasive: boolean): NormalizedText {
  const n = original.length;
  const pieces: string[] = [];
  let copyFrom = 0;
  for (let i = 0; i < n; ) {
    const code = original.charCodeAt(i);
    if (code < 0x80) {
      i++;
      continue;
    }
    const cp = original.codePointAt(i)!;
    const fold = cp > 0xffff ? null : foldOf(cp);
    if (fold !== null) {
      pieces.push(original.slice(copyFrom, i), fold.value);
      copyFrom = i + 1;
    }
    i += cp > 0xffff ? 2 : 1;
  }
  pieces.push(original.slice(copyFrom));
  return new IdentityView(pieces.join(''), evasive);
}

// ---------------------------------------------------------------------------
// Pass 2: words (one character for one, so the maps do not change).

let confusables: Map<string, string> | undefined;

/**
 * Non-ASCII letters and digits that imitate one ASCII letter or digit, from the
 * Unicode confusables table shipped by `unhomoglyph`. Latin letters with
 * diacritics (below U+0180) are real letters, and CJK characters are never
 * folded. The case of the source is kept ("І" Cyrillic capital → "I").
 */
function confusableMap(): Map<string, string> {
  if (confusables) return confusables;
  const data = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
  const map = new Map<string, string>();
  const single = /^[A-Za-z0-9]$/;
  for (const [source, target] of Object.entries(data)) {
    if (source.length !== 1) continue;
    const cp = source.charCodeAt(0);
    if ((cp < 0x0180 && cp !== 0x0131) || cp >= 0x2e80 || !/[\p{L}\p{N}]/u.test(source)) continue;
    let value = single.test(target) ? target : undefined;
    const upper = source.toUpperCase();
    if (value === undefined && upper !== source && upper.length === 1 && single.test(data[upper] ?? '')) value = data[upper].toLowerCase();
    if (value === undefined) continue;
    if (/[A-Za-z]/.test(value)) {
      const isUpper = source !== source.toLowerCase();
      const isLower = source !== source.toUpperCase();
      if (isUpper) value = value === 'l' ? 'I' : value.toUpperCase();
      else if (isLower) value = value.toLowerCase();
    }
    map.set(source, value);
  }
  confusables = map;
  const flags = new Uint8Array(0x2e80);
  for (const source of map.keys()) flags[source.charCodeAt(0)] = 1;
  confusableFlags = flags;
  return map;
}

/** confusableFlags[code] = 1 when the character is a key of the confusable map (every key is below U+2E80). */
let confusableFlags: Uint8Array | undefined;
const MAY_BE_LOOKALIKE = /[\u0131\u0180-\u2e7f]/g;

/**
 * True when the text holds a character that has a look-alike fold. Most texts
 * with characters in that range hold only typographic ones (curly quotes,
 * dashes, bullets), which fold to nothing here: the word pass is then skipped,
 * as it would change nothing.
 */
function hasLookalike(text: string): boolean {
  MAY_BE_LOOKALIKE.lastIndex = 0;
  if (!MAY_BE_LOOKALIKE.test(text)) return false;
  confusableMap();
  const flags = confusableFlags!;
  MAY_BE_LOOKALIKE.lastIndex = 0;
  for (let m = MAY_BE_LOOKALIKE.exec(text); m; m = MAY_BE_LOOKALIKE.exec(text)) if (flags[text.charCodeAt(m.index)] === 1) return true;
  return false;
}

const WORD = /[\p{L}\p{N}\p{M}]{1,200}/gu;
const DIGIT_LOOKALIKES = /\d[OoIl]|[OoIl]\d/;
const NUMBER_WITH_LETTERS = /^[0-9OoIl]{3,24}$/;

interface WordInfo {
  start: number;
  text: string;
  /** All letters ASCII (a Latin word). */
  latin: boolean;
  /** Folded form when every non-ASCII letter has a look-alike; undefined otherwise. */
  folded?: string;
  /** Holds an ASCII letter or digit besides the look-alikes. */
  mixed: boolean;
}

const ALL_DIGITS = /^\d{2,}$/;
const NUMBER_JOINT = /^[-./ ]$/;

/** Word `a` is a group of digits joined to position `at` by one separator ("555.", then "Ol82"); or the same looking right. */
function joinedToDigits(text: string, a: WordInfo | number | undefined, b: number | WordInfo | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (typeof a !== 'number') return ALL_DIGITS.test(a.text) && NUMBER_JOINT.test(text.slice(a.start + a.text.length, b as number));
  const next = b as WordInfo;
  return ALL_DIGITS.test(next.text) && NUMBER_JOINT.test(text.slice(a, next.start));
}

/** Pass 2: look-alike letters in Latin context, letters in numbers. */
function foldWords(view: NormalizedText): void {
  const text = view.text;
  // Without a character that has a look-alike fold, no word is folded (the digits rule alone may apply).
  const lookalikes = hasLookalike(text);
  const digits = lookalikes || DIGIT_LOOKALIKES.test(text);
  if (!lookalikes && !digits) return;
  const subs = (lookalikes ? null : numberWordSubs(text)) ?? wordSubs(text, lookalikes ? confusableMap() : undefined, digits);
  if (subs.length === 0) return;
  const pieces: string[] = [];
  let from = 0;
  for (const [at, ch] of subs) {
    pieces.push(text.slice(from, at), ch);
    from = at + 1;
  }
  pieces.push(text.slice(from));
  view.text = pieces.join('');
  view.evasive = true;
}

/** The changes of pass 2, word by word: [position, new character]. */
function wordSubs(text: string, map: Map<string, string> | undefined, digits: boolean): Array<[number, string]> {
  const words: WordInfo[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const w = m[0];
    const info: WordInfo = { start: m.index, text: w, latin: !/[^\x00-\x7f]/.test(w), mixed: false };
    if (!info.latin && map) {
      let out = '';
      let ok = true;
      let changed = false;
      for (const ch of w) {
        const sub = map.get(ch);
        if (sub !== undefined) {
          out += sub;
          changed = true;
        } else if (ch.charCodeAt(0) < 0x80) {
          out += ch;
          info.mixed = true;
        } else {
          ok = false;
          break;
        }
      }
      if (ok && changed) info.folded = out;
    }
    words.push(info);
  }
  const subs: Array<[number, string]> = [];
  for (let k = 0; k < words.length; k++) {
    const info = words[k];
    let w = info.text;
    if (info.folded !== undefined) {
      const besideLatin = (words[k - 1]?.latin && /[A-Za-z]/.test(words[k - 1].text)) || (words[k + 1]?.latin && /[A-Za-z]/.test(words[k + 1].text));
      if (info.mixed || besideLatin) w = info.folded;
    }
    if (digits && NUMBER_WITH_LETTERS.test(w)) {
      const end = info.start + w.length;
      w = asNumber(w, joinedToDigits(text, words[k - 1], info.start) || joinedToDigits(text, end, words[k + 1]));
    }
    if (w === info.text) continue;
    // The folded word has the same length: every look-alike is one BMP character for one.
    for (let j = 0; j < w.length; j++) if (w[j] !== info.text[j]) subs.push([info.start + j, w[j]]);
  }
  return subs;
}

/**
 * A word of digits and the letters O, o, I, l read as a number: "4l5", "448O", "O182" (one letter
 * among digits, or few letters among many digits: "18lo" stays a word); "Ol82" in "4l3.555.Ol82" (up
 * to two letters in a group joined to a group of digits by one separator: `joined`).
 */
function asNumber(w: string, joined: boolean): string {
  const digitCount = w.replace(/\D/g, '').length;
  const letters = w.length - digitCount;
  const inNumber = digitCount >= 1 && letters <= 2 && joined;
  if ((digitCount >= 2 && letters === 1) || (digitCount >= 3 && letters * 2 <= digitCount) || inNumber) return w.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
  return w;
}

const DIGIT_LOOKALIKES_ALL = new RegExp(DIGIT_LOOKALIKES.source, 'g');
/** WORD's bound: a longer run of word characters is cut into several words. */
const WORD_LIMIT = 200;
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

/** `[\p{L}\p{N}\p{M}]` for a code point (-1: none). */
function isWordCharacter(cp: number): boolean {
  if (cp < 0x80) return cp >= 0 && isAsciiAlnum(cp);
  return WORD_CHARACTER.test(String.fromCodePoint(cp));
}

/** Start of the run of word characters that ends at `end`; -1 when it is longer than WORD_LIMIT units. */
function wordStartBefore(text: string, end: number): number {
  let p = end;
  while (p > 0) {
    const lo = text.charCodeAt(p - 1);
    const hi = p >= 2 && lo >= 0xdc00 && lo <= 0xdfff ? text.charCodeAt(p - 2) : 0;
    const pair = hi >= 0xd800 && hi <= 0xdbff;
    if (!isWordCharacter(pair ? (hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000 : lo)) break;
    p -= pair ? 2 : 1;
    if (end - p > WORD_LIMIT) return -1;
  }
  return p;
}

/** End of the run of word characters that starts at `start`; -1 when it is longer than WORD_LIMIT units. */
function wordEndAfter(text: string, start: number): number {
  let p = start;
  while (p < text.length) {
    const cp = text.codePointAt(p)!;
    if (!isWordCharacter(cp)) break;
    p += cp > 0xffff ? 2 : 1;
    if (p - start > WORD_LIMIT) return -1;
  }
  return p;
}

/**
 * Whether a word of digits only is joined by the one separator at `sep` to the word that ends
 * there (`after` false) or starts after it: 1 or 0, or -1 when that run of word characters is
 * longer than WORD_LIMIT (WORD would cut it: see numberWordSubs).
 */
function joinedDigits(text: string, sep: number, after: boolean): number {
  if (sep < 0 || !NUMBER_JOINT.test(text.charAt(sep))) return 0;
  const from = after ? sep + 1 : wordStartBefore(text, sep);
  const to = after ? wordEndAfter(text, sep + 1) : sep;
  if (from < 0 || to < 0) return -1;
  return to > from && ALL_DIGITS.test(text.slice(from, to)) ? 1 : 0;
}

/**
 * wordSubs without look-alike letters, reading only the words it may change: a number written with
 * letters holds a digit next to an O, o, I or l (DIGIT_LOOKALIKES), and the words joined to it by one
 * separator. Each of these words is a whole run of word characters; WORD cuts a run longer than its
 * bound into several words: then null, and every word is read.
 */
function numberWordSubs(text: string): Array<[number, string]> | null {
  const subs: Array<[number, string]> = [];
  DIGIT_LOOKALIKES_ALL.lastIndex = 0;
  for (let m = DIGIT_LOOKALIKES_ALL.exec(text); m; m = DIGIT_LOOKALIKES_ALL.exec(text)) {
    const start = wordStartBefore(text, m.index);
    const end = wordEndAfter(text, m.index);
    if (start < 0 || end < 0 || end - start > WORD_LIMIT) return null;
    DIGIT_LOOKALIKES_ALL.lastIndex = end;
    const word = text.slice(start, end);
    if (!NUMBER_WITH_LETTERS.test(word)) continue;
    const before = joinedDigits(text, start - 1, false);
    const after = joinedDigits(text, end, true);
    if (before < 0 || after < 0) return null;
    const w = asNumber(word, before === 1 || after === 1);
    for (let j = 0; j < w.length; j++) if (w[j] !== word[j]) subs.push([start + j, w[j]]);
  }
  return subs;
}

// ---------------------------------------------------------------------------
// Pass 3: replacements.

/** Single digits separated by single spaces, at least 7 of them. */
const SPACED_DIGITS = /(?<!\d)(?<!\d )\d(?: \d){6,}(?!\d)/g;
const SEVEN_SPACED_DIGITS = /\d \d \d \d \d \d \d/;

/** Pass 3c: the spaces of "4 1 3 5 5 5 0 1 8 2"; each digit keeps its own original position. */
function spacedDigitGaps(text: string): Replacement[] {
  // The look-behinds make SPACED_DIGITS slow to scan with: most texts lack seven spaced digits at all.
  if (!SEVEN_SPACED_DIGITS.test(text)) return [];
  const out: Replacement[] = [];
  SPACED_DIGITS.lastIndex = 0;
  for (let m = SPACED_DIGITS.exec(text); m; m = SPACED_DIGITS.exec(text)) {
    for (let k = m.index + 1; k < m.index + m[0].length; k += 2) out.push({ start: k, end: k + 1, value: '' });
  }
  return out;
}

/** An address written one character at a time: "j a n e . d o e @ g m a i l . c o m". */
const SPACED_OUT_EMAIL = /(?<!\S)[\p{L}\p{N}._%+-](?: [\p{L}\p{N}._%+-]){1,63} @ [\p{L}\p{N}](?: [\p{L}\p{N}.-]){3,120}(?!\S)/gu;
const EMAIL_SHAPE = /^[^@]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,24}$/u;

/**
 * False only where SPACED_OUT_EMAIL cannot match: it needs a " @ " with "x " before it (two characters
 * of the name part at least) and " y " after it (the domain goes on one character at a time).
 */
function mayBeSpacedOut(text: string): boolean {
  for (let at = text.indexOf(' @ '); at !== -1; at = text.indexOf(' @ ', at + 1)) {
    // A character of the address may be a surrogate pair (two units): then the expression decides.
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at + 3);
    if ((before >= 0xd800 && before <= 0xdfff) || (after >= 0xd800 && after <= 0xdfff)) return true;
    if (at >= 2 && text.charCodeAt(at - 2) === 32 && text.charCodeAt(at + 4) === 32) return true;
  }
  return false;
}

/** Pass 3d: the blanks of a spaced-out address. */
function spacedOutEmails(text: string): Replacement[] {
  if (!mayBeSpacedOut(text)) return [];
  const out: Replacement[] = [];
  SPACED_OUT_EMAIL.lastIndex = 0;
  for (let m = SPACED_OUT_EMAIL.exec(text); m; m = SPACED_OUT_EMAIL.exec(text)) {
    if (!EMAIL_SHAPE.test(m[0].replace(/ /g, ''))) continue;
    for (let k = m.index; k < m.index + m[0].length; k++) if (text[k] === ' ') out.push({ start: k, end: k + 1, value: '' });
  }
  return out;
}

/** A hyphen at a line end between two lower-case letters: "exam-\nple.com", "Kowal-\nczyk" (not "-ABC-\nhttp://..."). */
const LINE_BREAK_HYPHEN = /(?<=\p{Ll})-[ \t]{0,3}\r?\n[ \t]{0,3}(?=\p{Ll})(?!https?:|www\.)/gu;

/** Pass 3b: join words broken at a line end. */
function lineBreakHyphens(text: string): Replacement[] {
  if (!text.includes('-\n') && !/-[ \t]{0,3}\r?\n/.test(text)) return [];
  const out: Replacement[] = [];
  LINE_BREAK_HYPHEN.lastIndex = 0;
  for (let m = LINE_BREAK_HYPHEN.exec(text); m; m = LINE_BREAK_HYPHEN.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, value: '' });
  return out;
}

// Blanks around an "@" or a dot of an obfuscated address: up to three, and at most one line break.
const GAP = '[ \\t]{0,3}(?:\\r?\\n[ \\t]{0,3})?';
// ".", "." and a line break, " . " (blanks on both sides: "com. Then" is a sentence end), "[dot]", "(.)", " dot ", "%2E".
const DOT_SEP = `(?:\\.(?:\\r?\\n[ \\t]{0,3})?|[ \\t]{1,2}\\.[ \\t]{1,2}|[ \\t]{0,2}[\\[({<][ \\t]{0,2}(?:dot|\\.)[ \\t]{0,2}[\\])}>]${GAP}|[ \\t]{1,2}dot[ \\t]{1,2}|%2e)`;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const LOCAL_LABEL = '[\\p{L}\\p{N}_%+\\-]{1,64}';
/** "(at)", "[@]", "%40", "@", the word "at", each with the blanks around it. */
export const AT_FORM = new RegExp(`${GAP}(?:[\\[({<][ \\t]{0,2}(?:at|@)[ \\t]{0,2}[\\])}>]|%40|@|(?<![\\p{L}\\p{N}])at(?![\\p{L}\\p{N}]))${GAP}`, 'giu');
/**
 * The "@" form of AT_FORM without the blanks around it: the scan looks for
 * these cores and adds the blanks by hand (atFormMatches). With the blanks
 * first, V8 tried the whole pattern at every position of the text.
 */
const AT_CORE = /[\[({<][ \t]{0,2}(?:at|@)[ \t]{0,2}[\])}>]|%40|@|(?<![\p{L}\p{N}])at(?![\p{L}\p{N}])/giu;

const isGapBlank = (c: number): boolean => c === 32 || c === 9;

/**
 * The matches of AT_FORM (global, from the start), found from their cores:
 * every core needs a non-blank first character, so a match starts in the run
 * of blanks right before its core (at the earliest position whose blanks GAP
 * accepts, and not before the end of the previous match), and GAP after the
 * core is greedy.
 */
export function atFormMatches(text: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  let from = 0; // lastIndex of the global loop
  AT_CORE.lastIndex = 0;
  for (let m = AT_CORE.exec(text); m; m = AT_CORE.exec(text)) {
    const core = m.index;
    // Blanks before: up to three, then a line break ("\n" or "\r\n") and up to three more.
    let p = core;
    for (let k = 0; k < 3 && p - 1 >= from && isGapBlank(text.charCodeAt(p - 1)); k++) p--;
    if (p - 1 >= from && text.charCodeAt(p - 1) === 10) {
      p--;
      if (p - 1 >= from && text.charCodeAt(p - 1) === 13) p--;
      for (let k = 0; k < 3 && p - 1 >= from && isGapBlank(text.charCodeAt(p - 1)); k++) p--;
    }
    // Blanks after, greedy.
    let end = core + m[0].length;
    for (let k = 0; k < 3 && isGapBlank(text.charCodeAt(end)); k++) end++;
    const nl = text.charCodeAt(end) === 10 ? 1 : text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 0;
    if (nl > 0) {
      end += nl;
      for (let k = 0; k < 3 && isGapBlank(text.charCodeAt(end)); k++) end++;
    }
    out.push({ index: p, value: text.slice(p, end) });
    from = end;
    AT_CORE.lastIndex = end;
  }
  return out;
}

/** The domain after an "@" form: labels joined by dot forms, then a top-level domain. */
const DOMAIN_AFTER = new RegExp(`^(?:${LABEL}${DOT_SEP}){1,8}(\\p{L}{2,24})(?![\\p{L}\\p{N}]|\\.[\\p{L}\\p{N}])`, 'iu');
/** The name part before an "@" form: labels joined by dot forms. */
const LOCAL_BEFORE = new RegExp(`(?:^|[^\\p{L}\\p{N}._%+\\-])((?:${LOCAL_LABEL}${DOT_SEP}){0,6}${LOCAL_LABEL})$`, 'iu');
const DOT_SEP_GLOBAL = new RegExp(DOT_SEP, 'giu');
/** Words before " at " that are never the name part of an address ("email me at ..."). */
const NOT_A_LOCAL_PART: ReadonlySet<string> = new Set(['me', 'us', 'you', 'him', 'her', 'them', 'it', 'this', 'that', 'home', 'work', 'school', 'look', 'looking', 'be', 'is', 'are', 'was', 'were', 'arrive', 'arrived', 'stay', 'meet', 'met', 'here', 'there', 'up', 'out', 'in', 'on', 'or', 'and', 'email', 'mail', 'e-mail', 'write', 'reach', 'contact', 'message']);

let tlds: ReadonlySet<string> | undefined;
let providers: ReadonlySet<string> | undefined;

function commonTlds(): ReadonlySet<string> {
  tlds ??= new Set(readDataLines('contact/common-tlds.txt').map((l) => l.toLowerCase()));
  return tlds;
}

function mailProviders(): ReadonlySet<string> {
  providers ??= new Set(readDataLines('contact/email-providers.txt').map((l) => l.toLowerCase()));
  return providers;
}

/** Dot forms other than a plain "." inside a part of an address, as replacements by ".". */
function dotReplacements(part: string, offset: number, out: Replacement[]): boolean {
  let any = false;
  DOT_SEP_GLOBAL.lastIndex = 0;
  for (let m = DOT_SEP_GLOBAL.exec(part); m; m = DOT_SEP_GLOBAL.exec(part)) {
    if (m[0] === '.') continue;
    out.push({ start: offset + m.index, end: offset + m.index + m[0].length, value: '.' });
    any = true;
  }
  return any;
}

const isBlankCode = (c: number): boolean => c === 32 || c === 9;
const isOpening = (c: number): boolean => c === 91 || c === 40 || c === 123 || c === 60; // [ ( { <
const isClosing = (c: number): boolean => c === 93 || c === 41 || c === 125 || c === 62; // ] ) } >

/**
 * False only where DOMAIN_AFTER cannot match at `end`. Its first label is letters, digits and
 * hyphens (up to 63) and ends right before a dot form, whose first character is a ".", a blank, an
 * opening bracket or "%": so the first of those characters after `end` must be that dot form's start,
 * i.e. ".", "%", an opening bracket, or up to two blanks then ".", an opening bracket or "dot".
 */
function mayStartDomain(text: string, end: number): boolean {
  let p = end;
  const limit = Math.min(text.length, end + 64);
  for (; p < limit; p++) {
    const c = text.charCodeAt(p);
    if (c === 46 || c === 37 || isBlankCode(c) || isOpening(c)) break;
  }
  if (p === end || p === limit) return false;
  const c = text.charCodeAt(p);
  if (!isBlankCode(c)) return true;
  let q = p + 1;
  if (isBlankCode(text.charCodeAt(q))) q++;
  const d = text.charCodeAt(q);
  return d === 46 || isOpening(d) || d === 100 || d === 68; // ".", a bracket, "d" or "D" of "dot"
}

/**
 * False only where neither the name part before `start` nor the domain after `end` can hold a dot
 * form other than a plain "." (what dotReplacements finds): an "@" with no blanks around it is then a
 * plain address. In the domain, the first dot form other than "." follows letters, digits, hyphens and
 * plain dots, and starts with a blank, an opening bracket, "%", or is a "." before a line break; in the
 * name part, the last one ends with a blank, a closing bracket or a line break, or holds a "%" ("%2e").
 */
function mayHoldDotForm(text: string, start: number, end: number): boolean {
  const limit = Math.min(text.length, end + 300);
  for (let p = end; p < limit; p++) {
    const c = text.charCodeAt(p);
    if (c === 37 || isOpening(c)) return true;
    if (c === 10 || c === 13) {
      if (text.charCodeAt(p - 1) === 46 && mayGoOnAfterBreak(text, p, limit)) return true;
      break;
    }
    if (isBlankCode(c)) {
      let q = p + 1;
      if (isBlankCode(text.charCodeAt(q))) q++;
      const d = text.charCodeAt(q);
      if (d === 46 || isOpening(d) || d === 100 || d === 68) return true;
      break;
    }
  }
  const floor = Math.max(0, start - 160);
  for (let p = start - 1; p >= floor; p--) {
    const c = text.charCodeAt(p);
    if (c === 37 || isClosing(c) || c === 10 || c === 13) return true;
    if (isBlankCode(c)) {
      let q = p - 1;
      for (let k = 0; k < 2 && q >= 0 && isBlankCode(text.charCodeAt(q)); k++) q--;
      const d = q >= 0 ? text.charCodeAt(q) : -1;
      return d === 46 || d === 116 || d === 84 || isClosing(d) || d === 10 || d === 13; // ".", "t" or "T" of "dot"
    }
  }
  return false;
}

/**
 * After a "." and a line break at `p` (an address at the end of a sentence and a line, mostly), false
 * only where an address whose domain runs on past the break would be turned down. Such a domain
 * has a dot with a blank after it, so it needs a common top-level domain written in one case; the
 * first word of the next line is that top-level domain unless a dot form follows it. `limit`: the end
 * of the window the domain is read in.
 */
function mayGoOnAfterBreak(text: string, p: number, limit: number): boolean {
  let q = p;
  if (text.charCodeAt(q) === 13) q++;
  if (text.charCodeAt(q) !== 10) return false;
  q++;
  for (let k = 0; k < 3 && isBlankCode(text.charCodeAt(q)); k++) q++;
  // The domain is read in a window ending at `limit`: a word cut there ends there.
  let letters = q;
  while (letters < limit && isAsciiLetter(text.charCodeAt(letters))) letters++;
  // The label there: letters, digits and hyphens (letters of other scripts: leave it to the expressions).
  let r = letters;
  for (; r < limit; r++) {
    const c = text.charCodeAt(r);
    if (c >= 128) return true;
    if (!isAsciiAlnum(c) && c !== 45) break;
  }
  if (r === q) return false;
  const c = text.charCodeAt(r);
  if (c === 46 || c === 37 || isOpening(c)) return true;
  if (isBlankCode(c)) {
    let b = r + 1;
    if (isBlankCode(text.charCodeAt(b))) b++;
    const d = text.charCodeAt(b);
    if (d === 46 || isOpening(d) || d === 100 || d === 68) return true;
  }
  // No dot form after it: the domain ends with the letters there as its top-level domain (not followed by a digit).
  const next = text.charCodeAt(letters);
  if (letters < limit && next >= 48 && next <= 57) return false;
  const word = text.slice(q, letters);
  const tld = word.toLowerCase();
  return word.length >= 2 && word.length <= 24 && commonTlds().has(tld) && (word === tld || word === tld.toUpperCase());
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Pass 3a: obfuscated e-mail addresses. A bracketed "at" or "@" and "%40" are
 * taken whenever a name part and a domain surround them. An "@" with blanks
 * around it needs a common top-level domain or a known mail provider. The word
 * "at" needs an obfuscated domain ("gmail dot com") ending in a common
 * top-level domain, or a real domain of a known mail provider or a name part
 * that is not a plain word ("jdoe88 at outlook.com"): "visit us at acme.com"
 * stays prose.
 */
function emailObfuscations(text: string): Replacement[] {
  if (!/@|%40|\bat\b|\bAT\b|\[|\(|\{|</i.test(text)) return [];
  const out: Replacement[] = [];
  let lastEnd = -1;
  for (const m of atFormMatches(text)) {
    const start = m.index;
    const end = start + m.value.length;
    if (start < lastEnd) continue;
    const form = m.value.trim().toLowerCase();
    const blanks = form.length !== m.value.length;
    const kind = form === '@' ? 'sign' : form === 'at' ? 'word' : 'bracket';
    if (kind === 'word' && (!blanks || !/^(?:at|AT)$/.test(m.value.trim()))) continue;
    // Cheap tests that the expressions below could accept: most "at" words are prose ("at the door")
    // and most "@" signs stand in plain addresses, which are left as they are.
    if (!mayStartDomain(text, end)) continue;
    if (kind === 'sign' && !blanks && !mayHoldDotForm(text, start, end)) continue;
    // The domain first: anchored at its start, it fails fast on prose ("at the door").
    const domain = DOMAIN_AFTER.exec(text.slice(end, end + 300));
    if (!domain) continue;
    const local = LOCAL_BEFORE.exec(text.slice(Math.max(0, start - 160), start));
    if (!local) continue;
    const localText = local[1];
    const tld = domain[1].toLowerCase();
    const firstLabel = domain[0].split(/[\s.[\](){}<>]/, 1)[0].toLowerCase();
    const parts: Replacement[] = [];
    const localStart = start - localText.length;
    const obfuscatedLocal = dotReplacements(localText, localStart, parts);
    const obfuscatedDomain = dotReplacements(domain[0], end, parts);
    // A top-level domain after a dot with blanks or a line break is written in lower case (or all capitals) and is a common one.
    const spacedDot = /[.][\s]|\s[.]/.test(domain[0]);
    const knownTld = commonTlds().has(tld) && (!spacedDot || domain[1] === tld || domain[1] === tld.toUpperCase());
    if (spacedDot && !knownTld) continue;
    const wordy = NOT_A_LOCAL_PART.has(localText.toLowerCase());
    // "www . example . com" is a web address, not the domain of a mailbox.
    if (firstLabel === 'www') continue;
    let accept: boolean;
    if (kind === 'bracket') accept = !wordy || obfuscatedDomain;
    else if (kind === 'sign') accept = (blanks || obfuscatedDomain || obfuscatedLocal) && !wordy && (knownTld || mailProviders().has(firstLabel));
    // The word "at" after a plain English word ("read at ...") needs a known mail provider.
    else if (obfuscatedDomain) accept = knownTld && !wordy && (obfuscatedLocal || !isEnglishWord(localText.toLowerCase()) || /[0-9_%+]/.test(localText) || mailProviders().has(firstLabel));
    else accept = knownTld && !wordy && (mailProviders().has(firstLabel) || /[0-9_.%+]/.test(localText));
    if (!accept) continue;
    if (kind !== 'sign' || blanks) out.push({ start, end, value: '@' });
    out.push(...parts);
    lastEnd = end + domain[0].length;
  }
  return out;
}
