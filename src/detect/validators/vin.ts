/**
 * Vehicle identification number (ISO 3779): 17 characters, no I, O or Q.
 * Position 9 is a check digit (mod 11, 'X' for 10) that is mandatory for North
 * American (WMI starting 1-5) and Chinese (L) vehicles and optional elsewhere.
 */
const VALUE: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

export function vinShapeValid(vin: string): boolean {
  return SHAPE.test(vin) && /[0-9]/.test(vin) && /[A-Z]/.test(vin);
}

/** True when position 9 holds the computed check digit. */
export function vinCheckDigitValid(vin: string): boolean {
  if (!SHAPE.test(vin)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i];
    const v = ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : VALUE[ch];
    sum += v * WEIGHTS[i];
  }
  const r = sum % 11;
  return vin[8] === (r === 10 ? 'X' : String(r));
}

/** Whether the check digit is mandatory for this VIN's region of manufacture. */
export function vinCheckDigitRequired(vin: string): boolean {
  return /^[1-5L]/.test(vin);
}
