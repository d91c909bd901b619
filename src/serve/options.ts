import { UsageError } from '../cli/errors.js';
import { DEFAULT_MAX_BYTES, parseByteSize } from '../cli/input.js';
import { defaultJobs, parseInteger, toPipelineOptions, type EngineCliOptions } from '../cli/options.js';
import type { PipelineOptions } from '../pipeline.js';
import { isPostgresUrl } from './storage/index.js';

/** What `splice serve` runs with (validated from the command line and the environment). */
export interface ServeOptions {
  host: string;
  port: number;
  token: string;
  /** SQLite file (':memory:' for none); unused when databaseUrl is set. */
  dbPath: string;
  databaseUrl?: string;
  bodyLimit: number;
  maxBytes: number;
  timeoutMs: number;
  jobs: number;
  maxQueue: number;
  logLevel: string;
  pipeline: PipelineOptions;
}

export interface ServeCliOptions extends EngineCliOptions {
  host?: string;
  port?: string;
  token?: string;
  db?: string;
  databaseUrl?: string;
  bodyLimit?: string;
  maxBytes?: string;
  timeout?: string;
  jobs?: string;
  maxQueue?: string;
  logLevel?: string;
}

export const SERVE_DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  db: 'splice-review.sqlite',
  bodyLimit: '16MB',
  timeoutMs: 30_000,
  maxQueue: 1000,
  logLevel: 'info',
} as const;

/** Shortest API token accepted: a guessable token protects nothing. */
export const MIN_TOKEN_LENGTH = 16;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function toServeOptions(opts: ServeCliOptions, env: NodeJS.ProcessEnv = process.env): ServeOptions {
  const token = opts.token ?? env.SPLICE_API_TOKEN ?? '';
  if (!token) throw new UsageError('splice serve needs an API token: --token TOKEN or the environment variable SPLICE_API_TOKEN (every route but /healthz requires it)');
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new UsageError(`the API token must have at least ${MIN_TOKEN_LENGTH} characters and no spaces (for example: openssl rand -hex 24)`);
  }
  const databaseUrl = opts.databaseUrl ?? (env.SPLICE_DATABASE_URL || undefined);
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) throw new UsageError('--database-url must be a postgres:// or postgresql:// URL');
  const logLevel = opts.logLevel ?? SERVE_DEFAULTS.logLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`invalid --log-level "${logLevel}" (${LOG_LEVELS.join(', ')})`);
  const host = opts.host ?? SERVE_DEFAULTS.host;
  if (!/^[A-Za-z0-9.:[\]-]{1,255}$/.test(host)) throw new UsageError(`invalid --host "${host}"`);
  return {
    host,
    port: opts.port === undefined ? SERVE_DEFAULTS.port : parseInteger('--port', opts.port, 0, 65535),
    token,
    dbPath: opts.db ?? SERVE_DEFAULTS.db,
    databaseUrl,
    bodyLimit: parseByteSize(opts.bodyLimit ?? SERVE_DEFAULTS.bodyLimit),
    maxBytes: parseByteSize(opts.maxBytes ?? String(DEFAULT_MAX_BYTES)),
    timeoutMs: opts.timeout === undefined ? SERVE_DEFAULTS.timeoutMs : parseInteger('--timeout', opts.timeout, 100, 3_600_000),
    jobs: opts.jobs === undefined ? defaultJobs() : parseInteger('--jobs', opts.jobs, 1, 256),
    maxQueue: opts.maxQueue === undefined ? SERVE_DEFAULTS.maxQueue : parseInteger('--max-queue', opts.maxQueue, 1, 1_000_000),
    logLevel,
    pipeline: toPipelineOptions(opts, env),
  };
}
