import type { Candidate } from '../types.js';
import type { Label } from '../taxonomy.js';
import type { RefinerOptions } from './refiners.js';
import { tokenizeCached, type Token } from '../detect/recognizers/names/tokens.js';
import { isCommonWord, isEnglishWord } from '../lexicons/english-words.js';
import { nameBlockersAfter, nameStopwords, nameTitles } from '../lexicons/names.js';
import { PARTICLES } from '../detect/recognizers/names/classify.js';
import { lexiconKey } from '../lexicons/word-lists.js';

/**
 * Document-level consistency: once a string is found as PII, its other
 * mentions in the same document get the same label.
 *  - PERSON_NAME, LOCATION, ORGANIZATION: every mention of the whole string,
 *    in any letter case ("HELEN MARCHETTI", possessive "Anna's" → "Anna").
 *  - PERSON_NAME also: each word of a full name used alone ("Mr. Nwosu-Adeyemi",
 *    "Helen"), unless that word is an everyday English word written at the
 *    start of a sentence.
 * One pass over the document's tokens with a Map from first word to phrases,
 * so the cost is linear in the text, whatever the number of names.
 */
const PROPAGATED: ReadonlySet<Label> = new Set<Label>(['PERSON_NAME', 'LOCATION', 'ORGANIZATION']);
const MIN_SCORE = 0.5;
/** Capitalised words (not all capitals), no apostrophes: the shape of a tagger name worth spreading. */
const TAGGER_SEED = /^\p{Lu}\p{Ll}{2,20}(?: \p{Lu}\p{Ll}{2,20}){0,3}$/u;

interface Phrase {
  keys: string[];
  label: Label;
  score: number;
  /** A single word taken from a longer name: needs capitalisation and care at sentence starts. */
  part: boolean;
  common: boolean;
  /** Also matched in lower case ("hi kwame" after "Kwame Mensah"): a name that is no English word. */
  lowerOk: boolean;
}

export function consistencyRefiner(text: string, candidates: Candidate[], options: RefinerOptions): Candidate[] {
  const min = options.profile === 'precision' ? 0.7 : MIN_SCORE;
  // Places and organisations propagate only from confident findings (a cue, a qualifier).
  // The statistical tagger's guesses are too weak to spread ("Pt", "EUR", "Wage").
  // A tagger person name spreads only when it is no everyday word ("Mahoe", not "Wage").
  const seeds = candidates.filter((c) => PROPAGATED.has(c.label) && c.score >= (c.label === 'PERSON_NAME' ? min : Math.max(min, 0.7)) && (c.source !== 'tagger' || (c.label === 'PERSON_NAME' && TAGGER_SEED.test(text.slice(c.start, c.end)) && text.slice(c.start, c.end).split(' ').every((w) => lowerMatchable(lexiconKey(w))))));
  if (seeds.length === 0) return candidates;
  const tokens = tokenizeCached(text);
  const byFirst = new Map<string, Phrase[]>();
  const add = (p: Phrase) => {
    const list = byFirst.get(p.keys[0]);
    if (!list) byFirst.set(p.keys[0], [p]);
    else if (!list.some((q) => q.label === p.label && q.keys.join(' ') === p.keys.join(' '))) list.push(p);
  };
  for (const seed of seeds) {
    const words = tokensIn(tokens, seed.start, seed.end);
    if (words.length === 0) continue;
    const keys = words.map((t) => t.key);
    add({ keys, label: seed.label, score: 0.75, part: false, common: false, lowerOk: seed.label === 'PERSON_NAME' && keys.every(lowerMatchable) });
    if (seed.label !== 'PERSON_NAME' || words.length < 2) continue;
    for (const w of words) {
      if (w.key.length < 2 || w.shape !== 'title' || PARTICLES.has(w.key) || nameStopwords().has(w.key) || nameTitles().has(w.key)) continue;
      add({ keys: [w.key], label: 'PERSON_NAME', score: 0.7, part: true, common: isCommonWord(w.key), lowerOk: lowerMatchable(w.key) });
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.keys.length - a.keys.length);

  // Positions already found with the same label are not added again.
  const seen = new Set(seeds.map((c) => `${c.label}@${c.start}`));
  const added: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const phrases = byFirst.get(t.key);
    if (!phrases) continue;
    for (const p of phrases) {
      if (t.shape === 'lower' && !p.lowerOk) continue;
      const last = i + p.keys.length - 1;
      if (last >= tokens.length || !matchesAt(tokens, i, p.keys)) continue;
      if (p.part && p.common && (t.sentenceStart || t.shape === 'upper')) continue;
      const next = tokens[last + 1];
      if (p.label === 'PERSON_NAME' && next && /^[ \t]{1,2}$/.test(next.gapBefore) && next.shape !== 'lower' && nameBlockersAfter().has(next.key)) continue;
      if (/[@\w]/.test(text[t.start - 1] ?? '') || /^(?:@|_|\/|\.[a-z0-9])/i.test(text.slice(tokens[last].end, tokens[last].end + 2))) continue;
      if (seen.has(`${p.label}@${t.start}`)) {
        i = last;
        break;
      }
      added.push({ start: t.start, end: tokens[last].end, label: p.label, score: p.score, source: 'consistency' });
      i = last;
      break;
    }
  }
  return added.length === 0 ? candidates : candidates.concat(added);
}

/** A name key that can be matched in lower case: three letters or more and no English or function word. */
function lowerMatchable(key: string): boolean {
  return key.length >= 3 && !isEnglishWord(key) && !nameStopwords().has(key) && !PARTICLES.has(key);
}

function tokensIn(tokens: Token[], start: number, end: number): Token[] {
  // Binary search for the first token ending after `start`.
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: Token[] = [];
  for (let k = lo; k < tokens.length && tokens[k].start < end; k++) if (tokens[k].start >= start) out.push(tokens[k]);
  return out;
}

function matchesAt(tokens: Token[], i: number, keys: string[]): boolean {
  for (let j = 1; j < keys.length; j++) {
    const t = tokens[i + j];
    if (t.key !== keys[j] || t.gapBefore.length > 3 || t.gapBefore.includes('\n')) return false;
  }
  return true;
}
