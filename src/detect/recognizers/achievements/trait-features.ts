import { tokenIds, WordSet } from '../employment/word-ids.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { readDataLines } from '../../../lexicons/data-files.js';
import { gapIsChar, isCapitalised, isSpaceGapAt, minScoreFor, tokensOf, type Token } from '../employment/tokens.js';
import { traitLexicons } from './trait-lexicons.js';

/**
 * Distinctive physical features and habits that the mark and habit recognizers
 * (trait-marks.ts, trait-habits.ts) leave out, with the extent of the phrase:
 *  - a mark whose location follows a verb: "a jagged scar ⟦running down his right
 *    cheek⟧", "a burn mark on the back of his left hand";
 *  - missing and artificial parts: "missing two fingers on his left hand", "lost
 *    an eye", "the tip of his left ear is missing", "a prosthetic left leg";
 *  - piercings and the shape of a visible part: "a pierced eyebrow", "tongue
 *    piercing", "a crooked nose", "webbed toes", "six toes on his right foot",
 *    "one blue eye and one brown eye";
 *  - words that name a feature alone ("bow-legged", "gap-toothed", "albino");
 *  - gait and speech: "limps slightly", "a nervous tic", "an uneven gait";
 *  - habits: "bites her nails", "constantly cracks his knuckles", "her trademark
 *    red beret".
 * Body parts for the location come from WordNet (data/wordnet/body-parts.txt)
 * and the trait list (data/traits-body-parts.txt), plurals included.
 *
 * Every loop is bounded by a small constant per token: the scan is linear.
 */
interface FeatureLexicons {
  bodyParts: Set<string>;
  missingParts: Set<string>;
  shapeWords: Set<string>;
  featureWords: Set<string>;
  gestures: Set<string>;
  genericVerbs: Set<string>;
  /** Mark nouns that stand alone ("tattoo", "scar"), from the trait nouns. */
  marks: Set<string>;
  stop: Set<string>;
  /** Every word that can start a feature or habit phrase. */
  starters: Set<string>;
  /** `starters` by word id (word-ids.ts). */
  starterIds: WordSet;
}

/** WordNet body-part lemmas that read as something else in a location phrase. */
const NOT_BODY_PARTS = new Set(['hooks', 'pathway', 'receptor', 'organ', 'tissue', 'graft', 'transplant', 'shunt', 'valve', 'wing', 'tail', 'lap', 'behind', 'flesh', 'fuzz', 'girdle', 'lid', 'marrow', 'mitt', 'noggin', 'puss', 'secretor', 'sticker', 'tunic', 'ticker', 'pricker', 'buns', 'ass', 'cock', 'tit', 'dug', 'vitals', 'crown', 'orb', 'yap', 'conk', 'neb', 'lat', 'pecs', 'claw', 'paw', 'hoof', 'snout', 'beak', 'comb-plate', 'feeler', 'bone', 'joint', 'gland', 'duct', 'vessel', 'nerve', 'muscle', 'ligament', 'tendon', 'cartilage', 'membrane']);

let lexicons: FeatureLexicons | undefined;

function load(): FeatureLexicons {
  if (lexicons) return lexicons;
  const bodyParts = new Set<string>();
  for (const w of readDataLines('wordnet/body-parts.txt')) if (!w.includes(' ') && !NOT_BODY_PARTS.has(w)) bodyParts.add(w);
  for (const w of readDataLines('traits-body-parts.txt')) bodyParts.add(w.toLowerCase());
  const marks = new Set<string>();
  for (const line of readDataLines('traits-nouns.txt')) {
    const [noun, flag] = line.split('|');
    if (!flag && !noun.includes(' ')) marks.add(noun);
  }
  const trait = traitLexicons();
  const shapeWords = new Set(readDataLines('traits-feature-adjectives.txt'));
  const featureWords = new Set(readDataLines('traits-feature-words.txt'));
  const gestures = new Set(readDataLines('traits-habit-gestures.txt'));
  const starters = new Set<string>([...marks, ...WEAK_MARKS, ...MISSING_VERBS, ...PART_OF, ...ARTIFICIAL, 'pierced', ...PIERCEABLE, ...shapeWords, ...NUMBERS_ABOVE_FIVE, ...featureWords, 'tattooed', ...GAIT_SPEECH_VERBS, ...GAIT_SPEECH_NOUNS, 'speech', ...HABIT_ADVERBS, ...gestures, ...SIGNATURE]);
  lexicons = {
    bodyParts,
    missingParts: new Set(readDataLines('traits-missing-parts.txt')),
    shapeWords,
    featureWords,
    gestures,
    genericVerbs: trait.genericHabitVerbs,
    marks,
    stop: trait.stop,
    starters,
    starterIds: new WordSet(starters),
  };
  return lexicons;
}

