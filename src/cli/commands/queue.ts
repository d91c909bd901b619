import { Option, type Command } from 'commander';
import { checkRunName, displayUrl, queueSettings, type QueueFlags, type QueueSettings } from '../../queue/config.js';
import { collectRun } from '../../queue/collect.js';
import { connectOrFail, createRedis, openQueue } from '../../queue/connection.js';
import { deadDocuments, retryDead } from '../../queue/dead-letter.js';
import { purgeRun } from '../../queue/purge.js';
import { formatStatus, readStatus, type RunStatus } from '../../queue/status.js';
import { listRuns, RunStore, type RunSettings } from '../../queue/store.js';
import { submitRun } from '../../queue/submit.js';
import { CliError, ExitCode, UsageError } from '../errors.js';
import { parseByteSize, DEFAULT_MAX_BYTES } from '../input.js';
import { addEngineOptions, addRedactionOptions, parseInteger, toPipelineOptions, type EngineCliOptions } from '../options.js';
import type { Mode } from '../processor.js';
import type { CliContext } from '../program.js';
import { createProgress } from '../progress.js';

/**
 * `splice queue submit|status|collect|dead|retry|purge`: runs on a BullMQ
 * queue in Redis, processed by any number of `splice worker` processes
 * (src/queue/; the worker command is in worker.ts beside this file).
 */

type QueueCliFlags = QueueFlags & { run?: string };

export function addQueueOptions(command: Command): Command {
  return command
    .option('--redis-url <url>', `Redis server (default: $SPLICE_REDIS_URL, else redis://127.0.0.1:6379)`)
    .option('--prefix <prefix>', 'prefix of every Redis key (default: $SPLICE_QUEUE_PREFIX, else "splice")');
}

/** The engine options a run stores: everything but secrets (those stay with the workers). */
const STORED_ENGINE_OPTIONS = [
  'profile', 'labels', 'operator', 'maskChar', 'maskWidth', 'policy', 'poolSize', 'basePopulation',
  'llm', 'llmBaseUrl', 'llmModel', 'llmTimeout', 'llmRetries', 'llmConcurrency', 'llmChunkChars',
  'llmOverlapChars', 'llmMaxTokens', 'llmCache', 'llmAssess', 'onLlmError', 'model',
] as const satisfies ReadonlyArray<keyof EngineCliOptions>;

interface SubmitCliOptions extends EngineCliOptions, QueueCliFlags {
  mode: string;
  shardSize: string;
  attempts: string;
  backoff: string;
  maxPending: string;
  maxBytes: string;
}

