/**
 * FNV-1a (32 bits) over the UTF-16 code units text[start, end), as a signed 32-bit integer: the
 * hash of the open-addressing word tables (packed words, name flags, word ids, the place filter).
 * Compiled files store tables built with it, so it must not change without a new format key.
 */
export function fnv1a(text: string, start = 0, end = text.length): number {
  let h = 0x811c9dc5 | 0;
  for (let k = start; k < end; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h;
}
