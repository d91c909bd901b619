import { UsageError } from '../cli/errors.js';

/**
 * Where the queue lives and how its keys are named: flags first, then the
 * environment (SPLICE_REDIS_URL, SPLICE_QUEUE_PREFIX), then the defaults.
 * Run names become part of Redis keys and BullMQ queue names, so they are
 * restricted to a small safe alphabet.
 */

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_PREFIX = 'splice';

export interface QueueSettings {
  /** redis:// or rediss:// URL (may carry a password: print it with displayUrl only). */
  redisUrl: string;
  /** Prefix of every Redis key (BullMQ's and Splice's own). */
  prefix: string;
}

export interface QueueFlags {
  redisUrl?: string;
  prefix?: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

export function queueSettings(flags: QueueFlags, env: NodeJS.ProcessEnv): QueueSettings {
  const redisUrl = nonEmpty(flags.redisUrl) ?? nonEmpty(env.SPLICE_REDIS_URL) ?? DEFAULT_REDIS_URL;
  let parsed: URL;
  try {
    parsed = new URL(redisUrl);
  } catch {
    throw new UsageError('invalid Redis URL (--redis-url or SPLICE_REDIS_URL): expected redis://HOST:PORT[/DB]');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new UsageError(`invalid Redis URL ${displayUrl(redisUrl)}: expected redis:// or rediss://`);
  }
  const prefix = nonEmpty(flags.prefix) ?? nonEmpty(env.SPLICE_QUEUE_PREFIX) ?? DEFAULT_PREFIX;
  if (!NAME.test(prefix)) throw new UsageError(`invalid queue prefix "${prefix}" (--prefix or SPLICE_QUEUE_PREFIX): letters, digits, "_", "." and "-", at most 100`);
  return { redisUrl, prefix };
}

/** A run name: letters, digits, "_", "." and "-", starting with a letter or digit, at most 100 characters. */
export function checkRunName(name: string | undefined, env: NodeJS.ProcessEnv = {}): string {
  const run = nonEmpty(name) ?? nonEmpty(env.SPLICE_RUN);
  if (!run) throw new UsageError('name the run: --run NAME (or SPLICE_RUN)');
  if (!NAME.test(run)) throw new UsageError(`invalid run name "${run}": letters, digits, "_", "." and "-", starting with a letter or digit, at most 100`);
  return run;
}

/** The URL without user name or password, for messages. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const db = parsed.pathname && parsed.pathname !== '/' ? parsed.pathname : '';
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${db}`;
  } catch {
    return '(unparsable URL)';
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
