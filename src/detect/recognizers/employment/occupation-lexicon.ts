import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { lineEndAfter, lineStartBefore } from '../../lines.js';
import { caseOf, isCapitalised, isSpaceGapAt, minScoreFor, tokensOf, type Case, type Token } from './tokens.js';
import { FAMILY_NAME, GIVEN_NAME, NAME_STOPWORD, NAME_TITLE, nameKeyFlags } from '../../../lexicons/names.js';
import { lexiconKey } from '../../../lexicons/word-lists.js';
import { tokenIds, WordSet } from './word-ids.js';

/**
 * Job titles in lower or mixed case from general knowledge, when the text ties
 * them to a person: "she works as a ⟦leasing consultant⟧", "a retired ⟦court
 * clerk⟧", "Jan Nowak, ⟦network and computer systems administrator⟧".
 *
 * Heads come from WordNet's people by occupation (data/occupations/wordnet-heads.txt,
 * compiled by scripts/build-occupations.ts), the job-title heads of
 * data/employment-title-heads.txt and data/occupations/extra-heads.txt. They sit
 * in a word trie keyed from the last word backwards, so that a scan that meets
 * a head finds the longest listed title ending there ("vice president", "bus
 * driver") in one walk to the left.
 *
 * The title then grows leftwards over the words that classify the job — nouns,
 * relational adjectives and title words ("senior", "assistant", "chief"), one
 * coordination with "and" ("network and computer systems administrator") — and
 * stops at describing words (WordNet's qualitative adjectives: "friendly",
 * "experienced"), function words, numbers and verbs. It grows rightwards over
 * "of …" ("professor of medieval history").
 *
 * A title counts only with a cue that ties it to a person:
 *  - strong: "works as", "employed as", "job title:", "Position:" (any head);
 *  - "a retired / former / veteran X", "is a X", "as a X", "X at <Employer>",
 *    "<Name>, X" and the line under a name in a signature block.
 * Ambiguous heads (another sense is more common: "driver", "cook", "printer")
 * need a strong cue or a listed compound ("bus driver") or a modifier.
 * A head directly followed by another noun modifies that noun ("the bus driver
 * strike", "teacher training"): it is not a person's job and is left out.
 *
 * Every loop is bounded by a small constant per token, so the scan is linear.
 */
type Tier = 'reliable' | 'ambiguous';

interface TrieNode {
  /** Next words to the left. */
  prev?: Map<string, TrieNode>;
  tier?: Tier;
}

/**
 * The heads, and the word lists read only once a head is met (loaded then: a
 * document without a head, a short one most often, never reads them).
 */
class Lexicon {
  private stopSet: Set<string> | undefined;
  private adjectiveSet: Set<string> | undefined;
  private modifierSet: Set<string> | undefined;

  constructor(
    /** Reverse trie: last word of a title → words before it. */
    readonly root: Map<string, TrieNode>,
    /** The last words of the trie by word id (word-ids.ts): one array read per token. */
    readonly lastWords: WordSet,
  ) {}

  get titleModifiers(): Set<string> {
    return (this.modifierSet ??= new Set(readDataLines('occupations/title-modifiers.txt')));
  }

  get stop(): Set<string> {
    if (this.stopSet) return this.stopSet;
    const titleModifiers = this.titleModifiers;
    this.stopSet = new Set([...readDataLines('employment-title-stopwords.txt'), ...readDataLines('occupations/stopwords.txt')].filter((w) => !titleModifiers.has(w)));
    return this.stopSet;
  }

