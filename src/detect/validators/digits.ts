/** Keep only the ASCII digits of a string ("4147 2031-5566" → "414720315566"). */
export function digitsOf(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** Keep only ASCII letters and digits, upper-cased ("de22 7015" → "DE227015"). */
export function alnumUpper(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}
