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

function labelPattern(): RegExp {
  if (labelRe) return labelRe;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\t]?');
  const labels = [...demographicLexicon().fieldLabels].sort((a, b) => b.length - a.length).map(esc).join('|');
  // `(?<![\p{L}])` before the label is tested in code (scan.ts).
  labelRe = new RegExp(String.raw`(?:${labels})[ \t]*(?:\([^()\n]{1,40}\))?[ \t]*[:：][ \t]*`, 'giu');
  return labelRe;
}

const VALUE = /[^\n\t|·]{1,120}?(?=[ \t]{2}|\t|[ \t]?[|·]|\r?\n|$)/y;
const EMPTY = /^(?:n\/?a|none|unknown|other|not[ \t]stated|not[ \t]known|declined|prefer[ \t]not[ \t]to[ \t]say|-+|no|yes)$/i;

export function findFields(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const re = labelPattern();
  const out: Array<[number, number]> = [];
  // Every label ends with a colon: a text without one has no field (and need not compile the labels).
  if (!text.includes(':') && !text.includes('：')) return out;
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
