/**
 * Locates a string the model returned in the original text, to give it UTF-16
 * offsets: exact match first, then case- and whitespace-insensitive, then a
 * bounded fuzzy match (edit similarity over word windows of similar length).
 * Strings found nowhere are reported as not found (the model invented them).
 */
export type AlignMethod = 'exact' | 'loose' | 'fuzzy';

export interface Alignment {
  start: number;
  end: number;
  method: AlignMethod;
}

const MAX_FUZZY_LENGTH = 80;
const MIN_FUZZY_SIMILARITY = 0.85;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regex matching the words of `value` with any whitespace between them, ignoring case. */
function looseMatcher(value: string): RegExp | undefined {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return new RegExp(words.map(escapeRegExp).join('\\s+'), 'giu');
}

/** First occurrence of `value` in `text` (searching from `from`). */
export function alignOne(text: string, value: string): Alignment | undefined {
  const exact = text.indexOf(value);
  if (exact >= 0) return { start: exact, end: exact + value.length, method: 'exact' };
  const loose = looseMatcher(value);
  if (loose) {
    const m = loose.exec(text);
    if (m) return { start: m.index, end: m.index + m[0].length, method: 'loose' };
  }
  return fuzzyFind(text, value);
}

/** Every occurrence of the string at [start, end) of `text`, at word boundaries, case-insensitive. */
export function allOccurrences(text: string, value: string): Array<{ start: number; end: number }> {
  const matcher = looseMatcher(value);
  if (!matcher) return [];
  const out: Array<{ start: number; end: number }> = [];
  const isWord = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
  for (let m = matcher.exec(text); m; m = matcher.exec(text)) {
    const s = m.index;
    const e = s + m[0].length;
    // Do not label "Ann" inside "Annual": the match must not continue a word.
    if (isWord(value[0]) && isWord(text[s - 1])) continue;
    if (isWord(value[value.length - 1]) && isWord(text[e])) continue;
    out.push({ start: s, end: e });
  }
  return out;
}

function fuzzyFind(text: string, value: string): Alignment | undefined {
  const target = value.trim().toLowerCase();
  if (target.length < 4 || target.length > MAX_FUZZY_LENGTH) return undefined;
  const wordCount = target.split(/\s+/).length;
  const words = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  let best: Alignment | undefined;
  let bestScore = MIN_FUZZY_SIMILARITY;
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.max(1, wordCount - 1); n <= wordCount + 1 && i + n <= words.length; n++) {
      const start = words[i].start;
      const end = words[i + n - 1].end;
      if (end - start > MAX_FUZZY_LENGTH * 1.5) break;
      const candidate = text.slice(start, end).toLowerCase().replace(/[.,;:!?)"']+$/, '');
      const score = similarity(candidate, target);
      if (score > bestScore) {
        bestScore = score;
        best = { start, end: start + candidate.length, method: 'fuzzy' };
      }
    }
  }
  return best;
}

/** 1 - normalised Levenshtein distance; O(|a|·|b|) with both bounded by MAX_FUZZY_LENGTH·1.5. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const prev = new Array<number>(b.length + 1);
  const cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    for (let j = 0; j <= b.length; j++) prev[j] = cur[j];
  }
  return 1 - prev[b.length] / Math.max(a.length, b.length);
}
