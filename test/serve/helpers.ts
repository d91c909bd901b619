import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { Engine } from '../../src/serve/engine.js';
import { startServer, type RunningServer } from '../../src/serve/index.js';
import type { ServeOptions } from '../../src/serve/options.js';
import type { PipelineOptions } from '../../src/pipeline.js';

/** Invented API token used by every serve test. */
export const TOKEN = 'test-token-4f1c9a7e2b6d8053';

export interface TestServerOptions {
  dbPath?: string;
  engine?: Engine;
  jobs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  bodyLimit?: number;
  maxQueue?: number;
  pipeline?: PipelineOptions;
}

/** A memory stream collecting the server's log lines. */
export class LogSink extends Writable {
  readonly chunks: string[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk.toString());
    callback();
  }
  get text(): string {
    return this.chunks.join('');
  }
}

/** A server on 127.0.0.1, port 0 (any free port); close it in an `after` hook. */
export async function startTestServer(options: TestServerOptions = {}, log?: LogSink): Promise<RunningServer> {
  const serve: ServeOptions = {
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    dbPath: options.dbPath ?? ':memory:',
    bodyLimit: options.bodyLimit ?? 16 * 1024 * 1024,
    maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 60_000,
    jobs: options.jobs ?? 1,
    maxQueue: options.maxQueue ?? 1000,
    logLevel: 'info',
    pipeline: options.pipeline ?? { profile: 'balanced' },
  };
  return startServer(serve, { engine: options.engine, log: log ? { stream: log, level: 'info' } : false });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One request; `token: null` sends none. JSON answers are parsed into `body`. */
export async function call(base: string, method: string, path: string, options: { body?: unknown; token?: string | null; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.raw !== undefined) {
    payload = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * Sends a body the server must refuse for its size over a raw TCP connection:
 * the request head (with its Content-Length, or chunked without one), then,
 * unless the server has answered the head alone, the body in 64 KB pieces (up
 * to `stopAfter` bytes) until the answer's status line arrives. A plain HTTP
 * client can lose that answer to an EPIPE when the server closes the
 * connection after answering 413 without reading the rest. Resolves with the
 * status; rejects when the connection fails before it, or after 60 s.
 */
export function postOversized(base: string, path: string, payload: string, options: { token?: string; chunked?: boolean; stopAfter?: number } = {}): Promise<number> {
  const body = Buffer.from(payload);
  return sendOversized(base, path, body, options.token ?? TOKEN, options.chunked, options.stopAfter ?? body.length);
}

function sendOversized(base: string, path: string, body: Buffer, token: string, chunked = false, stopAfter = body.length): Promise<number> {
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
