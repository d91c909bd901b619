import { readDataJson } from '../../lexicons/data-files.js';

/** IBAN (ISO 13616): per-country length from data/iban-lengths.json, then mod 97 = 1. */
let lengths: Map<string, number> | undefined;

export function ibanLengthFor(country: string): number | undefined {
  if (!lengths) {
    const raw = readDataJson<Record<string, number | string>>('iban-lengths.json');
    lengths = new Map(Object.entries(raw).filter((e): e is [string, number] => typeof e[1] === 'number'));
  }
  return lengths.get(country);
}

/** Remainder of a long alphanumeric string read as a number, letters as 10..35. */
export function mod97(alnum: string): number {
  let rem = 0;
  for (let i = 0; i < alnum.length; i++) {
    const code = alnum.charCodeAt(i);
    if (code >= 48 && code <= 57) rem = (rem * 10 + (code - 48)) % 97;
    else rem = (rem * 100 + (code - 55)) % 97; // 'A' (65) → 10
  }
  return rem;
}

/** `compact`: upper-case letters and digits only, no spaces. */
export function ibanValid(compact: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(compact)) return false;
  const expected = ibanLengthFor(compact.slice(0, 2));
  if (expected === undefined || expected !== compact.length) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}
