/**
 * Gender words and pronouns are not PII (GUIDELINES.md) and stay in clear, but
 * they halve the people a description fits. When a text refers to people with
 * one set of pronouns only, the k estimate takes that into account.
 */
const FEMININE_WORDS = 'she|her|hers|herself|woman|female|mother|wife|daughter|sister|mrs|ms|girl';
const MASCULINE_WORDS = 'he|him|his|himself|man|male|father|husband|son|brother|mr|boy';
// Both in one scan (group 1: feminine, group 2: masculine). Each match is one whole word, and
// a word is of one set at most, so the scan meets every word either pattern alone would.
const GENDER_WORD = new RegExp(`\\b(?:(${FEMININE_WORDS})|(${MASCULINE_WORDS}))\\b`, 'gi');

export function statedGender(text: string): 'female' | 'male' | undefined {
  let f = false;
  let m = false;
  GENDER_WORD.lastIndex = 0;
  for (let match = GENDER_WORD.exec(text); match; match = GENDER_WORD.exec(text)) {
    if (match[1] !== undefined) f = true;
    else m = true;
    if (f && m) break;
  }
  GENDER_WORD.lastIndex = 0;
  if (f === m) return undefined;
  return f ? 'female' : 'male';
}
