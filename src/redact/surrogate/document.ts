import { createHash } from 'node:crypto';
import { isFamilyName, isGivenName } from '../../lexicons/names.js';
import type { Span } from '../../types.js';
import { surrogateAddress } from './addresses.js';
import { surrogateContact } from './contacts.js';
import { offsetFrom, shiftDateText, yearsOf } from './dates.js';
import { surrogateDemographic, surrogateEmployment, surrogateMedical, surrogateNamedPhrase, surrogateQuantity, surrogateTrait } from './descriptive.js';
import { Keyed } from './keyed.js';
import { Forbidden, guardKey, sweep } from './leak-guard.js';
import { PersonRegistry, parseName, type ParsedName, type Person } from './names.js';
import { neighbourPlace } from './neighbours.js';
import { surrogateNumber } from './numbers.js';
import { surrogateOrganization } from './organizations.js';
import { placeInfo, surrogatePlace } from './places.js';
import { fold, namePools } from './pools.js';
import { likeCase } from './shape.js';

/** The pseudonymising operators: realistic stand-ins, or stand-ins among a value's N nearest neighbours. */
export type PseudonymMode = 'surrogate' | 'neighbour';

export interface SurrogateSettings {
  /** User key: the same value gets the same stand-in across documents. Without it, a fresh key per document. */
  surrogateKey?: string;
  /** One date offset per document (default) or per person (keyed on the document's main person). */
  dateShiftScope?: 'document' | 'person';
  /** Largest date shift in days, either way (default 365). */
  dateShiftDays?: number;
  /** Shift dates by whole weeks, so weekdays and weekends stay (default false). */
  keepWeekday?: boolean;
  /** N of the neighbour operator (default 10). */
  neighbours?: number;
}

export const DEFAULT_NEIGHBOURS = 10;
export const DEFAULT_DATE_SHIFT_DAYS = 365;
const ATTEMPTS = 8;

function hasDate(text: string): boolean {
  return /\d/.test(text) || shiftDateText(text, 1) !== undefined;
}

/**
 * One document's surrogate state: its key, its people and their stand-ins, its
 * date offset, the leak guard's forbidden values, and a memo so that one value
 * gets one stand-in throughout the document. Built once per document from all
 * the spans the pseudonymising operators will replace.
 */
export class SurrogateDocument {
  /** The spans this document replaces: its operators' spans (kept ones holding a replaced value included) and unmarked repeats. */
  readonly spans: Span[];
  readonly dateOffset: number;
  private readonly replacing: ReadonlySet<Span>;
  private readonly keyed: Keyed;
  private readonly forbidden: Forbidden;
  private readonly nameWords = new Set<string>();
  private readonly registries = new Map<PseudonymMode, PersonRegistry>();
  private readonly mentions = new Map<Span, { parsed: ParsedName; person: Person; mode: PseudonymMode }>();
  private readonly memo = new Map<string, string>();
  private readonly country?: string;
  private readonly neighbours: number;

