import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { capitalisedRunBack, isCapitalised, minScoreFor, tokenIndexAt, tokensOf, type Token } from '../employment/tokens.js';
import { PhraseLexicon } from '../medical/phrase-lexicon.js';
import { tokenIds, WordSet } from '../employment/word-ids.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';

/**
 * Accomplishments: a cue verb and its object phrase as one span ("won the gold
 * medal in the 800 m at the 2009 regional championships", "summited Denali",
 * "set the state record in the 400 m"), named honours standing alone
 * ("Eagle Scout", "valedictorian", "Purple Heart"), capitalised award names
 * ("Harbourline Innovator Award 2019") and patents.
 */
type Need = 'award' | 'proper' | 'record' | 'rank' | 'any';

interface Lexicons {
  verbs: Map<string, Need>;
  awardWords: Set<string>;
  named: PhraseLexicon<true>;
  /** Words that end an accomplishment phrase (a new clause or an unrelated adjunct). */
  phraseStop: Set<string>;
  /** Words dropped from the end of a phrase ("in", "the", "her"). */
  trailingDrop: Set<string>;
  /** Every word that can open one of the token cases below, by word id (word-ids.ts). */
  openers: WordSet;
}

let lexicons: Lexicons | undefined;

function load(): Lexicons {
  if (lexicons) return lexicons;
  const verbs = new Map<string, Need>();
  for (const line of readDataLines('achievements-verbs.txt')) {
    const [verb, need] = line.split('|');
    verbs.set(verb, need as Need);
  }
  const named = new PhraseLexicon<true>();
  for (const line of readDataLines('achievements-named.txt')) named.add(line, true);
  lexicons = {
    verbs,
    awardWords: new Set(readDataLines('achievements-award-words.txt')),
    named,
    phraseStop: new Set(readDataLines('achievements-phrase-stopwords.txt')),
    trailingDrop: new Set(readDataLines('achievements-phrase-trailing-words.txt')),
    openers: new WordSet([...named.firstWords(), ...AWARD_NAME_WORDS, ...verbs.keys()]),
  };
  return lexicons;
}

const ORDINAL = /^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|top|1st|2nd|3rd|[4-9]th|\d{1,2}th|runner-up|joint)$/;
const PASSIVE_AUX = new Set(['was', 'were', 'been', 'be', 'is', 'being']);
const NAMED_AUX = new Set(['was', 'were', 'been', 'be', 'is', 'are', 'being', 'get', 'got', 'gets', 'also', 'later', 'recently', 'twice', 'once', 'since']);
const GOT_OBJECT = /^(?:the|a|an|first|second|third|gold|silver|bronze|1st|2nd|3rd)$/;
/** "was an invited speaker at …", "was the keynote speaker at …" */
const SPEAKER = /\b(?:was|is|been|served as) (?:an?|the) (?:invited|keynote|plenary|featured) (?:speaker|lecturer) (?:at|for) /g;
const AWARD_NAME_END = /^(?:award|prize|medal|trophy|scholarship|fellowship|cup|honou?r|citation)$/i;
// The same words in lower case: a cheap Set check before the pattern.
const AWARD_NAME_WORDS = new Set(['award', 'prize', 'medal', 'trophy', 'scholarship', 'fellowship', 'cup', 'honour', 'honor', 'citation']);
const PATENT = /\b(?:U\.S\.|US|European|EP)[ \t]Patent[ \t](?:No\.?|Number)[ \t]?[\d,]{5,12}\d/g;

const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);

/**
 * Cuts a closing "in Lucknow", "in January", "in 1:06:49" from a phrase: where
 * or when it happened is not part of the accomplishment (a named event keeps
 * its own words: "World Championships in Athletics" is no place).
 */
function dropPlaceTail(ctx: DetectionContext, tokens: readonly Token[], from: number, last: number): number {
  for (let k = last - 1; k > from && k >= last - 3; k--) {
    if (tokens[k].lower !== 'in') continue;
    const tail = ctx.text.slice(tokens[k + 1].start, tokens[last].end);
    const first = tokens[k + 1].text;
    if (/^\d/.test(first) && !/^(?:19|20)\d\d$/.test(first)) return k - 1;
    if (MONTHS.has(tail.toLowerCase())) return k - 1;
    if (isCapitalised(first) && placeFactsNamed(tail).known) return k - 1;
    return last;
  }
  return last;
}

