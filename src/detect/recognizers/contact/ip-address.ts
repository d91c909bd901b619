import { isIPv6 } from 'node:net';
import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { codePointBefore, isLetterOrDigit } from '../address/chars.js';

/**
 * IPv4 (each octet ≤ 255) and IPv6 (full, compressed, with an embedded IPv4
 * tail) addresses. Version and section numbers ("v1.2.3.4", "§ 2.1.4.3") are
 * rejected, and an all-single-digit dotted quad needs a network word nearby.
 */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const IPV4 = new RegExp(`(?<![\\p{L}\\p{N}.])${OCTET}(?:\\.${OCTET}){3}(?:/\\d{1,2})?(?![\\p{L}\\p{N}]|\\.\\d)`, 'gu');
// Candidate IPv6 text: 3-8 colon-separated hex groups (empty groups allowed for
// "::"), optionally ending in a dotted IPv4; validated by node:net.
export const IPV6 =
  /(?<![\p{L}\p{N}:])(?:[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){1,6}:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})(?:\/\d{1,3})?(?![\p{L}\p{N}:]|\.\d)/gu;

// The same patterns without their leading look-behinds, sticky: tried only where a match can start (see below).
const IPV4_AT = stickyWithout(IPV4, '(?<![\\p{L}\\p{N}.])');
const IPV6_AT = stickyWithout(IPV6, '(?<![\\p{L}\\p{N}:])');

function stickyWithout(re: RegExp, lookbehind: string): RegExp {
  if (!re.source.startsWith(lookbehind)) throw new Error('ip-address: pattern and its sticky form out of step');
  return new RegExp(re.source.slice(lookbehind.length), 'uy');
}

function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHex(c: number): boolean {
  return isAsciiDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * The matches of IPV4 (global, from the start), found from the dots: a match
 * starts a run of one to three digits (its look-behind forbids a digit before
 * it) that a "." ends, so each "." with a digit before it names the one
 * position where a match may start. Scanning every position of the text with
 * the full pattern was the cost of this recognizer.
 */
export function ipv4Matches(view: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  let from = 0; // lastIndex of the global loop
  for (let dot = view.indexOf('.'); dot >= 0; dot = view.indexOf('.', dot + 1)) {
    let p = dot;
    while (p > 0 && dot - p <= 3 && isAsciiDigit(view.charCodeAt(p - 1))) p--;
    if (p === dot || dot - p > 3 || p < from) continue;
    const before = codePointBefore(view, p);
    if (before === 46 || isLetterOrDigit(before)) continue;
    IPV4_AT.lastIndex = p;
    const m = IPV4_AT.exec(view);
    if (!m) continue;
    out.push({ index: p, value: m[0] });
    from = p + m[0].length;
  }
  return out;
}

/**
 * The matches of IPV6 (global, from the start), found from the colons: a
 * match starts with up to four hex digits and a ":", and its look-behind
 * forbids a letter, digit or ":" before it, so each ":" names one position
 * where a match may start (the start of the hex digits before it).
 */
export function ipv6Matches(view: string): Array<{ index: number; value: string }> {
  const out: Array<{ index: number; value: string }> = [];
  let from = 0;
  for (let colon = view.indexOf(':'); colon >= 0; colon = view.indexOf(':', colon + 1)) {
    let p = colon;
    while (p > 0 && colon - p <= 4 && isHex(view.charCodeAt(p - 1))) p--;
    if (colon - p > 4 || p < from) continue;
    const before = codePointBefore(view, p);
    if (before === 58 || isLetterOrDigit(before)) continue;
    IPV6_AT.lastIndex = p;
    const m = IPV6_AT.exec(view);
    if (!m) continue;
    out.push({ index: p, value: m[0] });
    from = p + m[0].length;
  }
  return out;
}

const NOT_AN_IP_BEFORE =
  /(?:\bv|\bver|\bversion|\bfirmware|\bsoftware|\bupdate|\bpatch|\brelease|\bbuild|\brev|\brevision|\bsection|\bsec|§|\bclause|\bchapter|\bpara|\bparagraph|\bart|\barticle|\brule|\bfigure|\bfig|\btable|\bstep|\bitem)\.?(?:\s(?:is|was|number|no\.?)|\s?[:=#])?\s?$/i;
const NETWORK_CUE = /\b(?:ip|ipv4|ipv6|address|addr|host|server|gateway|router|dns|vpn|subnet|login|logged|connection|connected|session|network|proxy|from|origin|originate)\b/i;

export class IpAddressRecognizer implements Recognizer {
  readonly name = 'contact.ip';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    const out: Candidate[] = [];
    for (const m of ipv4Matches(view)) {
      const [start, end] = ctx.fromNormalized(m.index, m.index + m.value.length);
      const before = ctx.before(start, 20);
      if (NOT_AN_IP_BEFORE.test(before)) continue;
      const octets = m.value.split('/')[0].split('.');
      const cue = ctx.hasCue(NETWORK_CUE, start, end, 50);
      if (octets.every((o) => o.length === 1) && !cue) continue;
      out.push({ start, end, label: 'CONTACT', score: cue ? 0.95 : 0.85 });
    }
    if (view.includes(':')) {
      for (const m of ipv6Matches(view)) {
        const value = m.value.split('/')[0];
        if (!isIPv6(value) || value.replace(/[^0-9A-Fa-f]/g, '').length < 2) continue;
        // "12:30:45"-like times cannot be valid IPv6 without "::"; bare "::1"-like forms need a hex letter or 3+ groups.
        const [start, end] = ctx.fromNormalized(m.index, m.index + m.value.length);
        out.push({ start, end, label: 'CONTACT', score: 0.95 });
      }
    }
    return out;
  }
}
