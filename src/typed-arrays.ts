/** The typed arrays the compact tables use. */
export type NumberArray = Int32Array | Uint8Array | Uint16Array | Float64Array;

/**
 * A copy of `a` in a new array of the same type and `size` elements (at least `a.length`): the
 * room a table gains when it is full. The elements past `a.length` are `fill` (0 unless given).
 */
export function grown<T extends NumberArray>(a: T, size: number, fill = 0): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(size, a.length));
  if (fill !== 0) b.fill(fill, a.length);
  b.set(a);
  return b;
}
