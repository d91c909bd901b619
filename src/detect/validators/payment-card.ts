import { readDataJson } from '../../lexicons/data-files.js';
import { luhnValid } from './luhn.js';

/** Payment card numbers: issuer (IIN) range and length from data/financial/card-iins.json, then Luhn. */
interface BrandRow {
  brand: string;
  prefixes: string[];
  ranges: Array<[string, string]>;
  lengths: number[];
}

let brands: BrandRow[] | undefined;

function inRange(digits: string, [lo, hi]: [string, string]): boolean {
  const head = digits.slice(0, lo.length);
  return head.length === lo.length && head >= lo && head <= hi;
}

/** The card brand whose IIN range and length match, or undefined. Input: digits only. */
export function cardBrand(digits: string): string | undefined {
  brands ??= readDataJson<{ brands: BrandRow[] }>('financial/card-iins.json').brands;
  for (const b of brands) {
    if (!b.lengths.includes(digits.length)) continue;
    if (b.prefixes.some((p) => digits.startsWith(p)) || b.ranges.some((r) => inRange(digits, r))) return b.brand;
  }
  return undefined;
}

export function paymentCardValid(digits: string): boolean {
  return /^[0-9]{12,19}$/.test(digits) && cardBrand(digits) !== undefined && luhnValid(digits);
}
