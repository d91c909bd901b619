import { sendOversized } from '../../bench/http-oversized.js';
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

/** `sendOversized` (bench/http-oversized.ts) with the test token and a string payload. */
export function postOversized(base: string, path: string, payload: string, options: { token?: string; chunked?: boolean; stopAfter?: number } = {}): Promise<number> {
  const body = Buffer.from(payload);
  return sendOversized(base, path, body, options.token ?? TOKEN, options.chunked, options.stopAfter ?? body.length);
}

