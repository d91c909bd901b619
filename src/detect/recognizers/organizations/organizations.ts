import type { Candidate, Profile } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { wordSet } from '../../../lexicons/word-lists.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { usStateByCode } from '../../../lexicons/gazetteer.js';
import { placeFactsNamed } from '../../../lexicons/place-lookup.js';
import { tokensOf, type Token } from '../names/tokens.js';

/**
 * ORGANIZATION: capitalised names ending in an organisation word ("Pruitt
 * Holdings LLC", "Key Club", "St. Anne Parish", "SGV & Co."), "Bank of ..." /
 * "Department of ..." names, sports teams ("the Boston Red Sox") and a short
 * list of widely known organisations. Scores stay at or below 0.6 so that
 * EMPLOYMENT_EDUCATION and MEDICAL, which other recognizers emit from their
 * cues for the same names, win the overlap. Names with a medical-provider word
 * (data/lexicons/orgs-excluded-words.txt) are left to the MEDICAL recognizers.
 */
const SCORE = 0.55;
const MAX_WORDS = 7;
const INNER_LOWER = new Set(['of', 'and', 'for', 'the', 'de', 'du', 'des', 'la', 'le', 'del', 'di', 'on', 'in', 'at']);
const HEADS_OF = new Set(['bank', 'church', 'department', 'dept', 'board', 'bureau', 'office', 'ministry', 'society', 'association', 'council', 'knights', 'sisters', 'daughters', 'friends', 'diocese', 'archdiocese', 'order', 'federation', 'league', 'union', 'club', 'boys', 'girls', 'chamber', 'court', 'government', 'city', 'state', 'commonwealth', 'people', 'congregation', 'brotherhood', 'fraternal', 'veterans', 'army', 'navy', 'corps']);
const LEADING_DROP = new Set(['dear', 'hi', 'hello', 'the', 'a', 'an', 'at', 'in', 'from', 'with', 'for', 'and', 'of', 'to', 'by', 'my', 'our', 'his', 'her', 'their']);

const BLANK_GAP = /^[ \t]{1,2}$/;
const ACRONYM_CUE = /(?:^|[^a-z])(?:with|through|by|from|at|to|for|member of|joined|against)[ \t]{1,2}(?:the[ \t]{1,2})?$/;

let known: Map<string, string[][]> | undefined;
function knownOrgs(): Map<string, string[][]> {
  if (!known) {
    known = new Map();
    for (const line of readDataLines('lexicons/orgs-known.txt')) {
      const words = line.split(/\s+/);
      const list = known.get(words[0]) ?? [];
      list.push(words);
      known.set(words[0], list);
    }
    for (const list of known.values()) list.sort((a, b) => b.length - a.length);
  }
  return known;
}

/** True if the line holding `pos` has no lower-case letters (a heading). */
function lineIsUpper(text: string, pos: number): boolean {
  const s = text.lastIndexOf('\n', pos) + 1;
  const e = text.indexOf('\n', pos);
  return !/\p{Ll}/u.test(text.slice(s, e < 0 ? text.length : e));
}

export function organizationRecognizer(options: { profile: Profile }): Recognizer {
  return { name: 'organization', labels: ['ORGANIZATION'], detect: (ctx) => findOrganizations(ctx, options.profile) };
}

function isCap(t: Token | undefined): t is Token {
  return t !== undefined && (t.shape === 'title' || t.shape === 'upper' || t.shape === 'other' || t.shape === 'initial');
}

/** Gap that keeps two words in one organisation name: a space, " & ", or an abbreviation's dot ("St. Anne"). */
function joinsOrg(t: Token): boolean {
  return t.gapBefore === ' ' || t.gapBefore === ' & ' || t.gapBefore === '. ' || t.gapBefore === '-' || t.gapBefore === '.' || t.gapBefore === "'s " || t.gapBefore === '’s ';
}

export function findOrganizations(ctx: DetectionContext, profile: Profile): Candidate[] {
  const text = ctx.text;
  const tokens = tokensOf(ctx);
  const suffixes = wordSet('orgs-suffixes.txt');
  const excluded = wordSet('orgs-excluded-words.txt');
  const out: Candidate[] = [];
  let coveredUntil = -1;

  const emit = (from: number, to: number, score: number) => {
    // Drop leading articles and prepositions; keep "The" only when nothing else is left.
    while (from < to && LEADING_DROP.has(tokens[from].key)) from++;
    const words = tokens.slice(from, to + 1);
    if (words.length === 0 || words.some((w) => excluded.has(w.key))) return;
    if (!isCap(words[0])) return;
    // Headings in capitals ("COUNSELING SERVICES") are not names.
    if (words.every((w) => w.shape === 'upper' || w.shape === 'initial') && words.length > 1 && score < 0.55) return;
    if (words.every((w) => w.shape === 'upper') && lineIsUpper(text, words[0].start)) return;
    let end = tokens[to].end;
    // "Inc.", "Co.", "Ltd.", "Corp.", "Bros.": the dot belongs to the abbreviation.
    if (text[end] === '.' && /^(?:inc|co|ltd|corp|bros|assn|dept)$/.test(tokens[to].key)) end++;
    out.push({ start: tokens[from].start, end, label: 'ORGANIZATION', score });
    coveredUntil = Math.max(coveredUntil, end);
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.start < coveredUntil) continue;

    // Widely known organisations, written exactly as listed.
    const knownList = knownOrgs().get(t.text);
    if (knownList) {
      const hit = knownList.find((words) => words.every((w, j) => tokens[i + j]?.text === w && (j === 0 || joinsOrg(tokens[i + j]))));
      if (hit && !/[@\w.]/.test(text[t.start - 1] ?? '')) {
        emit(i, i + hit.length - 1, SCORE);
        i += hit.length - 1;
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
    if (suffixes.has(t.key) && (t.shape === 'title' || t.shape === 'upper' || t.key === 'co')) {
      let s = i;
      while (s > 0 && i - s < MAX_WORDS && joinsOrg(tokens[s])) {
        const p = tokens[s - 1];
        if (isCap(p) && !LEADING_DROP.has(p.key)) s--;
        else if (p.shape === 'lower' && INNER_LOWER.has(p.key) && s >= 2 && isCap(tokens[s - 2]) && joinsOrg(p)) s -= 2;
        else break;
      }
      // A name needs at least one word before the organisation word ("Club" alone is not one).
      let end = i;
      // "Pruitt Holdings LLC": a second suffix right after.
      while (end + 1 < tokens.length && joinsOrg(tokens[end + 1]) && suffixes.has(tokens[end + 1].key) && isCap(tokens[end + 1])) end++;
      if (s < i && !(tokens[s].sentenceStart && i - s === 1 && tokens[s].key === 'the')) {
        emit(s, end, SCORE);
        i = end;
        continue;
      }
    }

    // "Bank of America", "Department of Motor Vehicles", "Knights of Columbus".
    if (HEADS_OF.has(t.key) && t.shape === 'title') {
      const of = tokens[i + 1];
      if (of && of.key === 'of' && of.shape === 'lower' && joinsOrg(of) && isCap(tokens[i + 2]) && joinsOrg(tokens[i + 2])) {
        let e = i + 2;
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
        const pop = placeFactsNamed(t.text).population;
        if (pop >= 200_000 && /(?:s|x)$/.test(last.text) && !excluded.has(last.key)) {
          emit(i, lastIdx, 0.5);
          i = lastIdx;
        }
      }
    }
  }
  return out;
}