/** Singular forms of a plural body part ("fingers", "teeth", "feet", "eyelashes"). */
function isBodyPart(word: string, lex: FeatureLexicons): boolean {
  if (lex.bodyParts.has(word)) return true;
  if (word === 'teeth') return true;
  if (word === 'feet') return true;
  if (word.length > 3 && word.endsWith('s')) {
    if (lex.bodyParts.has(word.slice(0, -1))) return true;
    if (word.endsWith('es') && lex.bodyParts.has(word.slice(0, -2))) return true;
  }
  return false;
}

/** True if only spaces (or a hyphen when `hyphen`) separate tokens j and j + 1. */
function joined(ctx: DetectionContext, tokens: readonly Token[], j: number, hyphen = false): boolean {
  const a = tokens[j];
  const b = tokens[j + 1];
  if (!a || !b) return false;
  return isSpaceGapAt(ctx.text, a.end, b.start) || (hyphen && gapIsChar(ctx.text, a.end, b.start, 45));
}

const DETERMINERS = new Set(['a', 'an', 'the', 'his', 'her', 'their', 'my', 'your', 'our', 'its', 'one', 'two', 'three', 'four', 'both', 'each', 'either', 'several', 'some', 'part', 'most', 'half', 'much', 'all']);
const SIDES = new Set(['left', 'right', 'upper', 'lower', 'inner', 'outer', 'front', 'back', 'top', 'bottom', 'middle', 'index', 'ring', 'little', 'pinky', 'pinkie', 'big', 'baby', 'small', 'whole', 'entire', 'outside', 'inside', 'rear', 'lower-left', 'lower-right', 'upper-left', 'upper-right']);
const LOCATION_PREPS = new Set(['on', 'across', 'above', 'below', 'behind', 'under', 'over', 'near', 'along', 'covering', 'wrapping', 'through', 'down', 'around', 'between', 'inside', 'beneath', 'from', 'at', 'in', 'up', 'into', 'onto', 'beside']);
/** Words that may sit between a mark and its location ("running down", "that runs from", "stretching across"). */
const BRIDGE_VERBS = new Set(['running', 'runs', 'ran', 'stretching', 'stretches', 'extending', 'extends', 'curving', 'curves', 'cutting', 'cuts', 'snaking', 'winding', 'crossing', 'crosses', 'reaching', 'reaches', 'visible', 'tattooed', 'inked', 'spreading', 'spreads', 'trailing', 'starting', 'starts', 'going', 'goes', 'sitting', 'sits', 'located', 'placed', 'just', 'right', 'all', 'the', 'way', 'diagonally', 'vertically', 'horizontally', 'partly', 'halfway']);

/**
 * The location phrase starting at token k (a preposition, then at most six
 * determiners, sides and qualifiers, then a body part; "of the left hand" and
 * "to his chin" may follow). Returns its last token, or -1.
 */
function locationFrom(ctx: DetectionContext, tokens: readonly Token[], k: number, lex: FeatureLexicons): number {
  const prep = tokens[k];
  if (!prep || !LOCATION_PREPS.has(prep.lower)) return -1;
  let end = partAfter(ctx, tokens, k, lex);
  if (end < 0) return -1;
  // "the back of his left hand", "from his ear to his chin"
  for (let n = 0; n < 2; n++) {
    const next = tokens[end + 1];
    if (!next || !joined(ctx, tokens, end) || (next.lower !== 'of' && next.lower !== 'to')) break;
    const further = partAfter(ctx, tokens, end + 1, lex);
    if (further < 0) break;
    end = further;
  }
  return end;
}

