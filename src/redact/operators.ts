import { createHmac } from 'node:crypto';
import type { Span } from '../types.js';
import { ladderOf, generalizeAt } from './surrogate/generalize-levels.js';
import { SurrogateDocument, type SurrogateSettings } from './surrogate/document.js';

/**
 * Redaction operators. Each turns one span into its replacement text; none of
 * them keeps the original value. `generalize` writes a coarser value instead
 * (a date's year, an age band, a place's region, an address's state and ZIP3:
 * see generalize.ts; an employer's industry, a job title's occupation group:
 * see surrogate/generalize-levels.ts); `generalize-month` keeps a date's month and year.
 * `surrogate` writes a realistic stand-in of the same kind (dates shifted), and
 * `neighbour` a stand-in among the value's N nearest neighbours in an embedding
 * space; both keep one stand-in per value throughout a document (see
 * surrogate/document.ts: the redactor builds one SurrogateDocument per text).
 */
export type OperatorName = 'tag' | 'mask' | 'remove' | 'hash' | 'generalize' | 'generalize-month' | 'surrogate' | 'neighbour';

export const OPERATOR_NAMES: readonly OperatorName[] = ['tag', 'mask', 'remove', 'hash', 'generalize', 'generalize-month', 'surrogate', 'neighbour'];

/** The operators that need the whole document (consistent stand-ins): the redactor runs them through a SurrogateDocument. */
export const PSEUDONYM_OPERATORS: ReadonlySet<OperatorName> = new Set(['surrogate', 'neighbour']);

export interface OperatorSettings extends SurrogateSettings {
  /** Character used by `mask`. */
  maskChar: string;
  /** Width of the `mask` block: fixed, so the original length does not leak. */
  maskWidth: number;
  /** Secret key for `hash` (HMAC-SHA256). Required when `hash` is used. */
  hashKey?: string;
  /**
   * `generalize` levels: 'fixed' writes each value's default rung (generalize.ts);
   * 'auto' lets the identifiability stage pick the least general rung that lifts
   * the document's k estimate to `poolSize` (surrogate/generalize-levels.ts).
   */
  generalizeLevel?: 'fixed' | 'auto';
  /** Pool size for 'auto' generalisation (default 10,000, as the assess stage). */
  poolSize?: number;
}

export const DEFAULT_OPERATOR_SETTINGS: OperatorSettings = { maskChar: '█', maskWidth: 8 };

export type Operator = (span: Span, settings: OperatorSettings) => string;

export const OPERATORS: Record<OperatorName, Operator> = {
  tag: (span) => `[${span.label}]`,
  mask: (_span, settings) => settings.maskChar.repeat(settings.maskWidth),
  remove: () => '',
  hash: (span, settings) => {
    if (!settings.hashKey) throw new Error('the hash operator needs a key (--hash-key or SPLICE_HASH_KEY)');
    // Keyed, so nobody without the key can test guesses; the same value gives the same token.
    const digest = createHmac('sha256', settings.hashKey).update(`${span.label}\u0000${canonical(span.text)}`).digest('hex');
    return `[${span.label}:${digest.slice(0, 12)}]`;
  },
  // The default rung of the value's ladder: generalize.ts's output, extended to employers, job titles and providers.
  generalize: (span) => generalizeAt(span, 'year', ladderOf(span, 'year').defaultRung),
  'generalize-month': (span) => generalizeAt(span, 'month', ladderOf(span, 'month').defaultRung),
  // One span on its own (no document around it): consistent only with itself.
  surrogate: (span, settings) => alone(span, 'surrogate', settings),
  neighbour: (span, settings) => alone(span, 'neighbour', settings),
};

function alone(span: Span, mode: 'surrogate' | 'neighbour', settings: OperatorSettings): string {
  const own: Span = { ...span, start: 0, end: span.text.length };
  return new SurrogateDocument(span.text, [own], () => mode, settings).replace(own);
}

/** Case- and whitespace-insensitive form, so "John  Smith" and "john smith" hash alike. */
function canonical(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function isOperatorName(value: string): value is OperatorName {
  return (OPERATOR_NAMES as readonly string[]).includes(value);
}