export function registerQueueCommand(program: Command, context: CliContext): void {
  const queue = program
    .command('queue')
    .description('runs on a distributed queue (BullMQ on Redis): submit documents, follow, collect the output')
    .addHelpText(
      'after',
      `
Three commands to start (see README, "Beyond one machine"):
  redis-server --port 6379 --appendonly yes &
  splice worker --run notes &              # as many as you like, on any machine
  splice queue submit --run notes corpus.jsonl
then:
  splice queue status --run notes
  splice queue collect --run notes --wait -o redacted.jsonl`,
    );

  const submit = queue
    .command('submit')
    .description('put JSON Lines documents on a run, in shards (idempotent: the same command again resumes or repairs the run)')
    .argument('[inputs...]', 'JSON Lines files {"id","text"}; none or "-" reads stdin');
  addQueueOptions(submit);
  submit
    .option('--run <name>', 'name of the run (default: $SPLICE_RUN)')
    .addOption(new Option('--mode <mode>', 'what workers do with each document').choices(['redact', 'detect']).default('redact'))
    .option('--shard-size <n>', 'documents per job', '50')
    .option('--attempts <n>', 'attempts per shard before it is dead-lettered', '5')
    .option('--backoff <ms>', 'first retry delay in ms, doubled at each further attempt', '1000')
    .option('--max-pending <n>', 'wait while this many shards are queued and unstarted (0: never wait)', '1000')
    .option('--max-bytes <size>', 'largest document accepted, in bytes (suffixes k, MB, GB)', String(DEFAULT_MAX_BYTES));
  addEngineOptions(submit);
  addRedactionOptions(submit);
  submit.action(async (inputs: string[], opts: SubmitCliOptions) => {
    const env = context.io.env;
    const settings = queueSettings(opts, env);
    const run = checkRunName(opts.run, env);
    if (opts.hashKey !== undefined || opts.llmApiKey !== undefined) {
      throw new UsageError('secret keys are never stored in Redis: give --hash-key / --llm-api-key (or SPLICE_HASH_KEY / SPLICE_LLM_API_KEY) to the workers');
    }
    const options: EngineCliOptions = {};
    for (const key of STORED_ENGINE_OPTIONS) {
      const value = opts[key];
      if (value !== undefined) (options as Record<string, unknown>)[key] = value;
    }
    // Check the engine options now (a usage error here, not in every worker); the hash key is the workers' business.
    toPipelineOptions({ ...options, hashKey: env.SPLICE_HASH_KEY || 'checked-by-the-workers' }, env);
    const runSettings: RunSettings = {
      mode: opts.mode as Mode,
      options,
      shardSize: parseInteger('--shard-size', opts.shardSize, 1, 100_000),
      maxBytes: parseByteSize(opts.maxBytes),
      attempts: parseInteger('--attempts', opts.attempts, 1, 100),
      backoffMs: parseInteger('--backoff', opts.backoff, 0, 3_600_000),
    };
    const paths = inputs.length === 0 ? ['-'] : inputs;
    if (paths.includes('-') && context.io.stdin.isTTY) throw new UsageError('no input files and stdin is a terminal: name JSON Lines files or pipe them in');
    const summary = await submitRun({
      settings,
      run,
      runSettings,
      inputs: paths,
      stdin: context.io.stdin,
      maxPending: parseInteger('--max-pending', opts.maxPending, 0, 100_000_000),
      log: (line) => context.io.stderr.write(`splice: ${line}\n`),
    });
    const skipped = summary.alreadyDone > 0 ? `, ${summary.alreadyDone} already done` : '';
    context.io.stderr.write(
      `splice: run ${run}: ${summary.documents} documents in ${summary.shards} shards submitted to ${displayUrl(settings.redisUrl)} (${summary.queued} queued${skipped})\n`,
    );
  });

  const status = queue.command('status').description('pending, active, retrying, done and dead, per run');
  addQueueOptions(status);
  status
    .option('--run <name>', 'one run (default: every run under the prefix)')
    .option('--json', 'print JSON')
    .action(async (opts: QueueCliFlags & { json?: boolean }) => {
      const settings = queueSettings(opts, context.io.env);
      const wanted = opts.run === undefined ? undefined : checkRunName(opts.run);
      const statuses = await withRedis(settings, 'status', async (redis) => {
        const runs = wanted ? [wanted] : await listRuns(redis, settings.prefix);
        const out: RunStatus[] = [];
        for (const run of runs) {
          const q = openQueue(settings, run);
          try {
            const s = await readStatus(q, new RunStore(redis, settings.prefix, run));
            if (s) out.push(s);
            else if (wanted) throw new UsageError(`no run "${run}" at ${displayUrl(settings.redisUrl)} (prefix "${settings.prefix}")`);
          } finally {
            await q.close().catch(() => undefined);
          }
        }
        return out;
      });
      if (opts.json) context.io.stdout.write(`${JSON.stringify(wanted ? statuses[0] : statuses, null, 2)}\n`);
      else if (statuses.length === 0) context.io.stdout.write(`no runs under prefix "${settings.prefix}"\n`);
      else context.io.stdout.write(statuses.map(formatStatus).join(''));
    });

  const collect = queue
    .command('collect')
    .description("write a finished run's output: one line per input document, in input order (idempotent)");
  addQueueOptions(collect);
  collect
    .option('--run <name>', 'name of the run (default: $SPLICE_RUN)')
    .option('-o, --output <file>', 'write to FILE (atomically: complete or untouched) instead of stdout')
    .option('--wait', 'wait for an unfinished run instead of refusing')
    .option('--timeout <seconds>', 'with --wait: give up after this many seconds (0: never)', '0')
    .option('--no-progress', 'never show the progress bar (drawn on stderr only when it is a terminal)')
    .action(async (opts: QueueCliFlags & { output?: string; wait?: boolean; timeout: string; progress?: boolean }) => {
      const env = context.io.env;
      const settings = queueSettings(opts, env);
      const run = checkRunName(opts.run, env);
      const timeoutMs = parseInteger('--timeout', opts.timeout, 0, 999_999_999) * 1000;
      let waited = false;
      const summary = await collectRun({
        settings,
        run,
        output: opts.output,
        stdout: context.io.stdout,
        wait: opts.wait === true,
        timeoutMs,
        onWaiting: (s) => {
          if (opts.progress !== false && context.io.stderr.isTTY) {
            waited = true;
            context.io.stderr.write(`\rsplice: run ${run}: ${s.done} of ${s.documents ?? '?'} documents done, ${s.shards.active} shards active   `);
          }
        },
        progress: (total) => {
          if (waited) context.io.stderr.write('\n');
          return createProgress({ enabled: opts.progress !== false, stream: context.io.stderr, total, unit: 'documents' });
        },
      });
      const failed = summary.inputErrors + summary.dead;
      if (failed > 0) {
        context.io.stderr.write(
          `splice: run ${run}: ${failed} of ${summary.documents} documents failed (${summary.inputErrors} rejected input lines, ${summary.dead} dead-lettered); see their "error" output lines${summary.dead > 0 ? ` and \`splice queue retry --run ${run}\`` : ''}\n`,
        );
      }
      context.exitCode = summary.dead > 0 ? ExitCode.ProcessingError : summary.inputErrors > 0 ? ExitCode.InputError : ExitCode.Ok;
    });

  const dead = queue.command('dead').description('list the dead-lettered documents of a run (id, line, reason; never text)');
  addQueueOptions(dead);
  dead
    .option('--run <name>', 'name of the run (default: $SPLICE_RUN)')
    .option('--json', 'print JSON Lines')
    .action(async (opts: QueueCliFlags & { json?: boolean }) => {
      const settings = queueSettings(opts, context.io.env);
      const run = checkRunName(opts.run, context.io.env);
      let n = 0;
      await withRedis(settings, 'dead', async (redis) => {
        const q = openQueue(settings, run);
        try {
          for await (const d of deadDocuments(q, new RunStore(redis, settings.prefix, run))) {
            n++;
            const record = { id: d.doc.i, line: d.doc.l, ...(d.doc.f === undefined ? {} : { file: d.doc.f }), shard: d.shard, attempts: d.attempts, reason: d.reason };
            context.io.stdout.write(
              opts.json ? `${JSON.stringify(record)}\n` : `${d.shard}\tline ${d.doc.l}${d.doc.f ? ` of ${d.doc.f}` : ''}\tid ${JSON.stringify(d.doc.i)}\t${d.attempts} attempts\t${d.reason}\n`,
            );
          }
        } finally {
          await q.close().catch(() => undefined);
        }
      });
      if (!opts.json) context.io.stderr.write(`splice: run ${run}: ${n} dead-lettered documents\n`);
    });

  const retry = queue.command('retry').description('queue the dead-lettered shards of a run again (attempts from zero)');
  addQueueOptions(retry);
  retry.option('--run <name>', 'name of the run (default: $SPLICE_RUN)').action(async (opts: QueueCliFlags) => {
    const settings = queueSettings(opts, context.io.env);
    const run = checkRunName(opts.run, context.io.env);
    const result = await withRedis(settings, 'retry', async () => {
      const q = openQueue(settings, run);
      try {
        return await retryDead(q);
      } finally {
        await q.close().catch(() => undefined);
      }
    });
    context.io.stderr.write(`splice: run ${run}: ${result.shards} dead shards (${result.documents} documents) queued again\n`);
  });

  const purge = queue.command('purge').description('delete a run from Redis: its jobs, documents, settings and results');
  addQueueOptions(purge);
  purge
    .option('--run <name>', 'name of the run (default: $SPLICE_RUN)')
    .option('--yes', 'really delete (required)')
    .action(async (opts: QueueCliFlags & { yes?: boolean }) => {
      const settings = queueSettings(opts, context.io.env);
      const run = checkRunName(opts.run, context.io.env);
      if (!opts.yes) throw new UsageError(`purge deletes run "${run}" and its results for good: add --yes`);
      const result = await withRedis(settings, 'purge', async (redis) => {
        const q = openQueue(settings, run);
        try {
          return await purgeRun(q, new RunStore(redis, settings.prefix, run));
        } finally {
          await q.close().catch(() => undefined);
        }
      });
      context.io.stderr.write(result.existed ? `splice: run ${run} purged\n` : `splice: no run "${run}"; nothing left of it\n`);
    });
}

/** A connected client for one command; a server that cannot be reached is a clear error (exit 1). */
async function withRedis<T>(settings: QueueSettings, role: string, body: (redis: ReturnType<typeof createRedis>) => Promise<T>): Promise<T> {
  const redis = createRedis(settings, `splice:${role}`);
  await connectOrFail(redis, settings);
  try {
    return await body(redis);
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as { code?: unknown }).code;
    throw new CliError(`queue ${role} failed (${err instanceof Error ? err.name : typeof err}${typeof code === 'string' ? ` ${code}` : ''})`, ExitCode.ProcessingError);
  } finally {
    redis.disconnect();
  }
}