/** The body part ending a run of at most six determiners/sides/qualifiers after token k; -1 if none. */
function partAfter(ctx: DetectionContext, tokens: readonly Token[], k: number, lex: FeatureLexicons): number {
  for (let j = k + 1; j < tokens.length && j <= k + 7; j++) {
    if (!joined(ctx, tokens, j - 1, true)) return -1;
    const w = tokens[j].lower;
    const next = joined(ctx, tokens, j) ? tokens[j + 1] : undefined;
    // A compound part ("shoulder blade", "eye socket", "ear lobe") ends at its last word.
    if (next && (lex.bodyParts.has(`${w} ${next.lower}`) || (isBodyPart(w, lex) && isBodyPart(next.lower, lex)))) return j + 1;
    if (isBodyPart(w, lex)) return j;
    if (!DETERMINERS.has(w) && !SIDES.has(w) && w !== 'of' && !(w.endsWith('side') || w === 'tip' || w === 'base' || w === 'bridge' || w === 'edge' || w === 'corner' || w === 'nape' || w === 'crook' || w === 'length' || w === 'width' || w === 'inch' || w === 'inches' || w === 'centimetres' || w === 'centimeters')) return -1;
  }
  return -1;
}

/** The location after a feature ending at token `last`, across at most three bridge words ("running down"). */
function locationAfter(ctx: DetectionContext, tokens: readonly Token[], last: number, lex: FeatureLexicons): number {
  let k = last + 1;
  if (!tokens[k] || !(joined(ctx, tokens, last) || /^,[ \t]$/.test(ctx.text.slice(tokens[last].end, tokens[k].start)))) return -1;
  if (tokens[k].lower === 'that' || tokens[k].lower === 'which') k++;
  for (let n = 0; n < 4 && tokens[k]; n++) {
    const loc = locationFrom(ctx, tokens, k, lex);
    if (loc >= 0) return loc;
    if (!BRIDGE_VERBS.has(tokens[k].lower) || !joined(ctx, tokens, k)) return -1;
    k++;
  }
  return -1;
}

/** Descriptive words before token i (lower case, not stop words, not determiners), at most four; the first one. */
function modifiersBefore(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: FeatureLexicons): number {
  let first = i;
  for (let j = i - 1; j >= 0 && j >= i - 4; j--) {
    if (!joined(ctx, tokens, j, true)) break;
    const tok = tokens[j];
    const w = tok.lower;
    if (lex.stop.has(w) || DETERMINERS.has(w) || LOCATION_PREPS.has(w)) break;
    // A measure: "6 cm scar", "2-inch scar".
    if (/\d/.test(w)) {
      if (!/^\d{1,3}(?:-(?:inch|cm|mm|centimetre|centimeter))?$/.test(w)) break;
      first = j;
      continue;
    }
    if (UNITS.has(w) && j > 0 && /^\d{1,3}$/.test(tokens[j - 1].lower)) {
      first = j;
      continue;
    }
    // A capitalised word only where it opens a line or a field ("Crescent-shaped birthmark below left ear").
    if (tok.text !== w && !(isCapitalised(tok.text) && /(?:^|\n|:)[ \t]*$/.test(ctx.text.slice(Math.max(0, tok.start - 3), tok.start)))) break;
    first = j;
    if (tok.text !== w) break;
  }
  return first;
}

const UNITS = new Set(['cm', 'mm', 'inch', 'inches', 'centimetre', 'centimetres', 'centimeter', 'centimeters']);

/** Mark nouns that need a describing word before them and a location after them ("burn mark", "port wine stain"). */
const WEAK_MARKS = new Set(['mark', 'marks', 'stain', 'stains', 'spot', 'spots', 'patch', 'patches', 'blotch', 'blotches', 'discoloration', 'discolouration', 'scarring', 'lesion']);

function push(out: Candidate[], tokens: readonly Token[], first: number, last: number, score: number): void {
  out.push({ start: tokens[first].start, end: tokens[last].end, label: 'TRAIT', score, source: 'trait-features' });
}

