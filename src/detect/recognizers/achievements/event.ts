import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { capitalisedRunBack, capitalisedRunFrom, isCapitalised, minScoreFor, spaced, tokensOf, type Token } from '../employment/tokens.js';
import { PhraseLexicon } from '../medical/phrase-lexicon.js';
import { tokenIds, WordSet } from '../employment/word-ids.js';
import { nameStopwords } from '../employment/org-name.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';

/**
 * Named events: a capitalised name ending in an event noun with its year
 * ("2021 Met Gala", "Pittsfield Ice Festival", "World Championships in
 * Athletics"), "Battle of X", well-known events ("Super Bowl", "Coachella"),
 * a capitalised name with a year after an attendance cue ("at DevHarbor 2019")
 * and "the 1977 dockers' strike" style phrases. The article is left out.
 */
interface Lexicons {
  nouns: PhraseLexicon<boolean>;
  nounWords: Set<string>;
  names: PhraseLexicon<true>;
  /** Lower-case forms of every word that can open one of the token cases below, by word id (word-ids.ts). */
  openers: WordSet;
}

let lexicons: Lexicons | undefined;

function load(): Lexicons {
  if (lexicons) return lexicons;
  const nouns = new PhraseLexicon<boolean>();
  const nounWords = new Set<string>();
  for (const line of readDataLines('events-nouns.txt')) {
    const [noun, flag] = line.split('|');
    nouns.add(noun, flag === 'weak');
    for (const w of noun.split(/\s+/)) nounWords.add(w);
  }
  const names = new PhraseLexicon<true>();
  for (const line of readDataLines('events-names.txt')) names.add(line, true);
  const openers = new WordSet([...names.firstWords(), ...nouns.firstWords(), ...[...OF_EVENTS, ...STORMS, ...LOWER_NAMED_NOUNS].map((w) => w.toLowerCase())]);
  lexicons = { nouns, nounWords, names, openers };
  return lexicons;
}

const YEAR = /^(?:1[89]|20)\d\d$/;

