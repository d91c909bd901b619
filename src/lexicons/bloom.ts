/**
 * A Bloom filter of two bits per key over 2^log2 bits, keyed by a 32-bit hash of the key (FNV-1a
 * here, src/lexicons/fnv.ts): the hash's low bits give the first bit, the hash mixed again
 * (MurmurHash2's multiplier) its high bits the second. "No" is sure; "yes" may be wrong. The
 * place recognizer's compiled filter and the assess stage's table filter are such filters.
 */
export class TwoBitBloom {
  private readonly mask: number;
  private readonly shift: number;

  /** `bytes`: bits made before (a compiled file), 2^log2 / 8 of them; empty by default. */
  constructor(
    log2: number,
    readonly bytes: Uint8Array = new Uint8Array(1 << (log2 - 3)),
  ) {
    if (bytes.length !== 1 << (log2 - 3)) throw new Error(`TwoBitBloom: ${bytes.length} bytes for 2^${log2} bits`);
    this.mask = (1 << log2) - 1;
    this.shift = 32 - log2;
  }

  add(h: number): void {
    const a = h & this.mask;
    const b = this.second(h);
    this.bytes[a >>> 3] |= 1 << (a & 7);
    this.bytes[b >>> 3] |= 1 << (b & 7);
  }

  /** False when no key with hash `h` was added. */
  has(h: number): boolean {
    const a = h & this.mask;
    if ((this.bytes[a >>> 3] & (1 << (a & 7))) === 0) return false;
    const b = this.second(h);
    return (this.bytes[b >>> 3] & (1 << (b & 7))) !== 0;
  }

  private second(h: number): number {
    return (Math.imul(h, 0x5bd1e995) >>> this.shift) & this.mask;
  }
}
