import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { usStateByCode } from '../../../lexicons/gazetteer.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';
import { tokenize, tokensOf, type Token } from '../names/tokens.js';
import { isCommonWord, isEnglishWord } from '../../../lexicons/english-words.js';
import { countryNames } from '../../../lexicons/countries.js';
import { lineEndAfter, lineStartBefore } from '../../lines.js';

/**
 * ORGANIZATION: capitalised names ending in an organisation word ("Pruitt
 * Holdings LLC", "Key Club", "St. Columba Parish", "SGV & Co."), "Bank of ..." /
 * "Department of ..." names, sports teams ("the Boston Red Sox") and a short
 * list of widely known organisations. Scores stay at or below 0.6 so that
 * EMPLOYMENT_EDUCATION and MEDICAL, which other recognizers emit from their
 * cues for the same names, win the overlap. Names with a medical-provider word
 * (data/lexicons/orgs-excluded-words.txt) are left to the MEDICAL recognizers.
 */
const SCORE = 0.55;
const MAX_WORDS = 7;
const INNER_LOWER = new Set(['of', 'and', 'for', 'the', 'de', 'du', 'des', 'la', 'le', 'del', 'di', 'on', 'am', 'an', 'der']);
const HEADS_OF = new Set(['bank', 'church', 'parish', 'department', 'dept', 'board', 'bureau', 'office', 'ministry', 'society', 'association', 'council', 'knights', 'sisters', 'daughters', 'friends', 'diocese', 'archdiocese', 'order', 'federation', 'league', 'union', 'club', 'boys', 'girls', 'chamber', 'court', 'government', 'city', 'state', 'commonwealth', 'people', 'congregation', 'brotherhood', 'fraternal', 'veterans', 'army', 'navy', 'corps']);
const LEADING_DROP = new Set(['dear', 'hi', 'hello', 'the', 'a', 'an', 'at', 'in', 'from', 'with', 'for', 'and', 'of', 'to', 'by', 'my', 'our', 'his', 'her', 'their']);

/** Legal forms that may follow the name after a comma. */
const LEGAL_FORMS = new Set(['inc', 'llc', 'llp', 'lp', 'ltd', 'plc', 'gmbh', 'corp', 'co', 'limited', 'incorporated', 'ag', 'sa', 'bv', 'nv']);
/** Organisation words that make a name in capitals trustworthy ("ORTON CORPORATION"), unlike "COUNSELING SERVICES". */
const STRONG_UPPER = new Set(['inc', 'llc', 'llp', 'ltd', 'plc', 'gmbh', 'corp', 'corporation', 'company', 'bank', 'bancorp', 'insurance', 'commission', 'pantry', 'church', 'parish', 'association', 'foundation', 'union', 'federation', 'authority', 'council', 'society', 'agency']);
/** Compound bank and insurer names of German and Dutch ("Volksbank", "Sparkasse", "Krankenkasse", "Landesversicherung"). */
const COMPOUND_ORG = /^[a-z\u00e0-\u00ff]{2,30}(?:bank|kasse|versicherung|verzekeringen)$/;
const weakSuffixes = () => wordSet('orgs-weak-suffixes.txt');
const prefixWords = () => wordSet('orgs-prefix-words.txt');

/** Bits of orgWords(): one look-up per capitalised word tells which of the lists above hold it. */
const WEAK_SUFFIX = 1;
const SUFFIX = 2;
const PREFIX_WORD = 4;
const HEAD_OF = 8;
let orgWordFlags: Map<string, number> | undefined;
function orgWords(): Map<string, number> {
  if (!orgWordFlags) {
    const flags = new Map<string, number>();
    const flag = (words: Iterable<string>, bit: number) => {
      for (const w of words) flags.set(w, (flags.get(w) ?? 0) | bit);
    };
    flag(weakSuffixes(), WEAK_SUFFIX);
    flag(wordSet('orgs-suffixes.txt'), SUFFIX);
    flag(prefixWords(), PREFIX_WORD);
    flag(HEADS_OF, HEAD_OF);
    orgWordFlags = flags;
  }
  return orgWordFlags;
}
/** COMPOUND_ORG needs one of its endings: a cheap test before the pattern. */
function hasCompoundEnding(key: string): boolean {
  // Two letters and an ending at least; the endings end in "k", "e", "g" or "n" (one read rules out most words).
  if (key.length < 6) return false;
  const last = key.charCodeAt(key.length - 1);
  if (last !== 107 && last !== 101 && last !== 103 && last !== 110) return false;
  return key.endsWith('bank') || key.endsWith('kasse') || key.endsWith('versicherung') || key.endsWith('verzekeringen');
}

