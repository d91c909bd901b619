import { readDataLines } from '../lexicons/data-files.js';
import { normalizeKey } from './normalize.js';

/**
 * Generic terms, never indexed (data/kg/generic-terms.txt): values that most
 * people share ("human", "male"), placeholders ("unknown"), function words,
 * and the category words of Splice's redaction tags. Besides the list, a key
 * is generic when it has fewer than two characters, or no letter and fewer
 * than four characters ("2", "17": bare small numbers match everywhere).
 */
let generic: ReadonlySet<string> | undefined;

export function genericTerms(): ReadonlySet<string> {
  generic ??= new Set(readDataLines('kg/generic-terms.txt').map(normalizeKey).filter(Boolean));
  return generic;
}

const LETTER = /\p{L}/u;

export function isGenericKey(key: string): boolean {
  if (key.length < 2) return true;
  if (!LETTER.test(key) && key.length < 4) return true;
  return genericTerms().has(key);
}