/** Token index where the object phrase after a cue verb ends (inclusive), or -1. */
function phraseEnd(ctx: DetectionContext, tokens: readonly Token[], from: number, lex: Lexicons, max = 18): number {
  let last = -1;
  for (let j = from, n = 0; j < tokens.length && n < max; j++, n++) {
    const gap = ctx.text.slice(tokens[j - 1].end, tokens[j].start);
    const numberComma = gap === ',' && /\d$/.test(tokens[j - 1].text) && /^\d{3}$/.test(tokens[j].text);
    const possessive = /^['\u2019] $/.test(gap) && tokens[j - 1].lower.endsWith('s');
    const ampersand = gap === ' & ' && isCapitalised(tokens[j - 1].text) && isCapitalised(tokens[j].text);
    const ok = possessive || ampersand || /^[ \t]{1,2}$/.test(gap) || gap === '-' || gap === '/' || gap === '.' && /^[A-Z]$/.test(tokens[j - 1].text) || numberComma || /^[ \t]?[\u2013\u2014-][ \t]?$/.test(gap) && /\d$/.test(tokens[j - 1].text) || /^\. $/.test(gap) && /^(?:No|St|Mt|Jr)$/.test(tokens[j - 1].text);
    if (!ok) break;
    if (lex.phraseStop.has(tokens[j].lower)) break;
    last = j;
  }
  last = dropPlaceTail(ctx, tokens, from, last);
  while (last >= from && lex.trailingDrop.has(tokens[last].lower)) last--;
  return last >= from ? last : -1;
}

export function achievementCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const ids = tokenIds(ctx).lower;
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // A token that opens none of the cases below (one array read instead of three look-ups).
    if (!lex.openers.hasId(ids[i])) continue;
    const tok = tokens[i];
    const named = lex.named.has(tok.lower) ? lex.named.matchAt(ctx, tokens, i) : undefined;
    if (named) {
      out.push({ start: tok.start, end: tokens[named.last].end, label: 'ACHIEVEMENT', score: 0.7 });
    }
    // Capitalised award names: "Harbourline Innovator Award 2019", "County Volunteer of the Year award".
    if (AWARD_NAME_WORDS.has(tok.lower) && AWARD_NAME_END.test(tok.text) && isCapitalised(tok.text)) {
      const first = capitalisedRunBack(ctx, tokens, i, 6);
      if (first < i && !lex.phraseStop.has(tokens[first].lower) && tokens[first].lower !== 'the') {
        let end = tok.end;
        const year = tokens[i + 1];
        if (year && /^(?:19|20)\d\d$/.test(year.text) && /^[ \t]$/.test(ctx.text.slice(tok.end, year.start))) end = year.end;
        out.push({ start: tokens[first].start, end, label: 'ACHIEVEMENT', score: 0.6 });
      }
    }
    const need = lex.verbs.get(tok.lower);
    if (!need) continue;
    const next = tokens[i + 1];
    if (!next || !/^[ \t]{1,2}$/.test(ctx.text.slice(tok.end, next.start))) continue;
    // "a guy named Gary": naming, not an honour; an honour is passive ("was named").
    if (tok.lower === 'named' && (/^(?:after|for|by|as|in|on)$/.test(next.lower) || !NAMED_AUX.has(tokens[i - 1]?.lower ?? ''))) continue;
    if ((tok.lower === 'got' || tok.lower === 'took') && !GOT_OBJECT.test(next.lower)) continue;
    if (tok.lower === 'earned' && /^(?:its|it|their|his|her|my|our|your)$/.test(next.lower)) continue;
    if (tok.lower === 'qualified' && next.lower !== 'for') continue;
    if ((tok.lower === 'winner' || tok.lower === 'recipient') && next.lower !== 'of') continue;
    if ((tok.lower === 'elected' || tok.lower === 're-elected') && !PASSIVE_AUX.has(tokens[i - 1]?.lower ?? '') && tokens[i - 1]?.lower !== 'she' && tokens[i - 1]?.lower !== 'he') continue;
    if (tok.lower === 'came' && !ORDINAL.test(next.lower)) continue;
    const last = phraseEnd(ctx, tokens, i + 1, lex);
    if (last < 0) continue;
    const object = tokens.slice(i + 1, last + 1);
    // "year" counts only in an honour's name ("Teacher of the Year"), not "in a year".
    const hasAward = object.some((t) => (t.lower === 'year' ? t.text === 'Year' : lex.awardWords.has(t.lower)));
    const hasProper = object.some((t) => isCapitalised(t.text) || /^(?:19|20)\d\d$/.test(t.text));
    let ok: boolean;
    switch (need) {
      case 'award':
        ok = hasAward;
        break;
      case 'proper':
        ok = hasAward || (hasProper && object.length <= 10);
        break;
      case 'record':
        ok = object.slice(0, 6).some((t) => t.lower === 'record' || t.lower === 'records');
        break;
      case 'rank':
        ok = ORDINAL.test(next.lower) || (next.lower === 'in' && object.some((t) => ORDINAL.test(t.lower)));
        break;
      default:
        ok = true;
    }
    if (!ok) continue;
    // "won" on its own object of a game ("won the match") is not verifiable enough.
    if (need === 'proper' && !hasAward && object.length === 1 && !isCapitalised(object[0].text)) continue;
    let start = tok.start;
    const prev = tokens[i - 1];
    if (prev && PASSIVE_AUX.has(prev.lower) && /^(?:awarded|elected|re-elected|inducted)$/.test(tok.lower) && /^[ \t]+$/.test(ctx.text.slice(prev.end, tok.start))) start = prev.start;
    out.push({ start, end: tokens[last].end, label: 'ACHIEVEMENT', score: hasAward ? 0.7 : 0.55 });
  }
  SPEAKER.lastIndex = 0;
  // Each pattern holds a fixed word: a cheap test before the scan.
  const speakers = ctx.lower.includes('speaker') || ctx.lower.includes('lecturer');
  for (let m = speakers ? SPEAKER.exec(ctx.lower) : null; m; m = SPEAKER.exec(ctx.lower)) {
    const from = tokenIndexAt(tokens, m.index + m[0].length);
    const last = from < tokens.length ? phraseEnd(ctx, tokens, from, lex) : -1;
    if (last >= from && tokens.slice(from, last + 1).some((t) => isCapitalised(t.text))) out.push({ start: m.index, end: tokens[last].end, label: 'ACHIEVEMENT', score: 0.6 });
  }
  PATENT.lastIndex = 0;
  for (let m = ctx.text.includes('Patent') ? PATENT.exec(ctx.text) : null; m; m = PATENT.exec(ctx.text)) out.push({ start: m.index, end: m.index + m[0].length, label: 'ACHIEVEMENT', score: 0.7 });
  return out.filter((c) => c.score >= min);
}

export function achievementRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return { name: 'achievement', labels: ['ACHIEVEMENT'], detect: (ctx) => achievementCandidates(ctx, min) };
}
