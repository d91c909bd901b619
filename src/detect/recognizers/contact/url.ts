import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { PUBLIC_SITES, SOCIAL_DOMAINS, wordSet } from './lexicon.js';

/**
 * Web addresses: "http(s)://…" and "www.…" URLs, and bare profile links on
 * social networks ("linkedin.com/in/jane-doe", "github.com/jdoe",
 * "tiktok.com/@jane"). Trailing sentence punctuation is trimmed. Links to
 * government and very large public sites (data/contact/public-sites.txt) are
 * not personal and are skipped.
 */
const SCHEMED = /(?<![\p{L}\p{N}])(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^[\]]{1,2000}/giu;
// host (labels ending in ".") + TLD + a path: "linkedin.com/in/x", "x.com/jdoe".
const BARE_PROFILE =
  /(?<![\p{L}\p{N}.@\/-])((?:[a-z0-9-]{1,63}\.){1,4}[a-z]{2,12})\/[^\s<>"'`{}|\\^[\]]{1,500}/giu;
const TRAILING = /[.,;:!?'")\]}>]+$/;

function trimUrl(url: string): string {
  let out = url.replace(TRAILING, '');
  // Keep a closing ")" only when the URL itself opened one (Wikipedia-style links).
  if (url.length > out.length && url[out.length] === ')' && out.includes('(')) out += ')';
  return out;
}

function hostOf(host: string): string {
  return host.toLowerCase().replace(/^(?:www\.|m\.|mobile\.)/, '');
}

const GOVERNMENT_HOST = /\.(?:gov|mil|int)(?:\.[a-z]{2})?$|\.gc\.ca$|\.gouv\.fr$|\.bund\.de$/;

/** The host of a schemed URL ("https://www.cdc.gov/flu" → "cdc.gov"). */
function urlHost(url: string): string {
  return hostOf(url.replace(/^https?:\/\//i, '').split(/[\/?#:]/, 1)[0]);
}

function isPublicSite(host: string): boolean {
  if (GOVERNMENT_HOST.test(host)) return true;
  const sites = wordSet(PUBLIC_SITES);
  for (let h = host; h.includes('.'); h = h.slice(h.indexOf('.') + 1)) if (sites.has(h)) return true;
  return false;
}

export class UrlRecognizer implements Recognizer {
  readonly name = 'contact.url';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    const out: Candidate[] = [];
    const taken: Array<[number, number]> = [];
    SCHEMED.lastIndex = 0;
    for (let m = SCHEMED.exec(view); m; m = SCHEMED.exec(view)) {
      const value = trimUrl(m[0]);
      if (!/[\p{L}\p{N}]\.[\p{L}]{2,}/u.test(value)) continue; // needs a dotted host
      const host = urlHost(value);
      if (isPublicSite(host) && !wordSet(SOCIAL_DOMAINS).has(host)) continue;
      taken.push([m.index, m.index + value.length]);
      const [start, end] = ctx.fromNormalized(m.index, m.index + value.length);
      out.push({ start, end, label: 'CONTACT', score: 0.9 });
    }
    if (!view.includes('/')) return out;
    const social = wordSet(SOCIAL_DOMAINS);
    BARE_PROFILE.lastIndex = 0;
    for (let m = BARE_PROFILE.exec(view); m; m = BARE_PROFILE.exec(view)) {
      if (!social.has(hostOf(m[1]))) continue;
      if (taken.some(([s, e]) => m!.index < e && m!.index + m![0].length > s)) continue;
      const value = trimUrl(m[0]);
      if (value.length <= m[1].length + 1) continue; // "github.com/" alone names no one
      const [start, end] = ctx.fromNormalized(m.index, m.index + value.length);
      out.push({ start, end, label: 'CONTACT', score: 0.9 });
    }
    return out;
  }
}
