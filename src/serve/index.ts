import { compileRegExpsAtOnce } from '../detect/regexp-tuning.js';
import type { FastifyInstance } from 'fastify';
import { WorkerEngine, type Engine } from './engine.js';
import type { ServeOptions } from './options.js';
import { buildServer } from './server.js';
import { openStore } from './storage/index.js';
import type { ReviewStore } from './storage/types.js';

export { buildServer, type ServerConfig } from './server.js';
export { toServeOptions, type ServeOptions } from './options.js';

export interface RunningServer {
  app: FastifyInstance;
  /** http://host:port of the listening server. */
  url: string;
  engine: Engine;
  store: ReviewStore;
  /**
   * Graceful shutdown: stops accepting connections, lets the requests in flight
   * finish (up to the engine's time limit and a margin, then closes what is left),
   * then stops the engine and writes and closes the database.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  log?: { stream: { write(chunk: string): unknown }; level?: string } | false;
  /** Replaces the worker-thread engine (tests). */
  engine?: Engine;
}

export async function startServer(options: ServeOptions, start: StartOptions = {}): Promise<RunningServer> {
  const store = await openStore({ dbPath: options.dbPath, databaseUrl: options.databaseUrl });
  let engine: Engine;
  try {
    compileRegExpsAtOnce();
    engine = start.engine ?? (await WorkerEngine.start({ pipeline: options.pipeline, jobs: options.jobs, timeoutMs: options.timeoutMs, maxQueue: options.maxQueue }));
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  let app: FastifyInstance;
  try {
    app = await buildServer({
      token: options.token,
      engine,
      store,
      bodyLimit: options.bodyLimit,
      maxBytes: options.maxBytes,
      pipeline: options.pipeline,
      logger: start.log ?? false,
    });
    await app.listen({ host: options.host, port: options.port });
  } catch (err) {
    await engine.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Requests in flight get the engine's time limit and a margin; then the connections left are cut.
      const force = setTimeout(() => app.server.closeAllConnections(), options.timeoutMs + 10_000);
      force.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(force);
        await engine.close();
        await store.close();
      }
    })());
  return { app, url: `http://${host}:${port}`, engine, store, close };
}
