import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { PUBLIC_SITES, SOCIAL_DOMAINS, wordSet } from './lexicon.js';
import { codePointBefore, isLetterOrDigit } from '../address/chars.js';

/**
 * Web addresses: "http(s)://…" and "www.…" URLs, and bare profile links on
 * social networks ("linkedin.com/in/jane-doe", "github.com/jdoe",
 * "tiktok.com/@jane"). Trailing sentence punctuation is trimmed. Links to
 * government and very large public sites (data/contact/public-sites.txt) are
 * not personal and are skipped.
 */
export const SCHEMED = /(?<![\p{L}\p{N}])(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^[\]]{1,2000}/giu;
// host (labels ending in ".") + TLD + a path: "linkedin.com/in/x", "x.com/jdoe".
export const BARE_PROFILE =
  /(?<![\p{L}\p{N}.@\/-])((?:[a-z0-9-]{1,63}\.){1,4}[a-z]{2,12})\/[^\s<>"'`{}|\\^[\]]{1,500}/giu;
// The same patterns without their leading look-behinds, sticky: tried only where a match can start (see below).
const SCHEMED_AT = stickyWithout(SCHEMED, '(?<![\\p{L}\\p{N}])', 'iuy');
const BARE_PROFILE_AT = stickyWithout(BARE_PROFILE, '(?<![\\p{L}\\p{N}.@\\/-])', 'iuy');

function stickyWithout(re: RegExp, lookbehind: string, flags: string): RegExp {
  if (!re.source.startsWith(lookbehind)) throw new Error('url: pattern and its sticky form out of step');
  return new RegExp(re.source.slice(lookbehind.length), flags);
}

type Match = { index: number; value: string };

/** Lower case of an ASCII letter code (other codes unchanged). */
const lowerAscii = (c: number): number => (c >= 65 && c <= 90 ? c | 32 : c);

/** text[i, i + word.length) spells `word` (lower-case ASCII) in any case. */
function spellsAt(text: string, i: number, word: string): boolean {
  if (i < 0) return false;
  for (let k = 0; k < word.length; k++) if (lowerAscii(text.charCodeAt(i + k)) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * The matches of SCHEMED (global, from the start), tried only at the "http"
 * before each "://" and at the "www" before each ".". With the i and u flags
 * "s" also matches "ſ" (U+017F), as in the pattern.
 */
export function schemedMatches(view: string): Match[] {
  const starts: number[] = [];
  for (let c = view.indexOf('://'); c >= 0; c = view.indexOf('://', c + 1)) {
    let k = c;
    const s = view.charCodeAt(k - 1);
    if (s === 115 || s === 83 || s === 0x17f) k--;
    if (spellsAt(view, k - 4, 'http')) starts.push(k - 4);
  }
  for (let d = view.indexOf('.'); d >= 0; d = view.indexOf('.', d + 1)) if (spellsAt(view, d - 3, 'www')) starts.push(d - 3);
  starts.sort((a, b) => a - b);
  return tryStarts(view, starts, SCHEMED_AT, (p) => !isLetterOrDigit(codePointBefore(view, p)));
}

/** `[a-z0-9.-]` with the i and u flags: ASCII letters, digits, ".", "-", "ſ" and the Kelvin sign. */
function isHostChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 0x17f || c === 0x212a;
}

/** The longest host BARE_PROFILE allows: four labels of 63 characters with their dots, and a top-level domain. */
const MAX_HOST = 4 * 64 + 12;

/**
 * The matches of BARE_PROFILE (global, from the start), tried only where one
 * can start: the host is followed by a "/" and made of host characters, all of
 * which the look-behind forbids before a match, so the only possible start for
 * a "/" is the first character of the run of host characters that ends at it.
 */
export function bareProfileMatches(view: string): Match[] {
  const starts: number[] = [];
  for (let slash = view.indexOf('/'); slash >= 0; slash = view.indexOf('/', slash + 1)) {
    let p = slash;
    while (p > 0 && slash - p <= MAX_HOST && isHostChar(view.charCodeAt(p - 1))) p--;
    if (p === slash || slash - p > MAX_HOST) continue;
    starts.push(p);
  }
  return tryStarts(view, starts, BARE_PROFILE_AT, (p) => {
    const cp = codePointBefore(view, p);
    return !(cp === 46 || cp === 64 || cp === 47 || cp === 45 || isLetterOrDigit(cp));
  });
}

/** Sticky `re` at each start (ascending) that passes the look-behind and lies after the previous match, as a global loop would. */
function tryStarts(view: string, starts: number[], re: RegExp, lookbehind: (p: number) => boolean): Match[] {
  const out: Match[] = [];
  let from = 0;
  for (const p of starts) {
    if (p < from || !lookbehind(p)) continue;
    re.lastIndex = p;
    const m = re.exec(view);
    if (!m) continue;
    out.push({ index: p, value: m[0] });
    from = p + m[0].length;
  }
  return out;
}

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
    for (const m of schemedMatches(view)) {
      const value = trimUrl(m.value);
      if (!/[\p{L}\p{N}]\.[\p{L}]{2,}/u.test(value)) continue; // needs a dotted host
      const host = urlHost(value);
      if (isPublicSite(host) && !wordSet(SOCIAL_DOMAINS).has(host)) continue;
      taken.push([m.index, m.index + value.length]);
      const [start, end] = ctx.fromNormalized(m.index, m.index + value.length);
      out.push({ start, end, label: 'CONTACT', score: 0.9 });
    }
    if (!view.includes('/')) return out;
    const social = wordSet(SOCIAL_DOMAINS);
    for (const m of bareProfileMatches(view)) {
      // The host: everything before the first "/" (the pattern's first group).
      const host = m.value.slice(0, m.value.indexOf('/'));
      if (!social.has(hostOf(host))) continue;
      if (taken.some(([s, e]) => m.index < e && m.index + m.value.length > s)) continue;
      const value = trimUrl(m.value);
      if (value.length <= host.length + 1) continue; // "github.com/" alone names no one
      const [start, end] = ctx.fromNormalized(m.index, m.index + value.length);
      out.push({ start, end, label: 'CONTACT', score: 0.9 });
    }
    return out;
  }
}
