import type { Label } from '../../taxonomy.js';
import { readDataLines } from '../../lexicons/data-files.js';
import { lexiconKey } from '../../lexicons/word-lists.js';
import { nameKeyFlags, GIVEN_NAME, FAMILY_NAME } from '../../lexicons/names.js';
import { placeFactsNamed } from '../../lexicons/place-lookup.js';
import type { WordToken } from './tokens.js';

/**
 * The most likely of the 14 labels for a run the recall-first stage flags,
 * from the words it is made of: a provider noun makes it MEDICAL, a school noun
 * EMPLOYMENT_EDUCATION, an organisation suffix or head noun ORGANIZATION, a gazetteer place
 * LOCATION, an upper-case acronym ORGANIZATION, a number ID_NUMBER. Anything
 * else is taken for a PERSON_NAME: the most common kind of unknown capitalised
 * word, and the one whose miss costs most.
 */
let providerNouns: ReadonlySet<string> | undefined;
let schoolNouns: ReadonlySet<string> | undefined;
let orgSuffixes: ReadonlySet<string> | undefined;
let orgNouns: ReadonlySet<string> | undefined;

const set = (file: string) => new Set(readDataLines(file).map(lexiconKey));

export function guessLabel(run: readonly WordToken[]): Label {
  providerNouns ??= set('medical-provider-nouns.txt');
  schoolNouns ??= set('employment-school-nouns.txt');
  orgSuffixes ??= set('lexicons/orgs-suffixes.txt');
  orgNouns ??= set('recall/organisation-nouns.txt');
  // An ASCII token's lower-case key is already its lexicon key.
  const keys = run.map((t) => (t.ascii ? t.key : lexiconKey(t.text)));
  const last = keys[keys.length - 1];
  // A code or number is an ID_NUMBER; a name followed by a number ("Koskikatu 25", a drug and its
  // dose) takes the label of its words.
  const words = run.filter((t) => !t.hasDigit && t.hasLetter && t.text.length > 1);
  if (words.length === 0 || run.some((t) => t.hasDigit && t.hasLetter)) return 'ID_NUMBER';
  if (run.some((t) => t.nonLatin)) return 'PERSON_NAME';
  if (keys.some((k) => schoolNouns!.has(k))) return 'EMPLOYMENT_EDUCATION';
  if (providerNouns.has(last)) return 'MEDICAL';
  if (orgSuffixes.has(last) || (run.length > 1 && keys.some((k) => orgNouns!.has(k)))) return 'ORGANIZATION';
  const names = keys.filter((k) => nameKeyFlags(k) & (GIVEN_NAME | FAMILY_NAME)).length;
  if (names === 0 && placeFactsNamed(run.map((t) => t.text).join(' ')).known) return 'LOCATION';
  if (run.length === 1 && run[0].allCaps) return 'ORGANIZATION';
  return 'PERSON_NAME';
}
