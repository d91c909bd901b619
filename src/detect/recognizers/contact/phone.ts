import type { CountryCode } from 'libphonenumber-js/max';
import { parsePhoneNumberFromString } from '../../validators/phone-numbers.js';
import type { Recognizer } from '../../recognizer.js';
import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import { NON_PHONE_CUES, PHONE_CUES, lastMatchEnd, phraseRegex } from './lexicon.js';

/**
 * Telephone and fax numbers of many countries.
 *
 * A bounded regex finds phone-shaped digit groups on the normalised view
 * (so "4 1 3 5 5 5 0 1 8 2" and full-width digits are seen); each candidate is
 * then checked by shape (dates, SSNs, ZIP+4, card numbers, IPs and thousands
 * are rejected), by context (a "Policy #" or "MRN" label right before means it
 * is an identifier, not a phone) and finally by libphonenumber-js.
 * The span includes the "+CC" prefix and a written extension.
 */

// Prefix: "+CC", "+CC (0)", "00CC"; an optional "(area)"; then 1-7 digit groups
// joined by one separator; an optional extension. All repetitions are bounded.
const PHONE =
  /(?<![\p{L}\p{N}+.\/@_-])(?<!\d:)(?:\+\s?\d{1,3}(?:\s?\(0\))?[ .-]?|00\d{1,3}[ .-])?(?:\(\d{1,5}\)[ .-]?)?\d{1,12}(?:(?:[ .]|\s?-\s?)\d{1,8}){0,6}(?:,?\s{0,3}(?:ext\.?|extension|x)\s{0,3}#?\s{0,2}\d{1,6})?(?![\p{L}\p{N}]|[.\/:-]\d)/giu;

const EXTENSION = /,?\s{0,3}(?:ext\.?|extension|x)\s{0,3}#?\s{0,2}\d{1,6}$/i;
const CURRENCY_BEFORE = /[$€£¥₹]\s?$|\b(?:usd|eur|gbp|inr|rs\.?)\s?$/i;
const UNIT_AFTER = /^\s?(?:%|percent|per ?cent|kg|km|mi|miles|lbs?|mg|ml|units|dollars|euros|pounds|rupees|people|times)\b/i;
const VERSION_BEFORE = /\b(?:v|ver\.?|version|release|build|rev\.?|revision)\s?$/i;

/**
 * Countries tried for numbers written without "+CC". The verdict (valid in any,
 * else possible in any) does not depend on the order, which only decides how
 * soon the loop stops: Germany's open numbering plan accepts most national
 * numbers, so it comes first; the US last, as its check is the slowest (it
 * searches all North-American plans).
 */
const NATIONAL_COUNTRIES: readonly CountryCode[] = ['DE', 'GB', 'IE', 'AU', 'FR', 'IN', 'NZ', 'ES', 'IT', 'NL', 'BE', 'AT', 'CH', 'ZA', 'PH', 'NG', 'MX', 'BR', 'JP', 'US'];

interface Shape {
  plus: boolean;
  /** Digit groups of the number proper (no country code, no extension). */
  groups: string[];
  /** Separators used between groups. */
  seps: Set<string>;
  paren: boolean;
  digits: string;
}

function shapeOf(core: string): Shape {
  let rest = core.trim();
  let plus = false;
  let cc = '';
  const plusMatch = /^(?:\+\s?(\d{1,3})(?:\s?\(0\))?|00(\d{1,3}))[ .-]?/.exec(rest);
  if (plusMatch) {
    plus = true;
    cc = plusMatch[1] ?? plusMatch[2];
    rest = rest.slice(plusMatch[0].length);
  }
  const paren = /^\(\d{1,5}\)/.test(rest);
  const groups = rest.match(/\d+/g) ?? [];
  const seps = new Set((rest.replace(/[()]/g, ' ').match(/[^\d]+/g) ?? []).map((s) => s.trim() || ' '));
  return { plus, groups, seps, paren, digits: cc + groups.join('') };
}

function lengths(groups: string[]): string {
  return groups.map((g) => g.length).join('-');
}

/** Shapes that are something else: dates, SSNs, ZIP+4, EINs, IPs, time ranges. */
function looksLikeOtherNumber(s: Shape): boolean {
  if (s.plus) return false;
  const l = lengths(s.groups);
  const sep = [...s.seps].join('');
  if (/^(?:[12]-[12]-(?:2|4)|4-[12]-[12])$/.test(l)) return true; // dates
  if (l === '3-2-4' || l === '5-4' || l === '2-7') return true; // SSN, ZIP+4, EIN
  if (sep === '.' && s.groups.length === 4 && s.groups.every((g) => g.length <= 3)) return true; // IPv4
  if (s.groups[0].length === 1 && !/^[01]$/.test(s.groups[0]) && s.groups.length > 1) return true; // "9.30-12.30"
  if (s.digits.length >= 13) return true; // card numbers and long IDs
  return false;
}

/** "1 200 000", "12.500.000": groups of exactly three after a short lead. */
function looksLikeThousands(s: Shape): boolean {
  if (s.plus || s.paren || s.groups.length < 2 || s.groups[0].startsWith('0')) return false;
  return s.groups[0].length <= 3 && s.groups.slice(1).every((g) => g.length === 3);
}

/** Dots are used for phones only in "415.555.0192"-like or all-pairs shapes. */
function dotShapeOk(s: Shape): boolean {
  if (!s.seps.has('.') || s.plus) return true;
  const l = lengths(s.groups);
  if (l === '3-3-4' || l === '1-3-3-4') return true;
  return s.groups.length >= 3 && s.groups.every((g) => g.length >= 2);
}

// What may stand between an identifier label and its own value: punctuation and
// label words ("Policy no.: ", "Member ID # ", "account number is "). Anything
// else (another number, a sentence, a name) means the label belongs to something
// else than the number that follows: "MRN 4821337. If questions, (413) 555-0182".
const LABEL_ATTACHED = /^[\s:#=.,\-\u2013\u2014()]*(?:(?:no|nr|num|number|numbers|nbr|id|ids|is|was|ref|reference|code)\b[\s:#=.,\-\u2013\u2014()]*){0,3}$/i;

/**
 * Which of "phone" / "identifier" labels comes last in the 40 chars before the
 * number. An identifier label counts only while it is attached to the number
 * (only punctuation and label words between the two).
 */
export function phoneCueBefore(ctx: DetectionContext, start: number): 'phone' | 'id' | null {
  const window = ctx.before(start, 40);
  const phone = lastMatchEnd(phraseRegex(PHONE_CUES), window);
  let id = lastMatchEnd(phraseRegex(NON_PHONE_CUES), window);
  if (id > phone && !LABEL_ATTACHED.test(window.slice(id))) id = -1;
  if (phone < 0 && id < 0) return null;
  return phone >= id ? 'phone' : 'id';
}

const NANP: readonly CountryCode[] = ['US', 'CA'];

function nanpShaped(s: Shape): boolean {
  const l = lengths(s.groups);
  return !s.groups[0].startsWith('0') && (l === '3-3-4' || l === '1-3-3-4' || (s.paren && l === '3-3-4'));
}

/** NANP area codes and exchanges start with 2-9. */
function nanpDigitsOk(s: Shape): boolean {
  const [area, exchange] = s.groups.length === 4 ? s.groups.slice(1) : s.groups;
  return /^[2-9]/.test(area) && /^[2-9]/.test(exchange);
}

interface Verdict {
  possible: boolean;
  valid: boolean;
}

function checkNumber(s: Shape, raw: string): Verdict {
  if (s.plus) {
    const parsed = parsePhoneNumberFromString('+' + s.digits);
    // An impossible number is turned down whatever its validity (scoreCore): the costly check is skipped.
    const possible = parsed?.isPossible() ?? false;
    return { possible, valid: possible && (parsed?.isValid() ?? false) };
  }
  let possible = false;
  // A North-American shape ("437-001-0704", "(614) 555-0162") is judged as NANP only.
  const nanp = nanpShaped(s);
  // "555-123-4567": NANP-shaped but with an impossible exchange; only its length can be judged.
  if (nanp && !nanpDigitsOk(s)) return { possible: true, valid: false };
  const countries = nanp ? NANP : NATIONAL_COUNTRIES;
  for (const country of countries) {
    const parsed = parsePhoneNumberFromString(raw, country);
    if (!parsed) continue;
    if (parsed.isValid()) return { possible: true, valid: true };
    // One possible country is enough: its check is not repeated for the others.
    if (!possible && parsed.isPossible()) possible = true;
  }
  return { possible, valid: false };
}

/** Written in a way people write phone numbers, not just any digit run. */
function phoneLikeFormat(s: Shape): boolean {
  if (s.plus || s.paren) return true;
  const l = lengths(s.groups);
  if (l === '3-3-4' || l === '1-3-3-4' || l === '3-4-4' || l === '4-3-4') return true;
  // National numbers with a trunk "0": "07700 900123", "020 7946 0555", "045 312 987".
  return s.groups[0].startsWith('0') && s.groups.length >= 2 && s.groups.length <= 5 && s.digits.length >= 9;
}

export class PhoneRecognizer implements Recognizer {
  readonly name = 'contact.phone';
  readonly labels = ['CONTACT'] as const;

  detect(ctx: DetectionContext): Candidate[] {
    const view = ctx.normalized.text;
    const out: Candidate[] = [];
    PHONE.lastIndex = 0;
    for (let m = PHONE.exec(view); m; m = PHONE.exec(view)) {
      // Fewer than 7 digits (most matches are short numbers: their length tells without the pattern).
      if (m[0].length < 7 || !/\d[^\d]{0,4}\d[^\d]{0,4}\d[^\d]{0,4}\d[^\d]{0,4}\d[^\d]{0,4}\d[^\d]{0,4}\d/.test(m[0])) continue;
      const found = this.judge(ctx, m[0], m.index);
      if (found) out.push(found);
    }
    return out;
  }

  /** Judge one match; on failure retry without its last one or two groups ("555 0192 2024"). */
  private judge(ctx: DetectionContext, match: string, at: number): Candidate | null {
    const ext = EXTENSION.exec(match);
    let core = ext ? match.slice(0, ext.index) : match;
    for (let attempt = 0; attempt < 3; attempt++) {
      const score = this.scoreCore(ctx, core, at, ext ? match.length : core.length);
      if (score > 0) {
        const length = attempt === 0 && ext ? match.length : core.length;
        const [start, end] = ctx.fromNormalized(at, at + length);
        return { start, end, label: 'CONTACT', score };
      }
      const cut = core.search(/(?:[ .]|\s?-\s?)\d{1,8}$/);
      if (cut <= 0) return null;
      core = core.slice(0, cut);
    }
    return null;
  }

  private scoreCore(ctx: DetectionContext, core: string, at: number, spanLength: number): number {
    const s = shapeOf(core);
    if (s.digits.length < 7 || s.digits.length > 15 || s.groups.length === 0) return 0;
    if (looksLikeOtherNumber(s) || !dotShapeOk(s)) return 0;
    const [start, end] = ctx.fromNormalized(at, at + spanLength);
    const before = ctx.before(start, 12);
    if (CURRENCY_BEFORE.test(before) || VERSION_BEFORE.test(before) || UNIT_AFTER.test(ctx.after(end, 12))) return 0;
    const cue = phoneCueBefore(ctx, start);
    if (cue === 'id') return 0;
    if (looksLikeThousands(s) && cue !== 'phone') return 0;
    const formatted = phoneLikeFormat(s);
    if (cue !== 'phone') {
      // Without a cue, an unseparated digit run, a 7-digit local number or an unusual grouping is too ambiguous.
      if (s.groups.length === 1 || s.digits.length < 9 || !formatted) return 0;
    }
    const verdict = checkNumber(s, core);
    if (!verdict.possible) return 0;
    if (cue === 'phone') return verdict.valid ? 0.95 : 0.85;
    if (s.plus) return verdict.valid ? 0.9 : 0.8;
    if (verdict.valid) return 0.85;
    if (s.paren) return 0.75; // "(555) 123-4567": the parenthesised area code is distinctive
    // Possible but not valid: fictional or new ranges ("07700 900123"), accepted in trunk-0 national form only.
    if (s.groups[0].startsWith('0')) return 0.7;
    return 0;
  }
}
