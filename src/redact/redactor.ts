import { Buffer } from 'node:buffer';
import type { Span } from '../types.js';
import { DEFAULT_OPERATOR_SETTINGS, OPERATORS, PSEUDONYM_OPERATORS, type OperatorSettings } from './operators.js';
import { DEFAULT_POLICY, type RedactionPolicy } from './policy.js';
import { SurrogateDocument, type PseudonymMode } from './surrogate/document.js';
import { chooseLevels, generalizeAt } from './surrogate/generalize-levels.js';

export interface RedactOptions {
  policy?: RedactionPolicy;
  settings?: Partial<OperatorSettings>;
  /** Spans to keep in clear (for example elements judged not identifying). */
  keep?: (span: Span) => boolean;
}

/**
 * The redact stage: replaces every span (non-overlapping, as the resolver
 * guarantees) with its operator's output. Irreversible: no mapping is kept.
 * The pseudonymising operators (surrogate, neighbour) share one SurrogateDocument
 * per text: one stand-in per value and person, unmarked repeats of replaced values
 * replaced alike, and the leak guard (an error rather than a replaced value in clear).
 */
export function redactText(text: string, spans: readonly Span[], options: RedactOptions = {}): string {
  const policy = options.policy ?? DEFAULT_POLICY;
  const settings = { ...DEFAULT_OPERATOR_SETTINGS, ...options.settings };
  let ordered = [...spans].sort((a, b) => a.start - b.start);
  const pseudonym = (s: Span): PseudonymMode | undefined => (PSEUDONYM_OPERATORS.has(policy[s.label]) ? (policy[s.label] as PseudonymMode) : undefined);
  for (let i = 1; i < ordered.length; i++) if (ordered[i].start < ordered[i - 1].end) throw new Error(`overlapping spans at ${ordered[i].start}: resolve before redacting`);
  const surrogates = ordered.some((s) => pseudonym(s)) ? new SurrogateDocument(text, ordered, pseudonym, settings, options.keep) : undefined;
  if (surrogates) ordered = mergeByStart(ordered, surrogates.spans);
  // 'auto' generalisation: the least general rungs that lift the document's k to the pool size.
  const granularity = (s: Span) => (policy[s.label] === 'generalize' ? 'year' : policy[s.label] === 'generalize-month' ? 'month' : undefined);
  const levels =
    settings.generalizeLevel === 'auto' && ordered.some((s) => granularity(s))
      ? chooseLevels(text, ordered, (s) => (options.keep?.(s) ? undefined : granularity(s)), (s) => options.keep?.(s) ?? false, settings.poolSize ?? 10_000).levels
      : undefined;
  // The output piece by piece, without a string per piece: the clear text before each
  // replacement as a range of `text` (or, rewritten for its article, in `rewritten`), and the
  // replacements, equal ones as one string. A long document has a million pieces.
  const clearStarts: number[] = [];
  const clearEnds: number[] = [];
  const replacements: string[] = [];
  const rewritten = new Map<number, string>();
  const interned = new Map<string, string>();
  let cursor = 0;
  for (const span of ordered) {
    if (span.start < cursor) throw new Error(`overlapping spans at ${span.start}: resolve before redacting`);
    if (options.keep?.(span) && !(surrogates?.replaces(span) ?? false)) continue;
    const clear = surrogates ? text.slice(cursor, span.start) : undefined;
    if (clear !== undefined) surrogates!.guardClear(clear);
    const level = levels?.get(span);
    let replacement = level !== undefined ? generalizeAt(span, granularity(span)!, level) : surrogates && pseudonym(span) ? surrogates.replace(span) : OPERATORS[policy[span.label]](span, settings);
    // A stand-in in words takes the article it needs ("a pharmacist" → "an internist").
    if (clear !== undefined && pseudonym(span)) {
      const agreed = agreeArticle(clear, replacement);
      if (agreed !== clear) rewritten.set(replacements.length, agreed);
    }
    const known = interned.get(replacement);
    if (known !== undefined) replacement = known;
    else interned.set(replacement, replacement);
    clearStarts.push(cursor);
    clearEnds.push(span.start);
    replacements.push(replacement);
    cursor = span.end;
  }
  if (surrogates) surrogates.guardClear(text.slice(cursor));
  clearStarts.push(cursor);
  clearEnds.push(text.length);
  return assemble(text, clearStarts, clearEnds, replacements, rewritten);
}

/**
 * The pieces joined: clear text i (a range of `text`, or `rewritten`), then replacement i, and
 * the last clear text. When every character of the output fits in one byte (Latin-1), the
 * output is written into a buffer and read as a one-byte string: half the memory of the
 * two-byte string that joining slices of a two-byte text gives, and no list of slices.
 */
function assemble(text: string, starts: readonly number[], ends: readonly number[], replacements: readonly string[], rewritten: ReadonlyMap<number, string>): string {
  const pieces = starts.length;
  let length = 0;
  let latin1 = true;
  const latin1Replacement = new Map<string, boolean>();
  for (let i = 0; i < pieces; i++) {
    const clear = rewritten.get(i);
    if (clear !== undefined) {
      length += clear.length;
      latin1 &&= isLatin1(clear, 0, clear.length);
    } else {
      length += ends[i] - starts[i];
      latin1 &&= isLatin1(text, starts[i], ends[i]);
    }
    if (i < replacements.length) {
      const r = replacements[i];
      length += r.length;
      let fits = latin1Replacement.get(r);
      if (fits === undefined) latin1Replacement.set(r, (fits = isLatin1(r, 0, r.length)));
      latin1 &&= fits;
    }
    if (!latin1) break;
  }
  if (latin1) {
    const out = Buffer.allocUnsafe(length);
    let at = 0;
    const copy = (from: string, start: number, end: number) => {
      for (let k = start; k < end; k++) out[at++] = from.charCodeAt(k);
    };
    for (let i = 0; i < pieces; i++) {
      const clear = rewritten.get(i);
      if (clear !== undefined) copy(clear, 0, clear.length);
      else copy(text, starts[i], ends[i]);
      if (i < replacements.length) copy(replacements[i], 0, replacements[i].length);
    }
    return out.toString('latin1');
  }
  const parts: string[] = [];
  for (let i = 0; i < pieces; i++) {
    parts.push(rewritten.get(i) ?? text.slice(starts[i], ends[i]));
    if (i < replacements.length) parts.push(replacements[i]);
  }
  return parts.join('');
}

/** Every character of s[start, end) below 256. */
function isLatin1(s: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (s.charCodeAt(k) > 255) return false;
  return true;
}

const ARTICLE_BEFORE = /(^|[^\p{L}])([Aa]n?)(\s+)$/u;

/** "a" before a vowel-initial stand-in becomes "an", "an" before a consonant "a" (text before the span only). */
export function agreeArticle(clear: string, replacement: string): string {
  const m = ARTICLE_BEFORE.exec(clear);
  if (!m || !/^\p{L}/u.test(replacement)) return clear;
  const vowel = /^[aeiou]/i.test(replacement) && !/^(?:uni|use|usu|one|eu)/i.test(replacement);
  const article = vowel ? 'an' : 'a';
  const written = m[2][0] === 'A' ? article[0].toUpperCase() + article.slice(1) : article;
  return clear.slice(0, m.index + m[1].length) + written + m[3];
}

/** The spans of `a` and `b` together, by start, each once. */
function mergeByStart(a: readonly Span[], b: readonly Span[]): Span[] {
  const seen = new Set(a);
  return [...a, ...b.filter((s) => !seen.has(s))].sort((x, y) => x.start - y.start);
}
