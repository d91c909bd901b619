import type { Profile } from './profiles.js';
import { AdditiveReIdentifier, FeatureIndex, type FeatureOccurrence } from './scorer.js';
import { STOPWORDS, valueTokens, type Token, type TextView } from './text.js';
import { countryOccurrences, dateOccurrences, givenNameGroups, numberOccurrences, type Occurrence } from './variants.js';

/**
 * The structured re-identifier: matches attribute values the way a person
 * would, through their written variants, and weights each match by its
 * rarity among the profiles (ln(1 + N / profiles sharing it)).
 *
 * | key | from a profile value | found in a text as |
 * |---|---|---|
 * | `v:PHRASE` | the whole value and each comma-separated part | the same words in a row |
 * | `d:` `ym:` `md:` `y:` | dates in any written form | any written form (variants.ts) |
 * | `num:` `dg:` | numbers, digit groups | digits or words; any grouping |
 * | `c:CODE` | a country name, alias or demonym | any of them ("France" = "French") |
 * | `n:` `ng:` | each part of a name (name-like attributes) | the word; short forms ("Bill" = "William") |
 * | `nn:` | two consecutive name parts, either order | "Ada Vell", "Vell, Ada" |
 * | `ni:` | initial of a name part + a later part | "A. Vell", "A. B. Vell" |
 *
 * The score is the sum of the weights of the distinct keys found.
 */

/** Attribute names whose values are people's names. */
export const NAME_ATTRIBUTE = /name|alias|nick|spouse|partner|husband|wife|mother|father|parent|child|son|daughter|sibling|brother|sister|relative/i;

const MAX_PHRASE_WORDS = 8;

const phrase = (tokens: readonly Token[], from: number, to: number) =>
  tokens
    .slice(from, to + 1)
    .map((t) => t.norm)
    .join(' ');

function isMeaningfulPhrase(tokens: readonly Token[]): boolean {
  return tokens.some((t) => !STOPWORDS.has(t.norm) && !t.numeric) || tokens.some((t) => t.numeric && t.norm.length >= 3);
}

const keyCache = new Map<string, ReadonlySet<string>>();

/** Keys of one attribute value (see the table above). Memoised; do not mutate. */
export function valueKeys(attribute: string, value: string): ReadonlySet<string> {
  const isName = NAME_ATTRIBUTE.test(attribute);
  const cacheKey = `${isName ? 'n' : 'v'}\u0000${value}`;
  let keys = keyCache.get(cacheKey);
  if (!keys) {
    keys = computeValueKeys(isName, value);
    if (keyCache.size >= 100_000) keyCache.clear();
    keyCache.set(cacheKey, keys);
  }
  return keys;
}

function computeValueKeys(isName: boolean, value: string): Set<string> {
  const keys = new Set<string>();
  const tokens = valueTokens(value);
  if (tokens.length === 0) return keys;
  if (tokens.length <= MAX_PHRASE_WORDS && isMeaningfulPhrase(tokens)) keys.add(`v:${phrase(tokens, 0, tokens.length - 1)}`);
  for (const part of /[,;()/]/.test(value) ? value.split(/[,;()/]/) : []) {
    const pt = valueTokens(part);
    if (pt.length > 0 && pt.length < tokens.length && pt.length <= MAX_PHRASE_WORDS && isMeaningfulPhrase(pt)) keys.add(`v:${phrase(pt, 0, pt.length - 1)}`);
  }
  for (const o of [...dateOccurrences(tokens), ...numberOccurrences(tokens), ...countryOccurrences(tokens)]) keys.add(o.key);
  if (isName) {
    const parts = tokens.filter((t) => !t.numeric && !STOPWORDS.has(t.norm));
    parts.forEach((t, i) => {
      if (t.norm.length >= 2) keys.add(`n:${t.norm}`);
      for (const g of givenNameGroups(t.norm)) keys.add(`ng:${g}`);
      if (i + 1 < parts.length) keys.add(`nn:${pairKey(t.norm, parts[i + 1].norm)}`);
      for (let j = i + 1; j < parts.length; j++) if (parts[j].norm.length >= 2) keys.add(`ni:${t.norm[0]}|${parts[j].norm}`);
    });
  }
  return keys;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export class StructuredReIdentifier extends AdditiveReIdentifier {
  readonly name = 'structured';

  constructor(profiles: readonly Profile[]) {
    super(buildIndex(profiles));
  }

  occurrences(view: TextView): FeatureOccurrence[] {
    const ids = this.index.ids;
    const out: FeatureOccurrence[] = [];
    const seen = new Set<string>();
    const add = (key: string, first: number, last: number) => {
      const f = ids.get(key);
      if (f === undefined) return;
      const dedupe = `${f}:${first}:${last}`;
      if (seen.has(dedupe)) return;
      seen.add(dedupe);
      out.push({ feature: f, first, last });
    };
    const tokens = view.tokens;
    for (const o of [...dateOccurrences(tokens), ...numberOccurrences(tokens), ...countryOccurrences(tokens)] as Occurrence[]) add(o.key, o.first, o.last);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      // Phrases starting here.
      let p = '';
      for (let j = i; j < tokens.length && j - i < MAX_PHRASE_WORDS; j++) {
        if (j > i && tokens[j].breakBefore) break;
        p = j === i ? tokens[j].norm : `${p} ${tokens[j].norm}`;
        add(`v:${p}`, i, j);
      }
      if (t.numeric) continue;
      add(`n:${t.norm}`, i, i);
      for (const g of givenNameGroups(t.norm)) add(`ng:${g}`, i, i);
      const next = tokens[i + 1];
      if (next && !next.breakBefore && /^[ \t]*,?[ \t]+$|^[ \t]+$/.test(next.gap)) add(`nn:${pairKey(t.norm, next.norm)}`, i, i + 1);
      // Initials: "A. Vell", "A. B. Vell", "A Vell".
      if (t.raw.length === 1 && t.raw !== t.raw.toLowerCase()) {
        let j = i + 1;
        while (j < tokens.length && !tokens[j].breakBefore && tokens[j].raw.length === 1 && j - i < 4) j++;
        if (j < tokens.length && !tokens[j].breakBefore && tokens[j].norm.length >= 2) add(`ni:${t.norm}|${tokens[j].norm}`, i, j);
      }
    }
    return out;
  }

  g(count: number): number {
    return count > 0 ? 1 : 0;
  }
}

function buildIndex(profiles: readonly Profile[]): FeatureIndex {
  const keySets = profiles.map((p) => {
    const keys = new Set<string>();
    for (const [attribute, values] of Object.entries(p.attributes)) for (const v of values) for (const k of valueKeys(attribute, v)) keys.add(k);
    return keys;
  });
  const df = new Map<string, number>();
  for (const keys of keySets) for (const k of keys) df.set(k, (df.get(k) ?? 0) + 1);
  const n = profiles.length;
  return new FeatureIndex(
    keySets.map((keys) => {
      const weights = new Map<string, number>();
      for (const k of keys) weights.set(k, Math.log(1 + n / df.get(k)!));
      return weights;
    }),
  );
}
