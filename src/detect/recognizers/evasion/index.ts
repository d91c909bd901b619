import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { numberRunRecognizer } from './number-runs.js';

/**
 * Recognizers of the evasion group: numbers written to slip past the plain
 * recognizers (digits in words, odd separators and groupings). Characters that
 * hide PII inside any field are handled by the evasion pass (../../evasion-pass.ts).
 */
export function evasionRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [numberRunRecognizer()];
}
