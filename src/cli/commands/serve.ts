import type { Command } from 'commander';
import { startServer } from '../../serve/index.js';
import { SERVE_DEFAULTS, toServeOptions, type ServeCliOptions } from '../../serve/options.js';
import { CliError, ExitCode } from '../errors.js';
import { DEFAULT_MAX_BYTES } from '../input.js';
import { addEngineOptions, addRedactionOptions } from '../options.js';
import type { CliContext } from '../program.js';

/**
 * `splice serve`: the HTTP service and the review app (src/serve). Runs until
 * SIGINT or SIGTERM, then shuts down gracefully: requests in flight finish,
 * the database is written and closed. Logs (JSON lines) go to stdout; they
 * hold methods, routes, status codes and times, never bodies or query strings.
 */
export function registerServeCommand(program: Command, context: CliContext): void {
  const command = program
    .command('serve')
    .description('run the HTTP service (/v1/detect, /v1/redact, /v1/assess, /v1/evaluate) and the review app (/)')
    .option('--host <host>', 'address to listen on', SERVE_DEFAULTS.host)
    .option('--port <n>', 'port to listen on (0: any free port)', String(SERVE_DEFAULTS.port))
    .option('--token <token>', 'API token every route but /healthz requires (default: $SPLICE_API_TOKEN; prefer the variable: arguments are visible to other users)')
    .option('--db <file>', 'SQLite database file of the review app (":memory:" keeps nothing)', SERVE_DEFAULTS.db)
    .option('--database-url <url>', 'PostgreSQL URL for a team database instead of the file (default: $SPLICE_DATABASE_URL)')
    .option('--body-limit <size>', 'largest request body (413 above)', SERVE_DEFAULTS.bodyLimit)
    .option('--max-bytes <size>', 'largest document, in UTF-8 bytes (413 above)', String(DEFAULT_MAX_BYTES))
    .option('--timeout <ms>', 'time limit of the engine on one document, in ms (503 above; the worker is replaced)', String(SERVE_DEFAULTS.timeoutMs))
    .option('--jobs <n>', 'engine worker threads (default: number of cores)')
    .option('--max-queue <n>', 'documents that may wait for a worker (503 above)', String(SERVE_DEFAULTS.maxQueue))
    .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent', SERVE_DEFAULTS.logLevel);
  addEngineOptions(command);
  addRedactionOptions(command);
  command
    .addHelpText(
      'after',
      `
Examples:
  SPLICE_API_TOKEN=$(openssl rand -hex 24) splice serve --port 8080
  splice serve --db review.sqlite --profile precision --operator mask
  splice serve --database-url postgres://splice@db.internal/splice --jobs 4`,
    )
    .action(async (opts: ServeCliOptions) => {
      const options = toServeOptions(opts, context.io.env);
      let server;
      try {
        server = await startServer(options, { log: { stream: context.io.stdout, level: options.logLevel } });
      } catch (err) {
        const printable = err instanceof Error && ((err as { printable?: boolean }).printable || (err as { code?: string }).code === 'EADDRINUSE');
        throw new CliError(`cannot start the server: ${printable ? (err as Error).message : err instanceof Error ? err.name : 'unexpected error'}`, ExitCode.ProcessingError);
      }
      context.io.stderr.write(
        `splice serve: listening on ${server.url} — review app at ${server.url}/, API under /v1 and /api (token required), OpenAPI at /openapi.json; ${server.store.kind} database${options.databaseUrl ? '' : ` ${options.dbPath}`}\n`,
      );
      await new Promise<void>((resolve) => {
        let stopping = false;
        const stop = (signal: NodeJS.Signals) => {
          if (stopping) {
            // A second signal: do not wait for the requests in flight.
            server.app.server.closeAllConnections();
            return;
          }
          stopping = true;
          context.io.stderr.write(`splice serve: ${signal}: finishing the requests in flight, then stopping\n`);
          server.close().then(
            () => {
              process.off('SIGINT', stop);
              process.off('SIGTERM', stop);
              context.io.stderr.write('splice serve: stopped\n');
              resolve();
            },
            () => {
              context.exitCode = ExitCode.ProcessingError;
              context.io.stderr.write('splice serve: the shutdown did not complete cleanly\n');
              resolve();
            },
          );
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
