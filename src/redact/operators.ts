import { createHmac } from 'node:crypto';
import type { Span } from '../types.js';
import { generalize } from './generalize.js';

/**
 * Redaction operators. Each turns one span into its replacement text; none of
 * them keeps the original value. `generalize` writes a coarser value instead
 * (a date's year, an age band, a place's region, an address's state and ZIP3:
 * see generalize.ts); `generalize-month` keeps a date's month and year.
 */
export type OperatorName = 'tag' | 'mask' | 'remove' | 'hash' | 'generalize' | 'generalize-month';

export const OPERATOR_NAMES: readonly OperatorName[] = ['tag', 'mask', 'remove', 'hash', 'generalize', 'generalize-month'];

export interface OperatorSettings {
  /** Character used by `mask`. */
  maskChar: string;
  /** Width of the `mask` block: fixed, so the original length does not leak. */
  maskWidth: number;
  /** Secret key for `hash` (HMAC-SHA256). Required when `hash` is used. */
  hashKey?: string;
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
  generalize: (span) => generalize(span, 'year'),
  'generalize-month': (span) => generalize(span, 'month'),
};

/** Case- and whitespace-insensitive form, so "John  Smith" and "john smith" hash alike. */
function canonical(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function isOperatorName(value: string): value is OperatorName {
  return (OPERATOR_NAMES as readonly string[]).includes(value);
}
