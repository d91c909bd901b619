import { readAge } from '../../assess/ages.js';
import { readDataLines } from '../../lexicons/data-files.js';
import type { Keyed, KeyedStream } from './keyed.js';
import { surrogateNumber } from './numbers.js';
import { occupationOf, titleGroups } from './occupations.js';
import { surrogateOrganization } from './organizations.js';
import { placeInfo, surrogatePlace, type Reject } from './places.js';
import { dataList, fold, namePools, phrasePool } from './pools.js';
import { likeCase, titleCase } from './shape.js';

/**
 * Surrogates for the descriptive categories:
 *  - EMPLOYMENT_EDUCATION: an employee or student ID → a number of the same
 *    shape; a degree → the same degree in another field; a school or employer →
 *    an organisation of the same kind (organizations.ts); a job title → another
 *    title of the same occupation group (occupations.ts), seniority words kept
 *  - MEDICAL: a provider → an organisation of the same kind; a condition,
 *    medication, procedure or symptom → another of the same list (data/medical-*.txt)
 *  - DEMOGRAPHIC: an age → another age in the same ten-year band (90 and over:
 *    90-99), written the same way; a nationality, ethnicity, religion or gender
 *    identity → another of the same list (data/demographic/*.txt), plural and case kept
 *  - TRAIT, EVENT, ACHIEVEMENT: named parts replaced (places by places, years
 *    moved with the document's date offset, other proper words by names) with
 *    the kind word kept ("Boston Marathon" → "Leeds Marathon"); a phrase with no
 *    such part → an invented stand-in of the same kind (data/surrogates/phrases.tsv)
 *  - QUANTITY: a number scaled by a keyed factor within ±30%, written alike
 */
