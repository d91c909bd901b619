import { luhnValid } from './luhn.js';
import { verhoeffValid } from './verhoeff.js';

/** Validators for national identifiers that carry their own structure or check digit. */

/**
 * UK National Insurance number: two prefix letters (D, F, I, Q, U, V never used;
 * O not second; BG, GB, KN, NK, NT, TN, ZZ not allocated), six digits, suffix A-D.
 * Input: compact upper case ("QQ123456C").
 */
const NINO = /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$/;
const NINO_BAD_PREFIX = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);
export function ukNinoValid(compact: string): boolean {
  return NINO.test(compact) && !NINO_BAD_PREFIX.has(compact.slice(0, 2));
}

/** Canadian Social Insurance Number: 9 digits, Luhn; 0 and 8 are not issued as first digit. */
export function canadianSinValid(digits: string): boolean {
  return /^[1-79][0-9]{8}$/.test(digits) && luhnValid(digits);
}

/** Indian Aadhaar: 12 digits, first digit 2-9, Verhoeff check digit. */
export function aadhaarValid(digits: string): boolean {
  return /^[2-9][0-9]{11}$/.test(digits) && verhoeffValid(digits);
}

/**
 * Indian PAN: five letters, four digits, a letter. The fourth letter is the
 * holder type (P person, C company, H HUF, F firm, A AOP, T trust, B BOI,
 * L local authority, J artificial juridical person, G government, K krish).
 */
const PAN = /^[A-Z]{3}[ABCFGHJKLPT][A-Z][0-9]{4}[A-Z]$/;
export function indianPanValid(compact: string): boolean {
  return PAN.test(compact);
}

/**
 * German tax identification number (Steuer-IdNr): 11 digits, no leading zero.
 * Among the first ten digits exactly one digit occurs twice or three times (a
 * triple never in three consecutive places) and the others at most once. The
 * eleventh is an ISO 7064 MOD 11,10 check digit.
 */
export function germanTaxIdValid(digits: string): boolean {
  if (!/^[1-9][0-9]{10}$/.test(digits)) return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) counts[digits.charCodeAt(i) - 48]++;
  const repeated = counts.filter((c) => c > 1);
  if (repeated.length !== 1 || repeated[0] > 3) return false;
  if (repeated[0] === 3 && /([0-9])\1\1/.test(digits.slice(0, 10))) return false;
  let product = 10;
  for (let i = 0; i < 10; i++) {
    let sum = (digits.charCodeAt(i) - 48 + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  let check = 11 - product;
  if (check === 10) check = 0;
  return check === digits.charCodeAt(10) - 48;
}
