import { connect } from 'node:net';

/**
 * Sends a body the server must refuse for its size over a raw TCP connection:
 * the request head (with its Content-Length, or chunked without one), then,
 * unless the server has answered the head alone, the body in 64 KB pieces (up
 * to `stopAfter` bytes) until the answer's status line arrives. A plain HTTP
 * client can lose that answer to an EPIPE when the server closes the
 * connection after answering 413 without reading the rest. Resolves with the
 * status; rejects when the connection fails before it, or after 60 s.
 */
export function sendOversized(base: string, path: string, body: Buffer, token: string, chunked = false, stopAfter = body.length): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let settled = false;
    let received = '';
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      fn();
    };
    const socket = connect(Number(url.port), url.hostname);
    const timer = setTimeout(() => finish(() => reject(new Error('no answer to the oversized body within 60 s'))), 60_000);
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (m) finish(() => resolve(Number(m[1])));
    });
    socket.on('error', (err) => finish(() => reject(err)));
    socket.on('connect', () => {
      const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${length}\r\nConnection: close\r\n\r\n`);
      let offset = 0;
      // One piece per turn of the event loop, so that an answer that has arrived is read before the next write.
      const pump = () => {
        if (settled) return;
        if (offset >= stopAfter) {
          // All sent (or as much as asked): wait for the answer.
          if (chunked && offset >= body.length) socket.write('0\r\n\r\n');
          return;
        }
        const piece = body.subarray(offset, offset + 65536);
        offset += piece.length;
        const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
        if (socket.write(framed)) setImmediate(pump);
        else socket.once('drain', () => setImmediate(pump));
      };
      // A server that judges the size by the Content-Length answers the head alone: give it a second first.
      setTimeout(pump, chunked ? 0 : 1000);
    });
  });
}
