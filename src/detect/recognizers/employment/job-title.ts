import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { caseOf, isCapitalised, isSpaceGapAt, minScoreFor, spaced, tokensOf, type Case, type Token } from './tokens.js';
import { titlesByCue } from './title-by-cue.js';
import { tokenIds, WordSet } from './word-ids.js';
import { ContextMemo } from '../../context-memo.js';

/**
 * Job titles: a head noun from the occupation lexicon ("technician", "nurse",
 * "vice president"), grown leftwards over the words that qualify it
 * ("Quality Control Inspector", "licensed practical nurse") and rightwards over
 * "of …" ("Head of Visitor Services") and grade numerals ("II").
 * Generic heads ("manager", "assistant") need a modifier or a person context.
 */
interface Head {
  words: string[];
  generic: boolean;
}

interface Lexicon {
  byFirst: Map<string, Head[]>;
  /** The first words of the heads by word id (word-ids.ts): one array read per token. */
  firstWords: WordSet;
  stop: Set<string>;
}

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  if (lexicon) return lexicon;
  const byFirst = new Map<string, Head[]>();
  for (const line of readDataLines('employment-title-heads.txt')) {
    const [phrase, flag] = line.split('|');
    const words = phrase.toLowerCase().split(/\s+/);
    const list = byFirst.get(words[0]) ?? [];
    list.push({ words, generic: flag === 'generic' });
    byFirst.set(words[0], list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  lexicon = { byFirst, firstWords: new WordSet(byFirst.keys()), stop: new Set(readDataLines('employment-title-stopwords.txt')) };
  return lexicon;
}

export interface TitleMatch {
  start: number;
  end: number;
  score: number;
  /** Index of the last token of the title. */
  lastToken: number;
  titleCase: boolean;
}

/** The head that starts at token i, if any (longest first). */
function headAt(tokens: readonly Token[], i: number, ctx: DetectionContext, lex: Lexicon): { head: Head; last: number } | undefined {
  const options = lex.byFirst.get(tokens[i].lower);
  if (!options) return undefined;
  for (const head of options) {
    // A head longer than the tokens left cannot match (and no read runs past the array's end).
    if (i + head.words.length > tokens.length) continue;
    let ok = true;
    for (let k = 1; k < head.words.length; k++) {
      const t = tokens[i + k];
      if (t.lower !== head.words[k] || !spaced(ctx, tokens[i + k - 1], t)) {
        ok = false;
        break;
      }
    }
    if (ok) return { head, last: i + head.words.length - 1 };
  }
  return undefined;
}

function compatible(headCase: Case, tok: Token): boolean {
  const c = caseOf(tok.text);
  if (headCase === 'lower') return c === 'lower' || (c === 'upper' && tok.text.length <= 4);
  return c === 'title' || c === 'upper';
}

const ROMAN = new Set(['I', 'II', 'III', 'IV', 'V']);
// Person contexts right before a title: "works as a", "is an", "Title:", "Name, ".
const PERSON_CUE = /(?:\b(?:as|is|was|am|i'm|im|being|became|become|remains|named|appointed|promoted to|hired as)\s+(?:an?\s+|the\s+)?|\b(?:title|position|role|occupation|job|profession|employment|beruf)\s*:\s*|[,(\u2014|·]\s*)$/;
const EMPLOYER_AFTER = /^\s*(?:at|for|with)\s+(?:the\s+)?[\p{Lu}\d]/u;
const SERVICE_BEFORE = /\b(?:sees?|saw|seeing|seen|visits?|visited|visiting|consults?|consulted|consulting|scheduled|booked|called|calls|asked|paged|hire|hired|need|needs|needed|find|found|referred to|sent to|talked to|spoke to|spoke with|talk to)\s+(?:an?|the|my|his|her|their|our|your)\s+$/;
const FIELD_START = /\b(?:title|position|role|occupation|job|profession|employment|beruf|t\u00e4tigkeit)\s*:[ \t]*$/i;
// "our volunteer coordinator, Ann Lee", "the firm's safety manager, Ann Lee": staff of an organisation, named.
const OWNED_BY_ORGANISATION = /(?:\bour|\p{L}['\u2019]s)\s+$/u;
const POSSESSIVE_BEFORE = /\b(?:my|your|his|her|their|the)\s+$/;
// "your property manager", "my mother's oncologist": someone else's role, even when multi-word.
const OWNED_BY_OTHER = /(?:\b(?:my|your|his|her|their|our)|\p{L}['\u2019]s)\s+$/u;
// Signature line "Manager, Customer Insights": a Title-Case department after the title, to the end of the line.
const DEPARTMENT_AFTER = /^,[ \t]\p{Lu}[\p{L}&-]{0,30}(?:[ \t](?:&|and|of|\p{Lu}[\p{L}&-]{0,30})){0,3}(?=[ \t]*(?:\r?\n|$))/u;

/** "-" always joins a qualifier to a title; " & " only in Title-Case titles ("Health & Safety Officer"). */
function isJoiningGap(gap: string, titleCase: boolean): boolean {
  return gap === '-' || (titleCase && /^ ?& ?$/.test(gap));
}

const cache = new ContextMemo<TitleMatch[]>();

/** All job-title matches in the document (cached per context). */
export function findJobTitles(ctx: DetectionContext): TitleMatch[] {
  const hit = cache.get(ctx);
  if (hit) return hit;
  const lex = load();
  const tokens = tokensOf(ctx);
  const ids = tokenIds(ctx).lower;
  const out: TitleMatch[] = [];
  // The per-token test stays here (most tokens start no head); a head's title is read out of line.
  for (let i = 0; i < tokens.length; i++) {
    if (!lex.firstWords.hasId(ids[i])) continue;
    const found = headAt(tokens, i, ctx, lex);
    if (!found) continue;
    const title = titleAt(ctx, tokens, ids, lex, i, found);
    if (title) out.push(title);
  }
  addCuedTitles(ctx, lex, out);
  cache.set(ctx, out);
  return out;
}

/** The title around the head `found` that starts at token i, or undefined when a later head absorbs it. */
function titleAt(ctx: DetectionContext, tokens: readonly Token[], ids: Int32Array, lex: Lexicon, i: number, found: { head: Head; last: number }): TitleMatch | undefined {
  const headCase = caseOf(tokens[i].text);
  const next = tokens[found.last + 1];
  // "nurse practitioner": let the later head absorb this one.
  if (next && spaced(ctx, tokens[found.last], next) && lex.firstWords.hasId(ids[found.last + 1]) && headAt(tokens, found.last + 1, ctx, lex) && compatible(headCase, next)) return undefined;
  const titleCase = headCase !== 'lower';

  // Grow leftwards over qualifying words.
  let first = i;
  for (let j = i - 1, n = 0; j >= 0 && n < 4; j--, n++) {
    const t = tokens[j];
    const gapEnd = tokens[j + 1].start;
    if (!isSpaceGapAt(ctx.text, t.end, gapEnd) && !(gapEnd - t.end <= 3 && isJoiningGap(ctx.text.slice(t.end, gapEnd), titleCase))) break;
    if (lex.stop.has(t.lower) || /\d/.test(t.text)) break;
    if (!compatible(headCase, t)) {
      // "Occupation: School bus driver": a lower-case title whose first word is capitalised only because it starts the field.
      if (headCase === 'lower' && caseOf(t.text) === 'title' && FIELD_START.test(ctx.before(t.start, 30))) first = j;
      break;
    }
    first = j;
  }
  let last = found.last;
  let end = tokens[last].end;
  // Rightwards: "of Operations", "of Environmental Engineering", grade numerals.
  if (titleCase) {
    const of = tokens[last + 1];
    if (of && of.lower === 'of' && spaced(ctx, tokens[last], of)) {
      let k = last + 2;
      let took = 0;
      while (k < tokens.length && took < 4 && spaced(ctx, tokens[k - 1], tokens[k])) {
        const t = tokens[k];
        if (isCapitalised(t.text)) {
          last = k;
          took++;
        } else if (!(t.lower === 'and' && tokens[k + 1] && isCapitalised(tokens[k + 1].text))) break;
        k++;
      }
      end = tokens[last].end;
    }
    const numeral = tokens[last + 1];
    if (numeral && ROMAN.has(numeral.text) && spaced(ctx, tokens[last], numeral)) {
      last++;
      end = numeral.end;
    }
  }
  const start = tokens[first].start;
  if (titleCase && /(?:^|\n)[ \t]*$/.test(ctx.before(start, 4))) {
    const dept = DEPARTMENT_AFTER.exec(ctx.text.slice(end, end + 80));
    if (dept) {
      end += dept[0].length;
      last = tokens.findIndex((t) => t.start >= end) - 1;
      if (last < 0) last = tokens.length - 1;
    }
  }
  const multi = last > first;
  const before = ctx.before(start, 40);
  const cue = PERSON_CUE.test(before);
  const employerAfter = EMPLOYER_AFTER.test(ctx.text.slice(end, end + 40));
  let score: number;
  if (found.head.generic && !multi) score = cue || employerAfter ? 0.6 : 0.3;
  else if (titleCase) score = multi || cue || employerAfter ? 0.8 : 0.55;
  else if (multi) score = 0.75;
  else score = 0.7;
  const follower = tokens[last + 1];
  const followGap = follower ? ctx.text.slice(end, follower.start) : '';
  // "the composer Lars Berg", "a fisheries officer, and": the title of a named person (appositive).
  const beforeName = !found.head.generic && !titleCase && follower !== undefined && isSpaceGapAt(ctx.text, end, follower.start) && caseOf(follower.text) === 'title' && /\b(?:the|an?)\s+$/.test(before);
  const namedAfter = follower !== undefined && /^,[ \t]+$/.test(followGap) && caseOf(follower.text) === 'title' && !lex.stop.has(follower.lower);
  const appositive = /\p{L},[ \t]+(?:an?|the)[ \t]+$/u.test(before);
  // "the nurse", "my therapist" (even "my therapist at Centerstone"): a role around the person, not their job.
  if (!multi && !beforeName && (!employerAfter || OWNED_BY_OTHER.test(before)) && POSSESSIVE_BEFORE.test(before) && !/\b(?:as|is|was)\s+(?:the\s+)?$/.test(before)) score = Math.min(score, 0.4);
  // "sees a therapist at", "I've scheduled a technician": a service the person uses.
  if (SERVICE_BEFORE.test(before)) score = Math.min(score, 0.4);
  // "our volunteer coordinator, Ann Lee": someone's title, named right after.
  if (multi && !employerAfter && OWNED_BY_OTHER.test(before) && !cue && !(namedAfter && OWNED_BY_ORGANISATION.test(before))) score = Math.min(score, 0.4);
  // "Agent Mateus", "Counselor: Ann Lee", "driver licence": a role label or a modifier, not a job held.
  if (!beforeName && follower && (isSpaceGapAt(ctx.text, end, follower.start) || (!multi && /^:[ \t]+$/.test(followGap) && isCapitalised(follower.text))) && !lex.stop.has(follower.lower) && (!multi || caseOf(follower.text) === 'lower')) score = Math.min(score, 0.35);
  // "the hiring manager", "an operations manager": a generic role unless tied to an employer or a named person.
  if (found.head.generic && !employerAfter && !appositive && /\b(?:the|an?)\s+$/.test(before) && !/\b(?:as|is|was|am|i'm)\s+(?:the|an?)\s+$/.test(before)) score = Math.min(score, 0.45);
  return { start, end, score, lastToken: last, titleCase };
}

/** Titles read after "works as a" / "is a … at" that the lexicon did not find. */
function addCuedTitles(ctx: DetectionContext, lex: Lexicon, out: TitleMatch[]): void {
  const cued = titlesByCue(ctx, lex.stop);
  if (cued.length === 0) return;
  const lexical = out.slice();
  for (const c of cued) {
    if (lexical.some((m) => m.start < c.end && c.start < m.end && m.score >= 0.5)) continue;
    out.push({ start: c.start, end: c.end, score: c.score, lastToken: c.lastToken, titleCase: false });
  }
  out.sort((a, b) => a.start - b.start);
}

export function jobTitleRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return {
    name: 'job-title',
    labels: ['EMPLOYMENT_EDUCATION'],
    detect(ctx): Candidate[] {
      const out: Candidate[] = [];
      for (const m of findJobTitles(ctx)) if (m.score >= min) out.push({ start: m.start, end: m.end, label: 'EMPLOYMENT_EDUCATION', score: m.score });
      return out;
    },
  };
}
