import type { Candidate } from '../../../types.js';
import type { Label } from '../../../taxonomy.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { paymentCardValid } from '../../validators/payment-card.js';
import { itinValid, ssnValid } from '../../validators/us-tax-ids.js';
import { phoneCueBefore } from '../contact/phone.js';
import { SSN_CUE } from '../ids/ssn.js';
import { notLetterOrDigitBefore } from '../address/chars.js';

/**
 * Phone, Social Security and card numbers written to slip past the plain
 * recognizers: digits in words ("four one three, five five five, zero one
 * eight two", "4one3-555-01eight2", "triple five", "eighty-two", "one eight
 * hundred"), digits split by separators of any kind ("/", "\\", "_", "|", "·",
 * "•", "~", tabs, line breaks, dots, blanks around dots, " dash "), or grouped
 * in pairs or odd groups ("41 47 20 31 ...", "4 1 3 - 5 5 5 - 0 1 8 2").
 *
 * A run of digit groups and digit words is read on the normalised view
 * (full-width digits, zero-width characters and spaced single digits are
 * already folded there), and windows of it are checked:
 *  - without a cue: a Luhn-valid card number with an issuer range; a NANP
 *    phone number with a three-digit area code and groups of two or more
 *    (3-3-4, 3-3-2-2 ...), or spoken in words, or digits and words mixed; an
 *    international number spoken after "plus"; an SSN grouped 3-2-4 with one
 *    separator that is not a blank or a dot. The window must be a whole run,
 *    or set apart from its neighbours by a different separator;
 *  - after a cue ("SSN", "social", "card", "phone", "call"...; no other number
 *    between): any grouping of a valid SSN, card or NANP phone number, and a
 *    spoken local or trunk-0 national number.
 * Counting ("one two three four five ...") and clock times are no numbers to
 * redact. Numbers a plain recognizer reads as written (only blanks, "-", "."
 * and brackets between groups of two or more digits, nothing folded) are left
 * to it, so its judgement (for example an identifier label attached to a
 * phone-shaped number) stands.
 */

const UNITS: Record<string, string> = {
  zero: '0', oh: '0', o: '0', nought: '0', nil: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
};
const TEENS: Record<string, string> = {
  ten: '10', eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17', eighteen: '18', nineteen: '19',
};
const TENS: Record<string, string> = { twenty: '2', thirty: '3', forty: '4', fifty: '5', sixty: '6', seventy: '7', eighty: '8', ninety: '9' };
const WORD_ITEM = [...Object.keys(TEENS), ...Object.keys(TENS), ...Object.keys(UNITS), 'hundred', 'double', 'triple'].sort((a, b) => b.length - a.length).join('|');
// What may separate two items: blanks, up to two separator characters of any kind (each with blanks), one
// line break; or a spoken separator ("four one three dash five five five").
const GAP =
  '(?:[ \\t]{1,3}(?:dash|hyphen|dot|point|slash|space)[ \\t]{1,3}|[ \\t]{0,3}(?:[^\\p{L}\\p{N}\\s@%$\\u20AC\\u00A3\\u00A5][ \\t]{0,3}){0,2}(?:\\r?\\n[ \\t]{0,3})?)';
const ITEM = `(?:\\d{1,19}(?!\\d)|(?:${WORD_ITEM})(?![a-z]))`;
/**
 * A run of items, with an optional "+", "plus" or "(" before it (one item is
 * enough: "4 1 4 7 ..." is one group in the view). Items cannot overlap gaps,
 * and a word item cannot be followed by a letter, so matching is linear.
 */