const MISSING_VERBS = new Set(['missing', 'lost', 'lacks', 'lacking', 'lacked']);
const PART_OF = new Set(['tip', 'top', 'end', 'half', 'part', 'chunk', 'piece', 'notch', 'portion', 'most', 'joint']);
const ARTIFICIAL = new Set(['prosthetic', 'artificial', 'glass', 'false', 'wooden', 'bionic', 'titanium']);
const PIERCEABLE = new Set(['ear', 'ears', 'earlobe', 'earlobes', 'eyebrow', 'eyebrows', 'brow', 'nose', 'nostril', 'lip', 'lips', 'tongue', 'septum', 'navel', 'nipple', 'nipples', 'cheek', 'chin', 'belly', 'tragus', 'cartilage', 'helix']);
const PIERCING_NOUNS = new Set(['piercing', 'piercings', 'stud', 'studs', 'bar', 'barbell', 'hoop', 'hoops', 'plug', 'plugs', 'gauge', 'gauges', 'tunnel', 'tunnels', 'ring', 'rings']);
const NUMBERS_ABOVE_FIVE = new Set(['six', 'seven', 'eight', 'nine', 'ten', 'extra']);
const DIGITS = new Set(['finger', 'fingers', 'toe', 'toes', 'digit', 'digits']);
const GAIT_SPEECH_VERBS = new Set(['limps', 'stutters', 'stammers', 'lisps', 'shuffles', 'waddles']);
const GAIT_SPEECH_NOUNS = new Set(['tic', 'tics', 'twitch', 'gait', 'lilt', 'brogue', 'waddle', 'shuffle']);
const MANNER = new Set(['slightly', 'badly', 'heavily', 'noticeably', 'visibly', 'markedly', 'severely', 'a', 'little', 'bit', 'when', 'whenever', 'under', 'stress', 'nervous', 'excited', 'tired', 'he', 'she', 'they', 'is', 'gets', 'speaks', 'talks', 'walks', 'on', 'his', 'her', 'their', 'left', 'right', 'leg', 'foot', 'side']);
// Not "always": "always wears / carries / has" is the habit recognizer's, and "the sun always shines" is no habit.
const HABIT_ADVERBS = new Set(['constantly', 'habitually', 'compulsively', 'perpetually', 'incessantly', 'invariably', 'obsessively', 'endlessly', 'nervously', 'absent-mindedly', 'absentmindedly']);
const HABIT_SUBJECTS = new Set(['he', 'she', 'they', 'who']);
/** Words before "tic", "gait" that count, not numbers or quantities ("few tic[kets]"). */
const QUANTIFIERS = new Set(['few', 'many', 'some', 'several', 'no', 'any', 'every', 'each', 'one', 'two', 'three', 'more', 'less', 'most', 'all', 'other', 'same', 'such', 'own']);
const NOT_HABIT_VERBS = new Set(['is', 'was', 'has', 'had', 'does', 'did', 'says', 'said', 'wears', 'wore', 'carries', 'carried', 'seems', 'seemed', 'looks', 'looked', 'tries', 'tried', 'wants', 'wanted', 'thinks', 'thought', 'knows', 'knew', 'been', 'will', 'would', 'can', 'could', 'should', 'must', 'makes', 'made', 'gets', 'got', 'gives', 'gave', 'keeps', 'kept', 'loves', 'loved', 'likes', 'liked', 'hates', 'hated', 'believes', 'believed', 'remembers', 'remembered', 'forgets', 'forgot', 'manages', 'managed', 'ends', 'ended', 'answers', 'answered', 'replies', 'replied', 'helps', 'helped']);
const SIGNATURE = new Set(['trademark', 'signature', 'ever-present', 'omnipresent', 'customary', 'habitual', 'trusty', 'inseparable', 'characteristic', 'distinctive', 'unmistakable', 'famous']);
const OBJECT_PRONOUNS = new Set(['me', 'us', 'him', 'her', 'them', 'you', 'everyone', 'everybody', 'people']);
/** Nouns after "his signature …" that name work rather than a personal item ("signature project", "signature dish"). */
const WORK_NOUNS = new Set(['project', 'projects', 'dish', 'dishes', 'product', 'products', 'programme', 'program', 'policy', 'policies', 'initiative', 'event', 'scheme', 'collection', 'work', 'works', 'campaign', 'line', 'brand', 'service', 'piece', 'bill', 'law', 'deal', 'building', 'design', 'designs', 'course', 'cocktail', 'recipe', 'sound', 'album', 'song', 'show', 'book', 'film', 'role', 'case', 'cases', 'reform', 'reforms']);
const POSSESSIVES = new Set(['his', 'her', 'their', 'my', 'your']);
const HABIT_OBJECTS = new Set(['hair', 'beard', 'moustache', 'mustache', 'nails', 'fingernails', 'knuckles', 'lip', 'lips', 'cheek', 'glasses', 'spectacles', 'pen', 'pencil', 'ring', 'necklace', 'earlobe', 'sleeve', 'sleeves', 'collar', 'tie', 'watch', 'keys', 'fingers', 'thumbs', 'foot', 'feet', 'toes', 'teeth', 'tongue', 'jaw', 'neck', 'nose', 'chin', 'temples', 'forehead', 'eyebrow', 'eyebrows', 'ear', 'ears', 'hands', 'hand', 'head']);
const CLAUSE_BREAK = new Set(['and', 'but', 'which', 'who', 'so', 'because', 'although', 'though', 'while', 'whereas']);
const HETEROCHROMIA = /\bone (?:blue|brown|green|grey|gray|hazel|amber|dark|light|pale) eye and one (?:blue|brown|green|grey|gray|hazel|amber|dark|light|pale) (?:eye|one)\b|\beyes (?:of|in) (?:two )?different colou?rs\b|\b(?:two )?different[- ]colou?red eyes\b|\beyes (?:are|were) (?:two )?different colou?rs\b/g;

