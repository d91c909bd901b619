import type { DetectionContext } from '../../context.js';
import { demographicLexicon } from './lexicon.js';
import { nextAccepted, notLetterBefore } from './scan.js';
import { termCandidates } from './terms.js';

/**
 * Labelled demographic fields ("Nationality: Polish", "Race: BLACK",
 * "Ethnicity / religion: Kurdish, Sunni Muslim", "Konfession: evangelisch").
 * Every lexicon term in the value is taken; a short value item with no known
 * term is taken whole ("Staatsangehörigkeit: deutsch").
 */

let labelRe: RegExp | undefined;
/** The labels alone, ending where a window of the text ends (mayHoldField). */
let labelEndRe: RegExp | undefined;
/** Longest text a label can match, in UTF-16 units (a bound: at most two per character of the label). */
let labelEndWindow = 0;

function labelPattern(): RegExp {
  if (labelRe) return labelRe;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\t]?');
  const fieldLabels = [...demographicLexicon().fieldLabels].sort((a, b) => b.length - a.length);
  const labels = fieldLabels.map(esc).join('|');
  // `(?<![\p{L}])` before the label is tested in code (scan.ts).
  labelRe = new RegExp(String.raw`(?:${labels})[ \t]*(?:\([^()\n]{1,40}\))?[ \t]*[:：][ \t]*`, 'giu');
  labelEndRe = new RegExp(`(?:${labels})$`, 'iu');
  labelEndWindow = 2 * (fieldLabels[0]?.length ?? 0) + 2;
  return labelRe;
}

/**
 * False only when labelPattern cannot match: no colon has a label before it (past blanks and an
 * optional "(…)" of at most 40 code points). Most texts with a colon hold it in a time or a
 * "Name:" line; this reads a few characters before each colon instead of scanning every position
 * of the text for every label. Linear: each colon looks back over its own blank run, at most 82
 * units for a parenthesis, and a window of labelEndWindow units.
 */
function mayHoldField(text: string): boolean {
  let ascii = text.indexOf(':');
  let wide = text.indexOf('：');
  while (ascii >= 0 || wide >= 0) {
    let colon: number;
    if (wide < 0 || (ascii >= 0 && ascii < wide)) {
      colon = ascii;
      ascii = text.indexOf(':', ascii + 1);
    } else {
      colon = wide;
      wide = text.indexOf('：', wide + 1);
    }
    const end = blanksBefore(text, colon);
    if (labelEndsAt(text, end)) return true;
    const open = text.charCodeAt(end - 1) === 41 ? openParenBefore(text, end - 1) : -1;
    if (open >= 0 && labelEndsAt(text, blanksBefore(text, open))) return true;
  }
  return false;
}

/** Start of the run of spaces and tabs that ends at `i`. */
function blanksBefore(text: string, i: number): number {
  let k = i;
  while (k > 0 && (text.charCodeAt(k - 1) === 32 || text.charCodeAt(k - 1) === 9)) k--;
  return k;
}

/** Index of the "(" that may open the group closed at `close`: within 82 units, no "(", ")" or line break between; -1 if none. */
function openParenBefore(text: string, close: number): number {
  for (let k = close - 1; k >= 0 && k >= close - 82; k--) {
    const c = text.charCodeAt(k);
    if (c === 40) return k < close - 1 ? k : -1;
    if (c === 41 || c === 10) return -1;
  }
  return -1;
}

/** True if some label matches text ending at `end`. */
function labelEndsAt(text: string, end: number): boolean {
  return labelEndRe!.test(text.slice(Math.max(0, end - labelEndWindow), end));
}

const VALUE = /[^\n\t|·]{1,120}?(?=[ \t]{2}|\t|[ \t]?[|·]|\r?\n|$)/y;
const EMPTY = /^(?:n\/?a|none|unknown|other|not[ \t]stated|not[ \t]known|declined|prefer[ \t]not[ \t]to[ \t]say|-+|no|yes)$/i;

export function findFields(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const out: Array<[number, number]> = [];
  // Every label ends with a colon: a text without one has no field (and need not compile the labels).
  if (!text.includes(':') && !text.includes('：')) return out;
  const re = labelPattern();
  if (!mayHoldField(text)) return out;
  re.lastIndex = 0;
  for (let m = nextAccepted(re, text, notLetterBefore); m; m = nextAccepted(re, text, notLetterBefore)) {
    const start = m.index + m[0].length;
    VALUE.lastIndex = start;
    const v = VALUE.exec(text);
    if (!v) continue;
    const value = v[0];
    const hits = termCandidates(value);
    for (const h of hits) out.push([start + h.start, start + h.end]);
    // Items without a known term: "deutsch", "Kurmanji Kurd"
    const itemRe = /[^,;/]+/g;
    for (let it = itemRe.exec(value); it; it = itemRe.exec(value)) {
      const raw = it[0];
      const s = it.index + (raw.length - raw.trimStart().length);
      const e = it.index + raw.trimEnd().length;
      const item = value.slice(s, e);
      if (!item || EMPTY.test(item) || hits.some((h) => h.start < e && h.end > s)) continue;
      if (!/^[\p{L}\p{M}'’\-]+(?:[ \t][\p{L}\p{M}'’\-]+){0,2}$/u.test(item)) continue;
      out.push([start + s, start + e]);
    }
  }
  return out;
}
