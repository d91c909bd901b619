import { readDataLines } from '../../lexicons/data-files.js';
import { isFamilyName, isGivenName } from '../../lexicons/names.js';
import type { KeyedStream } from './keyed.js';
import { placeInfo, surrogatePlace, type Reject } from './places.js';
import { companyWordPool, fold, industryTable, namePools } from './pools.js';
import { likeCase, reshape } from './shape.js';

/**
 * Organisation surrogates of the same kind: the words that say what an
 * organisation is ("Hospital", "University of", "Inc.", "& Sons", "Credit
 * Union", the industry words of data/surrogates/industries.tsv) stay, and the
 * words that say which one it is are replaced: a place by a place of similar
 * size (src/redact/surrogate/places.ts), a person's name by a family name, any
 * other word by a company-name word (faker's en adjectives and nouns). A
 * one-word name with no kind word ("Telenav") becomes an invented one-word
 * name; an acronym another acronym of the same shape.
 */
let kindWords: Set<string> | undefined;

function kinds(): Set<string> {
  if (kindWords) return kindWords;
  const set = new Set<string>();
  for (const f of ['lexicons/orgs-suffixes.txt', 'employment-school-nouns.txt', 'medical-provider-nouns.txt', 'lexicons/orgs-weak-suffixes.txt']) {
    for (const line of readDataLines(f)) for (const w of line.split(/\s+/)) set.add(fold(w.replace(/\.$/, '')));
  }
  for (const ind of industryTable()) for (const cue of ind.cues) for (const w of cue.split(' ')) set.add(fold(w));
  for (const w of ['of', 'the', 'and', '&', 'for', 'de', 'du', 'des', 'la', 'le', 'der', 'die', 'das', 'für', 'y', 'e', 'at', 'in', 'on', 'center', 'centre', 'medical', 'state', 'national', 'international', 'general', 'memorial', 'regional', 'community', 'county', 'city', 'st', 'saint', 'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western', 'central', 'american', 'british', 'royal', 'first', 'new']) set.add(w);
  kindWords = set;
  return set;
}

/**
 * Organisation words that say the same kind of thing (general knowledge), all in the
 * organisation recognizer's suffix list (data/lexicons/orgs-suffixes.txt): a lone one is
 * replaced by another of its group, so that the stand-in still says what the organisation is.
 */
const KIND_GROUPS: readonly string[][] = [
  ['Inc.', 'LLC', 'Ltd', 'PLC', 'GmbH', 'Corp.', 'Corporation', 'Company', 'Group', 'Holdings', 'Enterprises', 'Industries', 'Partners', 'Associates'],
  ['Orchestra', 'Choir', 'Chorus', 'Ensemble', 'Band', 'Collective'],
  ['Church', 'Parish', 'Cathedral', 'Chapel', 'Congregation', 'Ministries'],
  ['Technologies', 'Technology', 'Systems', 'Solutions', 'Labs', 'Network'],
  ['Bank', 'Bancorp', 'Capital', 'Savings', 'Mutual', 'Trust', 'Lending', 'Mortgage', 'Insurance', 'Assurance'],
  ['Association', 'Society', 'Foundation', 'Federation', 'Alliance', 'League', 'Council', 'Club', 'Guild', 'Fellowship'],
  ['Services', 'Consulting', 'Advisors', 'Management', 'Logistics', 'Communications', 'Media'],
];

/** Another word of a lone kind word's group ("Orchestra" → "Ensemble"), or undefined. */
function sameKind(word: string, rng: KeyedStream, reject: Reject): string | undefined {
  const k = fold(word.replace(/\.$/, ''));
  const group = KIND_GROUPS.find((g) => g.some((w) => fold(w.replace(/\.$/, '')) === k));
  if (!group) return undefined;
  const open = group.filter((w) => fold(w.replace(/\.$/, '')) !== k && !reject(w));
  return open.length ? rng.pick(open) : undefined;
}

const INVENTED_ENDINGS = ['soft', 'tech', 'works', 'labs', 'ware', 'net', 'ify', 'ix', 'ly', 'io'];

let known: { all: string[]; keys: Set<string> } | undefined;

/** Widely recognised organisations (data/lexicons/orgs-known.txt). */
function knownOrgs(): { all: string[]; keys: Set<string> } {
  if (!known) {
    const all = readDataLines('lexicons/orgs-known.txt');
    known = { all, keys: new Set(all.map(fold)) };
  }
  return known;
}

const shapeOf = (s: string) => `${/^[\p{Lu}\d&.]+$/u.test(s) ? 'A' : 'w'}${s.split(/\s+/).length}`;

function invented(rng: KeyedStream): string {
  const { nouns } = companyWordPool();
  const root = rng.pick(nouns).slice(0, 3 + rng.int(3));
  return root.replace(/[aeiou]+$/i, '') + rng.pick(INVENTED_ENDINGS);
}

function familyStem(rng: KeyedStream, reject: Reject): string {
  const pool = namePools().pools.get('family|anglo|g') ?? [];
  for (let i = 0; i < 8; i++) {
    const s = rng.pick(pool);
    if (!reject(s)) return s;
  }
  throw new Error('surrogate: no organisation stand-in clears the leak guard');
}

