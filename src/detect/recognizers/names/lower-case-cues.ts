import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { KEY_ENGLISH, KEY_FAMILY, KEY_GIVEN, KEY_NAME, KEY_STOP, tokenFacts, type TokenFacts } from './classify.js';
import { lineStartBefore } from '../../lines.js';
import { wordTier } from '../../recall/vocabulary.js';
import { tokensOf, type Token } from './tokens.js';
import { hasLabelCue } from './cues.js';
import { FirstCharLengths } from './word-filter.js';

/**
 * Names written in lower case where the words around them say "name":
 *  - after a strong cue ("my name is dana kowalski", "name: soren lindqvist",
 *    "call me yusuf", "signed marco", a form label "patient: ..."): a known given
 *    or family name, or any word that is neither an English word nor a stop word;
 *  - after a weak cue ("ask for priya", "this is tomasz nowak", "talk to emeka",
 *    "i'm gabriela reyes", a closing "cheers, dana"): a known given name that is
 *    no everyday English word, or a known given name and a known family name;
 *  - on a signature line, alone on the line after a closing ("thanks,\nmarco",
 *    "cheers\n- leila haddad"): a known given name.
 * Up to two following lower-case words join the name when they are known
 * names or words of no vocabulary ("dana kowalski").
 */

const STRONG_CUE =
  /(?:^|[^a-z'\u2019])(?:(?:my|her|his|their|your)[ \t]{1,2}(?:(?:first|last|full|real|given|family)[ \t]{1,2})?name[ \t]{1,2}(?:is|was)|(?:first|last|full)?[ \t]?name['\u2019]s|(?:(?:first|last|full|my|patient|client|caller|contact)[ \t]{1,2})?name[ \t]{0,2}[:=-]|call[ \t]{1,2}me|(?:i[ \t]{1,2}am|i['\u2019]?m)[ \t]{1,2}(?:called|named)|(?:is|was)[ \t]{1,2}(?:called|named)|signed[ \t]{0,2}(?:by)?[:,]?)[ \t]{0,3}$/;
const WEAK_CUE =
  /(?:^|[^a-z'\u2019])(?:regards|sincerely|yours[ \t]{1,2}truly|cheers|love|xoxo|xo|hugs|warmly|best|ttyl|this[ \t]{1,2}is|it['\u2019]?s|i[ \t]{1,2}am|i['\u2019]?m|ask[ \t]{1,2}for|ask|asking[ \t]{1,2}for|speak[ \t]{1,2}(?:with|to)|talk[ \t]{1,2}(?:with|to)|spoke[ \t]{1,2}(?:with|to)|contact|tell|thanks|thank[ \t]{1,2}you|hi|hey|hello|dear|ping|text|email|message)[ \t]{0,2}[,:]?[ \t]{1,3}$/;
/** Last words of the cues above (and ":", "=", "-"), for a cheap test before the regular expressions. */
const CUE_LAST: ReadonlySet<string> = new Set([
  'regards', 'sincerely', 'truly', 'cheers', 'love', 'xoxo', 'xo', 'hugs', 'warmly', 'best', 'ttyl',
  'is', 'was', 'its', 'it', "it's", 'im', "i'm", 'me', 'called', 'named', 'signed', 'by', 'for', 'ask', 'with', 'to', 'contact', 'tell', 'thanks', 'you', 'hi', 'hey', 'hello', 'dear', 'ping', 'text', 'email', 'message', 'am', 'm', 's', 'name',
]);
const CUE_LAST_LENGTHS = new FirstCharLengths(CUE_LAST);

/**
 * CUE_LAST.has(key), ruling most words out by their first character and length before the look-up
 * (which would hash every lower-case word of the document).
 */
function isCueLast(key: string): boolean {
  return CUE_LAST_LENGTHS.mayHold(key) && CUE_LAST.has(key);
}

/** What may follow a name that is a form field's whole value: the line end, a comma, a semicolon, a bracket. */
const VALUE_END = /^(?:$|[ \t]*(?:\r?\n|[,;(]|$))/;
const CLOSING = /^[ \t>]{0,4}(?:thanks|thank you|many thanks|thanks again|cheers|best|best wishes|all the best|best regards|kind regards|warm regards|regards|sincerely|yours|yours truly|love|lots of love|take care|warmly|cordially|respectfully|xo|xoxo|talk soon|ttyl)[ \t]{0,2}[,.!]{0,2}[ \t]*$/i;
/** A gap that may end a cue: ":", "=" or "-". */
const CUE_GAP = /[:=\-]/;
const SIGNATURE_PREFIX = /^[ \t>]{0,4}(?:[-\u2013\u2014~]{1,2}[ \t]{0,2})?$/;

/*
 * What the lexicons say about a token comes from its KeyFacts bits (classify.ts
 * tokenFacts: one look-up per token, shared by the name recognizers).
 */

/** Token `i` is a known given name of two letters or more that is no stopword. */
function isGiven(tokens: readonly Token[], facts: TokenFacts, i: number): boolean {
  if (tokens[i].key.length < 2 || !facts.mayBeName(i)) return false;
  const bits = facts.bits(i);
  return (bits & KEY_GIVEN) !== 0 && (bits & KEY_STOP) === 0;
}

/** Token `i` is a known family name of two letters or more that is no stopword. */
function isFamily(tokens: readonly Token[], facts: TokenFacts, i: number): boolean {
  if (tokens[i].key.length < 2 || !facts.mayBeName(i)) return false;
  const bits = facts.bits(i);
  return (bits & KEY_FAMILY) !== 0 && (bits & KEY_STOP) === 0;
}

const PLAIN_KEY = /^[a-z'\-]+$/;

/** Token `i` is a word of no vocabulary: no English word, no stop word. */
function unknownWord(tokens: readonly Token[], facts: TokenFacts, i: number): boolean {
  const key = tokens[i].key;
  return key.length >= 3 && (facts.bits(i) & (KEY_ENGLISH | KEY_STOP)) === 0 && PLAIN_KEY.test(key);
}

const MONTHS: ReadonlySet<string> = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);

/** A given name that is also an English word, but not an everyday one ("jenny", "mike", "holly"; not "will", "grace", "mark"). */
function rareWord(key: string): boolean {
  return wordTier(key) > 20 && !MONTHS.has(key);
}

/** One of the most common English words (SCOWL levels 10-20): "will", "mark", "grace". */
function everyday(key: string): boolean {
  const tier = wordTier(key);
  return tier > 0 && tier <= 20;
}

/** One of the commonest English words (SCOWL level 10): "has", "just", "will" are family names too. */
function commonest(key: string): boolean {
  return wordTier(key) === 10;
}

/** Last index of the lower-case known names that follow token `i` (at most two more). */
function runEnd(tokens: readonly Token[], facts: TokenFacts, i: number): number {
  let last = i;
  while (last + 1 < tokens.length && last - i < 2) {
    const next = tokens[last + 1];
    if (next.shape !== 'lower' || next.gapBefore !== ' ') break;
    // Another known name of three letters or more that is no English word ("dana kowalski"); "dana has" stops.
    if (!facts.mayBeName(last + 1) || !(facts.bits(last + 1) & KEY_NAME)) break;
    last++;
  }
  return last;
}

/** The rest of the line after `end` is blank or closing punctuation. */
function lineEndsAfter(text: string, end: number): boolean {
  const nl = text.indexOf('\n', end);
  const rest = text.slice(end, nl < 0 ? Math.min(text.length, end + 40) : Math.min(nl, end + 40));
  return /^[ \t.,!]*\r?$/.test(rest) && (nl >= 0 || end + 40 >= text.length);
}

/** "thanks,\nmarco": the token starts its line (after a dash) and the line before is a closing. */
function onSignatureLine(text: string, t: Token): boolean {
  const lineStart = lineStartBefore(text, t.start);
  if (!SIGNATURE_PREFIX.test(text.slice(lineStart, t.start)) || lineStart === 0) return false;
  // Skip blank lines and trailing blanks back to the previous non-empty line.
  let prevEnd = lineStart - 1;
  while (prevEnd > 0 && prevEnd > lineStart - 400 && /\s/.test(text[prevEnd - 1])) prevEnd--;
  const prevStart = lineStartBefore(text, prevEnd);
  if (lineStart - prevStart > 200) return false;
  return CLOSING.test(text.slice(prevStart, prevEnd));
}

export function findLowerCaseCueNames(ctx: DetectionContext, profile: Profile): Candidate[] {
  if (profile === 'precision') return [];
  const text = ctx.text;
  const tokens = tokensOf(ctx);
  const facts = tokenFacts(tokens);
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.shape !== 'lower' || t.key.length < 2) continue;
    // Stopwords are never names. A word that is surely no given or family name, or a stopword
    // (TokenFacts.mayBeName), needs no look-up yet: it can only be taken as a word of no vocabulary
    // (unknownWord, which rules stopwords out), after a cue or on a signature line.
    const maybeName = facts.mayBeName(i);
    if (maybeName && facts.bits(i) & KEY_STOP) continue;
    const given = isGiven(tokens, facts, i);
    const gap = t.gapBefore;
    // Without a cue or a line break only the given-and-family-name pair can apply: the facts rule most words out.
    const afterCueWord = i > 0 && isCueLast(tokens[i - 1].key);
    let cueCheck: boolean;
    let newLine: boolean;
    if (gap === ' ') {
      if (!given && !afterCueWord) continue;
      cueCheck = afterCueWord;
      newLine = false;
    } else {
      cueCheck = afterCueWord || CUE_GAP.test(gap);
      newLine = gap.includes('\n');
      if (!cueCheck && !newLine && !given) continue;
    }
    if (!maybeName && (t.key.length < 3 || facts.bits(i) & (KEY_ENGLISH | KEY_STOP))) continue;
    // Part of an address or a handle: "dana.k@", "@dana", "dana_88".
    if (/[@\w./\\]/.test(text[t.start - 1] ?? '')) continue;
    let score = 0;
    let last = runEnd(tokens, facts, i);
    const followedByFamily = last > i && isFamily(tokens, facts, i + 1);
    // A word that is no known name nor a word of no vocabulary takes no score after any cue: the cues are not read.
    if (cueCheck && (given || isFamily(tokens, facts, i) || unknownWord(tokens, facts, i))) {
      const before = ctx.before(t.start, 40);
      // After a form label ("Patient:", "cc:") the name must be the whole value: "CC: abd pain" is a chief complaint.
      const strong = STRONG_CUE.test(before) || (hasLabelCue(text, t.start) && VALUE_END.test(text.slice(tokens[last].end, tokens[last].end + 2)));
      if (strong) score = 0.8;
      else if (WEAK_CUE.test(before)) {
        if (given && (!(facts.bits(i) & KEY_ENGLISH) || followedByFamily || rareWord(t.key))) score = 0.7;
      }
    }
    if (score === 0 && newLine && (given || unknownWord(tokens, facts, i)) && lineEndsAfter(text, tokens[last].end) && onSignatureLine(text, t)) score = 0.75;
    // No cue, but a given name and a family name side by side, one of them no English word: "dana smith", "john kowalski".
    const next = tokens[i + 1];
    if (
      score === 0 &&
      next !== undefined &&
      next.shape === 'lower' &&
      next.gapBefore === ' ' &&
      t.key.length >= 3 &&
      next.key.length >= 3 &&
      given &&
      isFamily(tokens, facts, i + 1) &&
      !everyday(t.key) &&
      !commonest(next.key) &&
      (!(facts.bits(i) & KEY_ENGLISH) || !(facts.bits(i + 1) & KEY_ENGLISH))
    ) {
      score = 0.6;
      last = Math.max(last, i + 1);
    }
    if (score === 0) continue;
    const end = tokens[last].end;
    if (/^(?:@|\.[a-z]|_|\d)/i.test(text.slice(end, end + 2))) continue;
    out.push({ start: t.start, end, label: 'PERSON_NAME', score });
    i = last;
  }
  return out;
}