  get adjectives(): Set<string> {
    return (this.adjectiveSet ??= new Set(readDataLines('occupations/qualitative-adjectives.txt')));
  }
}

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  if (lexicon) return lexicon;
  const root = new Map<string, TrieNode>();
  const add = (phrase: string, tier: Tier, keep: boolean) => {
    const words = phrase.toLowerCase().split(/\s+/);
    let level = root;
    let node: TrieNode | undefined;
    for (let k = words.length - 1; k >= 0; k--) {
      node = level.get(words[k]);
      if (!node) {
        node = {};
        level.set(words[k], node);
      }
      if (k > 0) {
        node.prev ??= new Map();
        level = node.prev;
      }
    }
    if (node && !(keep && node.tier)) node.tier = tier;
  };
  for (const file of ['occupations/wordnet-heads.txt', 'occupations/extra-heads.txt']) {
    for (const line of readDataLines(file)) {
      const [word, flag] = line.split('|');
      add(word, flag === 'ambiguous' ? 'ambiguous' : 'reliable', false);
    }
  }
  // The job-title heads do not override the tier read from WordNet and the curated lists above;
  // their "|generic" heads ("manager", "assistant") need a modifier or a strong cue.
  for (const line of readDataLines('employment-title-heads.txt')) {
    const [phrase, flag] = line.split('|');
    add(phrase, flag === 'generic' ? 'ambiguous' : 'reliable', true);
  }
  lexicon = new Lexicon(root, new WordSet(root.keys()));
  return lexicon;
}

/** Look-up form of a token: typographic apostrophes as "'". */
function keyOf(tok: Token): string {
  return tok.lower.includes('\u2019') ? tok.lower.replace(/\u2019/g, "'") : tok.lower;
}

/** The longest listed title ending at token i: its first token and tier. */
function titleEndingAt(text: string, tokens: readonly Token[], i: number, lex: Lexicon): { first: number; tier: Tier } | undefined {
  let node = lex.root.get(keyOf(tokens[i]));
  if (!node?.tier) return undefined;
  let best = { first: i, tier: node.tier };
  for (let j = i - 1; j >= 0 && j >= i - 4 && node.prev; j--) {
    if (!isSpaceGapAt(text, tokens[j].end, tokens[j + 1].start)) break;
    node = node.prev.get(keyOf(tokens[j]));
    if (!node) break;
    if (node.tier) best = { first: j, tier: node.tier };
  }
  return best;
}

const MAX_MODIFIERS = 6;
const DIGIT = /\d/;
/** All-capital acronyms inside a lower-case title: "IT support technician", "ICU nurse". */
const ACRONYM = /^[A-Z]{2,5}$/;

/** True if the word may classify a job inside a title of the given case. */
function isModifier(tok: Token, headCase: Case, lex: Lexicon): boolean {
  const word = keyOf(tok);
  if (DIGIT.test(word) || lex.stop.has(word)) return false;
  const c = caseOf(tok.text);
  if (headCase === 'lower' ? c !== 'lower' && !ACRONYM.test(tok.text) : c !== 'title' && c !== 'upper') return false;
  if (lex.titleModifiers.has(word)) return true;
  if (describes(word, lex)) return false;
  // Adverbs and participles describe ("recently hired", "overworked"), gerunds classify ("leasing consultant").
  return !isAdverb(word, lex) && !(word.length > 4 && word.endsWith('ed'));
}

const ADVERB_ENDING = /(?:ably|ibly|ically|ously|ively|edly|ently|antly|fully|lessly)$/;

/** An adverb in -ly ("recently", "happily", "highly"), not a noun that ends so ("supply", "family", "assembly"). */
function isAdverb(word: string, lex: Lexicon): boolean {
  if (word.length < 5 || !word.endsWith('ly')) return false;
  if (ADVERB_ENDING.test(word)) return true;
  const stem = word.slice(0, -2);
  if (lex.adjectives.has(stem) || lex.titleModifiers.has(stem) || DESCRIBING.has(stem)) return true;
  return word.endsWith('ily') && lex.adjectives.has(word.slice(0, -3) + 'y');
}

/** A qualitative adjective, or its comparative or superlative ("youngest", "nicest", "biggest", "busier"). */
function describes(word: string, lex: Lexicon): boolean {
  if (lex.adjectives.has(word)) return true;
  const est = word.endsWith('est') ? 3 : word.endsWith('er') && !lex.root.has(word) ? 2 : 0;
  if (est === 0 || word.length < est + 3) return false;
  const stem = word.slice(0, -est);
  if (lex.adjectives.has(stem) || lex.adjectives.has(stem + 'e')) return true;
  if (stem.endsWith('i') && lex.adjectives.has(stem.slice(0, -1) + 'y')) return true;
  // A doubled final consonant: "biggest", "hottest".
  return stem.length > 2 && stem.charCodeAt(stem.length - 1) === stem.charCodeAt(stem.length - 2) && lex.adjectives.has(stem.slice(0, -1));
}

