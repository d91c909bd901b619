import { readDataLines } from '../../../lexicons/data-files.js';
import { PhraseLexicon } from '../medical/phrase-lexicon.js';

/**
 * How much context a trait noun needs: 'strong' stands alone ("tattoo"),
 * 'weak' needs a descriptive word before it ("gold tooth"), 'plain' needs one
 * that is not an ordinary colour or length ("silver-streaked hair", not "black
 * hair"), 'located' needs a body part after it ("gap in his front teeth").
 */
export type Strength = 'strong' | 'weak' | 'plain' | 'located';

export interface TraitLexicons {
  nouns: PhraseLexicon<Strength>;
  bodyParts: PhraseLexicon<true>;
  /** Words that end the leftward growth of a trait phrase. */
  stop: Set<string>;
  /** Nouns after a bare trait noun that make it a modifier ("tattoo parlour"). */
  compoundHeads: Set<string>;
  ordinaryModifiers: Set<string>;
  colours: Set<string>;
  /** Nouns after "every"/"each" that mark a repeated habit. */
  frequencyNouns: Set<string>;
  genericHabitVerbs: Set<string>;
  wearVerbs: Set<string>;
}

let lexicons: TraitLexicons | undefined;

export function traitLexicons(): TraitLexicons {
  if (lexicons) return lexicons;
  const nouns = new PhraseLexicon<Strength>();
  for (const line of readDataLines('traits-nouns.txt')) {
    const [noun, flag] = line.split('|');
    nouns.add(noun, (flag as Strength | undefined) ?? 'strong');
  }
  const bodyParts = new PhraseLexicon<true>();
  for (const line of readDataLines('traits-body-parts.txt')) bodyParts.add(line, true);
  lexicons = {
    nouns,
    bodyParts,
    stop: new Set([...readDataLines('employment-title-stopwords.txt'), ...readDataLines('traits-stopwords.txt')]),
    compoundHeads: new Set(readDataLines('traits-compound-exclusions.txt')),
    ordinaryModifiers: new Set(readDataLines('traits-ordinary-modifiers.txt')),
    colours: new Set(readDataLines('traits-colours.txt')),
    frequencyNouns: new Set(readDataLines('traits-habit-frequency.txt')),
    genericHabitVerbs: new Set(readDataLines('traits-generic-habit-verbs.txt')),
    wearVerbs: new Set(readDataLines('traits-wear-verbs.txt')),
  };
  return lexicons;
}