/** True if token k is the subject of a habit: a pronoun, "who", or a capitalised name in running text. */
function habitSubject(ctx: DetectionContext, tokens: readonly Token[], k: number): boolean {
  const tok = tokens[k];
  if (!joined(ctx, tokens, k)) return false;
  if (HABIT_SUBJECTS.has(tok.lower)) return true;
  if (!isCapitalised(tok.text) || k === 0) return false;
  // Not a sentence or line opener ("Sun always shines"): a name needs a word before it on its line.
  return isSpaceGapAt(ctx.text, tokens[k - 1].end, tok.start) && !/[.!?:]/.test(ctx.text.slice(tokens[k - 1].end, tok.start));
}

/** Last token of a clause from `from` (bounded by `max` tokens, punctuation and clause breaks). */
function clauseEnd(ctx: DetectionContext, tokens: readonly Token[], from: number, max: number): number {
  let last = from - 1;
  for (let j = from; j < tokens.length && j < from + max; j++) {
    if (j > from && (!joined(ctx, tokens, j - 1, true) || CLAUSE_BREAK.has(tokens[j].lower))) break;
    last = j;
  }
  return last;
}

export function traitFeatureCandidates(ctx: DetectionContext, min: number): Candidate[] {
  const lex = load();
  const tokens = tokensOf(ctx);
  const ids = tokenIds(ctx).lower;
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // One array read rules out the words that start nothing (most of them).
    if (!lex.starterIds.hasId(ids[i])) continue;
    const tok = tokens[i];
    const w = tok.lower;

    // A mark whose location follows a verb or a weak mark noun with a describing word ("burn mark on his hand").
    if (lex.marks.has(w) || (WEAK_MARKS.has(w) && i > 0)) {
      const weak = !lex.marks.has(w);
      const first = modifiersBefore(ctx, tokens, i, lex);
      const loc = weak && first === i ? -1 : locationAfter(ctx, tokens, i, lex);
      if (loc >= 0) {
        push(out, tokens, first, loc, weak ? 0.55 : 0.65);
        i = loc;
        continue;
      }
    }

    // Missing parts: "missing two fingers", "lost an eye", "lacks a thumb".
    if (MISSING_VERBS.has(w)) {
      const part = endsPhrase(ctx, tokens, missingPartAfter(ctx, tokens, i, lex), lex);
      if (part >= 0) {
        const loc = locationAfter(ctx, tokens, part, lex);
        const last = loc >= 0 ? loc : part;
        push(out, tokens, i, last, 0.6);
        i = last;
      } else if (w === 'missing' && i > 0) {
        // "a notch missing from his left earlobe"
        const before = tokens[i - 1];
        if (PART_OF.has(before.lower) && joined(ctx, tokens, i - 1)) {
          const loc = locationFrom(ctx, tokens, i + 1, lex);
          if (loc >= 0 && joined(ctx, tokens, i)) {
            push(out, tokens, i - 1, loc, 0.6);
            i = loc;
          }
        }
      }
      continue;
    }
    // "the tip of his left ear is missing"
    if (PART_OF.has(w) && tokens[i + 1]?.lower === 'of' && joined(ctx, tokens, i)) {
      const part = partAfter(ctx, tokens, i + 1, lex);
      if (part >= 0 && lex.missingParts.has(tokens[part].lower) && joined(ctx, tokens, part) && joined(ctx, tokens, part + 1)) {
        const verb = tokens[part + 1].lower;
        if ((verb === 'is' || verb === 'are' || verb === 'was' || verb === 'were') && tokens[part + 2].lower === 'missing') {
          push(out, tokens, i, part + 2, 0.6);
          i = part + 2;
          continue;
        }
      }
    }

    // Artificial parts: "a prosthetic left leg below the knee", "a glass eye", "a wooden leg".
    if (ARTIFICIAL.has(w)) {
      const part = endsPhrase(ctx, tokens, sidedPartAfter(ctx, tokens, i, lex, lex.missingParts), lex);
      if (part >= 0) {
        const loc = locationAfter(ctx, tokens, part, lex);
        const last = loc >= 0 ? loc : part;
        push(out, tokens, i, last, 0.6);
        i = last;
        continue;
      }
    }

    // Piercings: "a pierced eyebrow", "pierced ears", "a tongue piercing", "a septum ring".
    if (w === 'pierced') {
      const part = sidedPartAfter(ctx, tokens, i, lex, PIERCEABLE);
      if (part >= 0) {
        push(out, tokens, i, part, 0.6);
        i = part;
        continue;
      }
    }
    if (PIERCEABLE.has(w) && joined(ctx, tokens, i) && PIERCING_NOUNS.has(tokens[i + 1].lower)) {
      // "ear rings" alone are jewellery many wear; "ear piercings", "ear gauges" are not.
      const noun = tokens[i + 1].lower;
      if (!((w === 'ear' || w === 'ears') && (noun === 'ring' || noun === 'rings' || noun === 'stud' || noun === 'studs' || noun === 'hoop' || noun === 'hoops'))) {
        const first = modifiersBefore(ctx, tokens, i, lex);
        push(out, tokens, first, i + 1, 0.6);
        i++;
        continue;
      }
    }

    // The shape of a visible part: "a crooked nose", "webbed toes", "an extra finger on her left hand".
    if (lex.shapeWords.has(w) && w !== 'pierced') {
      const part = endsPhrase(ctx, tokens, sidedPartAfter(ctx, tokens, i, lex, undefined), lex);
      if (part >= 0) {
        const loc = locationAfter(ctx, tokens, part, lex);
        const last = loc >= 0 ? loc : part;
        push(out, tokens, i, last, 0.6);
        i = last;
        continue;
      }
    }
    // "six toes on his right foot", "seven fingers"
    if (NUMBERS_ABOVE_FIVE.has(w) && joined(ctx, tokens, i) && DIGITS.has(tokens[i + 1].lower) && endsPhrase(ctx, tokens, i + 1, lex) > 0) {
      const loc = locationAfter(ctx, tokens, i + 1, lex);
      const last = loc >= 0 ? loc : i + 1;
      push(out, tokens, i, last, 0.6);
      i = last;
      continue;
    }

    // Words that name a feature alone: "bow-legged", "gap-toothed", "an albino"; "heavily tattooed".
    if (lex.featureWords.has(w)) {
      const first = i > 0 && joined(ctx, tokens, i - 1) && /ly$/.test(tokens[i - 1].lower) ? i - 1 : i;
      push(out, tokens, first, i, 0.6);
      continue;
    }
    if (w === 'tattooed' && i > 0 && joined(ctx, tokens, i - 1) && /^(?:heavily|extensively|densely|fully|visibly)$/.test(tokens[i - 1].lower)) {
      push(out, tokens, i - 1, i, 0.6);
      continue;
    }

    // Gait and speech: "limps slightly", "stutters when he is nervous"; "a nervous tic", "an uneven gait".
    if (GAIT_SPEECH_VERBS.has(w) && i > 0 && tok.text === w) {
      let last = i;
      for (let k = i + 1; k < tokens.length && k <= i + 6 && joined(ctx, tokens, k - 1) && MANNER.has(tokens[k].lower); k++) last = k;
      // Leave a trailing article or pronoun out ("limps a little" keeps "little").
      while (last > i && /^(?:a|he|she|they|is|when|whenever|on|his|her|their|under)$/.test(tokens[last].lower)) last--;
      push(out, tokens, i, last, 0.55);
      i = last;
      continue;
    }
    if (GAIT_SPEECH_NOUNS.has(w) && tok.text === w) {
      const first = modifiersBefore(ctx, tokens, i, lex);
      if (first < i && !QUANTIFIERS.has(tokens[i - 1].lower) && tokens[i - 1].lower.length > 3) {
        push(out, tokens, first, i, 0.55);
        continue;
      }
    }
    if (w === 'speech' && tokens[i + 1]?.lower === 'impediment' && joined(ctx, tokens, i)) {
      push(out, tokens, modifiersBefore(ctx, tokens, i, lex), i + 1, 0.55);
      i++;
      continue;
    }

    // Habits: "bites her nails", "constantly cracks his knuckles", "her trademark red beret".
    if (HABIT_ADVERBS.has(w) && joined(ctx, tokens, i) && i > 0 && habitSubject(ctx, tokens, i - 1)) {
      const verb = tokens[i + 1];
      const v = verb.lower;
      // "reminds us to …", "calls me every day": a routine with people, not a personal habit.
      const object = OBJECT_PRONOUNS.has(tokens[i + 2]?.lower ?? '');
      if (verb.text === v && v.length > 3 && v.endsWith('s') && !v.endsWith('ss') && !v.endsWith('ous') && !object && !NOT_HABIT_VERBS.has(v) && !lex.genericVerbs.has(v) && !lex.stop.has(v)) {
        const last = clauseEnd(ctx, tokens, i + 1, 10);
        if (last > i + 1) {
          push(out, tokens, i, last, 0.55);
          i = last;
          continue;
        }
      }
    }
    if (lex.gestures.has(w) && tok.text === w && joined(ctx, tokens, i) && POSSESSIVES.has(tokens[i + 1].lower)) {
      let k = i + 2;
      // One describing word may come between ("twirls her long hair").
      if (tokens[k] && !HABIT_OBJECTS.has(tokens[k].lower) && joined(ctx, tokens, k - 1)) k++;
      const obj = tokens[k];
      if (obj && joined(ctx, tokens, k - 1) && (HABIT_OBJECTS.has(obj.lower) || isBodyPart(obj.lower, lex))) {
        // A habit, unless it is a single act told in the past ("bit his lip") — the present tense makes it one.
        const start = i > 0 && HABIT_ADVERBS.has(tokens[i - 1].lower) && joined(ctx, tokens, i - 1) ? i - 1 : i;
        const tail = tokens[k + 1];
        let last = k;
        if (tail && joined(ctx, tokens, k) && /^(?:when|whenever|while)$/.test(tail.lower)) last = clauseEnd(ctx, tokens, k + 1, 8);
        push(out, tokens, start, last, 0.55);
        i = last;
        continue;
      }
    }
    if (SIGNATURE.has(w) && i > 0 && POSSESSIVES.has(tokens[i - 1].lower) && joined(ctx, tokens, i - 1)) {
      // "her trademark red beret": up to four words of the item, ending before a preposition or a clause.
      let last = i;
      for (let k = i + 1; k < tokens.length && k <= i + 4; k++) {
        const t = tokens[k];
        if (!joined(ctx, tokens, k - 1, true) || t.text !== t.lower || lex.stop.has(t.lower) || LOCATION_PREPS.has(t.lower) || DETERMINERS.has(t.lower)) break;
        last = k;
      }
      if (last > i && !WORK_NOUNS.has(tokens[last].lower)) {
        push(out, tokens, i, last, 0.55);
        i = last;
      }
    }
  }
  const text = ctx.lower;
  HETEROCHROMIA.lastIndex = 0;
  // The patterns all hold "eye": most texts skip the scan.
  for (let m = text.includes('eye') ? HETEROCHROMIA.exec(text) : null; m; m = HETEROCHROMIA.exec(text)) {
    out.push({ start: m.index, end: m.index + m[0].length, label: 'TRAIT', score: 0.6, source: 'trait-features' });
  }
  return out.filter((c) => c.score >= min);
}

