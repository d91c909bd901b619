import type { Readable } from 'node:stream';

/**
 * Splits a byte stream into lines without decoding it (so each line can be
 * checked for invalid UTF-8 on its own) and without holding more than
 * `maxLineBytes` of any one line: a longer line is reported as over-size and its
 * bytes are dropped as they stream past. (node:readline decodes leniently and
 * has no line-length bound, hence this small reader.)
 */
export interface RawLine {
  /** 1-based line number. */
  number: number;
  /** The line without its terminator (LF or CRLF); undefined when over-size. */
  bytes?: Buffer;
  /** Total byte length of the line (also when over-size). */
  length: number;
}

export async function* readRawLines(input: Readable, maxLineBytes: number): AsyncGenerator<RawLine> {
  let parts: Buffer[] = [];
  let pending = 0;
  let oversize = false;
  let number = 0;

  const finish = (): RawLine => {
    number++;
    const length = pending;
    if (oversize) {
      parts = [];
      pending = 0;
      oversize = false;
      return { number, length };
    }
    let bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts, pending);
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    parts = [];
    pending = 0;
    return { number, bytes, length };
  };

  const add = (piece: Buffer) => {
    pending += piece.length;
    if (oversize) return;
    if (pending > maxLineBytes) {
      oversize = true;
      parts = [];
    } else if (piece.length > 0) {
      parts.push(piece);
    }
  };

  for await (const chunk of input) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    let from = 0;
    for (let nl = buf.indexOf(0x0a, from); nl !== -1; nl = buf.indexOf(0x0a, from)) {
      // Copy: the chunk's memory may be reused by the stream.
      add(Buffer.from(buf.subarray(from, nl)));
      yield finish();
      from = nl + 1;
    }
    if (from < buf.length) add(Buffer.from(buf.subarray(from)));
  }
  if (pending > 0 || oversize) yield finish();
}
