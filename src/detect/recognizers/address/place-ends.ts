import { codePointAt, cpLength, isBlank, isLetterOrMark, isUpper } from './chars.js';

/**
 * The possible ends of a PLACE phrase (see patterns.ts) starting at a position,
 * in the order a backtracking regular expression tries them. Used where PLACE is
 * followed by a separator (`[ \t]`, `,` or `(`): compiling PLACE together with a
 * long alternation (state names, postcodes) into one regex cost more time than
 * all the matching it did.
 *
 * PLACE_WORD is `[\p{Lu}][\p{L}\p{M}'’.\-/]{0,24}`. Its character class holds no
 * separator, so before a separator only its longest match can succeed: a word is
 * found by a plain forward scan. A shorter match, or a 25-code-point prefix of a
 * longer run, is followed by a word character, which the caller's separator test
 * then rejects, as the regex would.
 */

/** `[\p{L}\p{M}'’.\-/]` */
function isWordChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 39 || cp === 46 || cp === 45 || cp === 47;
  return cp === 0x2019 || isLetterOrMark(cp);
}

/** End of the greedy PLACE_WORD match at `pos`, or -1. */
export function placeWordEnd(text: string, pos: number): number {
  const first = codePointAt(text, pos);
  if (first < 0 || !isUpper(first)) return -1;
  let i = pos + cpLength(first);
  for (let n = 0; n < 24 && i < text.length; n++) {
    const cp = text.codePointAt(i)!;
    if (!isWordChar(cp)) break;
    i += cpLength(cp);
  }
  return i;
}

const CONNECTORS = ['am', 'upon', 'sur', 'im'];

/** End of `[ \t](?:am|upon|sur|im|an[ \t]der)[ \t]PLACE_WORD` at `pos`, or -1. */
function connectorTailEnd(text: string, pos: number): number {
  if (!isBlank(text, pos)) return -1;
  let i = -1;
  for (const c of CONNECTORS) {
    if (text.startsWith(c, pos + 1)) {
      i = pos + 1 + c.length;
      break;
    }
  }
  if (i < 0 && text.startsWith('an', pos + 1) && isBlank(text, pos + 3) && text.startsWith('der', pos + 4)) i = pos + 7;
  if (i < 0 || !isBlank(text, i)) return -1;
  return placeWordEnd(text, i + 1);
}

/**
 * Ends of `PLACE_WORD(?:[ \t]PLACE_WORD){0,3}(?:[ \t](?:am|upon|sur|im|an[ \t]der)[ \t]PLACE_WORD)?`
 * at `pos`, in backtracking order: the most words (with the connector part first), then fewer.
 */
export function placeEnds(text: string, pos: number): number[] {
  const first = placeWordEnd(text, pos);
  if (first < 0) return [];
  const ends = [first];
  let end = first;
  for (let k = 0; k < 3 && isBlank(text, end); k++) {
    const next = placeWordEnd(text, end + 1);
    if (next < 0) break;
    ends.push(next);
    end = next;
  }
  ends.reverse();
  // A connector can only follow the last word: after any other, a capitalised word follows.
  const withConnector = connectorTailEnd(text, end);
  if (withConnector >= 0) ends.unshift(withConnector);
  return ends;
}
