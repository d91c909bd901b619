import { isFamilyName, isGivenName, nameTitles } from '../../lexicons/names.js';
import { lexiconKey } from '../../lexicons/word-lists.js';
import { classifyName, nearestNames } from './embedding.js';
import type { Keyed } from './keyed.js';
import { fold, namePools, type NameKind } from './pools.js';
import { joinPossessive, likeCase, splitPossessive } from './shape.js';

/**
 * Person-name surrogates. Every PERSON_NAME mention of a document is parsed
 * into titles, given names, middle names, initials and family names; mentions
 * are grouped into people ("Maria Lopez" … "Ms Lopez" … "Maria" are one person
 * when the parts agree), and each person gets one stand-in whose parts are
 * written back in the form of each mention: "Elena Ruiz" … "Ms Ruiz" … "Elena",
 * initials as initials ("M. Lopez" → "E. Ruiz"), case and possessives kept
 * ("LOPEZ's" → "RUIZ's").
 *
 * The stand-in keeps the apparent gender (a "Ms"/"Mr" title, else the given
 * name's pool in data/surrogates/names.tsv, else the embedding's guess) and the
 * cultural origin (the pools that hold the family and given names, preferring
 * one they share; names the pools lack are placed by the embedding's class
 * centroids; other scripts by their script). A part's stand-in is keyed on the
 * part itself (family on the family name, given on the given name and gender),
 * so with a user key "Lopez" maps alike across a corpus.
 */
export type Role = 'title' | 'given' | 'middle' | 'family' | 'initial' | 'particle' | 'suffix' | 'single';

export interface NameToken {
  text: string;
  role: Role;
  /** For an initial: the part it stands for. */
  stands?: 'given' | 'middle' | 'family';
}

export interface ParsedName {
  /** Word tokens and the separators between them, in order. */
  pieces: Array<NameToken | string>;
  possessive: string;
  givenKey?: string;
  familyKey?: string;
  singleKey?: string;
  middleKeys: string[];
  titleGender?: 'f' | 'm';
  script: string;
}

const PARTICLES = new Set(['van', 'von', 'de', 'der', 'den', 'da', 'di', 'del', 'della', 'la', 'le', 'du', 'dos', 'das', 'bin', 'binti', 'al', 'el', 'ibn', 'ben', 'ter', 'ten', 'zu', 'y', 'e']);
const SUFFIX = /^(?:jr|sr|ii|iii|iv|v|phd|md|esq|dds|rn)\.?$/i;
const FEMALE_TITLES = new Set(['mrs', 'ms', 'miss', 'madam', 'madame', 'mme', 'mlle', 'lady', 'dame', 'frau', 'señora', 'sra', 'doña', 'tita', 'tia', 'auntie', 'aunt', 'grandma', 'nana', 'ate', 'sister']);
const MALE_TITLES = new Set(['mr', 'sir', 'lord', 'herr', 'señor', 'tito', 'tio', 'uncle', 'grandpa', 'kuya', 'brother', 'father', 'fr']);
const INITIALS = /^(?:\p{Lu}\.?){1,3}$/u;

