/** Tokens of the statistical tagger: words (with an inner apostrophe) and single symbols. */
export interface Token {
  start: number;
  end: number;
  text: string;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?|[^\s\p{L}\p{N}]/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  return out;
}

/** "Maria" → "Xx", "O'Neil" → "X'Xx", "2019" → "d", "SB-007" → "X-d". Runs of one class collapse. */
export function shape(word: string): string {
  let out = '';
  let last = '';
  for (let k = 0; k < word.length && out.length < 6; k++) {
    const ch = word[k];
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    const code = ch.charCodeAt(0);
    const c = code >= 48 && code <= 57 ? 'd' : lower !== upper ? (ch === upper ? 'X' : 'x') : ch;
    if (c !== last || (c !== 'x' && c !== 'd' && c !== 'X')) out += c;
    last = c;
  }
  return out;
}
