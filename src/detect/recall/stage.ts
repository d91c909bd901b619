import type { Candidate, DetectionLevel, Profile } from '../../types.js';
import { detectionLevel } from '../../profiles/index.js';
import { capitalStatus, classifyToken, lowerCaseStatus, Status, TitleCaseLines, UNDECIDED, type ClassifyOptions } from './classify.js';
import { guessLabel } from './labels.js';
import { newRawWord, nextWord, wordToken, type WordToken } from './tokens.js';
import { isCommonVocabulary } from './vocabulary.js';

/**
 * The recall-first stage (after Philter's "redact everything not known to be
 * safe"). Every token that could identify someone — a capitalised word that is
 * not ordinary English, a number or code, a word in a non-Latin script, a
 * lower-case word found in no vocabulary — is a candidate, and is redacted
 * unless general knowledge clears it (see classify.ts). It runs after the
 * recognizers and only fills the gaps they leave: tokens already inside a
 * recognizer's candidate are not looked at again, so the recognizers' labels
 * and boundaries stand.
 */
export const RECALL_SOURCE = 'recall-first';
const SCORE = 0.35;

const OPTIONS: Record<DetectionLevel, ClassifyOptions | undefined> = {
  recall: { rareLowerCase: true, nameLikeCommonWords: true, commonTier: 0 },
  balanced: { rareLowerCase: true, nameLikeCommonWords: true, commonTier: 10 },
  precision: undefined,
};

/** OPTIONS for a profile, the last answer remembered (one profile per analyzer). */
let lastProfile: Profile | undefined;
let lastOptions: ClassifyOptions | undefined;
function optionsFor(profile: Profile): ClassifyOptions | undefined {
  if (profile !== lastProfile || profile === undefined) {
    lastOptions = OPTIONS[detectionLevel(profile)];
    lastProfile = profile;
  }
  return lastOptions;
}

/** What may stand between two tokens of one run: spaces, or one joining mark. */
function tightGap(text: string, from: number, to: number, prev: WordToken, next: WordToken): boolean {
  const gap = to - from;
  if (gap === 0) return true;
  if (gap > 3) return false;
  // One or two spaces or tabs (most gaps), without a string.
  const c = text.charCodeAt(from);
  if (gap <= 2 && (c === 32 || c === 9)) {
    const d = gap === 2 ? text.charCodeAt(from + 1) : 32;
    if (d === 32 || d === 9) return true;
  }
  const g = text.slice(from, to);
  if (/^[ \t]{1,2}$/.test(g)) return true;
  if (g === '-' || g === "'" || g === '’' || g === '&' || g === ' & ') return true;
  // "J. Okafor", "St. Mary's": a dot after an initial or a capitalised abbreviation.
  if ((g === '. ' || g === '.') && (prev.text.length <= 3 && prev.capitalised)) return true;
  // Numbers written in groups ("12345/98", "4 417-22").
  if (prev.hasDigit && next.hasDigit && /^[\/.\-:]$|^ $/.test(g)) return true;
  if (prev.hasDigit && next.hasDigit && g === ',' && /^\d{3}$/.test(next.text)) return true;
  return false;
}

const CURRENCY_BEFORE = /[$€£¥₹]\s?$/;
const UNIT_AFTER = /^\s?(?:percent|per cent|usd|eur|gbp|dollars?|euros?|pounds?|mg|mcg|ml|kg|g|lbs?|cm|mm|km|miles?|feet|ft|hours?|minutes?|seconds?|days?|weeks?|months?|years?|times|units?|am|pm|a\.m\.|p\.m\.)\b/i;
/**
 * Words before a number that make it a citation or a measure, not an identifier (general legal
 * citation forms and clinical vital-sign labels). "no." is not here: "application no. 12345/98".
 */
const MEASURE_LABELS = new Set(['§', '§§', 'sec', 'section', 'sections', 'art', 'article', 'articles', 'para', 'paragraph', 'paragraphs', 'rule', 'rules', 'chapter', 'title', 'p', 'pp', 'page', 'pages', 'vol', 'volume', 'clause', 'schedule', 'annex', 'hr', 'bp', 'rr', 't', 'temp', 'spo2', 'sao2', 'o2', 'wt', 'ht', 'bmi', 'weight', 'height', 'pulse', 'score', 'scored', 'rank', 'grade', 'level', 'stage', 'step', 'phase', 'version', 'v', 'build', 'gpa', 'sat', 'act', 'iq', 'hba1c', 'a1c', 'ldl', 'hdl', 'egfr', 'inr', 'hgb', 'hb', 'glucose', 'dose', 'x']);

