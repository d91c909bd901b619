import type { Label } from '../../taxonomy.js';
import { readDataLines } from '../../lexicons/data-files.js';
import { lexiconKey } from '../../lexicons/word-lists.js';
import { GIVEN_NAME, FAMILY_NAME } from '../../lexicons/names.js';
import { placeFactsNamed } from '../../lexicons/place-lookup.js';
import type { WordToken } from './tokens.js';
import { nameFlagsOf } from './classify.js';

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

/** The label of the run run[from..to) (default: the whole list). */
export function guessLabel(run: readonly WordToken[], from = 0, to = run.length): Label {
  providerNouns ??= set('medical-provider-nouns.txt');
  schoolNouns ??= set('employment-school-nouns.txt');
  orgSuffixes ??= set('lexicons/orgs-suffixes.txt');
  orgNouns ??= set('recall/organisation-nouns.txt');
  // A code or number is an ID_NUMBER; a name followed by a number ("Koskikatu 25", a drug and its
  // dose) takes the label of its words. (Loops, not map/filter/some: one call per flagged run.)
  let hasWord = false;
  let hasCode = false;
  let nonLatin = false;
  for (let k = from; k < to; k++) {
    const t = run[k];
    if (!t.hasDigit && t.hasLetter && t.text.length > 1) hasWord = true;
    if (t.hasDigit && t.hasLetter) hasCode = true;
    if (t.nonLatin) nonLatin = true;
  }
  if (!hasWord || hasCode) return 'ID_NUMBER';
  if (nonLatin) return 'PERSON_NAME';
  // An ASCII token's lower-case key is already its lexicon key.
  const n = to - from;
  const keys: string[] = new Array<string>(n);
  for (let k = 0; k < n; k++) {
    const t = run[from + k];
    keys[k] = t.ascii ? t.key : lexiconKey(t.text);
  }
  const last = keys[keys.length - 1];
  for (let k = 0; k < keys.length; k++) if (schoolNouns.has(keys[k])) return 'EMPLOYMENT_EDUCATION';
  if (providerNouns.has(last)) return 'MEDICAL';
  if (orgSuffixes.has(last)) return 'ORGANIZATION';
  if (n > 1) for (let k = 0; k < keys.length; k++) if (orgNouns.has(keys[k])) return 'ORGANIZATION';
  let named = false;
  for (let k = 0; k < keys.length && !named; k++) named = (nameFlagsOf(keys[k]) & (GIVEN_NAME | FAMILY_NAME)) !== 0;
  if (!named && placeFactsNamed(textOf(run, from, to)).known) return 'LOCATION';
  if (n === 1 && run[from].allCaps) return 'ORGANIZATION';
  return 'PERSON_NAME';
}

/** The words of run[from..to) joined by single spaces. */
function textOf(run: readonly WordToken[], from: number, to: number): string {
  let out = run[from].text;
  for (let k = from + 1; k < to; k++) out += ' ' + run[k].text;
  return out;
}