/** True if a head is listed at token j (a coordination "cook and bus driver" joins two titles, not two modifiers). */
function isHead(tok: Token, lex: Lexicon): boolean {
  return lex.root.get(keyOf(tok))?.tier !== undefined;
}

/**
 * Leftward growth over modifiers, from the token before `first`. Returns the
 * new first token. One "and" may join two modifiers ("sales and marketing
 * manager"); in Title Case "&" may too ("Health & Safety Officer").
 */
function growLeft(text: string, tokens: readonly Token[], first: number, headCase: Case, lex: Lexicon): number {
  let out = first;
  let coordinated = false;
  for (let j = first - 1, n = 0; j >= 0 && n < MAX_MODIFIERS; j--, n++) {
    const gapStart = tokens[j].end;
    const gapEnd = tokens[j + 1].start;
    const spacedGap = isSpaceGapAt(text, gapStart, gapEnd);
    const ampersand = !spacedGap && headCase !== 'lower' && /^ ?& ?$/.test(text.slice(gapStart, gapEnd));
    if (!spacedGap && !ampersand) break;
    const tok = tokens[j];
    const and = tok.lower === 'and' || ampersand;
    if (and && !coordinated && out < first) {
      // "and" joins the modifier to its right with the word to its left.
      const left = ampersand ? j : j - 1;
      if (left < 0) break;
      if (!ampersand && !isSpaceGapAt(text, tokens[left].end, tok.start)) break;
      if (!isModifier(tokens[left], headCase, lex) || isHead(tokens[left], lex)) break;
      coordinated = true;
      out = left;
      if (!ampersand) {
        j--;
        n++;
      }
      continue;
    }
    if (!isModifier(tok, headCase, lex)) break;
    out = j;
  }
  return out;
}

/** True if a head follows within three words that could all be modifiers of it ("teacher ⟦training⟧ coordinator"). */
function headAhead(text: string, tokens: readonly Token[], i: number, headCase: Case, lex: Lexicon): boolean {
  for (let k = i + 1; k < tokens.length && k <= i + 3; k++) {
    const tok = tokens[k];
    if (!isSpaceGapAt(text, tokens[k - 1].end, tok.start) || caseOf(tok.text) !== headCase) return false;
    if (isHead(tok, lex)) return true;
    if (!isModifier(tok, headCase, lex)) return false;
  }
  return false;
}

/** Words after a head that end its noun phrase (otherwise the head modifies the next noun: "driver strike"). */
const CLOSERS = new Set([
  'at', 'for', 'with', 'in', 'on', 'of', 'from', 'to', 'by', 'near', 'across', 'around', 'under', 'over', 'within', 'without', 'through', 'throughout', 'until', 'till', 'since', 'during', 'before', 'after',
  'and', 'or', 'but', 'nor', 'so', 'yet', 'then', 'because', 'though', 'although', 'while', 'when', 'where', 'whereas', 'if', 'unless', 'than', 'as', 'like',
  'who', 'whom', 'whose', 'which', 'that', 'named', 'called', 'based',
  'is', 'was', 'were', 'are', 'be', 'been', 'being', 'am', 'has', 'had', 'have', 'having', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'must', 'does', 'did', 'do',
  'said', 'says', 'told', 'tells', 'asked', 'asks', 'lives', 'lived', 'works', 'worked', 'working',
  'now', 'today', 'there', 'here', 'again', 'too', 'also', 'still', 'currently', 'full-time', 'part-time', 'since', 'ever', 'all', 'most', 'many', 'some', 'every', 'each', 'nearly', 'almost', 'about', 'these', 'those', 'this', 'his', 'her', 'their', 'my', 'our', 'your', 'its', 'he', 'she', 'they', 'i', 'we', 'you', 'it',
]);

