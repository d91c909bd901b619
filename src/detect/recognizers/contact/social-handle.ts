import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';

/**
 * Social-media handles written with their sigil: "@jane.doe", "@Jane_Doe-VT",
 * and Reddit's "u/name". The "@" must not follow a word character (that is an
 * e-mail address) and the handle must contain a letter ("@ 5pm", "@5" are not
 * handles). Span = the whole handle, sigil included.
 */
const AT_HANDLE = /(?<![\p{L}\p{N}._%+@\/-])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,38}[A-Za-z0-9_])?)(?![A-Za-z0-9_@]|[.-][A-Za-z0-9_])/gu;
const REDDIT_USER = /(?<![\p{L}\p{N}\/])\/?u\/[A-Za-z0-9_-]{3,20}(?![A-Za-z0-9_\/-])/gu;
const TIME_LIKE = /^\d{1,2}(?:[:.]\d{2})?(?:am|pm|h)?$/i;
const DOMAIN_LIKE = /\.(?:com|org|net|edu|gov|io|co|uk|de|fr|ie|ca|au|in)$/i;

export class SocialHandleRecognizer implements Recognizer {
  readonly name = 'contact.handle';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    const out: Candidate[] = [];
    if (view.includes('@')) {
      AT_HANDLE.lastIndex = 0;
      for (let m = AT_HANDLE.exec(view); m; m = AT_HANDLE.exec(view)) {
        const handle = m[1];
        if (!/[A-Za-z]/.test(handle) || TIME_LIKE.test(handle)) continue;
        // "@example.com" on its own is a domain written after a dangling "@".
        if (DOMAIN_LIKE.test(handle)) continue;
        const [start, end] = ctx.fromNormalized(m.index, m.index + m[0].length);
        out.push({ start, end, label: 'CONTACT', score: 0.85 });
      }
    }
    if (view.includes('u/')) {
      REDDIT_USER.lastIndex = 0;
      for (let m = REDDIT_USER.exec(view); m; m = REDDIT_USER.exec(view)) {
        const value = m[0].startsWith('/') ? m[0].slice(1) : m[0];
        const at = m.index + m[0].length - value.length;
        const [start, end] = ctx.fromNormalized(at, at + value.length);
        out.push({ start, end, label: 'CONTACT', score: 0.85 });
      }
    }
    return out;
  }
}
