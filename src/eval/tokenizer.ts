/**
 * The one tokenisation shared by every token-level metric.
 *
 * A token is a maximal run of letters, digits and combining marks
 * (\p{L}\p{N}\p{M}); every other non-space character is a punctuation token.
 * Only word tokens are scored: punctuation carries no identifying content on its
 * own, and the guidelines' boundary rules (no surrounding punctuation, no
 * titles' dots) would otherwise turn into noise. "Dr. O'Neil, 555-0182" scores
 * the tokens Dr · O · Neil · 555 · 0182.
 */
const WORD_TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

export interface Token {
  start: number;
  end: number;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  WORD_TOKEN.lastIndex = 0;
  for (let m = WORD_TOKEN.exec(text); m !== null; m = WORD_TOKEN.exec(text)) {
    tokens.push({ start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}