/** Words after a number that do not make it a count ("account 4471 is closed"). */
const NOT_A_UNIT = new Set(['is', 'was', 'are', 'were', 'and', 'or', 'but', 'if', 'to', 'for', 'at', 'on', 'in', 'of', 'by', 'from', 'with', 'has', 'had', 'have', 'will', 'should', 'please', 'ending', 'expires']);
const YEAR = /^(?:18|19|20)\d\d$/;
const DATE = /^(?:\d{1,2}([\/.\-])\d{1,2}\1(?:\d{2}|\d{4})|\d{4}([\/.\-])\d{1,2}\2\d{1,2}|\d{1,2}[\/.]\d{4})$/;

/**
 * True when every FLAG token of the run run[from..to) is a number and each group of numbers reads
 * as a quantity ("Article 412", "Wt 71.5"): the words around a measure do not make it an identifier.
 * (Runs are ranges of the stage's reused lists: no copy of them.)
 */
function onlyQuantities(text: string, run: readonly WordToken[], statuses: readonly Status[], from: number, to: number): boolean {
  let i = from;
  while (i < to) {
    if (!run[i].hasDigit) {
      if (statuses[i] === Status.FLAG) return false;
      i++;
      continue;
    }
    let j = i;
    while (j < to && run[j].hasDigit) j++;
    if (hasFlag(statuses, i, j) && !isQuantityRun(text, run, i, j)) return false;
    i = j;
  }
  return true;
}

