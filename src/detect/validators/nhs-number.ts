/** UK NHS number: 10 digits, weights 10..2 on the first nine, mod 11 check digit. */
export function nhsNumberValid(digits: string): boolean {
  if (!/^[0-9]{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (10 - i);
  let check = 11 - (sum % 11);
  if (check === 11) check = 0;
  if (check === 10) return false;
  return check === digits.charCodeAt(9) - 48;
}
