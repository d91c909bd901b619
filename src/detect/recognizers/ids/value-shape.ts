/**
 * Shape checks shared by the cue-anchored recognizers: what a code must look
 * like, and the look-alikes (dates, times, versions, years, amounts) it must not.
 */

// Day-month-year in either order, year-month-day, and month-year ("03/2019",
// "2019-03"); the parts must be a plausible day and month, so "88-33-991" and
// "22-1234" are codes, not dates.
const DMY = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/;
const YMD = /^(?:19|20)\d{2}([-/.])(\d{1,2})\1(\d{1,2})$/;
const MONTH_YEAR = /^(?:(?:0?[1-9]|1[0-2])[-/.](?:19|20)\d{2}|(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2]))$/;

function isDate(value: string): boolean {
  if (MONTH_YEAR.test(value)) return true;
  let m = DMY.exec(value);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    return a >= 1 && b >= 1 && a <= 31 && b <= 31 && (a <= 12 || b <= 12);
  }
  m = YMD.exec(value);
  if (m) {
    const month = Number(m[2]);
    const day = Number(m[3]);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }
  return false;
}
const TIME = /^\d{1,2}[:.]\d{2}(?:[:.]\d{2})?$/;
const VERSION = /^v?\d{1,3}(?:\.\d{1,4}){1,3}$/i;
const YEAR = /^(?:19|20)\d{2}$/;
const YEAR_RANGE = /^(?:19|20)\d{2}[-/](?:(?:19|20)?\d{2})$/;
const ORDINAL = /^\d{1,4}(?:st|nd|rd|th)$/i;
const QUANTITY = /^\d{1,6}(?:[a-z]{1,3})$/; // "10mg", "5kg", "500ml"

export interface CodeStats {
  digits: number;
  letters: number;
  masks: number;
  alnum: number;
}

export function codeStats(value: string): CodeStats {
  let digits = 0;
  let letters = 0;
  let masks = 0;
  for (const ch of value) {
    if (ch >= '0' && ch <= '9') digits++;
    else if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) letters++;
    else if (ch === '*' || ch === '•') masks++;
  }
  return { digits, letters, masks, alnum: digits + letters + masks };
}

/** A date, time, version, year, ordinal or quantity rather than an identifier. */
export function isLookAlike(value: string): boolean {
  return isDate(value) || TIME.test(value) || VERSION.test(value) || YEAR.test(value) || YEAR_RANGE.test(value) || ORDINAL.test(value) || QUANTITY.test(value);
}

/**
 * Minimum shape of a cue-anchored code. Strong cues ("MRN", "Policy no.") accept
 * any code of 4+ characters with a digit; weak cues ("No.", "#", "Ref") need a
 * code that looks like one on its own: letters and digits mixed, or 5+ digits.
 */
export function acceptableCode(value: string, strength: 'strong' | 'weak'): boolean {
  const s = codeStats(value);
  // Digits are what a code protects: "**must**" (Markdown) and "***-**-****" (fully masked) are not codes.
  if (s.digits === 0) return false;
  // Lower-case words and hashes are prose or software: "http2.connect", "report.2018.json", "a51f429".
  if (/[a-z]{4}/.test(value) || (/[a-z][^a-z]*[a-z][^a-z]*[a-z]/.test(value) && !/[A-Z]/.test(value))) return false;
  if (s.alnum < (strength === 'strong' ? 4 : 5)) return false;
  if (isLookAlike(value)) return false;
  if (strength === 'weak') {
    return (s.letters > 0 && s.digits >= 2) || s.digits >= 5;
  }
  return true;
}