/** True if the phrase may end before token k (a closer, a describing word, a name, punctuation). */
function closedBefore(ctx: DetectionContext, tokens: readonly Token[], last: number, lex: Lexicon): boolean {
  const next = tokens[last + 1];
  if (!next || !isSpaceGapAt(ctx.text, tokens[last].end, next.start)) return true;
  const w = keyOf(next);
  if (CLOSERS.has(w) || lex.stop.has(w) || lex.adjectives.has(w)) return true;
  if (DIGIT.test(w) || isCapitalised(next.text)) return true;
  return isAdverb(w, lex) || (w.length > 4 && (w.endsWith('ed') || w.endsWith('ing')));
}

/** "of …" after a head: "professor of medieval history", "Director of Clinical Operations". Returns the new last token. */
function growOf(ctx: DetectionContext, tokens: readonly Token[], last: number, headCase: Case, lex: Lexicon): number {
  const of = tokens[last + 1];
  if (!of || of.lower !== 'of' || !isSpaceGapAt(ctx.text, tokens[last].end, of.start)) return last;
  let end = last + 1;
  for (let k = last + 2; k < tokens.length && k <= last + 5; k++) {
    if (!isSpaceGapAt(ctx.text, tokens[k - 1].end, tokens[k].start)) break;
    const tok = tokens[k];
    if (headCase !== 'lower' && (tok.lower === 'and' || tok.lower === '&') && end > last + 1) continue;
    if (!isModifier(tok, headCase, lex) || CLOSERS.has(tok.lower)) break;
    end = k;
  }
  if (end === last + 1) return last;
  // The "of" phrase must itself be closed: "professor of history at Leeds", not "head of household finances today".
  return closedBefore(ctx, tokens, end, lex) ? end : last;
}

