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
  const parts: string[] = [];
  let cursor = 0;
  for (const span of ordered) {
    if (span.start < cursor) throw new Error(`overlapping spans at ${span.start}: resolve before redacting`);
    if (options.keep?.(span) && !(surrogates?.replaces(span) ?? false)) continue;
    const clear = text.slice(cursor, span.start);
    surrogates?.guardClear(clear);
    const level = levels?.get(span);
    const replacement = level !== undefined ? generalizeAt(span, granularity(span)!, level) : surrogates && pseudonym(span) ? surrogates.replace(span) : OPERATORS[policy[span.label]](span, settings);
    // A stand-in in words takes the article it needs ("a pharmacist" → "an internist").
    parts.push(surrogates && pseudonym(span) ? agreeArticle(clear, replacement) : clear);
    parts.push(replacement);
    cursor = span.end;
  }
  const tail = text.slice(cursor);
  surrogates?.guardClear(tail);
  parts.push(tail);
  return parts.join('');
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
