import { readDataJson } from '../../lexicons/data-files.js';

/**
 * US Social Security, Individual Taxpayer and Employer Identification Numbers.
 * Input: the nine digits without separators.
 */

/** SSN: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function ssnValid(digits: string): boolean {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || area[0] === '9') return false;
  if (digits.slice(3, 5) === '00') return false;
  return digits.slice(5) !== '0000';
}

/** ITIN: area 9xx, group 50-65, 70-88, 90-92 or 94-99. */
export function itinValid(digits: string): boolean {
  if (!/^9[0-9]{8}$/.test(digits)) return false;
  const g = Number(digits.slice(3, 5));
  return (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || (g >= 94 && g <= 99);
}

let einPrefixes: Set<string> | undefined;

/** EIN: a prefix the IRS assigns (data/ids/ein-prefixes.json), not all zeros. */
export function einValid(digits: string): boolean {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  einPrefixes ??= new Set(readDataJson<{ prefixes: string[] }>('ids/ein-prefixes.json').prefixes);
  return einPrefixes.has(digits.slice(0, 2)) && digits.slice(2) !== '0000000';
}