/** A FLAG among statuses[from..to)? */
function hasFlag(statuses: readonly Status[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (statuses[k] === Status.FLAG) return true;
  return false;
}

/** A run of numbers run[from..to) separated by spaces ("03/06/2024 16:42") is a quantity when every group is. */
function isQuantityRun(text: string, run: readonly WordToken[], from: number, to: number): boolean {
  let group = from;
  for (let i = from + 1; i <= to; i++) {
    if (i === to || text.charCodeAt(run[i - 1].end) === 32) {
      if (!isQuantity(text, run, group, i)) return false;
      group = i;
    }
  }
  return true;
}

/** A number group run[from..to) that is an amount, a measure, a year or a time reads as a quantity, not an identifier. */
function isQuantity(text: string, run: readonly WordToken[], from: number, to: number): boolean {
  const first = run[from];
  const last = run[to - 1];
  if (to - from === 1 && YEAR.test(first.text)) return true;
  if (/^\s?%/.test(text.slice(last.end, last.end + 2))) return true;
  // A legal citation ("§ 459", "art. 42A.101", "Section 504") or a measure after its label
  // ("HR 112", "Wt 16.4", "score: 14") is no identifier.
  const before = text.slice(Math.max(0, first.start - 14), first.start);
  const label = /([\p{L}§][\p{L}\d.]*)[:\s]*$/u.exec(before);
  if (label && MEASURE_LABELS.has(label[1].toLowerCase().replace(/\.$/, ''))) return true;
  const value = text.slice(first.start, last.end);
  if (/^\d{1,2}:\d\d(?::\d\d)?$/.test(value)) return true; // a time
  if (DATE.test(value)) return true; // dates are the DATE recognizer's, not identifiers
  if (/^\d{1,3}\/\d{1,3}$/.test(value)) return true; // a ratio, a score, a blood pressure: "8/10", "120/80"
  const after = text.slice(last.end, last.end + 24);
  // A short number before an ordinary lower-case word counts something: "400 days", "140 textiles".
  if (/^\d{1,4}(?:[,.]\d{3})*(?:\.\d+)?$/.test(value)) {
    const m = /^ ?(\p{Ll}+)/u.exec(after);
    if (m && isCommonVocabulary(m[1]) && !NOT_A_UNIT.has(m[1])) return true;
  }
  if (/^\d{1,3}(?:[,.]\d{3})*(?:[.,]\d+)?$/.test(value) && (CURRENCY_BEFORE.test(text.slice(Math.max(0, first.start - 3), first.start)) || UNIT_AFTER.test(text.slice(last.end, last.end + 12)))) return true;
  return false;
}

/**
 * Whether a recognizer's candidate claims the first or the last character of a word (words asked
 * about left to right). The resolver's spans are sorted and disjoint: they are walked alongside the
 * words, with no array the length of the text; any other list is marked in such an array.
 */
function coverage(length: number, existing: readonly Candidate[]): (start: number, end: number) => boolean {
  let sorted = true;
  for (let k = 0; k < existing.length && sorted; k++) {
    const c = existing[k];
    sorted = Number.isInteger(c.start) && Number.isInteger(c.end) && (k === 0 || c.start >= existing[k - 1].end);
  }
  if (!sorted) {
    const marks = new Uint8Array(length + 1);
    for (const c of existing) marks.fill(1, Math.max(0, c.start), Math.min(length, c.end));
    return (start, end) => marks[start] === 1 || marks[end - 1] === 1;
  }
  let j = 0;
  return (start, end) => {
    // Spans ending at or before `start` cover neither this word nor any later one.
    while (j < existing.length && existing[j].end <= start) j++;
    const last = end - 1;
    for (let k = j; k < existing.length && existing[k].start <= last; k++) {
      const c = existing[k];
      if ((c.start <= start && start < c.end) || last < c.end) return true;
    }
    return false;
  };
}

function isUpperAscii(c: number): boolean {
  return c >= 65 && c <= 90;
}

export function recallFirstCandidates(text: string, existing: readonly Candidate[], profile: Profile): Candidate[] {
  const options = optionsFor(profile);
  if (!options) return [];
  const covered = coverage(text.length, existing);

  const word = newRawWord();
  const headings = new TitleCaseLines(text);
  const out: Candidate[] = [];
  // The run being built: its first `length` entries, the lists reused from run to run (most
  // tokens end no run: a flush then costs nothing; emptying them would let their storage go).
  const run: WordToken[] = [];
  const statuses: Status[] = [];
  let length = 0;

  const flush = () => {
    if (length === 0) return;
    // Trim connectors and weak words from the ends only where no FLAG token is left.
    let s = 0;
    let e = length - 1;
    length = 0;
    while (s <= e && (statuses[s] === Status.CONNECTOR)) s++;
    while (e >= s && (statuses[e] === Status.CONNECTOR)) e--;
    if (!hasFlag(statuses, s, e + 1)) return;
    if (onlyQuantities(text, run, statuses, s, e + 1)) return;
    out.push({ start: run[s].start, end: run[e].end, label: guessLabel(run, s, e + 1), score: SCORE, source: RECALL_SOURCE });
  };

  for (let at = 0; nextWord(text, at, word); at = word.end) {
    if (covered(word.start, word.end)) {
      flush();
      continue;
    }
    // A word of lower-case ASCII letters is mostly decided without making its token.
    // So is a capitalised word of ASCII letters (classify.ts capitalStatus).
    let status = UNDECIDED;
    if (word.ascii && word.digits === 0) {
      if (word.upper === 0) status = lowerCaseStatus(text, word.start, word.end, word.hash);
      else if (isUpperAscii(text.charCodeAt(word.start))) status = capitalStatus(text, word.start, word.end, word.lower, word.hash, options, headings);
    }
    if (status === Status.NONE) {
      flush();
      continue;
    }
    // A connector ("of", "the") starts no run: nothing to do, not even its token.
    if (status === Status.CONNECTOR && length === 0) continue;
    const t = wordToken(text, word);
    if (status === UNDECIDED) status = classifyToken(text, t, options, headings);
    if (status === Status.NONE) {
      flush();
      continue;
    }
    if (length > 0) {
      const prev = run[length - 1];
      const prevStatus = statuses[length - 1];
      const mixed = prev.hasDigit !== t.hasDigit;
      // A number joins a word only next to an unknown word ("Koskikatu 25") or after a word it
      // qualifies ("Suite 501", "Box 8144"), never before an ordinary one ("0600 Skin", "1930
      // Report"): quantities and times are written before nouns.
      const joins = tightGap(text, prev.end, t.start, prev, t) && (!mixed || (prev.hasDigit ? status === Status.FLAG : prevStatus === Status.FLAG || status === Status.FLAG));
      if (!joins) flush();
    }
    if (length === 0 && status === Status.CONNECTOR) continue;
    run[length] = t;
    statuses[length] = status;
    length++;
  }
  flush();
  return out;
}
