import { Queue, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { CliError, ExitCode } from '../cli/errors.js';
import { displayUrl, type QueueSettings } from './config.js';

/**
 * Connections to Redis. Every client reconnects on its own after Redis
 * restarts (a short back-off, forever); commands issued meanwhile wait in the
 * client's offline queue. Only the first contact fails fast, so that a wrong
 * URL or a stopped server is a clear error instead of a hang.
 */

/** Delay before reconnect attempt `times` (1, 2, …): 100 ms growing to 2 s. */
export function reconnectDelay(times: number): number {
  return Math.min(times * 100, 2000);
}

/** Options for BullMQ's own connections (a Worker needs maxRetriesPerRequest null to block for jobs). */
export function bullConnection(settings: QueueSettings, name: string): ConnectionOptions {
  return { url: settings.redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelay, connectionName: name };
}

/** A plain client for Splice's own keys (run settings, results). */
export function createRedis(settings: QueueSettings, name: string): Redis {
  const client = new Redis(settings.redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: reconnectDelay,
    connectionName: name,
    lazyConnect: true,
  });
  // Connection errors are retried by the client; without a listener Node would throw them.
  client.on('error', () => undefined);
  return client;
}

/** Connect, or fail within `timeoutMs` with a message naming the server (never its password). */
export async function connectOrFail(client: Redis, settings: QueueSettings, timeoutMs = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  let lastError: string | undefined;
  const onError = (err: Error & { code?: string }) => {
    lastError = err.code ?? err.name;
  };
  client.on('error', onError);
  try {
    if (client.status === 'wait') void client.connect().catch(() => undefined);
    await Promise.race([client.ping(), timeout]);
  } catch {
    client.disconnect();
    throw new CliError(`cannot reach Redis at ${displayUrl(settings.redisUrl)}${lastError ? ` (${lastError})` : ''}: start it, or point --redis-url / SPLICE_REDIS_URL at it`, ExitCode.ProcessingError);
  } finally {
    clearTimeout(timer);
    client.off('error', onError);
  }
}

/** The BullMQ queue of a run (one queue per run, named after it). */
export function openQueue(settings: QueueSettings, run: string): Queue {
  const queue = new Queue(run, { connection: bullConnection(settings, `splice:${run}:client`), prefix: settings.prefix });
  queue.on('error', () => undefined);
  return queue;
}