export const RUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:(?:plus|\\+)[ \\t]{0,2})?\\(?${ITEM}(?:${GAP}${ITEM}){0,40}`, 'giu');
/** RUN without its leading look-behind, sticky: tried only where a run can start (runMatches). */
const RUN_AT = new RegExp(`(?:(?:plus|\\+)[ \\t]{0,2})?\\(?${ITEM}(?:${GAP}${ITEM}){0,40}`, 'iuy');

/**
 * Characters a run can start with: "+", "(", an ASCII digit, or the first
 * letter of "plus" or of a digit word in either case; with the i and u flags
 * "s" also matches "ſ" (U+017F).
 */
const MAY_START_RUN = (() => {
  const table = new Uint8Array(128);
  for (const c of '+(0123456789') table[c.charCodeAt(0)] = 1;
  for (const w of [...WORD_ITEM.split('|'), 'plus']) {
    table[w.charCodeAt(0)] = 1;
    table[w.toUpperCase().charCodeAt(0)] = 1;
  }
  return table;
})();
const LONG_S = MAY_START_RUN[115] === 1;

const DIGIT_WORDS: ReadonlySet<string> = new Set(WORD_ITEM.split('|'));

/** The digit words and "plus" as a trie over a-z: next[node * 26 + letter] (or -1), and what ends at each node. */
const WORD_TRIE = (() => {
  const next: number[] = new Array(26).fill(-1);
  const ends: number[] = [0]; // 1: a digit word ends here; 2: "plus" ends here
  const add = (word: string, mark: number) => {
    let node = 0;
    for (let k = 0; k < word.length; k++) {
      const slot = node * 26 + word.charCodeAt(k) - 97;
      if (next[slot] < 0) {
        next[slot] = ends.length;
        ends.push(0);
        for (let l = 0; l < 26; l++) next.push(-1);
      }
      node = next[slot];
    }
    ends[node] |= mark;
  };
  for (const w of DIGIT_WORDS) add(w, 1);
  add('plus', 2);
  return { next: Int32Array.from(next), ends: Uint8Array.from(ends) };
})();

/** A letter as `[a-z]` with the i and u flags sees it: ASCII letters, "ſ" and the Kelvin sign. */
function isItemLetter(c: number): boolean {
  // (c | 32) folds "A"-"Z" onto "a"-"z" and takes no other ASCII code there.
  return c < 128 ? ((c | 32) - 97) >>> 0 < 26 : c === 0x17f || c === 0x212a;
}

/**
 * Can a run start with the word text[i, j) (a maximal run of item letters)?
 * A word item is followed by no letter, so it is the whole word, compared
 * without case ("ſ" reads "s", the Kelvin sign "k"); "plus" may be followed by
 * more ("plusone"), so a word starting with it is always tried.
 */
function mayStartWithWord(text: string, i: number, j: number): boolean {
  let node = 0;
  for (let k = i; k < j; k++) {
    let c = text.charCodeAt(k);
    c = c === 0x17f ? 115 : c === 0x212a ? 107 : c | 32;
    node = WORD_TRIE.next[node * 26 + c - 97];
    if (node < 0) return false;
    if (WORD_TRIE.ends[node] === 2) return true; // "plus…"
  }
  return (WORD_TRIE.ends[node] & 1) === 1;
}

/**
 * The matches of RUN (global, from the start): the sticky pattern is tried
 * only at characters that can start a run and pass the look-behind, and at a
 * word only when it is a digit word or starts with "plus". V8 tried the whole
 * alternation of digit words at every position of the text.
 */
export function runMatches(view: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  const bounds = runBounds(view);
  for (let k = 0; k < bounds.length; k += 2) out.push({ index: bounds[k], value: view.slice(bounds[k], bounds[k + 1]) });
  return out;
}

/** runMatches as start and end offsets, two by two: no match array, no substring per run (most runs are one short number). */
function runBounds(view: string): number[] {
  const out: number[] = [];
  const n = view.length;
  let i = 0;
  while (i < n) {
    const c = view.charCodeAt(i);
    if (isItemLetter(c)) {
      let j = i + 1;
      while (j < n && isItemLetter(view.charCodeAt(j))) j++;
      // Inside the word the look-behind fails (every item letter is a letter): skip to its end.
      if (!(mayStartRun(c) && notLetterOrDigitBefore(view, i) && mayStartWithWord(view, i, j))) {
        i = j;
        continue;
      }
    }
    if (mayStartRun(c) && notLetterOrDigitBefore(view, i)) {
      RUN_AT.lastIndex = i;
      // test() leaves lastIndex at the end of the match.
      if (RUN_AT.test(view) && RUN_AT.lastIndex > i) {
        out.push(i, RUN_AT.lastIndex);
        i = RUN_AT.lastIndex;
        continue;
      }
    }
    i++;
  }
  return out;
}

const mayStartRun = (c: number): boolean => (c < 128 ? MAY_START_RUN[c] === 1 : c === 0x17f && LONG_S);
const ITEM_AT = new RegExp(ITEM, 'iy');

const CARD_CUE = /\b(?:card|visa|master[ \t]?card|amex|american[ \t]express|discover|maestro|debit|credit|cc)\b/i;

interface Item {
  start: number;
  end: number;
  digits: string;
  word: boolean;
}

interface Window {
  from: number;
  to: number;
}

type Kind = 'phone' | 'ssn' | 'card';

const LABEL: Record<Kind, Label> = { phone: 'CONTACT', ssn: 'ID_NUMBER', card: 'FINANCIAL' };

interface Raw {
  start: number;
  end: number;
  word: string;
}

function parseItems(text: string, runStart: number, runEnd: number): Item[] {
  const raw: Raw[] = [];
  let pos = runStart;
  while (pos < runEnd) {
    ITEM_AT.lastIndex = pos;
    const m = ITEM_AT.exec(text);
    if (!m || m.index >= runEnd) {
      pos++;
      continue;
    }
    raw.push({ start: m.index, end: m.index + m[0].length, word: m[0].toLowerCase() });
    pos = m.index + m[0].length;
  }
  return spoken(text, raw);
}

/**
 * Digits of spoken items: "five" 5, "fifteen" 15, "fifty" 50 or with a unit
 * after it "fifty-five" 55, "double five" 55, "triple five" 555, "eight hundred"
 * 800, "five hundred fifty" 550.
 */
function spoken(text: string, raw: Raw[]): Item[] {
  const out: Item[] = [];
  for (let k = 0; k < raw.length; k++) {
    const r = raw[k];
    const w = r.word;
    const next = raw[k + 1];
    const joined = next !== undefined && joinedItems(text, r.end, next.start);
    if (isAsciiDigit(w.charCodeAt(0))) out.push({ start: r.start, end: r.end, digits: w, word: false });
    else if (w in UNITS) out.push({ start: r.start, end: r.end, digits: UNITS[w], word: true });
    else if (w in TEENS) out.push({ start: r.start, end: r.end, digits: TEENS[w], word: true });
    else if (w in TENS) {
      if (joined && next.word in UNITS && UNITS[next.word] !== '0') {
        out.push({ start: r.start, end: next.end, digits: TENS[w] + UNITS[next.word], word: true });
        k++;
      } else out.push({ start: r.start, end: r.end, digits: TENS[w] + '0', word: true });
    } else if (w === 'hundred') {
      const prev = out[out.length - 1];
      if (!prev || !prev.word || prev.digits.length !== 1) return out;
      // In a phone number "eight hundred" is 800 whatever follows; "five hundred fifty" is 550.
      const rest = next && joined && (next.word in TENS || next.word in TEENS) ? '' : '00';
      prev.digits += rest;
      prev.end = r.end;
    } else if (w === 'double' || w === 'triple') {
      if (!next || !(next.word in UNITS)) return out;
      out.push({ start: r.start, end: next.end, digits: UNITS[next.word].repeat(w === 'double' ? 2 : 3), word: true });
      k++;
    }
  }
  return out;
}

/** `/^[ \t-]?$/` on text[end, start): nothing, or one blank or hyphen, between two items. */
function joinedItems(text: string, end: number, start: number): boolean {
  if (start === end) return true;
  if (start !== end + 1) return false;
  const c = text.charCodeAt(end);
  return c === 32 || c === 9 || c === 45;
}

const isAsciiDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Does the gap between two items start a new group? Digit words joined by a blank or a hyphen stay in one group. */
function splits(gap: string, prev: Item, next: Item): boolean {
  if (gap === '') return false;
  return !(prev.word && next.word && (gap === ' ' || gap === '-'));
}

function nanpOk(d: string): boolean {
  if (d.length === 11 && d[0] === '1') d = d.slice(1);
  return d.length === 10 && d[0] >= '2' && d[3] >= '2';
}

export function numberRunRecognizer(): Recognizer {
  return {
    name: 'number-runs',
    labels: ['CONTACT', 'ID_NUMBER', 'FINANCIAL'],
    detect(ctx: DetectionContext): Candidate[] {
      const view = ctx.normalized.text;
      const out: Candidate[] = [];
      const runs = runBounds(view);
      for (let k = 0; k < runs.length; k += 2) {
        const start = runs[k];
        const end = runs[k + 1];
        // An item has no more digits than characters, all of them letters or digits: a run with fewer cannot hold seven.
        if (end - start < 7 || alnumCount(view, start, end) < 7) continue;
        const items = parseItems(view, start, end);
        if (items.length === 0) continue;
        let total = 0;
        for (const it of items) total += it.digits.length;
        if (total < 7) continue;
        judgeRun(ctx, view, items, start, out);
      }
      return out;
    },
  };
}

/** ASCII letters and digits in text[start, end) (with "ſ" and the Kelvin sign, which items may hold). */
function alnumCount(text: string, start: number, end: number): number {
  let n = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if ((c >= 48 && c <= 57) || isItemLetter(c)) n++;
  }
  return n;
}

function judgeRun(ctx: DetectionContext, view: string, items: Item[], runStart: number, out: Candidate[]): void {
  const n = items.length;
  const gaps: string[] = new Array(n).fill('');
  const boundary: boolean[] = new Array(n + 1).fill(true);
  for (let k = 1; k < n; k++) gaps[k] = view.slice(items[k - 1].end, items[k].start);
  // "4 1 3 - 5 5 5 - 0 1 8 2": where another separator marks the groups, a single blank joins single digits.
  const otherGap = gaps.some((g, k) => k > 0 && g !== ' ' && g !== '');
  for (let k = 1; k < n; k++) {
    const spacedDigit = otherGap && gaps[k] === ' ' && items[k - 1].digits.length === 1 && items[k].digits.length === 1;
    boundary[k] = !spacedDigit && splits(gaps[k], items[k - 1], items[k]);
  }
  let from = 0;
  while (from < n) {
    // A window can start at the run's start, after a word (a cue may stand there), or where the separator
    // changes (a window inside a run must be set apart by its separators): "1/1/1/..." is tried once.
    const mayStart = from === 0 || items[from - 1].word || from === n - 1 || gaps[from] !== gaps[from + 1];
    if (!boundary[from] || !mayStart) {
      from++;
      continue;
    }
    const found = longestWindow(ctx, view, items, gaps, boundary, from, from === 0 && /\+|plus/i.test(view.slice(runStart, items[0].start)));
    if (!found) {
      from++;
      continue;
    }
    const [to, kind, score] = found;
    // A "+", "plus" or an opening bracket right before the first item belongs to the number: "(four one three) ...".
    let startView = items[from].start;
    if (from === 0 && runStart < startView) startView = runStart;
    let endView = items[to].end;
    if (view[endView] === ')' && view.slice(startView, endView).includes('(')) endView++;
    const [start, end] = ctx.fromNormalized(startView, endView);
    out.push({ start, end, label: LABEL[kind], score, source: 'number-runs' });
    from = to + 1;
  }
}

function longestWindow(
  ctx: DetectionContext,
  view: string,
  items: Item[],
  gaps: string[],
  boundary: boolean[],
  from: number,
  plus: boolean,
): [number, Kind, number] | null {
  const n = items.length;
  let digits = '';
  const ends: Array<[number, string]> = [];
  for (let to = from; to < n && digits.length <= 19; to++) {
    digits += items[to].digits;
    if (boundary[to + 1] && digits.length >= 7 && digits.length <= 19) ends.push([to, digits]);
  }
  if (ends.length === 0) return null;
  // A cue must be the last thing before the number: after a digit group of the same run there is none.
  // The cues are read on first need (most windows are decided before: no kind, or read as written).
  let cueSet: ReadonlySet<Kind | 'id'> | undefined;
  const cuesOf = (): ReadonlySet<Kind | 'id'> => {
    if (cueSet === undefined) {
      const [cueStart] = ctx.fromNormalized(items[from].start, items[from].start + 1);
      cueSet = from === 0 || items[from - 1].word ? cueKinds(ctx, cueStart) : NO_CUES;
    }
    return cueSet;
  };
  for (let e = ends.length - 1; e >= 0; e--) {
    const [to, d] = ends[e];
    const w: Window = { from, to };
    const kind = classify(d);
    if (!kind || counting(items, w)) continue;
    if (readAsWritten(ctx, view, items, gaps, w, kind, () => cuesOf().has(kind))) continue;
    const cues = cuesOf();
    const inWindow = items.slice(from, to + 1);
    const spokenWords = inWindow.some((it) => it.word);
    if (cues.has(kind)) {
      if (kind === 'phone' && (!phoneLengthOk(d, spokenWords, plus) || timeLike(gaps, w))) continue;
      return [to, kind, 0.95];
    }
    if (cues.has('id') && kind === 'phone') continue;
    if (!setApart(items, gaps, w)) continue;
    const groups = groupLengths(items, boundary, w);
    if (kind === 'card') return [to, kind, 0.9];
    // Blanks or dots between the groups of an SSN-shaped number need the cue (the plain recognizer's rule).
    if (kind === 'ssn' && groups === '3-2-4' && uniformGaps(gaps, boundary, w) && !/^[ .]$/.test(firstGroupGap(gaps, boundary, w))) return [to, kind, 0.85];
    if (kind !== 'phone' || timeLike(gaps, w)) continue;
    // Digits and digit words mixed in one number ("4 one 3 5 5 5 ..."), or all in words, are their own evidence.
    const mixed = spokenWords && inWindow.some((it) => !it.word);
    if (nanpOk(d) && (phoneGroups(groups) || mixed || inWindow.every((it) => it.word))) return [to, kind, 0.85];
    if (plus && spokenWords && d.length >= 11 && d.length <= 13) return [to, kind, 0.85];
  }
  return null;
}

/** An area code of three digits, then groups of two or more: "3-3-4", "1-3-3-4", "3-3-2-2", "3-7". */
function phoneGroups(groups: string): boolean {
  const lengths = groups.split('-').map(Number);
  if (lengths[0] === 1) lengths.shift();
  return lengths.length >= 2 && lengths[0] === 3 && lengths.slice(1).every((l) => l >= 2);
}

function classify(d: string): Kind | null {
  if (d.length >= 13 && paymentCardValid(d)) return 'card';
  if (d.length === 9 && (ssnValid(d) || itinValid(d))) return 'ssn';
  if (d.length >= 7 && d.length <= 15) return 'phone';
  return null;
}

/**
 * With a phone cue: a NANP number; spoken in words, also a local US number, a
 * national number with a trunk 0 ("oh seven seven double oh ...") or an
 * international one after "plus".
 */
function phoneLengthOk(d: string, spoken: boolean, plus: boolean): boolean {
  if (nanpOk(d)) return true;
  if (!spoken) return false;
  if (plus) return d.length >= 11 && d.length <= 13;
  return (d.length === 7 && d[0] >= '2') || (d[0] === '0' && d.length >= 10 && d.length <= 11);
}

const NO_CUES: ReadonlySet<Kind | 'id'> = new Set();

/** Which kinds of number the words right before the window announce. */
function cueKinds(ctx: DetectionContext, start: number): ReadonlySet<Kind | 'id'> {
  const out = new Set<Kind | 'id'>();
  const before = ctx.text.slice(Math.max(0, start - 40), start);
  // The label must be the last thing before the number: no other number in between.
  const lastDigit = before.search(/\d[^\d]*$/);
  const window = lastDigit >= 0 ? before.slice(lastDigit + 1) : before;
  if (SSN_CUE.test(window)) out.add('ssn');
  if (CARD_CUE.test(window)) out.add('card');
  const phone = phoneCueBefore(ctx, start);
  if (phone === 'phone') out.add('phone');
  if (phone === 'id') out.add('id');
  return out;
}

/** The digits of each group in the window, as lengths: "3-3-4". */
function groupLengths(items: Item[], boundary: boolean[], w: Window): string {
  const lengths: number[] = [];
  for (let k = w.from; k <= w.to; k++) {
    if (k === w.from || boundary[k]) lengths.push(0);
    lengths[lengths.length - 1] += items[k].digits.length;
  }
  return lengths.join('-');
}

/** "one two three four five ...": five or more items counting up or down by one. */
function counting(items: Item[], w: Window): boolean {
  let run = 1;
  for (let k = w.from + 1; k <= w.to; k++) {
    const step = Number(items[k].digits) - Number(items[k - 1].digits);
    run = step === 1 || step === -1 ? run + 1 : 1;
    if (run >= 5) return true;
  }
  return false;
}

/** A colon between two groups: a clock time ("4:15"), never part of a phone number. */
function timeLike(gaps: string[], w: Window): boolean {
  for (let k = w.from + 1; k <= w.to; k++) if (gaps[k].includes(':')) return true;
  return false;
}

/** The separator of the first two groups of the window. */
function firstGroupGap(gaps: string[], boundary: boolean[], w: Window): string {
  for (let k = w.from + 1; k <= w.to; k++) if (boundary[k]) return gaps[k];
  return '';
}

function uniformGaps(gaps: string[], boundary: boolean[], w: Window): boolean {
  let first: string | undefined;
  for (let k = w.from + 1; k <= w.to; k++) {
    if (!boundary[k]) continue;
    first ??= gaps[k];
    if (gaps[k] !== first) return false;
  }
  return true;
}

/** A whole run, or one whose neighbours are joined to it by another separator than its own. */
function setApart(items: Item[], gaps: string[], w: Window): boolean {
  const inner = new Set<string>();
  for (let k = w.from + 1; k <= w.to; k++) inner.add(gaps[k]);
  const before = w.from > 0 ? gaps[w.from] : undefined;
  const after = w.to + 1 < items.length ? gaps[w.to + 1] : undefined;
  if (before === undefined && after === undefined) return true;
  if (inner.size !== 1) return false;
  return (before === undefined || !inner.has(before)) && (after === undefined || !inner.has(after));
}

const PLAIN_PHONE_GAP = /^(?:[ .]|[ ]?-[ ]?|\)[ ]?|[ ]?\()$/;

/**
 * True when a plain recognizer reads this number as it is written (so its
 * verdict stands): no digit words, nothing folded by the normaliser, and only
 * the separators that recognizer knows.
 */
function readAsWritten(ctx: DetectionContext, view: string, items: Item[], gaps: string[], w: Window, kind: Kind, isCued: () => boolean): boolean {
  for (let k = w.from; k <= w.to; k++) if (items[k].word) return false;
  const viewSlice = view.slice(items[w.from].start, items[w.to].end);
  const [s, e] = ctx.fromNormalized(items[w.from].start, items[w.to].end);
  if (ctx.text.slice(s, e) !== viewSlice) return false;
  const inner = gaps.slice(w.from + 1, w.to + 1);
  const lengths = items.slice(w.from, w.to + 1).map((it) => it.digits.length);
  // The phone recognizer reads groups of two or more digits (a leading country code "1" aside).
  if (kind === 'phone') return inner.every((g) => PLAIN_PHONE_GAP.test(g)) && lengths.every((l, k) => l >= 2 || (k === 0 && items[w.from].digits === '1'));
  if (kind === 'ssn') {
    if (lengths.join('-') !== '3-2-4') return lengths.length === 1 && isCued();
    return inner.every((g) => g === '-') || (isCued() && (inner.every((g) => g === ' ') || inner.every((g) => g === '.')));
  }
  // Cards: one group, or 3-5 groups of 3-6 digits (the first of 4) with one blank or hyphen between.
  if (lengths.length === 1) return true;
  const sep = inner[0];
  return (
    (sep === ' ' || sep === '-') &&
    inner.every((g) => g === sep) &&
    lengths.length >= 3 &&
    lengths.length <= 5 &&
    lengths[0] === 4 &&
    lengths.every((l) => l >= 3 && l <= 6)
  );
}
