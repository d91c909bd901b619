import {
  aadhaarValid,
  abaRoutingValid,
  alnumUpper,
  canadianSinValid,
  cardBrand,
  digitsOf,
  einValid,
  germanTaxIdValid,
  ibanValid,
  indianPanValid,
  itinValid,
  luhnValid,
  mod97,
  nhsNumberValid,
  paymentCardValid,
  ssnValid,
  ukNinoValid,
  vinCheckDigitValid,
  vinShapeValid,
} from '../../detect/validators/index.js';
import type { Keyed, KeyedStream } from './keyed.js';
import { fillAlnum, fillDigits, reshape } from './shape.js';

/**
 * ID_NUMBER and FINANCIAL surrogates: numbers of the same scheme and layout that
 * pass the same validator as the original (src/detect/validators), drawn from
 * reserved or test ranges where the scheme has one:
 *
 *  - payment cards: the brand's published test IIN (processor test cards such as
 *    4111 11…, 5555 55…, 3782 82…, 6011 11…), random middle digits, Luhn check
 *    digit; same length and grouping
 *  - IBAN: same country and length, the BBAN redrawn letter for letter and digit
 *    for digit, ISO 7064 check digits recomputed
 *  - US SSN: 987-65-4320 … 987-65-4329, the block the SSA reserves for
 *    advertising (valid as an ITIN shape, never issued as an SSN)
 *  - NHS number: the 999 range reserved for testing, mod-11 check digit
 *  - EIN, ABA routing, Canadian SIN, Aadhaar, PAN, German tax ID, VIN: random
 *    numbers that pass the scheme's validator (no reserved block the validators
 *    accept), check digits recomputed
 *  - anything else (account, passport, record numbers): digit for digit and
 *    letter for letter, separators kept
 */
const TEST_IINS: Record<string, string[]> = {
  visa: ['411111', '400000', '424242'],
  mastercard: ['555555', '510510', '222300'],
  amex: ['378282', '371449'],
  discover: ['601111', '601100'],
  diners: ['305693', '385200'],
  jcb: ['353011', '356600'],
  unionpay: ['620000', '624303'],
  maestro: ['675964', '500000'],
  mir: ['220000'],
  rupay: ['608000'],
  troy: ['979200'],
};

/** Sets the check character at `at` (default: last) to the first value that makes `valid` pass. */
function withCheck(body: string, valid: (s: string) => boolean, at = body.length - 1, alphabet = '0123456789'): string | undefined {
  for (const c of alphabet) {
    const s = body.slice(0, at) + c + body.slice(at + 1);
    if (valid(s)) return s;
  }
  return undefined;
}

function randomDigits(rng: KeyedStream, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += rng.digit();
  return s;
}

function card(digits: string, rng: KeyedStream): string | undefined {
  const brand = cardBrand(digits);
  if (!brand) return undefined;
  for (let i = 0; i < 40; i++) {
    const iin = rng.pick(TEST_IINS[brand] ?? [digits.slice(0, 1)]);
    const body = (iin + randomDigits(rng, digits.length)).slice(0, digits.length);
    const out = withCheck(body, luhnValid);
    if (out && out !== digits && cardBrand(out) === brand) return out;
  }
  return undefined;
}

function iban(compact: string, rng: KeyedStream): string | undefined {
  const country = compact.slice(0, 2);
  for (let i = 0; i < 20; i++) {
    const bban = reshape(compact.slice(4), rng).toUpperCase();
    const check = String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
    const out = `${country}${check}${bban}`;
    if (out !== compact && ibanValid(out)) return out;
  }
  return undefined;
}