/** Words that may follow a body part that ends its phrase; another noun makes the part a modifier ("hand luggage", "eye drops"). */
const AFTER_PART = new Set([...LOCATION_PREPS, ...CLAUSE_BREAK, 'to', 'as', 'after', 'during', 'when', 'or', 'since', 'years', 'ago', 'for', 'with', 'is', 'was', 'are', 'were', 'has', 'had', 'that', 'completely', 'entirely', 'partly', 'too', 'as', 'then', 'now', 'still', 'he', 'she', 'they']);

/**
 * `part` when its phrase ends there (punctuation or a closing word follows; "of" only before another
 * body part: "two fingers of his left hand", not "two arms of the business"); -1 otherwise or when `part` is -1.
 */
function endsPhrase(ctx: DetectionContext, tokens: readonly Token[], part: number, lex: FeatureLexicons): number {
  if (part < 0) return -1;
  const next = tokens[part + 1];
  if (!next || !isSpaceGapAt(ctx.text, tokens[part].end, next.start)) return part;
  if (next.lower === 'of') return partAfter(ctx, tokens, part + 1, lex) >= 0 ? part : -1;
  return AFTER_PART.has(next.lower) || isCapitalised(next.text) || /\d/.test(next.text) ? part : -1;
}

/** After token i: determiners, numbers and sides (at most four), then a part of `parts` (any body part when undefined). */
function sidedPartAfter(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: FeatureLexicons, parts: ReadonlySet<string> | undefined): number {
  for (let k = i + 1; k < tokens.length && k <= i + 4; k++) {
    if (!joined(ctx, tokens, k - 1, true)) return -1;
    const w = tokens[k].lower;
    if (parts ? parts.has(w) : isBodyPart(w, lex)) return k;
    if (!SIDES.has(w) && !(k === i + 1 && DETERMINERS.has(w))) return -1;
  }
  return -1;
}

/** The missing part after "missing" / "lost" at token i: determiners, numbers, sides, "the tip of"; -1 if none. */
function missingPartAfter(ctx: DetectionContext, tokens: readonly Token[], i: number, lex: FeatureLexicons): number {
  for (let k = i + 1; k < tokens.length && k <= i + 6; k++) {
    if (!joined(ctx, tokens, k - 1, true)) return -1;
    const tok = tokens[k];
    const w = tok.lower;
    if (lex.missingParts.has(w)) return k;
    if (isCapitalised(tok.text)) return -1;
    if (!DETERMINERS.has(w) && !SIDES.has(w) && !PART_OF.has(w) && w !== 'of' && !/^(?:two|three|four|five|several|most|part)$/.test(w)) return -1;
  }
  return -1;
}

export function traitFeaturesRecognizer(options: RecognizerOptions): Recognizer {
  const min = minScoreFor(options.profile);
  return { name: 'trait-features', labels: ['TRAIT'], detect: (ctx) => traitFeatureCandidates(ctx, min) };
}
