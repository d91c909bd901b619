import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
// Loaded on first use, once for the whole process (shared with the phone recognizer).
import { parsePhoneNumberFromString, getExampleNumber } from '../../detect/validators/phone-numbers.js';
import { createRequire } from 'node:module';
import { readDataLines } from '../../lexicons/data-files.js';
import type { Keyed, KeyedStream } from './keyed.js';
import { fold } from './pools.js';
import { fillDigits, likeCase, reshape } from './shape.js';

/**
 * CONTACT surrogates in the same format and country:
 *  - e-mail: the name words of the local part follow the document's person
 *    stand-ins ("maria.lopez88@" → "elena.ruiz31@"), other letters become
 *    pronounceable letters, digits other digits; a large public mail provider
 *    stays (gmail.com is shared by a billion people), any other domain becomes
 *    the reserved "example" domain (RFC 2606) with the original top-level domain;
 *  - phone: a number valid in the same country (libphonenumber-js metadata) with
 *    the same number of digits, written in the original's layout; North American
 *    numbers use the fictional 555-01XX lines, British fixed lines the Ofcom drama
 *    range 020 7946 0XXX, other countries the libphonenumber example number with
 *    its last digits redrawn until valid; a number valid nowhere gets new digits
 *    in the same layout;
 *  - IP addresses: the documentation ranges (RFC 5737 192.0.2.0/24, 198.51.100.0/24,
 *    203.0.113.0/24; RFC 3849 2001:db8::/32);
 *  - URLs: a public site (data/contact/public-sites.txt, social-domains.txt) keeps
 *    its host with the path redrawn, any other host becomes example.<tld>;
 *  - handles and usernames: the same treatment as a local part.
 */
export type NameLookup = (word: string) => string | undefined;

let exampleNumbers: unknown;
function mobileExamples(): never {
  exampleNumbers ??= createRequire(import.meta.url)('libphonenumber-js/examples.mobile.json');
  return exampleNumbers as never;
}

let providers: Set<string> | undefined;
let sites: Set<string> | undefined;

function mailProviders(): Set<string> {
  providers ??= new Set(readDataLines('contact/email-providers.txt').map((l) => l.toLowerCase()));
  return providers;
}

function publicSites(): Set<string> {
  sites ??= new Set([...readDataLines('contact/public-sites.txt'), ...readDataLines('contact/social-domains.txt')].map((l) => l.toLowerCase()));
  return sites;
}