  /**
   * `spans`: every span of the document (resolved, non-overlapping); `modeOf`: the
   * pseudonymising mode of a span, or undefined when another operator handles it;
   * `keep`: spans left in clear by the policy (a kept span that holds a replaced
   * value is replaced all the same: the leak guard wins).
   */
  constructor(
    text: string,
    spans: readonly Span[],
    private readonly modeOf: (span: Span) => PseudonymMode | undefined,
    settings: SurrogateSettings = {},
    keep?: (span: Span) => boolean,
  ) {
    this.keyed = settings.surrogateKey !== undefined ? new Keyed(settings.surrogateKey) : Keyed.random();
    this.neighbours = settings.neighbours ?? DEFAULT_NEIGHBOURS;
    if (!Number.isInteger(this.neighbours) || this.neighbours < 1) throw new Error('the neighbour count must be a whole number, at least 1');
    const replaced = spans.filter((s) => modeOf(s) && !keep?.(s));
    const model = new Map<string, Span>();
    const values: string[] = [];
    for (const s of replaced) {
      values.push(s.text);
      if (!model.has(guardKey(s.text))) model.set(guardKey(s.text), s);
      if (s.label === 'PERSON_NAME') {
        for (const w of s.text.split(/[\s,]+/)) {
          const word = w.replace(/(?:['’][sS]?)$/, '').replace(/\.$/, '');
          if (!/\p{L}{2}/u.test(word)) continue;
          this.nameWords.add(fold(word));
          // A name word of four letters or more, capitalised, is guarded on its own ("Lopez" of "Maria Lopez").
          if ([...word].length >= 4 && /^\p{Lu}/u.test(word) && (isGivenName(word) || isFamilyName(word) || s.text.split(/\s+/).length > 1)) {
            values.push(word);
            if (!model.has(guardKey(word))) model.set(guardKey(word), { ...s, text: word });
          }
        }
      }
    }
    this.forbidden = new Forbidden(values);
    // Kept spans that hold a replaced value, and unmarked repeats of replaced values, are replaced too.
    const mustReplace = (s: Span) => !!modeOf(s) && (!keep?.(s) || this.forbidden.occurrences(s.text).length > 0);
    const extra = sweep(text, spans, model, this.forbidden).filter((s) => modeOf(s));
    this.spans = [...spans.filter(mustReplace), ...extra].sort((a, b) => a.start - b.start);
    this.replacing = new Set(this.spans);

    // People: one registry per mode, all mentions registered before any stand-in is drawn.
    const reject = (c: string) => this.rejects(c);
    for (const mode of ['surrogate', 'neighbour'] as const) {
      const names = this.spans.filter((s) => s.label === 'PERSON_NAME' && modeOf(s) === mode);
      if (names.length === 0) continue;
      const registry = new PersonRegistry(this.keyed, reject, mode === 'neighbour' ? this.neighbours : undefined);
      const parsed = names.map((s) => parseName(s.text));
      const people = registry.register(parsed);
      names.forEach((s, i) => this.mentions.set(s, { parsed: parsed[i], person: people[i], mode }));
      this.registries.set(mode, registry);
    }
    this.country = documentCountry(this.spans);
    this.dateOffset = this.computeOffset(text, settings);
  }

  /** Whether this document replaces the span (even one the policy keeps in clear). */
  replaces(span: Span): boolean {
    return this.replacing.has(span);
  }

  /** Whether a stand-in may not be used: it holds a replaced value, or equals an original name word. */
  rejects(candidate: string): boolean {
    return this.forbidden.contains(candidate) || this.nameWords.has(fold(candidate));
  }

  private computeOffset(text: string, settings: SurrogateSettings): number {
    const max = settings.dateShiftDays ?? DEFAULT_DATE_SHIFT_DAYS;
    let value = createHash('sha256').update(text).digest('hex');
    if (settings.dateShiftScope === 'person') {
      const counts = new Map<Person, number>();
      for (const m of this.mentions.values()) counts.set(m.person, (counts.get(m.person) ?? 0) + 1);
      const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (main) value = `person|${main.givenKey ?? ''}|${main.familyKey ?? ''}`;
    }
    return offsetFrom(this.keyed.stream('date-offset', value), max, settings.keepWeekday === true);
  }

  /** The stand-in for one span (a span of `this.spans`). Fails closed when no draw clears the leak guard. */
  replace(span: Span): string {
    const mode = this.modeOf(span) ?? 'surrogate';
    const mention = this.mentions.get(span);
    if (mention) {
      const out = this.registries.get(mention.mode)!.render(mention.parsed, mention.person);
      return this.forbidden.contains(out) ? this.tagOrFail(span) : out;
    }
    const memoKey = `${span.label}|${mode}|${guardKey(span.text)}`;
    const known = this.memo.get(memoKey);
    if (known !== undefined) return known;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const out = this.generate(span, mode, attempt);
      if (out === undefined) return this.remember(memoKey, `[${span.label}]`);
      if (!this.forbidden.contains(out) && guardKey(out) !== guardKey(span.text)) return this.remember(memoKey, out);
    }
    return this.remember(memoKey, this.tagOrFail(span));
  }

  /**
   * When no stand-in clears the leak guard (every draw holds a replaced value: a URL whose kept host is
   * a replaced organisation name, a value detected as a name that every stand-in of its kind contains),
   * the span is tagged instead: a tag holds nothing of the original. Only a tag that would itself hold
   * a replaced value fails the document (closed).
   */
  private tagOrFail(span: Span): string {
    const tag = `[${span.label}]`;
    if (this.forbidden.contains(tag)) throw new Error(`surrogate leak guard: no stand-in for a ${span.label} value clears the guard`);
    return tag;
  }

  private remember(key: string, value: string): string {
    this.memo.set(key, value);
    return value;
  }

  /** A stand-in by category; undefined when the value has no surrogate form (it is then tagged). */
  private generate(span: Span, mode: PseudonymMode, attempt: number): string | undefined {
    const text = span.text;
    const reject = (c: string) => this.rejects(c);
    const rng = this.keyed.stream(`${span.label}`, guardKey(text), attempt);
    switch (span.label) {
      case 'PERSON_NAME': {
        // A name span this document did not register (replace() called with a foreign span): a person of its own.
        const registry = new PersonRegistry(this.keyed, reject, mode === 'neighbour' ? this.neighbours : undefined);
        const parsed = parseName(text);
        return registry.render(parsed, registry.register([parsed])[0]);
      }
      case 'ADDRESS':
        return surrogateAddress(text, this.keyed, reject, attempt);
      case 'CONTACT':
        return surrogateContact(text, this.keyed, attempt, (w) => this.nameStandIn(w));
      case 'ID_NUMBER':
      case 'FINANCIAL':
        return surrogateNumber(text, this.keyed, attempt);
      case 'EMPLOYMENT_EDUCATION':
        return surrogateEmployment(text, this.keyed, attempt, reject, this.country);
      case 'BIRTH':
        if (hasDate(text)) return attempt === 0 ? shiftDateText(text, this.dateOffset) : undefined;
        return this.place(text, mode, rng, reject);
      case 'DATE':
        return attempt === 0 ? shiftDateText(text, this.dateOffset) : undefined;
      case 'MEDICAL':
        return surrogateMedical(text, this.keyed, attempt, reject, this.country);
      case 'DEMOGRAPHIC':
        return surrogateDemographic(text, this.keyed, attempt, reject);
      case 'LOCATION':
        return this.place(text, mode, rng, reject);
      case 'ORGANIZATION':
        return surrogateOrganization(text, rng, reject, this.country);
      case 'ACHIEVEMENT':
        return surrogateNamedPhrase(text, 'achievement', this.keyed, attempt, reject, yearsOf(this.dateOffset), this.country);
      case 'EVENT':
        return surrogateNamedPhrase(text, 'event', this.keyed, attempt, reject, yearsOf(this.dateOffset), this.country);
      case 'TRAIT':
        return surrogateTrait(text, this.keyed, attempt, reject);
      case 'QUANTITY':
        return surrogateQuantity(text, this.keyed, attempt);
    }
  }

  private place(text: string, mode: PseudonymMode, rng: ReturnType<Keyed['stream']>, reject: (c: string) => boolean): string {
    if (mode === 'neighbour') return neighbourPlace(text, this.neighbours, rng, reject, this.country);
    return surrogatePlace(text, rng, reject, this.country);
  }

  /**
   * The stand-in of a name word inside an e-mail address, URL or handle: the
   * document's person stand-ins first, else (a name the lexicons know) a keyed
   * name of the same kind. Undefined for a word that is no name.
   */
  private nameStandIn(word: string): string | undefined {
    for (const registry of this.registries.values()) {
      const known = registry.standInFor(word);
      if (known) return known;
    }
    if (word.length < 3 || !(isGivenName(word) || isFamilyName(word))) return undefined;
    const kind = isGivenName(word) ? 'given' : 'family';
    const pools = namePools().pools;
    const pool = kind === 'given' ? [...(pools.get('given|anglo|f') ?? []), ...(pools.get('given|anglo|m') ?? [])] : (pools.get('family|anglo|g') ?? []);
    const rng = this.keyed.stream('name-word', `${kind}|${word}`);
    for (let i = 0; i < 8; i++) {
      const c = rng.pick(pool);
      if (!this.rejects(c)) return likeCase(word, c);
    }
    return undefined;
  }

  /**
   * Throws when text left in clear (between replaced spans) still holds a
   * replaced value: the last line of the leak guard.
   */
  guardClear(clear: string): void {
    if (this.forbidden.occurrences(clear).length > 0) throw new Error('surrogate leak guard: a replaced value remains in clear');
  }
}

/** The country most places of the document are in (for places and organisations the gazetteer does not know). */
function documentCountry(spans: readonly Span[]): string | undefined {
  const counts = new Map<string, number>();
  for (const s of spans) {
    if (s.label !== 'LOCATION' && s.label !== 'ADDRESS') continue;
    for (const part of s.text.split(/\s*[,\n]\s*/)) {
      const c = placeInfo(part.replace(/\s+\d[\d-]*$/, '')).country;
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
