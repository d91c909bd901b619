import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';

/**
 * E-mail addresses, matched on the normalised view so that obfuscated forms
 * ("jane [at] example [dot] com", zero-width characters, full-width letters)
 * are found too; offsets are mapped back to the original text.
 *
 * Every repetition is bounded and each domain label must end in a ".", so the
 * pattern runs in linear time.
 */
const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}_%+-][\p{L}\p{N}._%+-]{0,63}@(?:[\p{L}\p{N}][\p{L}\p{N}-]{0,62}\.){1,8}\p{L}{2,24}(?![\p{L}\p{N}-]|\.[\p{L}\p{N}])/gu;

// "icon@2x.png" is an image name (retina-scale suffix), not an address.
const FILE_NAME_END = /\.(?:png|jpe?g|gif|svg|webp|pdf|docx?|xlsx?|zip)$/i;

export class EmailRecognizer implements Recognizer {
  readonly name = 'contact.email';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    if (!view.includes('@')) return [];
    const out: Candidate[] = [];
    EMAIL.lastIndex = 0;
    for (let m = EMAIL.exec(view); m; m = EMAIL.exec(view)) {
      const value = m[0];
      const local = value.slice(0, value.indexOf('@'));
      if (local.endsWith('.') || local.includes('..') || FILE_NAME_END.test(value)) continue;
      const [start, end] = ctx.fromNormalized(m.index, m.index + value.length);
      out.push({ start, end, label: 'CONTACT', score: 0.95 });
    }
    return out;
  }
}
