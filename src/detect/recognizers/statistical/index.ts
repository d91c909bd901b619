import { existsSync } from 'node:fs';
import { LABELS as TAGGER_LABELS, type Label } from '../../../taxonomy.js';
import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { RecognizerOptions } from '../../registry.js';
import { dataPath } from '../../../lexicons/data-files.js';
import { tagLexicons } from '../../../learn/lexicons.js';
import { nameStopwords } from '../../../lexicons/names.js';
import { LowerCaseSkip, SequenceTagger } from '../../../learn/tagger.js';

/**
 * The statistical sequence labeller as a recognizer. It fills gaps the rules
 * leave (names and places of unseen shapes, employers, free-form job titles);
 * its candidates carry low scores so that rule-based spans win overlaps.
 * Labels it emits, per profile: recall takes every label the model knows;
 * balanced only the proper-name labels, where on the development corpus it
 * raised recall most for the fewest false positives (PERSON_NAME 0.865 → 0.911,
 * LOCATION 0.666 → 0.739, ORGANIZATION 0.621 → 0.680; non-PII tokens flagged
 * 1.1% → 1.65%); precision none.
 */
const BALANCED_LABELS: readonly Label[] = ['PERSON_NAME', 'LOCATION', 'ORGANIZATION'];

/** Loaded models by path: the bundled one, and any given with `--model` (trained by `splice train`). */
const taggers = new Map<string, SequenceTagger>();

function loadTagger(model?: string): SequenceTagger {
  const path = model ?? dataPath('model/tagger.json.gz');
  let tagger = taggers.get(path);
  if (!tagger) {
    if (!existsSync(path)) throw new Error(model ? `tagger model ${model} not found` : 'statistical tagger model missing: run `node --import tsx scripts/train-tagger.ts`');
    try {
      tagger = SequenceTagger.load(path, tagLexicons());
    } catch {
      throw new Error(`cannot read the tagger model ${model ?? path} (not a model written by \`splice train\`?)`);
    }
    taggers.set(path, tagger);
  }
  return tagger;
}

const PROPER_NAME_LABELS: ReadonlySet<Label> = new Set<Label>(['PERSON_NAME', 'LOCATION', 'ORGANIZATION']);
const CAPITALISED = /^\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?[\p{Ll}'’]+)*$/u;
const INITIAL = /^\p{Lu}\.?$/u;
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'da', 'di', 'dos', 'du', 'la', 'le', 'bin', 'ibn', 'al', 'el', 'of', 'and', '&']);

/**
 * The tagger is trained on synthetic text, so on real text it also fires on
 * abbreviations, function words and punctuation. Proper-name labels are kept
 * only when every word is capitalised (or an initial or a name particle), and a
 * lone word must not be an ordinary English word unless a name list knows it.
 */
/** "Budesonide-formoterol": a word hyphenated to a lower-case word is a compound term, not a name. */
function joinedToLowerCase(text: string, end: number): boolean {
  const next = text[end + 1];
  return text[end] === '-' && next !== undefined && next !== next.toUpperCase();
}

/**
 * Proper names only: words whose first letter is not upper case (and symbols, digits)
 * are tagged O without scoring, except name particles.
 */
const NOT_NAME_LIKE = new LowerCaseSkip(PARTICLES);

/** Verdicts of plausibleName by value (the same names recur in a text and across texts). */
const plausibleCache = new Map<string, boolean>();

function plausible(value: string, label: Label): boolean {
  if (!PROPER_NAME_LABELS.has(label)) return true;
  let ok = plausibleCache.get(value);
  if (ok === undefined) {
    ok = plausibleName(value);
    if (plausibleCache.size >= 20_000) plausibleCache.clear();
    plausibleCache.set(value, ok);
  }
  return ok;
}

function plausibleName(value: string): boolean {
  const words = value.split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  if (!words.every((w) => CAPITALISED.test(w) || INITIAL.test(w) || PARTICLES.has(w))) return false;
  if (!CAPITALISED.test(words[0]) || !CAPITALISED.test(words[words.length - 1])) return false;
  // Months, weekdays, function and document words are never the edge of a proper name.
  const stop = nameStopwords();
  if (stop.has(words[0].toLowerCase()) || stop.has(words[words.length - 1].toLowerCase())) return false;
  if (words.length > 1) return true;
  // "I've", "We'll", "They're": a pronoun with a contracted verb is no name.
  if (/['’](?:ve|ll|re|d|m|t)$/i.test(words[0])) return false;
  const lower = words[0].toLowerCase().replace(/['’]s$/, '');
  const lex = tagLexicons();
  if (lex.givenNames.has(lower) || lex.familyNames.has(lower)) return true;
  // A lone unknown word must look like a word: abbreviations such as "Hgb" or "Pt" do not.
  return !lex.english.has(lower) && lower.length >= 3 && /[aeiouy]/.test(lower);
}

/** The plausible ones of the tagger's candidates, kept in place (the list is the tagger's new one: no copy). */
function keepPlausible(text: string, found: Candidate[]): Candidate[] {
  let n = 0;
  for (let i = 0; i < found.length; i++) {
    const c = found[i];
    if (plausible(text.slice(c.start, c.end), c.label) && !joinedToLowerCase(text, c.end)) found[n++] = c;
  }
  found.length = n;
  return found;
}

export function statisticalRecognizers(options: RecognizerOptions): Recognizer[] {
  if (options.profile === 'precision' || (options.profile === 'balanced' && BALANCED_LABELS.length === 0)) return [];
  const labels = options.profile === 'recall' ? undefined : new Set<Label>(BALANCED_LABELS);
  const skip = labels && [...labels].every((l) => PROPER_NAME_LABELS.has(l)) ? NOT_NAME_LIKE : undefined;
  // Loaded on the first document (a failure to load is thrown again on every document: fail closed).
  let tagger: SequenceTagger | undefined;
  return [
    {
      name: 'tagger',
      labels: labels ? [...labels] : TAGGER_LABELS,
      detect: (ctx) => keepPlausible(ctx.text, (tagger ??= loadTagger(options.taggerModel)).candidates(ctx.text, labels, skip)),
    },
  ];
}