function key(word: string): string {
  return lexiconKey(word).replace(/[.’']/g, '');
}

/** The writing system of a name ('latin', 'greek', 'cyrillic', 'han', …). */
export function scriptOf(text: string): string {
  if (/\p{Script=Greek}/u.test(text)) return 'greek';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'cyrillic';
  if (/\p{Script=Hebrew}/u.test(text)) return 'hebrew';
  if (/\p{Script=Arabic}/u.test(text)) return 'arabic';
  if (/\p{Script=Hangul}/u.test(text)) return 'hangul';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'kana';
  if (/\p{Script=Han}/u.test(text)) return 'han';
  if (/\p{Script=Thai}/u.test(text)) return 'thai';
  if (/\p{Script=Armenian}/u.test(text)) return 'armenian';
  if (/\p{Script=Georgian}/u.test(text)) return 'georgian';
  if (/\p{Script=Devanagari}/u.test(text)) return 'devanagari';
  return 'latin';
}

/** The origin whose pools a name in another script is drawn from. */
const SCRIPT_ORIGIN: Record<string, string> = {
  greek: 'greek',
  cyrillic: 'russian',
  hebrew: 'hebrew',
  arabic: 'arabic',
  hangul: 'korean',
  kana: 'japanese',
  han: 'chinese',
  thai: 'thai',
  armenian: 'armenian',
  georgian: 'georgian',
  devanagari: 'nepali',
};

/** Parses one mention ("Dr. Maria J. Lopez-Reyes's", "LOPEZ, Maria", "Ms Lopez"). */
export function parseName(text: string): ParsedName {
  const [core, possessive] = splitPossessive(text);
  const raw = core.split(/(\s+|,\s*)/u);
  const pieces: Array<NameToken | string> = [];
  const words: NameToken[] = [];
  let comma = -1;
  for (const part of raw) {
    if (part === '') continue;
    if (/^(?:\s+|,\s*)$/u.test(part)) {
      if (part.startsWith(',') && comma < 0) comma = words.length;
      pieces.push(part);
      continue;
    }
    const token: NameToken = { text: part, role: 'single' };
    const k = key(part);
    if (nameTitles().has(k) && words.every((w) => w.role === 'title')) token.role = 'title';
    else if (SUFFIX.test(part) && words.length > 0) token.role = 'suffix';
    else if (PARTICLES.has(part) && words.length > 0) token.role = 'particle';
    else if (INITIALS.test(part) && (part.length <= 2 || part.includes('.'))) token.role = 'initial';
    pieces.push(token);
    words.push(token);
  }
  const names = words.filter((w) => w.role === 'single' || w.role === 'initial');
  const titles = words.filter((w) => w.role === 'title').map((w) => key(w.text));
  const titleGender = titles.some((t) => FEMALE_TITLES.has(t)) ? 'f' : titles.some((t) => MALE_TITLES.has(t)) ? 'm' : undefined;
  if (comma > 0 && comma < words.length && names.length >= 2) {
    // "Lopez, Maria": family first.
    const before = words.slice(0, comma).filter((w) => w.role === 'single');
    const after = words.slice(comma).filter((w) => w.role === 'single' || w.role === 'initial');
    for (const w of before) w.role = 'family';
    after.forEach((w, i) => {
      if (w.role === 'single') w.role = i === 0 ? 'given' : 'middle';
    });
  } else if (names.length === 1) {
    const only = names[0];
    if (only.role === 'single') {
      const k = key(only.text);
      // After a title a lone name is the family name, unless it is only known as a given name.
      if (titles.length > 0) only.role = isGivenName(k) && !isFamilyName(k) ? 'given' : 'family';
    }
  } else if (names.length >= 2) {
    const last = names[names.length - 1];
    names.forEach((w, i) => {
      const part = i === 0 ? 'given' : w === last ? 'family' : 'middle';
      // "M. Lopez", "Maria L.", "Maria J. Lopez": an initial stands for the part in its place.
      if (w.role === 'initial') w.stands = part;
      else w.role = part;
    });
  } else if (names.length === 1 && names[0].role === 'initial') {
    names[0].stands = titles.length > 0 ? 'family' : 'given';
  }
  const parsed: ParsedName = { pieces, possessive, middleKeys: [], titleGender, script: scriptOf(text) };
  for (const w of words) {
    if (w.role === 'given') parsed.givenKey = key(w.text);
    else if (w.role === 'family') parsed.familyKey = key(w.text);
    else if (w.role === 'middle') parsed.middleKeys.push(key(w.text));
    else if (w.role === 'single') parsed.singleKey = key(w.text);
  }
  return parsed;
}

export interface Person {
  givenKey?: string;
  familyKey?: string;
  givenText?: string;
  familyText?: string;
  gender: 'f' | 'm' | 'u';
  origin: string;
  script: string;
  /** The stand-in's parts (set by PersonRegistry.assign). */
  given?: string;
  family?: string;
  middles: Map<string, string>;
}

function poolKeys(kind: NameKind, origin: string, gender: string): string[] {
  const p = namePools().pools;
  const out: string[] = [];
  if (kind === 'given') {
    const genders = gender === 'u' ? ['f', 'm', 'u'] : [gender, 'u'];
    for (const g of genders) if (p.has(`given|${origin}|${g}`)) out.push(`given|${origin}|${g}`);
  } else {
    const genders = gender === 'u' ? ['g', 'm', 'f'] : gender === 'g' ? ['g'] : [gender, 'g'];
    for (const g of genders) if (p.has(`family|${origin}|${g}`)) out.push(`family|${origin}|${g}`);
    if (out.length === 0) for (const g of ['g', 'm', 'f']) if (p.has(`family|${origin}|${g}`)) out.push(`family|${origin}|${g}`);
  }
  return out;
}

function poolOf(kind: NameKind, origin: string, gender: string): string[] {
  const pools = namePools().pools;
  return poolKeys(kind, origin, gender).flatMap((k) => pools.get(k) ?? []);
}

const wideCache = new Map<string, string[]>();

/** Every drawable name of a kind and gender, all origins of the Latin script together. */
function poolOfAllOrigins(kind: NameKind, gender: string): string[] {
  const k = `${kind}|${gender}`;
  let list = wideCache.get(k);
  if (!list) {
    const seen = new Set<string>();
    list = [];
    for (const origin of namePools().origins) {
      if (SCRIPT_POOLS.has(origin)) continue;
      for (const n of poolOf(kind, origin, gender)) if (!seen.has(n)) seen.add(n) && list.push(n);
    }
    wideCache.set(k, list);
  }
  return list;
}

const SCRIPT_POOLS = new Set(Object.values({ greek: 'greek', cyrillic: 'russian', hebrew: 'hebrew', arabic: 'arabic', hangul: 'korean', kana: 'japanese', han: 'chinese', thai: 'thai', armenian: 'armenian', georgian: 'georgian', devanagari: 'nepali', uk: 'ukrainian', mk: 'macedonian', fa: 'persian', ur: 'urdu', ckb: 'kurdish-sorani' }));

/** Origins (with the gender each gives) whose pools hold this name. */
function originsOf(text: string, kind: NameKind): Array<{ origin: string; gender: string }> {
  return (namePools().index.get(fold(text)) ?? []).filter((e) => e.kind === kind).map((e) => ({ origin: e.origin, gender: e.gender }));
}

/**
 * The origin a name part is drawn from: a pool that holds it (another than the
 * broad "anglo" pools when there is one, as those hold many borrowed names), else
 * the embedding's nearest class, else the script's. A function of the part alone,
 * so a family name maps alike across documents whatever the given name beside it.
 */
function originOf(text: string, kind: NameKind, script: string): string {
  const known = originsOf(text, kind);
  const own = known.find((k) => k.origin !== 'anglo') ?? known[0];
  if (own) return own.origin;
  if (script !== 'latin') return SCRIPT_ORIGIN[script] ?? 'anglo';
  return classifyName(text, kind)[0]?.origin ?? 'anglo';
}

/** Decides a person's origin and gender from the parts known. */
function profile(person: Person, titleGender: 'f' | 'm' | undefined): void {
  if (person.familyText) person.origin = originOf(person.familyText, 'family', person.script);
  else if (person.givenText) person.origin = originOf(person.givenText, 'given', person.script);
  if (titleGender) {
    person.gender = titleGender;
    return;
  }
  if (person.givenText) {
    const known = originsOf(person.givenText, 'given');
    const inOrigin = known.find((k) => k.origin === person.origin) ?? known[0];
    if (inOrigin) {
      person.gender = inOrigin.gender === 'f' || inOrigin.gender === 'm' ? inOrigin.gender : 'u';
      return;
    }
    if (person.script === 'latin') {
      const top = classifyName(person.givenText, 'given').slice(0, 6);
      let f = 0;
      let m = 0;
      for (const c of top) {
        if (c.gender === 'f') f += c.score;
        if (c.gender === 'm') m += c.score;
      }
      person.gender = f > m * 1.1 ? 'f' : m > f * 1.1 ? 'm' : 'u';
      return;
    }
  }
  // A gendered family name (Slavic "-ová", "-ska") tells the gender.
  if (person.familyText) {
    const g = originsOf(person.familyText, 'family').find((k) => k.origin === person.origin)?.gender;
    if (g === 'f' || g === 'm') person.gender = g;
  }
}

/**
 * The people of one document and their stand-ins. `forbidden` holds the folded
 * original name words of the document: no stand-in part may equal one of them.
 */
export class PersonRegistry {
  readonly people: Person[] = [];
  /** People by family and by given name key (lookups stay constant-time on long documents). */
  private readonly byFamily = new Map<string, Person[]>();
  private readonly byGiven = new Map<string, Person[]>();
  private readonly familyStandIn = new Map<string, string>();
  private readonly givenStandIn = new Map<string, string>();
  private readonly usedStandIns = new Set<string>();

  /**
   * `neighbours`: draw each part among the N names nearest to the original in the
   * name embedding (neighbour pseudonymisation) instead of from the origin's pool.
   */
  constructor(
    private readonly keyed: Keyed,
    private readonly forbidden: (candidate: string) => boolean,
    private readonly neighbours?: number,
  ) {}

  /** Registers every mention (full names first, so partial mentions attach to them); returns each mention's person. */
  register(mentions: readonly ParsedName[]): Person[] {
    const result: Person[] = new Array(mentions.length);
    const order = mentions.map((_, i) => i).sort((a, b) => rank(mentions[a]) - rank(mentions[b]) || a - b);
    for (const i of order) result[i] = this.attach(mentions[i]);
    for (const p of this.people) this.assign(p);
    return result;
  }

  private attach(m: ParsedName): Person {
    const words = m.pieces.filter((p): p is NameToken => typeof p !== 'string');
    const textOf = (role: Role) => words.find((w) => w.role === role)?.text;
    let given = m.givenKey;
    let family = m.familyKey;
    let givenText = textOf('given');
    let familyText = textOf('family');
    if (m.singleKey && !given && !family) {
      // A lone name: whichever part of a known person it matches, else what the lexicons say.
      const single = words.find((w) => w.role === 'single')!;
      const asFamily = this.byFamily.get(m.singleKey)?.[0];
      const asGiven = this.byGiven.get(m.singleKey)?.[0];
      const k = m.singleKey;
      const familyLike = asFamily ? true : asGiven ? false : isFamilyName(k) && !isGivenName(k);
      single.role = familyLike ? 'family' : 'given';
      if (familyLike) {
        family = k;
        familyText = single.text;
      } else {
        given = k;
        givenText = single.text;
      }
    }
    let person: Person | undefined;
    const sameFamily = family ? (this.byFamily.get(family) ?? []) : [];
    if (given && family) person = sameFamily.find((p) => p.givenKey === given) ?? sameFamily.find((p) => !p.givenKey);
    else if (family) person = sameFamily.find((p) => !m.titleGender || p.gender === m.titleGender || p.gender === 'u');
    else if (given) person = this.byGiven.get(given)?.[0];
    if (!person) {
      person = { givenKey: given, familyKey: family, givenText, familyText, gender: 'u', origin: 'anglo', script: m.script, middles: new Map() };
      this.people.push(person);
      if (family) this.index(this.byFamily, family, person);
      if (given) this.index(this.byGiven, given, person);
      profile(person, m.titleGender);
    } else {
      if (!person.givenKey && given) {
        person.givenKey = given;
        person.givenText = givenText;
        this.index(this.byGiven, given, person);
      }
      if (m.titleGender && person.gender === 'u') person.gender = m.titleGender;
    }
    for (const mk of m.middleKeys) if (!person.middles.has(mk)) person.middles.set(mk, '');
    return person;
  }

  private index(map: Map<string, Person[]>, key: string, person: Person): void {
    const list = map.get(key);
    if (list) list.push(person);
    else map.set(key, [person]);
  }

  /** The stand-in of an original given or family name word (folded key), if a person of this document has it. */
  standInFor(word: string): string | undefined {
    const f = this.byFamily.get(word)?.find((p) => p.family)?.family;
    return f ?? this.byGiven.get(word)?.find((p) => p.given)?.given;
  }

  /** Draws the stand-in parts of one person (redrawing on a clash with an original or another stand-in). */
  private assign(p: Person): void {
    if (p.familyKey) p.family = this.standIn('family', p.familyKey, p.familyText ?? p.familyKey, p.origin, familyGender(p), this.familyStandIn);
    if (p.givenKey) p.given = this.standIn('given', p.givenKey, p.givenText ?? p.givenKey, p.origin, p.gender, this.givenStandIn);
    for (const mk of [...p.middles.keys()]) p.middles.set(mk, this.standIn('given', mk, mk, p.origin, p.gender, this.givenStandIn));
  }

  private standIn(kind: NameKind, originalKey: string, originalText: string, origin: string, gender: string, memo: Map<string, string>): string {
    const memoKey = kind === 'given' ? `${originalKey}|${gender}` : originalKey;
    const known = memo.get(memoKey);
    if (known) return known;
    let pool = this.neighbours ? nearestNames(originalText, kind, this.neighbours, (c) => this.forbidden(c)) : [];
    const purpose = pool.length ? `neighbour-${kind}` : `name-${kind}`;
    if (pool.length === 0) pool = poolOf(kind, origin, gender);
    if (pool.length === 0) pool = poolOf(kind, 'anglo', gender);
    // Hyphenated originals get as many parts.
    const parts = originalText.includes('-') && !/^-|-$/.test(originalText) ? originalText.split('-').length : 1;
    // Distinct originals get distinct stand-ins while the pool allows: 16 draws from the origin's pool,
    // 16 from every origin's pool of the same kind and gender, then 16 that may repeat a stand-in
    // (a long document with more people than the pools hold), never one the leak guard refuses.
    const wide = poolOfAllOrigins(kind, gender);
    for (let attempt = 0; attempt < 48; attempt++) {
      const rng = this.keyed.stream(purpose, `${origin}|${kind === 'given' ? gender : ''}|${originalKey}`, attempt);
      const from = attempt < 16 ? pool : wide;
      const chosen: string[] = [];
      for (let i = 0; i < Math.min(parts, 3); i++) chosen.push(rng.pick(from));
      const candidate = chosen.join('-');
      const folded = fold(candidate);
      if (chosen.some((c) => this.forbidden(c)) || this.forbidden(candidate)) continue;
      if (attempt < 32 && this.usedStandIns.has(`${kind}|${folded}`)) continue;
      this.usedStandIns.add(`${kind}|${folded}`);
      memo.set(memoKey, candidate);
      return candidate;
    }
    throw new Error('surrogate: no name stand-in clears the leak guard');
  }

  /** Writes a mention in the form of the original, with its person's stand-in parts. */
  render(m: ParsedName, person: Person): string {
    let out = '';
    let lastWord = -1;
    const pieces = m.pieces.map((p) => (typeof p === 'string' ? p : this.renderToken(p, person)));
    for (let i = 0; i < pieces.length; i++) if (typeof m.pieces[i] !== 'string') lastWord = i;
    pieces.forEach((p, i) => {
      out += i === lastWord && m.possessive ? joinPossessive(p, m.possessive) : p;
    });
    if (lastWord < 0 && m.possessive) out += m.possessive;
    return out;
  }

  private renderToken(t: NameToken, person: Person): string {
    switch (t.role) {
      case 'given':
        return likeCase(t.text, person.given ?? t.text);
      case 'family':
        return likeCase(t.text, person.family ?? t.text);
      case 'middle':
        return likeCase(t.text, person.middles.get(key(t.text)) || person.given || t.text);
      case 'initial':
        return this.renderInitials(t, person);
      default:
        return t.text;
    }
  }

  /** "M." → the stand-in's initial for the part it stands for; further letters ("J.R.") → keyed letters. */
  private renderInitials(t: NameToken, person: Person): string {
    const source = t.stands === 'family' ? person.family : t.stands === 'middle' ? undefined : person.given;
    const rng = this.keyed.stream('initials', `${person.givenKey ?? ''}|${person.familyKey ?? ''}|${t.stands ?? ''}|${t.text}`);
    let k = 0;
    return t.text.replace(/\p{Lu}/gu, () => (k++ === 0 && source ? source[0].toUpperCase() : String.fromCharCode(65 + rng.int(26))));
  }
}

function familyGender(p: Person): string {
  if (!p.familyText) return 'g';
  const own = (namePools().index.get(fold(p.familyText)) ?? []).find((e) => e.kind === 'family' && e.origin === p.origin)?.gender;
  if (own === 'f' || own === 'm') return own;
  return p.gender === 'u' ? 'g' : p.gender;
}

/** Full names first, then family-only, then given-only mentions. */
function rank(m: ParsedName): number {
  if (m.givenKey && m.familyKey) return 0;
  if (m.familyKey) return 1;
  if (m.givenKey) return 2;
  return 3;
}
