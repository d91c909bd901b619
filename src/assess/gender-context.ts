/**
 * Gender words and pronouns are not PII (GUIDELINES.md) and stay in clear, but
 * they halve the people a description fits. When a text refers to people with
 * one set of pronouns only, the k estimate takes that into account.
 */
const FEMININE = /\b(?:she|her|hers|herself|woman|female|mother|wife|daughter|sister|mrs|ms|girl)\b/i;
const MASCULINE = /\b(?:he|him|his|himself|man|male|father|husband|son|brother|mr|boy)\b/i;

export function statedGender(text: string): 'female' | 'male' | undefined {
  const f = FEMININE.test(text);
  const m = MASCULINE.test(text);
  if (f === m) return undefined;
  return f ? 'female' : 'male';
}