/** Redraws digits (and letters) until `valid` passes, fixing a check character at `at` when given. */
function untilValid(compact: string, rng: KeyedStream, valid: (s: string) => boolean, tries: number, checkAt?: number, alphabet?: string): string | undefined {
  for (let i = 0; i < tries; i++) {
    let candidate = reshape(compact, rng).toUpperCase();
    if (checkAt !== undefined) {
      const fixed = withCheck(candidate, valid, checkAt, alphabet);
      if (!fixed) continue;
      candidate = fixed;
    }
    if (candidate !== compact && valid(candidate)) return candidate;
  }
  return undefined;
}

/** Writes a compact stand-in back into the original's layout (spaces, dashes, case). */
function relayout(original: string, compact: string): string {
  const lower = original === original.toLowerCase() && /[a-z]/.test(original);
  return fillAlnum(original, compact, lower);
}

/** A stand-in for a number: same scheme, valid where the original was (see the module comment). */
export function surrogateNumber(text: string, keyed: Keyed, attempt: number): string {
  const compact = alnumUpper(text);
  const digits = digitsOf(text);
  const rng = keyed.stream('number', compact, attempt);
  const onlyDigits = compact === digits && digits.length > 0;
  if (onlyDigits && paymentCardValid(digits)) {
    const c = card(digits, rng);
    if (c) return fillDigits(text, c);
  }
  if (/^[A-Z]{2}\d{2}/.test(compact) && ibanValid(compact)) {
    const c = iban(compact, rng);
    if (c) return relayout(text, c);
  }
  if (onlyDigits && digits.length === 9 && (ssnValid(digits) || itinValid(digits)) && /^\s*\d{3}[- ]\d{2}[- ]\d{4}\s*$/.test(text)) {
    for (let i = 0; i < 10; i++) {
      const c = `98765432${rng.digit()}`;
      if (c !== digits) return fillDigits(text, c);
    }
  }
  if (onlyDigits && digits.length === 10 && nhsNumberValid(digits)) {
    for (let i = 0; i < 40; i++) {
      const c = withCheck(`999${randomDigits(rng, 7)}`, nhsNumberValid);
      if (c && c !== digits) return fillDigits(text, c);
    }
  }
  const checks: Array<[boolean, (s: string) => boolean, number | undefined, string | undefined]> = [
    [onlyDigits && digits.length === 9 && einValid(digits) && /^\s*\d{2}-\d{7}\s*$/.test(text), einValid, undefined, undefined],
    [onlyDigits && abaRoutingValid(digits), abaRoutingValid, 8, undefined],
    [onlyDigits && canadianSinValid(digits), canadianSinValid, 8, undefined],
    [onlyDigits && aadhaarValid(digits), aadhaarValid, 11, undefined],
    [onlyDigits && germanTaxIdValid(digits), germanTaxIdValid, 10, undefined],
    [ukNinoValid(compact), ukNinoValid, undefined, undefined],
    [indianPanValid(compact), indianPanValid, undefined, undefined],
    [vinShapeValid(compact) && vinCheckDigitValid(compact), (s) => vinShapeValid(s) && vinCheckDigitValid(s), 8, '0123456789X'],
  ];
  for (const [applies, valid, at, alphabet] of checks) {
    if (!applies) continue;
    let c = untilValid(compact, rng, valid, 400, at, alphabet);
    // A PAN's fourth letter (the holder type: P for a person) stays.
    if (c && valid === indianPanValid) c = c.slice(0, 3) + compact[3] + c.slice(4);
    if (c && c !== compact) return relayout(text, c);
  }
  // No known scheme: digit for digit, letter for letter. A four-digit number that is no year
  // ("4823") does not become one ("1987"): the stand-in would read as a date, not a number.
  const yearLike = (s: string) => /(?:^|[^0-9])(?:1[89]|20)[0-9]{2}(?![0-9])/.test(s);
  const avoidYears = !yearLike(text);
  for (let i = 0; i < 16; i++) {
    const out = reshape(text, rng);
    if (alnumUpper(out) !== compact && !(avoidYears && i < 12 && yearLike(out))) return out;
  }
  return reshape(text, rng);
}
