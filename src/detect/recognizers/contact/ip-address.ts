import { isIPv6 } from 'node:net';
import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';

/**
 * IPv4 (each octet ≤ 255) and IPv6 (full, compressed, with an embedded IPv4
 * tail) addresses. Version and section numbers ("v1.2.3.4", "§ 2.1.4.3") are
 * rejected, and an all-single-digit dotted quad needs a network word nearby.
 */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\p{L}\\p{N}.])${OCTET}(?:\\.${OCTET}){3}(?:/\\d{1,2})?(?![\\p{L}\\p{N}]|\\.\\d)`, 'gu');
// Candidate IPv6 text: 3-8 colon-separated hex groups (empty groups allowed for
// "::"), optionally ending in a dotted IPv4; validated by node:net.
const IPV6 =
  /(?<![\p{L}\p{N}:])(?:[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){1,6}:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})(?:\/\d{1,3})?(?![\p{L}\p{N}:]|\.\d)/gu;

const NOT_AN_IP_BEFORE =
  /(?:\bv|\bver|\bversion|\bfirmware|\bsoftware|\bupdate|\bpatch|\brelease|\bbuild|\brev|\brevision|\bsection|\bsec|§|\bclause|\bchapter|\bpara|\bparagraph|\bart|\barticle|\brule|\bfigure|\bfig|\btable|\bstep|\bitem)\.?(?:\s(?:is|was|number|no\.?)|\s?[:=#])?\s?$/i;
const NETWORK_CUE = /\b(?:ip|ipv4|ipv6|address|addr|host|server|gateway|router|dns|vpn|subnet|login|logged|connection|connected|session|network|proxy|from|origin|originate)\b/i;

export class IpAddressRecognizer implements Recognizer {
  readonly name = 'contact.ip';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    const out: Candidate[] = [];
    IPV4.lastIndex = 0;
    for (let m = IPV4.exec(view); m; m = IPV4.exec(view)) {
      const [start, end] = ctx.fromNormalized(m.index, m.index + m[0].length);
      const before = ctx.before(start, 20);
      if (NOT_AN_IP_BEFORE.test(before)) continue;
      const octets = m[0].split('/')[0].split('.');
      const cue = ctx.hasCue(NETWORK_CUE, start, end, 50);
      if (octets.every((o) => o.length === 1) && !cue) continue;
      out.push({ start, end, label: 'CONTACT', score: cue ? 0.95 : 0.85 });
    }
    if (view.includes(':')) {
      IPV6.lastIndex = 0;
      for (let m = IPV6.exec(view); m; m = IPV6.exec(view)) {
        const value = m[0].split('/')[0];
        if (!isIPv6(value) || value.replace(/[^0-9A-Fa-f]/g, '').length < 2) continue;
        // "12:30:45"-like times cannot be valid IPv6 without "::"; bare "::1"-like forms need a hex letter or 3+ groups.
        const [start, end] = ctx.fromNormalized(m.index, m.index + m[0].length);
        out.push({ start, end, label: 'CONTACT', score: 0.95 });
      }
    }
    return out;
  }
}