/** YEAR.test(word), with a cheap length and first-digit check first. */
function isYear(word: string): boolean {
  if (word.length !== 4) return false;
  const c = word.charCodeAt(0);
  return (c === 49 || c === 50) && YEAR.test(word);
}
const ATTEND_CUE = /\b(?:(?:conference|festival|tournament|competition|championship|hackathon|summit|expo|convention|event|fair|race)s?,?|at|attended|attending|attend|presented at|spoke at|speaking at|competed at|competed in|represented [a-z ]{2,20} at|panelist at|exhibited at|showed at)[ \t]+(?:the[ \t]+)?$/;
const LOWER_EVENT = /\b((?:19|20)\d\d)[ \t]((?:[\p{L}'’-]{2,20}[ \t]){0,3}(?:elections?|strike|riots?|floods?|earthquake|hurricane|bushfires?|olympics|games|world cup|championships?|marathon))\b/gu;

const OF_EVENTS = new Set(['Battle', 'Siege', 'Fall', 'Sack', 'Liberation', 'Relief']);
const STORMS = new Set(['Hurricane', 'Typhoon', 'Cyclone', 'Storm', 'Superstorm']);
/** Event nouns that name an event in lower case after a city ("the chicago marathon"). */
const LOWER_NAMED_NOUNS = new Set(['marathon', 'half-marathon', 'triathlon', 'festival', 'carnival', 'parade', 'fair', 'gala', 'expo', 'regatta', 'rodeo', 'pride']);
const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'spring', 'summer', 'autumn', 'fall', 'winter']);

function isPlaceOrMonth(name: string): boolean {
  if (MONTHS.has(name.toLowerCase())) return true;
  return placeFactsNamed(name).known;
}

/** Start token of a lower-case city name of one or two words right before token i, or -1. */
function placeBefore(ctx: DetectionContext, tokens: readonly Token[], i: number): number {
  for (let n = 2; n >= 1; n--) {
    const first = i - n;
    if (first < 0) continue;
    let ok = true;
    for (let j = first; j < i; j++) if (isCapitalised(tokens[j].text) || !spaced(ctx, tokens[j], tokens[j + 1])) ok = false;
    if (!ok) continue;
    const facts = placeFactsNamed(ctx.text.slice(tokens[first].start, tokens[i - 1].end));
    if (facts.known && (facts.population >= 100_000 || facts.hasState)) return first;
  }
  return -1;
}

/** True if text[from, to) is one space or tab. */
function isOneBlank(text: string, from: number, to: number): boolean {
  if (to - from !== 1) return false;
  const c = text.charCodeAt(from);
  return c === 32 || c === 9;
}

function yearBefore(ctx: DetectionContext, tokens: readonly Token[], i: number): number {
  const prev = tokens[i - 1];
  if (prev && isYear(prev.text) && /^[ \t]$/.test(ctx.text.slice(prev.end, tokens[i].start))) return i - 1;
  return i;
}

function yearAfter(ctx: DetectionContext, tokens: readonly Token[], last: number): number {
  const next = tokens[last + 1];
  if (next && isYear(next.text) && /^,?[ \t]$/.test(ctx.text.slice(tokens[last].end, next.start))) return last + 1;
  return last;
}

export function eventCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const stop = nameStopwords();
  const tokens = tokensOf(ctx);
  const out: Candidate[] = [];
  const push = (first: number, last: number, score: number) => {
    if (score >= min) out.push({ start: tokens[first].start, end: tokens[last].end, label: 'EVENT', score });
  };
  const ids = tokenIds(ctx).lower;
  for (let i = 0; i < tokens.length; i++) {
    // A token that opens none of the cases below (one array read instead of five set look-ups).
    if (!lex.openers.hasId(ids[i])) continue;
    const tok = tokens[i];
    const known = lex.names.has(tok.lower) ? lex.names.matchAt(ctx, tokens, i) : undefined;
    if (known) {
      push(yearBefore(ctx, tokens, i), yearAfter(ctx, tokens, known.last), 0.7);
      continue;
    }
    // "Battle of Hastings", "Siege of …", "Fall of Constantinople"
    if (OF_EVENTS.has(tok.text) && tokens[i + 1]?.lower === 'of') {
      const run = capitalisedRunFrom(ctx, tokens, i, 5);
      if (run && run.last > i + 1) push(i, run.last, 0.6);
      continue;
    }
    // Named storms: "Hurricane Andrew", "Typhoon Tip", "Tropical Storm Bertha"
    if (STORMS.has(tok.text) && tokens[i + 1] && isCapitalised(tokens[i + 1].text) && spaced(ctx, tok, tokens[i + 1]) && !lex.nounWords.has(tokens[i + 1].lower)) {
      const tropical = tokens[i - 1]?.text === 'Tropical' && spaced(ctx, tokens[i - 1], tok);
      push(yearBefore(ctx, tokens, tropical ? i - 1 : i), i + 1, 0.6);
      i++;
      continue;
    }
    // Lower-case names in informal text: "ran the chicago marathon in 2019"
    if (LOWER_NAMED_NOUNS.has(tok.text) && i > 0) {
      const place = placeBefore(ctx, tokens, i);
      if (place >= 0) {
        push(yearBefore(ctx, tokens, place), yearAfter(ctx, tokens, i), 0.55);
        continue;
      }
    }
    if (!lex.nouns.has(tok.lower) || !isCapitalised(tok.text)) continue;
    const m = lex.nouns.matchAt(ctx, tokens, i);
    if (!m) continue;
    let first = capitalisedRunBack(ctx, tokens, i, 6);
    while (first < i && stop.has(tokens[first].lower)) first++;
    let named = false;
    for (let j = first; j < i; j++) if (isCapitalised(tokens[j].text) && !lex.nounWords.has(tokens[j].lower)) named = true;
    if (!named) continue;
    first = yearBefore(ctx, tokens, first);
    let last = m.last;
    // "World Championships in Athletics", "Festival of Lights"
    const conn = tokens[last + 1];
    if (conn && (conn.lower === 'in' || conn.lower === 'of') && spaced(ctx, tokens[last], conn)) {
      const run = capitalisedRunFrom(ctx, tokens, last + 2, 3);
      // "… Championships in Athletics" names the event; "… Games in Jakarta", "… in June" only say where or when.
      if (run && spaced(ctx, conn, tokens[last + 2]) && !(conn.lower === 'in' && isPlaceOrMonth(ctx.text.slice(run.start, run.end)))) last = run.last;
    }
    last = yearAfter(ctx, tokens, last);
    const hasYear = isYear(tokens[first].text) || isYear(tokens[last].text);
    if (m.value) {
      const before = ctx.before(tokens[first].start, 12);
      if (!hasYear && !/\b(?:the|annual)\s+$/.test(before)) continue;
    }
    push(first, last, hasYear ? 0.7 : 0.6);
    i = last;
  }
  // "at DevHarbor 2019", "at Agri-Expo 2021"
  for (let i = 1; i < tokens.length; i++) {
    if (!isYear(tokens[i].text) || !isOneBlank(ctx.text, tokens[i - 1].end, tokens[i].start)) continue;
    if (!isCapitalised(tokens[i - 1].text)) continue;
    let first = capitalisedRunBack(ctx, tokens, i - 1, 4);
    if (first === i - 1 || isCapitalised(tokens[i - 1].text)) first = Math.min(first, i - 1);
    if (stop.has(tokens[first].lower)) continue;
    if (!ATTEND_CUE.test(ctx.before(tokens[first].start, 40))) continue;
    // Month names and seasons before a year are dates, not events.
    if (/^(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|spring|summer|fall|autumn|winter)$/.test(tokens[i - 1].lower)) continue;
    push(first, i, 0.55);
  }
  LOWER_EVENT.lastIndex = 0;
  for (let m = LOWER_EVENT.exec(ctx.text); m; m = LOWER_EVENT.exec(ctx.text)) {
    out.push({ start: m.index, end: m.index + m[0].length, label: 'EVENT', score: 0.55 });
  }
  return out.filter((c) => c.score >= min);
}

export function eventRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return { name: 'event', labels: ['EVENT'], detect: (ctx) => eventCandidates(ctx, min) };
}
