import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { codePointBefore, cpLength, isLetterOrDigit } from '../address/chars.js';

/**
 * E-mail addresses, matched on the normalised view so that obfuscated forms
 * ("jane [at] example [dot] com", zero-width characters, full-width letters)
 * are found too; offsets are mapped back to the original text.
 *
 * Every repetition is bounded and each domain label must end in a ".", so the
 * pattern runs in linear time.
 */
export const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}_%+-][\p{L}\p{N}._%+-]{0,63}@(?:[\p{L}\p{N}][\p{L}\p{N}-]{0,62}\.){1,8}\p{L}{2,24}(?![\p{L}\p{N}-]|\.[\p{L}\p{N}])/gu;

/**
 * EMAIL without its leading look-behind, sticky: it is tried only where an
 * address can start (see detect). The look-behind forbids a name-part character
 * before the start, and the name part holds no "@", so the only possible start
 * for a given "@" is the first character of the run of name-part characters
 * that ends at it; scanning every position of the text with the full pattern
 * was the cost of this recognizer.
 */
const EMAIL_AT =
  /[\p{L}\p{N}_%+-][\p{L}\p{N}._%+-]{0,63}@(?:[\p{L}\p{N}][\p{L}\p{N}-]{0,62}\.){1,8}\p{L}{2,24}(?![\p{L}\p{N}-]|\.[\p{L}\p{N}])/uy;

/** `[\p{L}\p{N}._%+-]`: a character of the name part. */
function isLocalChar(cp: number): boolean {
  return cp === 46 || cp === 95 || cp === 37 || cp === 43 || cp === 45 || isLetterOrDigit(cp);
}

/**
 * The matches of EMAIL (global, from the start) found from each "@": the
 * start of its name part is walked back (at most 64 code points, the
 * pattern's bound), and the sticky pattern is tried there, once.
 */
export function emailMatches(view: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  let from = 0; // lastIndex of the global loop
  for (let at = view.indexOf('@'); at >= 0; at = view.indexOf('@', at + 1)) {
    let p = at;
    let count = 0;
    while (p > 0 && count <= 64) {
      const cp = codePointBefore(view, p);
      if (!isLocalChar(cp)) break;
      p -= cpLength(cp);
      count++;
    }
    if (count === 0 || count > 64 || p < from) continue;
    EMAIL_AT.lastIndex = p;
    const m = EMAIL_AT.exec(view);
    if (!m) continue;
    out.push({ index: p, value: m[0] });
    from = p + m[0].length;
  }
  return out;
}

// "icon@2x.png" is an image name (retina-scale suffix), not an address.
const FILE_NAME_END = /\.(?:png|jpe?g|gif|svg|webp|pdf|docx?|xlsx?|zip)$/i;

export class EmailRecognizer implements Recognizer {
  readonly name = 'contact.email';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    if (!view.includes('@')) return [];
    const out: Candidate[] = [];
    for (const m of emailMatches(view)) {
      const value = m.value;
      const local = value.slice(0, value.indexOf('@'));
      if (local.endsWith('.') || local.includes('..') || FILE_NAME_END.test(value)) continue;
      const [start, end] = ctx.fromNormalized(m.index, m.index + value.length);
      out.push({ start, end, label: 'CONTACT', score: 0.95 });
    }
    return out;
  }
}