const POSSESSIVE_AFTER = /^['\u2019]s(?![\p{L}])/u;
const BLANK_GAP = /^[ \t]{1,2}$/;
const ACRONYM_CUE = /(?:^|[^a-z])(?:with|through|by|from|at|to|for|member of|joined|against)[ \t]{1,2}(?:the[ \t]{1,2})?$/;

let known: Map<string, string[]> | undefined;
/**
 * By the first two UTF-16 units (7 low bits each) of every key of `known`, a bit for the
 * length of each such key (31 for any longer one): most words are ruled out by one array
 * read before the map look-up.
 */
const knownStarts = new Uint32Array(0x4000);
/** By the first UTF-16 unit (7 low bits) of every key of `known`: 1. A first test that stays in the fastest cache (most words fail it). */
const knownFirsts = new Uint8Array(0x80);
const lengthBit = (word: string): number => 1 << Math.min(word.length, 31);
const startOf = (word: string): number => ((word.charCodeAt(0) & 0x7f) << 7) | (word.length > 1 ? word.charCodeAt(1) & 0x7f : 0);
/** Known organisation names by the text of their first word, longest first. */
function knownOrgs(): Map<string, string[]> {
  if (!known) {
    known = new Map();
    for (const line of readDataLines('lexicons/orgs-known.txt')) {
      const first = tokenize(line)[0];
      // Entries must start with their first word ("Booking.com", "AT&T", "J.B. Hunt").
      if (first === undefined || first.start !== 0) continue;
      const list = known.get(first.text) ?? [];
      list.push(line);
      known.set(first.text, list);
    }
    for (const list of known.values()) list.sort((a, b) => b.length - a.length);
    for (const first of known.keys()) {
      knownStarts[startOf(first)] |= lengthBit(first);
      knownFirsts[first.charCodeAt(0) & 0x7f] = 1;
    }
  }
  return known;
}

/** The known organisation written at `start`, or undefined. */
function knownOrgAt(text: string, start: number, first: string): string | undefined {
  const orgs = knownOrgs();
  if (knownFirsts[first.charCodeAt(0) & 0x7f] === 0 || (knownStarts[startOf(first)] & lengthBit(first)) === 0) return undefined;
  const list = orgs.get(first);
  if (!list) return undefined;
  for (const name of list) {
    if (!text.startsWith(name, start)) continue;
    // The name must end at a word boundary ("Chase" is not "Chasers"); the text's end is one.
    const after = start + name.length;
    if (after < text.length && isLetterOrDigit(text[after])) continue;
    return name;
  }
  return undefined;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
function isLetterOrDigit(ch: string | undefined): boolean {
  return ch !== undefined && LETTER_OR_DIGIT.test(ch);
}

/** True if the line holding `pos` has no lower-case letters (a heading). */
function lineIsUpper(text: string, pos: number): boolean {
  return !/\p{Ll}/u.test(text.slice(lineStartBefore(text, pos + 1), lineEndAfter(text, pos)));
}

export function organizationRecognizer(options: { profile: Profile }): Recognizer {
  return { name: 'organization', labels: ['ORGANIZATION'], detect: (ctx) => findOrganizations(ctx, options.profile) };
}

function isCap(t: Token | undefined): t is Token {
  return t !== undefined && (t.shape === 'title' || t.shape === 'upper' || t.shape === 'other' || t.shape === 'initial');
}

/** Gap that keeps two words in one organisation name: a space, " & ", or an abbreviation's dot ("St. Anne"). */
function joinsOrg(t: Token): boolean {
  return t.gapBefore === ' ' || t.gapBefore === "' " || t.gapBefore === '’ ' || t.gapBefore === ' & ' || t.gapBefore === '. ' || t.gapBefore === '-' || t.gapBefore === '.' || t.gapBefore === "'s " || t.gapBefore === '’s ';
}

export function findOrganizations(ctx: DetectionContext, profile: Profile): Candidate[] {
  const text = ctx.text;
  const tokens = tokensOf(ctx);
  const suffixes = wordSet('orgs-suffixes.txt');
  const excluded = wordSet('orgs-excluded-words.txt');
  const words = orgWords();
  const out: Candidate[] = [];
  let coveredUntil = -1;

  /** `minEnd`: the name goes on past the last token ("Booking.com"); `upperOk`: a name in capitals is trusted. */
  const emit = (from: number, to: number, score: number, minEnd = -1, upperOk = false) => {
    // Drop leading articles and prepositions; keep "The" only when nothing else is left.
    while (from < to && LEADING_DROP.has(tokens[from].key) && tokens[from].shape !== 'upper') from++;
    const words = tokens.slice(from, to + 1);
    if (words.length === 0 || words.some((w) => excluded.has(w.key))) return;
    if (!isCap(words[0])) return;
    // Headings in capitals ("COUNSELING SERVICES") are not names.
    if (words.every((w) => w.shape === 'upper' || w.shape === 'initial') && words.length > 1 && score < 0.55) return;
    if (!upperOk && words.every((w) => w.shape === 'upper') && lineIsUpper(text, words[0].start)) return;
    let end = Math.max(tokens[to].end, minEnd);
    // "Inc.", "Co.", "Ltd.", "Corp.", "Bros.": the dot belongs to the abbreviation.
    if (text[end] === '.' && /^(?:inc|co|ltd|corp|bros|assn|dept)$/.test(tokens[to].key)) end++;
    out.push({ start: tokens[from].start, end, label: 'ORGANIZATION', score });
    coveredUntil = Math.max(coveredUntil, end);
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.start < coveredUntil) continue;

    // Widely known organisations, written exactly as listed.
    const knownName = knownOrgAt(text, t.start, t.text);
    if (knownName !== undefined && !/[@\w.]/.test(text[t.start - 1] ?? '')) {
      // A brand that is also an English word ("Discover", "Shell") counts only inside a sentence.
      const plainWord = knownName === t.text && isEnglishWord(t.key);
      // "2018 Honda Civic": a make before a model is a vehicle, not the company.
      const vehicle = /\d{4}[ \t]{1,2}$/.test(text.slice(Math.max(0, t.start - 6), t.start));
      if (!(plainWord && t.sentenceStart) && !vehicle) {
        let last = i;
        while (last + 1 < tokens.length && tokens[last + 1].end <= t.start + knownName.length) last++;
        // "Blue Cross Blue Shield of Vermont": a place after "of" belongs to the name.
        const e = extendOfPlace(tokens, last);
        emit(i, e, SCORE, e === last ? t.start + knownName.length : -1, true);
        i = e;
        continue;
      }
    }
    if (!isCap(t) || t.shape === 'initial') continue;

    // An acronym introduced like a company: "serviced by MOHELA", "account at BECU".
    // The cue ends in a lower-case word and one or two blanks: test that before the pattern.
    const prevWord = tokens[i - 1];
    if (profile !== 'precision' && t.shape === 'upper' && t.text.length >= 2 && t.text.length <= 6 && prevWord && prevWord.shape === 'lower' && BLANK_GAP.test(t.gapBefore) && ACRONYM_CUE.test(ctx.before(t.start, 20)) && !wordSet('orgs-acronym-stopwords.txt').has(t.key) && !usStateByCode(t.text)) {
      if (!/^[ \t]{0,2}\d/.test(text.slice(t.end, t.end + 3)) && (!/[\w@.]/.test(text[t.end] ?? '') || text[t.end] === '.')) {
        emit(i, i, 0.45);
        continue;
      }
    }

    // "... Holdings LLC", "Key Club": walk back from an organisation word.
    const wordFlags = words.get(t.key) ?? 0;
    const weak = (wordFlags & WEAK_SUFFIX) !== 0;
    if ((wordFlags & SUFFIX || weak) && (t.shape === 'title' || t.shape === 'upper' || t.key === 'co')) {
      let s = i;
      while (s > 0 && i - s < MAX_WORDS && joinsOrg(tokens[s])) {
        const p = tokens[s - 1];
        if (isCap(p) && !LEADING_DROP.has(p.key)) s--;
        else if (p.shape === 'lower' && INNER_LOWER.has(p.key) && s >= 2 && isCap(tokens[s - 2]) && joinsOrg(p) && !LEADING_DROP.has(tokens[s - 2].key)) s -= 2;
        else break;
      }
      // "Harrow Freight Lines, Inc.", "BrightLedger Consulting, LLC": a legal form after a comma.
      if (s === i && LEGAL_FORMS.has(t.key) && t.gapBefore === ', ' && isCap(tokens[i - 1])) {
        s = i - 1;
        while (s > 0 && i - s < MAX_WORDS && joinsOrg(tokens[s]) && isCap(tokens[s - 1]) && !LEADING_DROP.has(tokens[s - 1].key)) s--;
      }
      // A name needs at least one word before the organisation word ("Club" alone is not one).
      let end = i;
      // "Harlow Holdings LLC": a second suffix right after.
      while (end + 1 < tokens.length && joinsOrg(tokens[end + 1]) && (suffixes.has(tokens[end + 1].key) || weakSuffixes().has(tokens[end + 1].key)) && isCap(tokens[end + 1])) end++;
      if (tokens[end + 1]?.gapBefore === ', ' && LEGAL_FORMS.has(tokens[end + 1].key) && isCap(tokens[end + 1])) end++;
      // "Polish Association of Alberta", "Assemblies of God".
      end = extendOfPlace(tokens, end);
      const generic = weak && !hasProperWord(tokens, s, i);
      if (s < i && !generic && !(tokens[s].sentenceStart && i - s === 1 && tokens[s].key === 'the')) {
        emit(s, end, SCORE, -1, STRONG_UPPER.has(t.key) || (end > i && !weak));
        i = end;
        continue;
      }
    }

    // "at St Deiniol's", "St. Anne's on Sunday": a saint's name in the possessive, alone, names a church.
    if ((t.key === 'st' || t.key === 'saint') && t.shape === 'title' && profile !== 'precision') {
      const name = tokens[i + 1];
      if (name !== undefined && name.shape === 'title' && (name.gapBefore === ' ' || name.gapBefore === '. ') && POSSESSIVE_AFTER.test(text.slice(name.end, name.end + 3))) {
        const after = tokens[i + 2];
        if (!(after !== undefined && isCap(after) && after.start - name.end <= 4)) {
          emit(i, i + 1, 0.45, name.end + 2);
          i += 1;
          continue;
        }
      }
    }

    // "Masjid Al-Noor", "Gurdwara Sahib of Leeds": a place of worship named after its first word.
    if (t.shape === 'title' && wordFlags & PREFIX_WORD) {
      let e = i;
      while (e + 1 < tokens.length && e - i < 4 && isCap(tokens[e + 1]) && joinsOrg(tokens[e + 1])) e++;
      if (e > i) {
        e = extendOfPlace(tokens, e);
        emit(i, e, SCORE);
        i = e;
        continue;
      }
    }

    // "Volksbank", "Sparkasse", "Krankenkasse": compound bank and insurer names.
    if (t.shape === 'title' && hasCompoundEnding(t.key) && COMPOUND_ORG.test(t.key) && !isEnglishWord(t.key) && text[t.end] !== ':') {
      let e = i;
      while (e + 1 < tokens.length && e - i < 4 && joinsOrg(tokens[e + 1]) && (isCap(tokens[e + 1]) || (INNER_LOWER.has(tokens[e + 1].key) && isCap(tokens[e + 2])))) e++;
      // "Barmer Krankenkasse": one proper word before the compound belongs to it.
      let s = i;
      const p = tokens[i - 1];
      if (p !== undefined && p.shape === 'title' && t.gapBefore === ' ' && !LEADING_DROP.has(p.key) && !isEnglishWord(p.key)) s = i - 1;
      if (isCap(tokens[e])) {
        emit(s, e, SCORE);
        i = e;
        continue;
      }
    }

    // "Bank of America", "Department of Motor Vehicles", "Knights of Columbus".
    if (wordFlags & HEAD_OF && t.shape === 'title') {
      const of = tokens[i + 1];
      const the = tokens[i + 2]?.key === 'the' && tokens[i + 2].shape === 'lower' ? 1 : 0;
      if (of && of.key === 'of' && of.shape === 'lower' && joinsOrg(of) && isCap(tokens[i + 2 + the]) && joinsOrg(tokens[i + 2 + the])) {
        let e = i + 2 + the;
        while (e + 1 < tokens.length && e - i < MAX_WORDS && joinsOrg(tokens[e + 1]) && (isCap(tokens[e + 1]) || (INNER_LOWER.has(tokens[e + 1].key) && isCap(tokens[e + 2]) && joinsOrg(tokens[e + 2])))) e++;
        let s = i;
        while (s > 0 && i - s < 3 && joinsOrg(tokens[s]) && isCap(tokens[s - 1]) && !LEADING_DROP.has(tokens[s - 1].key)) s--;
        // "City of Boston", "State of Ohio" alone are places, not organisations.
        if (!((t.key === 'city' || t.key === 'state' || t.key === 'commonwealth' || t.key === 'people') && s === i)) {
          emit(s, e, SCORE);
          i = e;
          continue;
        }
      }
    }

    // Sports teams: "the Boston Red Sox", "the Chicago Bulls".
    if (profile !== 'precision' && i > 0 && tokens[i - 1].key === 'the' && t.shape === 'title') {
      const a = tokens[i + 1];
      if (isCap(a) && a.gapBefore === ' ' && a.shape === 'title') {
        const b = tokens[i + 2];
        const last = isCap(b) && b.gapBefore === ' ' && b.shape === 'title' ? b : a;
        const lastIdx = last === b ? i + 2 : i + 1;
        // The plural team name first: the gazetteer is read only for those.
        if (/(?:s|x)$/.test(last.text) && !excluded.has(last.key) && placeFactsNamed(t.text).population >= 200_000) {
          emit(i, lastIdx, 0.5);
          i = lastIdx;
        }
      }
    }
  }
  return out;
}

/**
 * "... of Manitoba", "... of the Sierra", "... of God": extends a name ending
 * at token `end` by "of" and one to three capitalised words, when those are a
 * place of the gazetteer, a country, or "God". Returns the new last token.
 */
function extendOfPlace(tokens: Token[], end: number): number {
  const of = tokens[end + 1];
  if (of === undefined || of.key !== 'of' || of.shape !== 'lower' || of.gapBefore !== ' ') return end;
  let k = end + 2;
  if (tokens[k]?.key === 'the' && tokens[k].shape === 'lower' && tokens[k].gapBefore === ' ') k++;
  const first = k;
  while (k < tokens.length && k < first + 3 && isCap(tokens[k]) && tokens[k].shape !== 'initial' && (tokens[k].gapBefore === ' ' || tokens[k].gapBefore === '-')) k++;
  // Longest run of words that names a place.
  for (let e = k - 1; e >= first; e--) {
    const words = tokens.slice(first, e + 1);
    const name = words.map((w) => w.text).join(' ');
    if (e === first && words[0].key === 'god') return e;
    if (countryNames().has(name.toLowerCase()) || wordSet('places-regions.txt').has(name.toLowerCase()) || placeFactsNamed(name).known || (e > first && placeFactsNamed(words.slice(1).map((w) => w.text).join(' ')).hasState)) return e;
  }
  return end;
}

/**
 * True if a word of tokens[s..i) is a proper name: a gazetteer place or
 * country, or a capitalised word that is not an everyday English word.
 */
function hasProperWord(tokens: Token[], s: number, i: number): boolean {
  for (let k = s; k < i; k++) {
    const w = tokens[k];
    if (w.shape === 'lower' || w.shape === 'initial') continue;
    if (!isCommonWord(w.key) && !isEnglishWord(w.key)) return true;
    if (placeFactsNamed(w.text).population >= 10_000 || countryNames().has(w.key)) return true;
  }
  return false;
}