const EMAIL = /^(mailto:)?([^\s@]+)@([^\s@]+\.[^\s@]+)$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}$/i;
const URL_LIKE = /^(?:(https?|ftp):\/\/|www\.)/i;
const PHONE_LIKE = /^[+(]?[\d\s().\-/]{6,}(?:\s*(?:x|ext\.?|extension)\s*#?\s*\d{1,6})?$/i;

export function contactKind(text: string): 'email' | 'ip' | 'url' | 'phone' | 'handle' {
  const t = text.trim();
  if (EMAIL.test(t)) return 'email';
  if (IPV4.test(t) || (IPV6.test(t) && t.includes('::')) || (IPV6.test(t) && t.split(':').length >= 6)) return 'ip';
  if (URL_LIKE.test(t) || /^[a-z0-9-]+(\.[a-z0-9-]+)+\/\S*$/i.test(t)) return 'url';
  if (PHONE_LIKE.test(t) && (t.match(/\d/g) ?? []).length >= 6) return 'phone';
  return 'handle';
}

const EMAIL_INSIDE = /(?:mailto:)?[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/iu;
const URL_INSIDE = /(?:https?|ftp):\/\/[^\s<>"']+|www\.[^\s<>"']+/i;

/**
 * A span holding an address with words around it ("e-mail: x@y.org" or an
 * over-long detection): the address is replaced and the words around it stay.
 */
export function surrogateContact(text: string, keyed: Keyed, attempt: number, names: NameLookup): string {
  const inner = EMAIL_INSIDE.exec(text) ?? URL_INSIDE.exec(text);
  if (inner && inner[0].length < text.trim().length) {
    const core = inner[0].replace(/[.,;:)]+$/, '');
    return text.slice(0, inner.index) + surrogateContactValue(core, keyed, attempt, names) + text.slice(inner.index + core.length);
  }
  return surrogateContactValue(text, keyed, attempt, names);
}

function surrogateContactValue(text: string, keyed: Keyed, attempt: number, names: NameLookup): string {
  const lead = /^\s*/.exec(text)![0];
  const trail = /\s*$/.exec(text)![0];
  const t = text.trim();
  const rng = keyed.stream('contact', t.toLowerCase(), attempt);
  let out: string;
  switch (contactKind(t)) {
    case 'email':
      out = surrogateEmail(t, rng, names);
      break;
    case 'ip':
      out = surrogateIp(t, rng);
      break;
    case 'url':
      out = surrogateUrl(t, rng, names);
      break;
    case 'phone':
      out = surrogatePhone(t, rng);
      break;
    default:
      out = surrogateHandle(t, rng, names);
  }
  return lead + out + trail;
}

/** Name words follow the person stand-ins; other letters and digits are redrawn. */
function surrogateWords(text: string, rng: KeyedStream, names: NameLookup): string {
  // "ChristopheBjorklund" is two words; "JSmith" too.
  return text.replace(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{L}+|\d+/gu, (word) => {
    if (/^\d+$/.test(word)) return reshape(word, rng);
    const mapped = names(fold(word));
    if (mapped) return likeCase(word, fold(mapped).replace(/[^a-z]/g, '') || mapped);
    return reshape(word, rng, { pronounceable: true });
  });
}

function tldOf(host: string): string {
  const labels = host.toLowerCase().split('.');
  const last = labels[labels.length - 1];
  const second = labels[labels.length - 2];
  if (labels.length >= 3 && last.length === 2 && ['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or', 'gob', 'gouv'].includes(second)) return `${second}.${last}`;
  return last;
}

function surrogateEmail(text: string, rng: KeyedStream, names: NameLookup): string {
  const m = EMAIL.exec(text)!;
  const [, mailto, local, domain] = m;
  const first = domain.toLowerCase().split('.')[0];
  const newDomain = mailProviders().has(first) ? domain : likeCase(domain, `example.${tldOf(domain)}`);
  return `${mailto ?? ''}${surrogateWords(local, rng, names)}@${newDomain}`;
}

function surrogateHandle(text: string, rng: KeyedStream, names: NameLookup): string {
  return surrogateWords(text, rng, names);
}

function surrogateIp(text: string, rng: KeyedStream): string {
  const v4 = IPV4.exec(text);
  if (v4) {
    const block = rng.pick(['192.0.2', '198.51.100', '203.0.113']);
    return `${block}.${1 + rng.int(254)}${v4[5] ?? ''}`;
  }
  // 2001:db8:: and as many further groups as the original had beyond two (at least one).
  const groups = text.split(':').filter(Boolean).length;
  const tail = Array.from({ length: Math.max(1, Math.min(6, groups - 2)) }, () => rng.int(0x10000).toString(16));
  const out = `2001:db8::${tail.join(':')}`;
  return text === text.toUpperCase() ? out.toUpperCase() : out;
}

function surrogateUrl(text: string, rng: KeyedStream, names: NameLookup): string {
  const m = /^((?:[a-z]+:\/\/)?)([^/?#]+)(.*)$/i.exec(text)!;
  const [, scheme, host, rest] = m;
  const bare = host.toLowerCase().replace(/^www\./, '');
  const keepHost = publicSites().has(bare);
  const www = /^www\./i.test(host) ? host.slice(0, 4) : '';
  const newHost = keepHost ? host : `${www}example.${tldOf(bare.replace(/:\d+$/, ''))}`;
  const path = rest.replace(/[^/?#=&.]+/g, (seg) => (/^(?:html?|php|aspx?|jsp|index|home|about|en|blog|profile|user|users|in|p|pub|id)$/i.test(seg) ? seg : surrogateWords(seg, rng, names)));
  return `${scheme}${newHost}${path}`;
}

// ------------------------------------------------------------------ phones

/** Countries tried, in order, for a number written without "+CC" (as the phone recognizer does). */
const NATIONAL_COUNTRIES: readonly CountryCode[] = ['US', 'GB', 'IE', 'AU', 'DE', 'FR', 'IN', 'NZ', 'ES', 'IT', 'NL', 'BE', 'AT', 'CH', 'ZA', 'PH', 'NG', 'MX', 'BR', 'JP'];
const EXTENSION = /(\s*,?\s*(?:x|ext\.?|extension)\s*#?\s*)(\d{1,6})$/i;

/** The number's country reading, if it is valid somewhere. */
export function readPhone(text: string): PhoneNumber | undefined {
  const core = text.replace(EXTENSION, '').trim();
  const international = core.replace(/^00(?=\d)/, '+');
  if (international.startsWith('+')) {
    const p = parsePhoneNumberFromString(international);
    return p?.isValid() ? p : undefined;
  }
  for (const c of NATIONAL_COUNTRIES) {
    const p = parsePhoneNumberFromString(core, c);
    if (p?.isValid()) return p;
  }
  return undefined;
}

/** A valid national number of the same country and length (see the module comment). */
function standInNational(original: PhoneNumber, rng: KeyedStream): string | undefined {
  const national = String(original.nationalNumber);
  const country = original.country;
  const len = national.length;
  const valid = (n: string) => {
    if (n.length !== len || n === national) return false;
    const p = parsePhoneNumberFromString(`+${original.countryCallingCode}${n}`);
    return !!p?.isValid() && (!country || p.country === country) && ['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE', undefined].includes(p.getType());
  };
  for (let i = 0; i < 60; i++) {
    let n: string;
    if (original.countryCallingCode === '1' && len === 10) n = `${2 + rng.int(8)}${rng.digit()}${rng.digit()}55501${rng.digit()}${rng.digit()}`;
    else if (country === 'GB' && len === 10 && national.startsWith('20')) n = `2079460${rng.digit()}${rng.digit()}${rng.digit()}`;
    else {
      const example = country ? getExampleNumber(country, mobileExamples()) : undefined;
      const base = example && String(example.nationalNumber).length === len && original.getType() === 'MOBILE' ? String(example.nationalNumber) : national;
      const keep = Math.min(Math.max(2, Math.ceil(len / 3)), len - 3);
      n = base.slice(0, keep);
      while (n.length < len) n += rng.digit();
    }
    if (valid(n)) return n;
  }
  return undefined;
}

export function surrogatePhone(text: string, rng: KeyedStream): string {
  const ext = EXTENSION.exec(text);
  const core = ext ? text.slice(0, ext.index) : text;
  const extOut = ext ? ext[1] + reshape(ext[2], rng) : '';
  const parsed = readPhone(core);
  const digits = core.replace(/\D/g, '');
  if (parsed) {
    const national = String(parsed.nationalNumber);
    const stand = standInNational(parsed, rng);
    if (stand) {
      if (digits.endsWith(national)) return fillDigits(core, digits.slice(0, digits.length - national.length) + stand) + extOut;
      const p = parsePhoneNumberFromString(`+${parsed.countryCallingCode}${stand}`)!;
      return (core.trim().startsWith('+') ? p.formatInternational() : p.formatNational()) + extOut;
    }
  }
  // Valid nowhere (or no stand-in found): new digits in the same layout, the country calling code kept.
  let keepDigits = 0;
  const international = /^\s*(?:\+|00)/.exec(core);
  if (international) {
    // The calling code libphonenumber reads, else the digit group written after "+" ("+99 1234…").
    const cc = parsePhoneNumberFromString(core.trim().replace(/^00/, '+'))?.countryCallingCode ?? /^\s*(?:\+|00)\s?(\d{1,3})(?=[\s.-])/.exec(core)?.[1] ?? '';
    keepDigits = (international[0].trim() === '00' ? 2 : 0) + cc.length;
  }
  let cut = 0;
  for (let seen = 0; cut < core.length && seen < keepDigits; cut++) if (/\d/.test(core[cut])) seen++;
  const body = core.slice(cut);
  let redrawn = reshape(body, rng);
  for (let i = 0; i < 4 && redrawn.replace(/\D/g, '') === body.replace(/\D/g, ''); i++) redrawn = reshape(body, rng);
  return core.slice(0, cut) + redrawn + extOut;
}
