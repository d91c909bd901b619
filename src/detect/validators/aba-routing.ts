/**
 * US ABA routing transit number: 9 digits, weights 3-7-1, sum divisible by 10.
 * The first two digits are a Federal Reserve routing symbol (00-12, 21-32,
 * 61-72 for electronic, 80 for traveller's cheques).
 */
export function abaRoutingValid(digits: string): boolean {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const prefixOk = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!prefixOk) return false;
  const w = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * w[i % 3];
  return sum % 10 === 0;
}