/** Stand-in for an organisation, employer, school or provider name. */
export function surrogateOrganization(text: string, rng: KeyedStream, reject: Reject, defaultCountry?: string): string {
  const trimmed = text.trim();
  const lead = text.slice(0, text.indexOf(trimmed));
  const trail = text.slice(lead.length + trimmed.length);
  return lead + orgBody(trimmed, rng, reject, defaultCountry) + trail;
}

function orgBody(text: string, rng: KeyedStream, reject: Reject, defaultCountry?: string): string {
  // A lone kind word ("Orchestra", "Holdings"): another word of its kind. Not an acronym ("PLC"),
  // which gets letters of the same shape below: a legal form after a name would make it a company's.
  if (!/\s/.test(text) && !/^\p{Lu}{2,6}$/u.test(text)) {
    const same = sameKind(text, rng, reject);
    if (same) return likeCase(text, same);
  }
  // Acronyms: "U.N.", "IBM", "NHS" → letters of the same shape.
  if (/^(?:\p{Lu}\.){2,6}$|^\p{Lu}{2,6}$/u.test(text)) {
    for (let i = 0; i < 8; i++) {
      const out = reshape(text, rng);
      if (out !== text && !reject(out)) return out;
    }
  }
  // A widely known organisation: another widely known one of the same shape ("Uber" → "Pfizer").
  if (knownOrgs().keys.has(fold(text))) {
    const same = knownOrgs().all.filter((o) => shapeOf(o) === shapeOf(text) && fold(o) !== fold(text) && !reject(o));
    if (same.length) return likeCase(text, rng.pick(same));
  }
  const tokens = text.split(/(\s+|-|,\s*)/);
  const words = tokens.filter((_, i) => i % 2 === 0);
  const isKind = (w: string) => kinds().has(fold(w.replace(/[.,]$/, ''))) || /^&$/.test(w);
  const distinctive = words.filter((w) => w && !isKind(w));
  if (distinctive.length === 0) {
    // Only kind words: "First National Bank" → a family name in the first word's place; a lone
    // kind word ("Orchestra", "Technologies") → another word of the same kind ("Ensemble",
    // "Systems"), else an invented name (the stand-in may not contain it).
    if (words.length === 1) {
      const out = invented(rng);
      return likeCase(text, out[0].toUpperCase() + out.slice(1));
    }
    return likeCase(words[0], familyStem(rng, reject)) + text.slice(words[0].length);
  }
  if (words.length === 1) {
    const w = words[0];
    const k = fold(w);
    const out = isFamilyName(k) || isGivenName(k) ? familyStem(rng, reject) : invented(rng);
    return likeCase(w, out[0].toUpperCase() + out.slice(1));
  }
  // Multi-word: a run of distinctive words that names a place is replaced as one place.
  const adjectives = companyWordPool().adjectives;
  const nouns = companyWordPool().nouns;
  let out = '';
  let i = 0;
  while (i < tokens.length) {
    const tok = tokens[i];
    if (i % 2 === 1 || !tok || isKind(tok)) {
      out += tok;
      i++;
      continue;
    }
    // The longest run of up to three words (joined by spaces) that is a known place.
    let placed = false;
    for (let n = 3; n >= 1 && !placed; n--) {
      const end = i + 2 * (n - 1);
      if (end >= tokens.length) continue;
      const run = tokens.slice(i, end + 1);
      if (run.some((t, j) => (j % 2 === 1 ? !/^\s+$/.test(t) : !t || isKind(t)))) continue;
      const phrase = run.join('');
      const info = placeInfo(phrase);
      // A one-word town counts only when it is a large one ("Rand" of "Rand Corporation" is no place).
      const bigEnough = info.kind !== 'city' || n > 1 || (info.place?.population ?? 0) >= 100_000;
      if (bigEnough && (info.kind === 'city' || info.kind === 'us-state' || info.kind === 'country' || info.kind === 'division')) {
        out += surrogatePlace(phrase, rng, reject, defaultCountry);
        i = end + 1;
        placed = true;
      }
    }
    if (placed) continue;
    const k = fold(tok.replace(/[.,]$/, ''));
    let standIn: string;
    if (isFamilyName(k) || isGivenName(k)) standIn = familyStem(rng, reject);
    else if (/\d/.test(tok)) standIn = reshape(tok, rng);
    else standIn = rng.pick(i === 0 ? adjectives : [...adjectives, ...nouns]);
    out += likeCase(tok, standIn) + tok.slice(tok.replace(/[.,]$/, '').length);
    i++;
  }
  return out;
}

/** The industry an employer's name points to (data/surrogates/industries.tsv), or undefined. */
export function industryOf(name: string): { label: string; sector: string } | undefined {
  const words = ` ${fold(name).replace(/[^\p{L}\p{N}&]+/gu, ' ')} `;
  for (const ind of industryTable()) {
    if (ind.cues.some((c) => words.includes(` ${c} `))) return { label: ind.label, sector: ind.sector };
  }
  return undefined;
}
