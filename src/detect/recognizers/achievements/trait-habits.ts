import { tokenIds, WordSet } from '../employment/word-ids.js';
import { LOWER_CUES } from '../employment/cue-scan.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { isCapitalised, tokenIndexAt, type Token } from '../employment/tokens.js';
import type { TraitLexicons } from './trait-lexicons.js';
import { blankGap, clauseEnd } from './trait-phrase.js';

/**
 * Distinctive habits and signature items:
 *  - after a cue: "known for …", "her habit of …", "always wears …",
 *    "walks with a cane", "speaks with a lisp";
 *  - a signature item told by a relative clause: "the flat cap he wears in
 *    all weathers", "the locket she always carries";
 *  - a repeated action: "she hums … every time she …", "who carries a
 *    sketchbook everywhere".
 */
// Linear: fixed alternatives; the one free run ([a-z' ]{1,30}?) is bounded and followed by a literal.
const HABIT_CUE = /\b(?:known(?: (?:among|across|around|throughout|to|in|at|on|by) [a-z' ]{1,30}?)? for|famous for|noted for|remembered for|recogni[sz]ed by|recogni[sz]able by|(?:a|the|his|her|their) habit of|always (?:wears|wore|wearing|carries|carried|carrying|has|had)|never without|(?:walks|walked|walking) with (?:a|an)|(?:speaks|spoke|speaking|talks|talked) with (?:a|an)|(?:wears|wore) (?:a|an|the|his|her) [a-z -]{2,30} (?:every|each) (?:day|game)|(?:hair|beard) dyed)\b/g;
/** HABIT_CUE read from the document's shared cue scan (cue-scan.ts). */
const HABIT_CUE_MATCHES = LOWER_CUES.add(HABIT_CUE);
const SUBJECTS = new Set(['he', 'she', 'they', 'i', 'we', 'who']);
const ADVERBS = new Set(['always', 'still', 'never', 'often', 'usually', 'also', 'invariably', 'reliably', 'faithfully']);
const CONJUNCTIONS = new Set(['and', 'or', 'but', 'so', 'then']);
/** Head nouns of "the X he wore …" that are times or things in general, not items. */
const NOT_ITEMS = new Set(['day', 'time', 'night', 'year', 'week', 'way', 'one', 'thing', 'things', 'what', 'clothes', 'clothing', 'outfit', 'uniform', 'morning', 'evening', 'moment', 'first', 'last']);
const OBJECT_PRONOUNS = new Set(['me', 'him', 'us', 'them', 'you']);
const ARTICLES = new Set(['the', 'a', 'an', 'his', 'her', 'their', 'my', 'your', 'our', 'that', 'this']);

function cueCandidates(ctx: DetectionContext, tokens: readonly Token[], out: Candidate[]): void {
  for (const m of HABIT_CUE_MATCHES(ctx)) {
    const cue = m[0];
    const about = /^(?:known|famous|noted|remembered|recogni)/.test(cue);
    // "best known for her work on …" describes a career, not a trait.
    if (about && /\b(?:best|well|widely|internationally)\s+$/.test(ctx.lower.slice(Math.max(0, m.index - 16), m.index))) continue;
    const from = tokenIndexAt(tokens, m.index + cue.length);
    if (from >= tokens.length || !blankGap(ctx.text, m.index + cue.length, tokens[from].start)) continue;
    // "the pendant he always wears and …": the item came before the cue (signatureItems).
    if (CONJUNCTIONS.has(tokens[from].lower)) continue;
    const habit = about || cue.includes('habit');
    const last = clauseEnd(ctx, tokens, from, 12, habit);
    if (last < from || (about && last === from)) continue;
    // "known for X": the trait is X; "walks with a cane", "habit of X": the cue is part of it.
    let start = m.index;
    if (about) start = tokens[from].start;
    else if (cue.includes('habit')) start = m.index + cue.indexOf('habit');
    out.push({ start, end: tokens[last].end, label: 'TRAIT', score: 0.55 });
  }
}

/** Index of the wear verb after subject token s ("he wears", "she always carries", "she has worn"), or -1. */
function wearVerbAfter(tokens: readonly Token[], s: number, lex: TraitLexicons): { verb: number; always: boolean } | undefined {
  let j = s + 1;
  let always = false;
  if (tokens[j] && ADVERBS.has(tokens[j].lower)) {
    always = tokens[j].lower !== 'also';
    j++;
  }
  if (tokens[j] && (tokens[j].lower === 'has' || tokens[j].lower === 'had')) j++;
  if (tokens[j] && ADVERBS.has(tokens[j].lower)) {
    always = always || tokens[j].lower !== 'also';
    j++;
  }
  return tokens[j] && lex.wearVerbs.has(tokens[j].lower) ? { verb: j, always } : undefined;
}

/** True if a frequency phrase starts at token k ("every day", "everywhere", "in all weathers"). */
function frequencyAt(tokens: readonly Token[], k: number, lex: TraitLexicons): boolean {
  const t = tokens[k].lower;
  if (t === 'everywhere' || t === 'whenever' || t === 'religiously') return true;
  if (t === 'without' && tokens[k + 1]?.lower === 'fail') return true;
  if (t === 'all' && /^(?:weathers?|seasons|year)$/.test(tokens[k + 1]?.lower ?? '')) return true;
  if (t === 'every' || t === 'each') {
    const n = tokens[k + 1]?.lower ?? '';
    return lex.frequencyNouns.has(n) || (n === 'single' && tokens[k + 2] !== undefined);
  }
  return false;
}

/** Last token of a frequency phrase starting in tokens[from..to], or -1. */
function frequencyIn(tokens: readonly Token[], from: number, to: number, lex: TraitLexicons): number {
  for (let k = from; k <= to; k++) if (frequencyAt(tokens, k, lex)) return k;
  return -1;
}

/** SUBJECTS but "who", by word id (word-ids.ts). */
const ITEM_SUBJECTS = new WordSet([...SUBJECTS].filter((w) => w !== 'who'));
/** The words a frequency phrase starts with (frequencyAt), by word id. */
const FREQUENCY_STARTS = new WordSet(['everywhere', 'whenever', 'religiously', 'without', 'all', 'every', 'each']);

function signatureItems(ctx: DetectionContext, tokens: readonly Token[], lex: TraitLexicons, out: Candidate[]): void {
  const ids = tokenIds(ctx).lower;
  for (let s = 1; s < tokens.length; s++) {
    if (!ITEM_SUBJECTS.hasId(ids[s])) continue;
    const head = tokens[s - 1];
    if (!blankGap(ctx.text, head.end, tokens[s].start) || lex.stop.has(head.lower) || NOT_ITEMS.has(head.lower)) continue;
    const wear = wearVerbAfter(tokens, s, lex);
    if (!wear) continue;
    // Growth to the left over the item's descriptive words, stopping at an article.
    let first = s - 1;
    for (let j = s - 2, n = 0; j >= 0 && n < 5; j--, n++) {
      if (!blankGap(ctx.text, tokens[j].end, tokens[j + 1].start) && ctx.text.slice(tokens[j].end, tokens[j + 1].start) !== '-') break;
      if (lex.stop.has(tokens[j].lower) || ARTICLES.has(tokens[j].lower)) break;
      first = j;
    }
    // Only an item introduced by an article is a described possession.
    if (first === 0 || !ARTICLES.has(tokens[first - 1].lower)) continue;
    const tail = clauseEnd(ctx, tokens, wear.verb + 1, 10, true);
    const freq = frequencyIn(tokens, wear.verb + 1, tail, lex);
    if (!wear.always && freq < 0) continue;
    const last = freq >= 0 ? tail : wear.verb;
    out.push({ start: tokens[first].start, end: tokens[last].end, label: 'TRAIT', score: 0.6 });
    s = last;
  }
}

function repeatedActions(ctx: DetectionContext, tokens: readonly Token[], lex: TraitLexicons, out: Candidate[]): void {
  let covered = -1;
  const ids = tokenIds(ctx).lower;
  for (let k = 2; k < tokens.length; k++) {
    if (!FREQUENCY_STARTS.hasId(ids[k]) || !frequencyAt(tokens, k, lex) || k <= covered) continue;
    // Walk back within the clause to the nearest subject followed by a verb.
    let verb = -1;
    for (let j = k - 1, n = 0; j > 0 && n < 10; j--, n++) {
      if (!blankGap(ctx.text, tokens[j - 1].end, tokens[j].start) && ctx.text.slice(tokens[j - 1].end, tokens[j].start) !== "'") break;
      if (CONJUNCTIONS.has(tokens[j].lower)) break;
      const subj = tokens[j - 1];
      // "she hums", "Marta hums", "our librarian hums"
      const nounSubject = j > 1 && ARTICLES.has(tokens[j - 2].lower) && !lex.stop.has(subj.lower) && blankGap(ctx.text, tokens[j - 2].end, subj.start);
      if (!SUBJECTS.has(subj.lower) && !(isCapitalised(subj.text) && !lex.stop.has(subj.lower)) && !nounSubject) continue;
      let v = j;
      if (ADVERBS.has(tokens[v].lower) && v + 1 < k) v++;
      const word = tokens[v].lower;
      const verbLike = word.length > 3 && (word.endsWith('s') || word.endsWith('ed'));
      // "the periodic table song": a noun phrase inside the object, keep walking back.
      if (!SUBJECTS.has(subj.lower) && !isCapitalised(subj.text) && !verbLike) continue;
      if (isCapitalised(tokens[v].text) || lex.genericHabitVerbs.has(word) || lex.stop.has(word)) break;
      // "visits me every day": a routine with a person, not a personal habit.
      if (verbLike && !OBJECT_PRONOUNS.has(tokens[v + 1]?.lower ?? '')) verb = v;
      break;
    }
    if (verb < 0 || verb >= k) continue;
    const last = clauseEnd(ctx, tokens, k, 10, true);
    out.push({ start: tokens[verb].start, end: tokens[last].end, label: 'TRAIT', score: 0.5 });
    covered = last;
  }
}

export function habitCandidates(ctx: DetectionContext, tokens: readonly Token[], lex: TraitLexicons): Candidate[] {
  const out: Candidate[] = [];
  cueCandidates(ctx, tokens, out);
  signatureItems(ctx, tokens, lex, out);
  repeatedActions(ctx, tokens, lex, out);
  return out;
}