const ID_LIKE = /\d.{0,40}\d|^[A-Z]{0,4}[-#]?\d{3,}/;
const DEGREE_CUE =
  /\b(?:bachelor'?s?|master'?s?|doctorate|doctoral|ph\.?\s?d|mba|m\.b\.a|associate'?s? degree|degree|diploma|ged|certificate|certification|b\.?sc?|m\.?sc?|b\.a|m\.a|bsn|msn|pharm\.?d|j\.d|m\.d|dds|dvm)\b/i;
const SCHOOL_CUE = /\b(?:university|college|school|institute|academy|polytechnic|conservatory|seminary|gymnasium|lyc[eé]e)\b/i;
const SENIORITY = /^((?:(?:senior|junior|lead|chief|head|deputy|assistant|associate|principal|staff|trainee|apprentice|interim|acting|retired|former)\s+)+)/i;

/** Never drawn as a stand-in medication (the lists name them because people report them). */
const NOT_A_STAND_IN = new Set(['cocaine', 'heroin', 'methamphetamine', 'meth', 'crack', 'cannabis', 'marijuana', 'lsd', 'mdma', 'ecstasy', 'ketamine', 'fentanyl', 'opium']);

function pickOther(list: readonly string[], original: string, rng: KeyedStream, reject: Reject): string | undefined {
  const k = fold(original);
  const open = list.filter((x) => fold(x) !== k && !NOT_A_STAND_IN.has(fold(x)) && !reject(x));
  return open.length ? rng.pick(open) : undefined;
}

export function surrogateEmployment(text: string, keyed: Keyed, attempt: number, reject: Reject, country?: string): string {
  const rng = keyed.stream('employment', fold(text), attempt);
  if (ID_LIKE.test(text) && !DEGREE_CUE.test(text)) return surrogateNumber(text, keyed, attempt);
  if (DEGREE_CUE.test(text) && !(SCHOOL_CUE.test(text) && /^\p{Lu}/u.test(text) && !/\bdegree\b/i.test(text))) return surrogateDegree(text, rng, reject);
  if (SCHOOL_CUE.test(text) && /\p{Lu}/u.test(text)) return surrogateOrganization(text, rng, reject, country);
  if (text.split(/\s+/).length <= 6 && (occupationOf(text) || titleHeads().has(fold(text.trim().split(/\s+/).pop()!)))) {
    const title = surrogateTitle(text, rng, reject);
    if (title) return title;
  }
  return surrogateOrganization(text, rng, reject, country);
}

let heads: Set<string> | undefined;

/** Occupation head nouns the job-title recognizer knows (so a stand-in title reads as one). */
function titleHeads(): Set<string> {
  heads ??= new Set(['employment-title-heads.txt', 'occupations/extra-heads.txt', 'occupations/wordnet-heads.txt'].flatMap((f) => readDataLines(f).map((l) => fold(l.split(/[|\t]/)[0].trim()))));
  return heads;
}

function surrogateTitle(text: string, rng: KeyedStream, reject: Reject): string | undefined {
  const occ = occupationOf(text);
  // A title with a known occupation noun but no group ("Cinematographer"): any title.
  const all = occ ? (titleGroups().get(occ.group)?.titles ?? []) : [...titleGroups().values()].flatMap((g) => g.titles);
  const seniority = SENIORITY.exec(text)?.[1] ?? '';
  const core = text.slice(seniority.length);
  // Titles of the same group, as many words as the original where possible, ending in a known occupation noun.
  const words = core.trim().split(/\s+/).length;
  const known = all.filter((t) => titleHeads().has(t.split(' ').pop()!));
  const sameLength = known.filter((t) => t.split(' ').length === Math.min(words, 3));
  const titles = sameLength.length >= 3 ? sameLength : known.length >= 3 ? known : all;
  const pick = pickOther(titles, core, rng, reject);
  if (!pick) return undefined;
  const cased = /^\p{Lu}\p{Ll}/u.test(core) && core.split(/\s+/).every((w) => /^\p{Lu}/u.test(w)) ? titleCase(pick) : /^\p{Lu}/u.test(core) ? pick[0].toUpperCase() + pick.slice(1) : likeCase(core, pick);
  return seniority + cased;
}

function surrogateDegree(text: string, rng: KeyedStream, reject: Reject): string {
  const field = /\b(in|of)\s+(.+)$/i.exec(text);
  const fields = phrasePool('field');
  if (field && !/^(?:arts|science|sciences)$/i.test(field[2])) {
    const pick = pickOther(fields, field[2], rng, reject) ?? fields[0];
    return text.slice(0, field.index) + `${field[1]} ${likeCase(field[2], pick)}`;
  }
  // No field: another degree of a similar level.
  const levels: Array<[RegExp, string[]]> = [
    [/\b(?:m\.?d|d\.?d\.?s|d\.?m\.?d|d\.?v\.?m|j\.?d|pharm\.?d|d\.?o)\b/i, ['MD', 'DDS', 'DVM', 'JD', 'PharmD']],
    [/bachelor|b\.?\s?sc?\b|b\.?a\b|bsn/i, ['BSc', 'BA', 'BEng', "bachelor's degree"]],
    [/master|m\.?\s?sc?\b|m\.?a\b|mba|msn/i, ['MSc', 'MA', 'MEng', "master's degree", 'MBA']],
    [/ph\.?\s?d|doctor/i, ['PhD', 'doctorate', 'DPhil']],
  ];
  for (const [re, options] of levels) if (re.test(text)) return pickOther(options, text, rng, reject) ?? options[0];
  return pickOther(["associate's degree", 'diploma', 'certificate'], text, rng, reject) ?? 'diploma';
}

// ------------------------------------------------------------------ medical

const PROVIDER = /\b(?:hospital|clinic|infirmary|medical cent(?:er|re)|health|healthcare|pharmacy|surgery|practice|hospice|dental|rehab|care)\b/i;
const MEDICAL_LISTS = ['medical-medications.txt', 'medical-procedures.txt', 'medical-symptoms.txt', 'medical-conditions.txt'];

let medical: Array<{ list: string[]; entries: string[] }> | undefined;

function medicalLists(): Array<{ list: string[]; entries: string[] }> {
  medical ??= MEDICAL_LISTS.map((f) => {
    const list = dataList(f);
    return { list, entries: list.map(fold).filter((e) => e.length >= 3) };
  });
  return medical;
}

function isBoundary(text: string, at: number): boolean {
  return at < 0 || at >= text.length || !/\p{L}/u.test(text[at]);
}

export function surrogateMedical(text: string, keyed: Keyed, attempt: number, reject: Reject, country?: string): string {
  const rng = keyed.stream('medical', fold(text), attempt);
  if (PROVIDER.test(text) && /\p{Lu}/u.test(text)) return surrogateOrganization(text, rng, reject, country);
  const folded = fold(text);
  // The longest entry of a medical list inside the span is replaced by another of that list.
  let best: { list: string[]; entry: string; at: number } | undefined;
  for (const { list, entries } of medicalLists()) {
    for (const e of entries) {
      if (best && e.length <= best.entry.length) continue;
      let at = folded.indexOf(e);
      while (at >= 0 && !(isBoundary(folded, at - 1) && isBoundary(folded, at + e.length))) at = folded.indexOf(e, at + 1);
      if (at >= 0) best = { list, entry: e, at };
    }
  }
  if (best && folded.length === text.length) {
    const other = pickOther(best.list, best.entry, rng, reject);
    if (other) {
      const original = text.slice(best.at, best.at + best.entry.length);
      return text.slice(0, best.at) + likeCase(original, other) + text.slice(best.at + best.entry.length);
    }
  }
  const conditions = dataList('medical-conditions.txt');
  return likeCase(text, pickOther(conditions, text, rng, reject) ?? conditions[0]);
}

// ------------------------------------------------------------------ demographic

let demographicLists: Array<{ name: string; entries: string[] }> | undefined;

function demographics(): Array<{ name: string; entries: string[] }> {
  demographicLists ??= ['demographic/demonyms.txt', 'demographic/ethnicities.txt', 'demographic/religions.txt', 'demographic/gender-identities.txt'].map((f) => ({
    name: f,
    entries: readDataLines(f).map((l) => l.split('|')[0].trim()),
  }));
  return demographicLists;
}

const AGE_NUMBER = /(?<!\d)(\d{1,3})(?!\d)/;

export function surrogateDemographic(text: string, keyed: Keyed, attempt: number, reject: Reject): string {
  const rng = keyed.stream('demographic', fold(text), attempt);
  const age = readAge(text);
  const num = AGE_NUMBER.exec(text);
  if (age && num && age.from === age.to) {
    const n = Number(num[1]);
    const lo = n >= 90 ? 90 : Math.floor(n / 10) * 10;
    const hi = n >= 90 ? 99 : lo + 9;
    const options = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).filter((a) => a !== n);
    const pick = rng.pick(options);
    return text.slice(0, num.index) + String(pick) + text.slice(num.index + num[1].length);
  }
  if (age && /\b(early|mid|late)\b/i.test(text)) {
    const part = /\b(early|mid|late)\b/i.exec(text)!;
    const other = rng.pick(['early', 'mid', 'late'].filter((p) => p !== part[1].toLowerCase()));
    return text.slice(0, part.index) + likeCase(part[1], other) + text.slice(part.index + part[1].length);
  }
  if (age) {
    const decade = /\b(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|\d0s)\b/i.exec(text);
    if (decade) return text.slice(0, decade.index) + likeCase(decade[1], `${rng.pick(['early', 'mid', 'late'])} ${decade[1]}`) + text.slice(decade.index + decade[1].length);
  }
  // A nationality, ethnicity, religion or gender identity: another of its list, plural kept.
  const plural = /s$/i.test(text.trim()) ? text.trim().slice(-1) : '';
  const bare = fold(text.trim()).replace(/'s$/, '');
  for (const { entries } of demographics()) {
    const hit = entries.find((e) => fold(e) === bare || (plural && fold(e) + 's' === bare));
    if (!hit) continue;
    const other = pickOther(entries.filter((e) => fold(e) !== fold(hit)), hit, rng, reject);
    if (other) return likeCase(text.trim(), fold(hit) + 's' === bare && !/s$/i.test(other) ? `${other}s` : other);
  }
  const ethnicities = demographics()[1].entries;
  return likeCase(text, pickOther(ethnicities, text, rng, reject) ?? ethnicities[0]);
}

// ------------------------------------------------------------------ traits, events, achievements

const TRAIT_KINDS = ['tattoo', 'scar', 'birthmark', 'hair', 'eyes', 'height', 'voice', 'gait', 'piercing', 'habit'];
const KEEP_IN_PHRASE =
  /^(?:the|a|an|of|in|at|on|for|and|first|second|third|place|gold|silver|bronze|medal|medals|award|awards|prize|prizes|trophy|title|winner|won|champion|championship|championships|marathon|half|festival|gala|games|cup|olympics|olympic|paralympics|summit|conference|expo|fair|show|week|day|open|grand|prix|tour|series|bowl|world|national|regional|international|annual|state|county|city|league|final|finals|race|run|triathlon|tournament|contest|competition|concert|ceremony|parade|convention|meeting|symposium|congress|exhibition|biennale|awards|honor|honour|fellowship|scholarship|degree|record|rank|ranked|member|team|club|society)$/i;

/** Up to three leading lower-case words before an article or ordinal: the verb of an achievement ("was awarded ", "won "). */
const ACHIEVEMENT_VERB = /^(?:(?!(?:the|a|an|first|second|third) )[a-z]+ ){1,3}(?=(?:the|a|an|first|second|third) )/;
const HONOUR_WORD = /\b(?:medal|prize|place|trophy|award|title)\b/;

export function surrogateTrait(text: string, keyed: Keyed, attempt: number, reject: Reject): string {
  const rng = keyed.stream('trait', fold(text), attempt);
  const kind = TRAIT_KINDS.find((k) => new RegExp(`\\b${k}`, 'i').test(text)) ?? 'other';
  const pool = phrasePool(kind).length ? phrasePool(kind) : phrasePool('other');
  let pick = pickOther(pool, text, rng, reject) ?? pool[0];
  if (!/^(?:an?|the)\s/i.test(text)) pick = pick.replace(/^(?:an?|the)\s+/i, '');
  return /^\p{Lu}/u.test(text) ? pick[0].toUpperCase() + pick.slice(1) : pick;
}

/**
 * "the 2019 Boston Marathon" → "the 2020 Leeds Marathon": kind words kept, years
 * moved by `years`, places → places, other capitalised words → family names.
 * Falls back to an invented phrase of `kind` when nothing named was replaced.
 */
export function surrogateNamedPhrase(text: string, kind: 'event' | 'achievement', keyed: Keyed, attempt: number, reject: Reject, years: number, country?: string): string {
  const rng = keyed.stream(kind, fold(text), attempt);
  let replaced = 0;
  const family = namePools().pools.get('family|anglo|g') ?? [];
  const tokens = text.split(/(\s+|[-–,'’]+)/);
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (i % 2 === 1 || !tok) {
      out += tok;
      continue;
    }
    if (/^(?:1[89]|20)\d\d$/.test(tok)) {
      out += String(Number(tok) + years);
      replaced++;
      continue;
    }
    if (/\d/.test(tok) || KEEP_IN_PHRASE.test(tok) || !/^\p{Lu}/u.test(tok)) {
      out += tok;
      continue;
    }
    const info = placeInfo(tok);
    if (info.kind === 'city' || info.kind === 'country' || info.kind === 'us-state' || info.kind === 'division') out += surrogatePlace(tok, rng, reject, country);
    else out += likeCase(tok, pickOther(family, tok, rng, reject) ?? family[0]);
    replaced++;
  }
  if (replaced > 0 && fold(out) !== fold(text)) return out;
  // An achievement that opens with its verb ("was awarded the ...", "won a ..."): the verb stays
  // (it names no one, and it says what the phrase is), the object becomes an invented honour.
  const lead = kind === 'achievement' ? ACHIEVEMENT_VERB.exec(text)?.[0] : undefined;
  // Its last word must be a verb of the achievement recognizer's list (data/achievements-verbs.txt).
  const verb = lead && dataList('achievements-verbs.txt').includes(lead.trim().split(' ').pop()!) ? lead : undefined;
  const all = phrasePool(kind);
  const pool = verb ? all.filter((p) => HONOUR_WORD.test(p)) : all;
  const pick = pickOther(pool, text, rng, reject) ?? pool[0];
  if (verb) return verb + pick.replace(/^The /, 'the ');
  return /^\p{Lu}/u.test(text) ? pick[0].toUpperCase() + pick.slice(1) : pick.replace(/^The /, 'the ');
}

// ------------------------------------------------------------------ quantities

/** Every number scaled by one keyed factor in [0.7, 1.3] (never equal), with its digits' layout kept. */
export function surrogateQuantity(text: string, keyed: Keyed, attempt: number): string {
  const rng = keyed.stream('quantity', fold(text), attempt);
  const factor = 0.7 + 0.6 * rng.float();
  const out = text.replace(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g, (num) => {
    const value = Number(num.replace(/,/g, ''));
    const decimals = /\.(\d+)$/.exec(num)?.[1].length ?? 0;
    let next = Number((value * factor).toFixed(decimals));
    if (next === value) next = value + (decimals ? 10 ** -decimals : 1);
    if (value >= 1 && next < 1 && decimals === 0) next = 1;
    const [whole, fraction] = next.toFixed(decimals).split('.');
    const grouped = num.includes(',') ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
    return fraction === undefined ? grouped : `${grouped}.${fraction}`;
  });
  return out === text ? text.replace(/\d/, (d) => String((Number(d) + 1) % 10)) : out;
}

export { surrogatePlace };
