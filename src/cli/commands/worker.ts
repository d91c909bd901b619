import type { Command } from 'commander';
import { checkRunName, queueSettings, type QueueFlags } from '../../queue/config.js';
import { runWorker } from '../../queue/worker.js';
import { ExitCode, UsageError } from '../errors.js';
import { defaultJobs, parseInteger } from '../options.js';
import type { CliContext } from '../program.js';
import { addQueueOptions } from './queue.js';

/**
 * `splice worker`: process the shards of a run from its queue until stopped
 * (SIGINT / SIGTERM finish the shards in hand; a second signal exits at once,
 * and the shards it held are queued again by the other workers' stall check).
 */

interface WorkerCliOptions extends QueueFlags {
  run?: string;
  concurrency?: string;
  hashKey?: string;
  llmApiKey?: string;
  metricsPort?: string;
  metricsHost?: string;
  lockDuration: string;
  stalledInterval: string;
  maxStalled: string;
  exitWhenDone?: boolean;
  name?: string;
  logInterval: string;
}

export function registerWorkerCommand(program: Command, context: CliContext): void {
  const command = program
    .command('worker')
    .description('process the documents of a run from its queue (any number of workers, on any number of machines)');
  addQueueOptions(command);
  command
    .option('--run <name>', 'the run to serve (default: $SPLICE_RUN)')
    .option('--concurrency <n>', 'shards at once, each in its own worker thread (default: $SPLICE_WORKER_CONCURRENCY, else the number of cores)')
    .option('--hash-key <key>', 'secret key for the hash operator (default: $SPLICE_HASH_KEY); never stored in Redis')
    .option('--llm-api-key <key>', 'LLM API key, if the run uses the LLM detector (default: $SPLICE_LLM_API_KEY)')
    .option('--metrics-port <port>', 'serve Prometheus metrics on GET /metrics at this port (default: $SPLICE_METRICS_PORT; 0: any free port; unset: no server)')
    .option('--metrics-host <host>', 'address of the metrics server (default: $SPLICE_METRICS_HOST, else 127.0.0.1)')
    .option('--lock-duration <ms>', 'how long a shard stays locked to a worker that stopped answering before it is queued again', '30000')
    .option('--stalled-interval <ms>', 'how often this worker looks for abandoned shards', '30000')
    .option('--max-stalled <n>', 'times a shard may be abandoned (its worker died) before it is dead-lettered', '3')
    .option('--exit-when-done', 'exit once the run is submitted and no shard is queued, retrying or active')
    .option('--name <name>', 'worker name stored on the shards it takes (default: host:pid)')
    .option('--log-interval <seconds>', 'progress line on stderr every N seconds (0: none)', '30')
    .addHelpText(
      'after',
      `
Examples:
  splice worker --run notes
  SPLICE_REDIS_URL=redis://10.0.0.5:6379 SPLICE_HASH_KEY=secret splice worker --run notes --concurrency 8 --metrics-port 9464`,
    )
    .action(async (opts: WorkerCliOptions) => {
      const env = context.io.env;
      const settings = queueSettings(opts, env);
      const run = checkRunName(opts.run, env);
      const concurrencyText = opts.concurrency ?? nonEmpty(env.SPLICE_WORKER_CONCURRENCY);
      const concurrency = concurrencyText === undefined ? defaultJobs() : parseInteger('--concurrency', concurrencyText, 1, 256);
      const portText = opts.metricsPort ?? nonEmpty(env.SPLICE_METRICS_PORT);
      const metricsHost = opts.metricsHost ?? nonEmpty(env.SPLICE_METRICS_HOST) ?? '127.0.0.1';
      if (opts.metricsHost !== undefined && portText === undefined) throw new UsageError('--metrics-host needs --metrics-port');
      const lockDurationMs = parseInteger('--lock-duration', opts.lockDuration, 500, 3_600_000);
      const stalledIntervalMs = parseInteger('--stalled-interval', opts.stalledInterval, 100, 3_600_000);

      const controller = new AbortController();
      let signals = 0;
      const onSignal = () => {
        signals++;
        if (signals === 1) controller.abort();
        // A second signal: leave now; the shards in hand go back to the queue when their locks expire.
        else process.exit(130);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        await runWorker({
          settings,
          run,
          concurrency,
          secrets: { hashKey: opts.hashKey, llmApiKey: opts.llmApiKey },
          env,
          lockDurationMs,
          stalledIntervalMs,
          maxStalledCount: parseInteger('--max-stalled', opts.maxStalled, 0, 1000),
          metrics: portText === undefined ? undefined : { host: metricsHost, port: parseInteger('--metrics-port', portText, 0, 65535) },
          exitWhenDone: opts.exitWhenDone === true,
          name: opts.name,
          logIntervalMs: parseInteger('--log-interval', opts.logInterval, 0, 86_400) * 1000,
          log: (line) => context.io.stderr.write(`${line}\n`),
          signal: controller.signal,
        });
        context.exitCode = ExitCode.Ok;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
