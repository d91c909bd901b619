import { createHmac, randomBytes } from 'node:crypto';

/**
 * Keyed choices: every surrogate decision is read from HMAC-SHA256(key, purpose,
 * value, attempt), so the same value gets the same stand-in wherever the same key
 * is used, and nothing (no table from originals to surrogates) is stored. Without
 * a user key each document gets a fresh random key: consistent within the
 * document, unlinkable across documents.
 *
 * The hash is only ever used to pick among stand-ins; it is never written out.
 */
export class Keyed {
  private readonly key: Buffer;

  constructor(key?: string | Buffer) {
    if (key === undefined) this.key = randomBytes(32);
    else if (typeof key === 'string') {
      if (key === '') throw new Error('the surrogate key is empty');
      this.key = Buffer.from(key, 'utf8');
    } else this.key = key;
  }

  /** A fresh per-document key (no user key). */
  static random(): Keyed {
    return new Keyed();
  }

  /** A stream of pseudo-random numbers for one (purpose, value, attempt). */
  stream(purpose: string, value: string, attempt = 0): KeyedStream {
    return new KeyedStream(this.key, `${purpose}\u0000${value}\u0000${attempt}`);
  }

  /** A whole number in [0, n). */
  int(purpose: string, value: string, n: number, attempt = 0): number {
    return this.stream(purpose, value, attempt).int(n);
  }

  pick<T>(purpose: string, value: string, items: readonly T[], attempt = 0): T {
    if (items.length === 0) throw new Error(`no stand-ins to pick from (${purpose})`);
    return items[this.int(purpose, value, items.length, attempt)];
  }
}

/**
 * Deterministic numbers from HMAC blocks (counter mode): each block gives eight
 * 32-bit words; `int(n)` uses rejection sampling, so no value is favoured.
 */
export class KeyedStream {
  private block = Buffer.alloc(0);
  private offset = 0;
  private counter = 0;

  constructor(
    private readonly key: Buffer,
    private readonly label: string,
  ) {}

  private word(): number {
    if (this.offset + 4 > this.block.length) {
      this.block = createHmac('sha256', this.key).update(`${this.label}\u0000${this.counter++}`).digest();
      this.offset = 0;
    }
    const w = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return w;
  }

  /** A whole number in [0, n), n ≤ 2^32. */
  int(n: number): number {
    if (!(n >= 1) || n > 0x1_0000_0000) throw new Error(`invalid range ${n}`);
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    for (;;) {
      const w = this.word();
      if (w < limit) return w % n;
    }
  }

  /** A number in [0, 1). */
  float(): number {
    return this.word() / 0x1_0000_0000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('no stand-ins to pick from');
    return items[this.int(items.length)];
  }

  /** A digit 0-9 (or 1-9 with nonZero). */
  digit(nonZero = false): string {
    return nonZero ? String(1 + this.int(9)) : String(this.int(10));
  }

  letter(): string {
    return String.fromCharCode(97 + this.int(26));
  }
}