// Cues read on the lower-cased text right before the title (after the describing words it skipped).
const STRONG_CUE = /\b(?:works?|worked|working|employed|hired|rehired|job|jobs|career|position|role|trained|training|retired|retires|served|serves|serving|started|starts|promoted|appointed|freelances?|freelanced|freelancing|moonlights?|moonlighting|qualified|certified|licensed|registered|earns? a living|made a living|makes a living)(?:\s+(?:part-time|full-time|now|currently|still|mostly|mainly|primarily|temporarily|briefly|nights|weekends))?\s+as\s+(?:an?\s+|the\s+|(?:his|her|their|my|our)\s+)?$/;
const FIELD_CUE = /(?:\bjob title|\btitle|\bposition|\brole|\boccupation|\bprofession|\bjob|\bdesignation|\bemployment|\btrade|\bcurrent post)\s*(?::|-|\bis\b|\bwas\b)\s*(?:an?\s+|the\s+)?$/;
const AS_CUE = /\bas\s+(?:an?|the)\s+$/;
// "dressed as a nurse", "played a doctor": a costume or a part, not a job.
const PRETENCE = /\b(?:dressed|dresses|dressing|disguised|costumed|posing|posed|poses|masquerad\w{1,4}|pretending|pretended|portrayed|played|plays|playing|cast|impersonat\w{1,5})\s+(?:up\s+)?as\s+(?:an?|the)\s+$/;
// Not "be a" / "become a": "wants to be a musician" is a wish, not a job.
// A subject must stand before the verb: not a question ("Is the manager in?") nor "there is a plumber".
const PREDICATE_CUE = /(?:(\p{L}[\p{L}'\u2019-]*)[ \t]+(?:is|was|am|are|were|been|became|becomes|remains|remained)|\b(?:i'm|im)|\p{L}['\u2019](?:s|re))\s+(?:an?|the)\s+$/u;
const SPACE = /\s/;

/** True if `s` ends with whitespace, "a", "an" or "the", and whitespace: what PREDICATE_CUE ends with (a cheap test first). */
function endsWithArticle(s: string): boolean {
  let i = s.length;
  while (i > 0 && SPACE.test(s[i - 1])) i--;
  if (i === s.length) return false;
  for (const article of ['a', 'an', 'the']) {
    const j = i - article.length;
    if (j >= 1 && s.startsWith(article, j) && SPACE.test(s[j - 1])) return true;
  }
  return false;
}
const NOT_SUBJECTS = new Set(['there', 'here', 'it', 'this', 'that', 'what', 'which', 'where', 'how', 'why', 'when']);
/** Words before a title that make it a job held: "a retired court clerk", "a veteran nurse". */
const JOB_STATE = new Set(['retired', 'former', 'ex', 'veteran', 'seasoned', 'longtime', 'long-time', 'semi-retired', 'off-duty', 'unemployed', 'out-of-work', 'laid-off', 'self-employed', 'trainee', 'newly-qualified', 'part-time', 'full-time', 'freelance', 'licensed', 'qualified', 'practising', 'practicing', 'working']);
/** Other describing words a cue may stand before: "is a very good ⟦teacher⟧", "a new ⟦store clerk⟧". */
const DESCRIBING = new Set(['new', 'old', 'good', 'great', 'best', 'excellent', 'local', 'friendly', 'kind', 'nice', 'favorite', 'favourite', 'beloved', 'dedicated', 'experienced', 'talented', 'young', 'strong', 'professional', 'current', 'very', 'really', 'quite', 'pretty', 'fellow', 'volunteer', 'wonderful', 'amazing', 'skilled', 'busy']);
// "became head nurse", "was promoted to senior analyst", "named chief engineer": a job given to a person.
const PROMOTION_CUE = /\b(?:became|becomes|named|appointed|promoted to|elected)\s+(?:an?\s+|the\s+|(?:his|her|their|our)\s+(?:new\s+)?)?$/;
const COORDINATED = /^(?:,[ \t]+|[ \t]*,?[ \t]*(?:and|or|&)[ \t]+)(?:an?[ \t]+)?$/;
const ARTICLE_BEFORE = /\b(?:an?|the)\s+$/;
const EMPLOYER_AFTER = /^[ \t]+(?:at|for|with)[ \t]+(?:the[ \t]+)?[\p{Lu}\d]/u;
const TIME_AFTER = /^[ \t]+(?:at|for|with)[ \t]+(?:the[ \t]+)?(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|christmas|easter)/;
// "X at <Employer>" is the person's job after a comma ("Ana, a nurse at …") or at the start of a line ("Nurse at …");
// "a monk at the temple", "a spokesperson for the police" alone are someone unnamed.
const EMPLOYER_LEAD = /(?:,[ \t]*(?:an?[ \t]+|the[ \t]+)?|(?:^|\n|\u2014|\u2013|\(|:)[ \t]*)$/;
// "sees a therapist at …", "I've scheduled a technician": a service the person uses, not a job.
const SERVICE_BEFORE = /\b(?:sees?|saw|seeing|seen|visits?|visited|visiting|consults?|consulted|consulting|scheduled|booked|called|calls|asked|paged|hire|hired|hiring|need|needs|needed|find|found|referred to|sent to|talked to|spoke to|spoke with|talk to|contact|contacted|met|meet|meeting|with)\s+(?:an?|the|my|his|her|their|our|your)\s+$/;
// "my therapist at Centerstone": someone else's role, even with the employer named.
const OWNED_BY_OTHER = /(?:\b(?:my|your|his|her|their|our)|\p{L}['\u2019]s)\s+$/u;
// "Jan Nowak, a nurse", "Jan Nowak (nurse)", "Jan Nowak — nurse".
const APPOSITIVE = /(?:,[ \t]+|[ \t]?\([ \t]?|[ \t]+[\u2014\u2013-][ \t]+)(?:an?[ \t]+|the[ \t]+)?$/;
/**
 * The capitalised run (1–4 tokens) that ends at token `endToken`, read as a
 * person's name: its first word a known given name or title ("Dr"), or the run
 * alone at the start of its line (a signature: "Ania Kowal, payroll clerk").
 * Returns the number of tokens, or 0.
 */
function nameBefore(ctx: DetectionContext, tokens: readonly Token[], endToken: number): number {
  let count = 0;
  let k = endToken;
  for (; k >= 0 && count < 4; k--) {
    const tok = tokens[k];
    if (!isCapitalised(tok.text) || DIGIT.test(tok.text)) break;
    const flags = nameKeyFlags(lexiconKey(tok.text));
    if (flags & NAME_STOPWORD && !(flags & (GIVEN_NAME | FAMILY_NAME))) break;
    count++;
    if (k === 0 || !isSpaceGapAt(ctx.text, tokens[k - 1].end, tok.start)) break;
  }
  if (count === 0) return 0;
  const firstTok = tokens[endToken - count + 1];
  const atLineStart = /(?:^|\n)[ \t]*$/.test(ctx.text.slice(Math.max(0, firstTok.start - 4), firstTok.start));
  const flags = nameKeyFlags(lexiconKey(firstTok.text));
  if (atLineStart) return count;
  return count >= 2 && flags & (GIVEN_NAME | NAME_TITLE) ? count : 0;
}

/** Index of the last token ending at or before offset `pos` (-1 if none), searching back from `from`. */
function tokenBefore(tokens: readonly Token[], from: number, pos: number): number {
  let k = from;
  while (k >= 0 && tokens[k].end > pos) k--;
  return k;
}

/** "Anna Kowal⏎senior payroll clerk": the title fills its line and the line above is a name. */
function underName(ctx: DetectionContext, tokens: readonly Token[], first: number, last: number): boolean {
  const text = ctx.text;
  const lineStart = lineStartBefore(text, tokens[first].start);
  if (!/^[ \t]*$/.test(text.slice(lineStart, tokens[first].start))) return false;
  const lineEnd = lineEndAfter(text, tokens[last].end);
  if (!/^[ \t,.]*\r?$/.test(text.slice(tokens[last].end, lineEnd))) return false;
  if (lineStart < 2) return false;
  // The line above: only a name (a comma or trailing spaces allowed).
  const aboveStart = lineStartBefore(text, lineStart - 1);
  const above = text.slice(aboveStart, lineStart - 1);
  if (!/^[ \t]*\p{Lu}[\p{L}'\u2019.-]*(?:[ \t]+\p{Lu}[\p{L}'\u2019.-]*){1,3}[ \t,]*\r?$/u.test(above)) return false;
  const lastName = tokenBefore(tokens, first - 1, lineStart - 1);
  return lastName >= 0 && nameBefore(ctx, tokens, lastName) >= 2;
}

interface Cue {
  score: number;
  strong: boolean;
}

/** The cue that ties the title [first, last] to a person, if any. */
function cueFor(ctx: DetectionContext, tokens: readonly Token[], first: number, last: number, lex: Lexicon): Cue | undefined {
  const text = ctx.text;
  // The cue may stand before up to three describing words ("a retired ⟦court clerk⟧", "is a very experienced
  // ⟦welder⟧"); each place is tried, nearest first ("appointed" is a describing adjective too, and a cue).
  let best: Cue | undefined;
  let from = first;
  let jobState = false;
  for (let n = 0; n <= 3; n++) {
    const cue = cueAt(ctx, tokens, from, last, jobState);
    if (cue && (!best || cue.score > best.score)) best = cue;
    if (best?.strong || from === 0) break;
    const tok = tokens[from - 1];
    if (!isSpaceGapAt(text, tok.end, tokens[from].start)) break;
    const w = keyOf(tok);
    // Participles after an adverb describe too: "a highly regarded", "a recently hired".
    const participle = w.length > 4 && w.endsWith('ed') && from >= 2 && isAdverb(keyOf(tokens[from - 2]), lex);
    const describing = JOB_STATE.has(w) || DESCRIBING.has(w) || describes(w, lex) || isAdverb(w, lex) || participle;
    if (!describing) break;
    if (JOB_STATE.has(w)) jobState = true;
    from--;
  }
  return best;
}

/** The cue read before token `from` (the title or the describing words before it) and after token `last`. */
function cueAt(ctx: DetectionContext, tokens: readonly Token[], from: number, last: number, jobState: boolean): Cue | undefined {
  const text = ctx.text;
  const start = tokens[from].start;
  const before = ctx.before(start, 60);
  // "met a retired court clerk": the state words make it a job even after such a verb.
  if (SERVICE_BEFORE.test(before) && !jobState) return undefined;
  if (FIELD_CUE.test(before) || (STRONG_CUE.test(before) && !PRETENCE.test(before))) return { score: 0.75, strong: true };
  let score = 0;
  if (jobState && ARTICLE_BEFORE.test(before)) score = Math.max(score, 0.65);
  const predicate = endsWithArticle(before) ? PREDICATE_CUE.exec(before) : null;
  if (predicate && !NOT_SUBJECTS.has(predicate[1] ?? '')) score = Math.max(score, 0.65);
  if (PROMOTION_CUE.test(before)) score = Math.max(score, 0.7);
  if (AS_CUE.test(before) && !PRETENCE.test(before)) score = Math.max(score, 0.65);
  const after = ctx.after(tokens[last].end, 40);
  if (EMPLOYER_AFTER.test(text.slice(tokens[last].end, tokens[last].end + 40)) && !TIME_AFTER.test(after) && EMPLOYER_LEAD.test(before) && !OWNED_BY_OTHER.test(before)) score = Math.max(score, 0.65);
  // "Jan Nowak, network administrator": a title after a name and a comma.
  const appositive = APPOSITIVE.exec(before);
  if (appositive) {
    const comma = start - appositive[0].length;
    const k = tokenBefore(tokens, from - 1, comma);
    // In parentheses the title must close them: "Jan Nowak (nurse)".
    const paren = appositive[0].includes('(');
    if (k >= 0 && tokens[k].end === comma && nameBefore(ctx, tokens, k) > 0 && (!paren || /^[ \t]?\)/.test(text.slice(tokens[last].end, tokens[last].end + 2)))) score = Math.max(score, 0.7);
  }
  if (score === 0 && underName(ctx, tokens, from, last)) score = 0.7;
  return score > 0 ? { score, strong: false } : undefined;
}

export function occupationCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const text = ctx.text;
  const keyIds = tokenIds(ctx).key;
  const out: Candidate[] = [];
  let covered = -1;
  let previous: Candidate | undefined;
  for (let i = 0; i < tokens.length; i++) {
    if (!lex.lastWords.hasId(keyIds[i])) continue;
    const tok = tokens[i];
    const headCase = caseOf(tok.text);
    if (headCase !== 'lower' && headCase !== 'title') continue;
    const listed = titleEndingAt(text, tokens, i, lex);
    if (!listed) continue;
    // "nurse practitioner", "teacher training coordinator": a later head absorbs this one.
    if (headAhead(text, tokens, i, headCase, lex)) continue;
    let last = growOf(ctx, tokens, i, headCase, lex);
    if (last === i && !closedBefore(ctx, tokens, i, lex)) continue;
    let first = growLeft(text, tokens, listed.first, headCase, lex);
    // A lower-case title whose first word is capitalised only because it starts a line or a field ("Title: Assistant branch manager").
    if (headCase === 'lower' && first > 0) {
      const t = tokens[first - 1];
      if (caseOf(t.text) === 'title' && isSpaceGapAt(text, t.end, tokens[first].start) && /(?:^|\n|:)[ \t]*$/.test(text.slice(Math.max(0, t.start - 3), t.start))) {
        const lowered = { ...t, text: t.lower };
        if (isModifier(lowered, 'lower', lex)) first--;
      }
    }
    if (first <= covered) continue;
    let cue = cueFor(ctx, tokens, first, last, lex);
    // "works as a cook and bus driver": a title coordinated with the one just found shares its cue.
    if (!cue && previous && COORDINATED.test(text.slice(previous.end, tokens[first].start))) cue = { score: Math.min(previous.score, 0.65), strong: false };
    if (!cue) continue;
    let score = cue.score;
    // An ambiguous head ("driver", "printer") needs a strong cue, or a modifier that makes it a job ("delivery driver").
    if (listed.tier === 'ambiguous' && !cue.strong) {
      if (first === i) continue;
      score = Math.min(score, 0.55);
    }
    if (score < min) continue;
    const found: Candidate = { start: tokens[first].start, end: tokens[last].end, label: 'EMPLOYMENT_EDUCATION', score, source: 'occupation-lexicon' };
    out.push(found);
    previous = found;
    covered = last;
    i = last;
  }
  return out;
}

export function occupationLexiconRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'occupation-lexicon',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect: (ctx) => occupationCandidates(ctx, min),
  };
}
