/**
 * Queue-mode throughput: the same invented corpus redacted by 1, 2 and 4
 * `splice worker` processes (concurrency 1 each) on this machine, through a
 * redis-server started for the run on a free loopback port, beside one
 * `splice redact --jsonl --jobs 1` process as the single-machine baseline.
 *
 * Usage: node dist/bench/queue.js [--mb 2] [--workers 1,2,4] [--shard-size 20] [--repeat 1]
 *    or: node --import tsx bench/queue.ts …   (the built CLI in dist/ is run either way)
 *
 * Per worker count: wall time from starting the workers until the last one
 * exits (`--exit-when-done`; process start and engine loading included), and
 * the steady rate between 10% and 90% of the documents done, and the CPU
 * seconds all worker processes used (bash's `time`); with --repeat N
 * the configurations take turns N times and the medians are printed (the
 * load average is printed too: other processes on the machine skew every
 * figure). Needs redis-server on PATH (apt-get install redis-server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const megabytes = Number(arg('--mb', '2'));
const workerCounts = arg('--workers', '1,2,4').split(',').map(Number);
const shardSize = Number(arg('--shard-size', '20'));
const repeat = Number(arg('--repeat', '1'));

const here = fileURLToPath(new URL('.', import.meta.url));
const cli = [join(here, '../src/cli/index.js'), join(here, '../dist/src/cli/index.js')].find((p) => existsSync(p) && p.includes('dist'));
if (!cli) throw new Error('build first: npx tsc -p tsconfig.json (the benchmark runs the built CLI)');
const redisServer = (process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'redis-server')).find((p) => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});
if (!redisServer) throw new Error('redis-server is not installed (apt-get install redis-server)');

const dir = mkdtempSync(join(tmpdir(), 'splice-bench-queue-'));
const docs = syntheticCorpus(megabytes * 1024 * 1024);
const input = join(dir, 'corpus.jsonl');
writeFileSync(input, docs.map((text, i) => JSON.stringify({ id: i, text })).join('\n') + '\n');
const kb = docs.reduce((n, d) => n + Buffer.byteLength(d), 0) / 1024;
console.log(`corpus: ${docs.length} invented documents, ${(kb / 1024).toFixed(2)} MB; ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}); shards of ${shardSize}`);

const port = await new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = (s.address() as AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const redisProc = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
const url = `redis://127.0.0.1:${port}`;
const redis = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 100 });
redis.on('error', () => undefined);
const startTimer = setTimeout(() => {
  redisProc.kill('SIGTERM');
  throw new Error('redis-server did not start');
}, 20_000);
await redis.ping();
clearTimeout(startTimer);

/** Run the built CLI under bash's `time`, which reports the CPU seconds (user + system, all threads) the process used. */
function run(argv: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; done: Promise<number | null>; cpu: Promise<number> } {
  const child = spawn('bash', ['-c', 'TIMEFORMAT="splice-cpu %3U %3S"; time "$@"', 'bash', process.execPath, cli!, ...argv], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  child.stderr!.on('data', (d) => (err = (err + String(d)).slice(-2000)));
  const done = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) process.stderr.write(`splice ${argv[0]} exited ${code}: ${err}\n`);
      resolve(code);
    }),
  );
  const cpu = done.then(() => {
    const m = /splice-cpu ([\d.]+) ([\d.]+)/.exec(err);
    return m ? Number(m[1]) + Number(m[2]) : NaN;
  });
  return { child, done, cpu };
}

const timings = new Map<string, Array<{ wall: number; cpu: number; steady?: number }>>();
const record = (name: string, wall: number, cpu: number, steady?: number) => timings.set(name, [...(timings.get(name) ?? []), { wall, cpu, steady }]);
const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length === 0 ? undefined : v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const BASELINE = 'one process, `redact --jsonl --jobs 1` (baseline)';
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

try {
  console.log(`load average at start: ${load()}`);
  for (let round = 0; round < repeat; round++) {
    {
      const t0 = performance.now();
      const baseline = run(['redact', '--jsonl', input, '--jobs', '1', '-o', join(dir, 'baseline.jsonl')]);
      if ((await baseline.done) !== 0) throw new Error('baseline failed');
      record(BASELINE, (performance.now() - t0) / 1000, await baseline.cpu);
    }
    for (const k of workerCounts) {
      const env = { SPLICE_REDIS_URL: url, SPLICE_QUEUE_PREFIX: `bench${k}-${round}` };
      if ((await run(['queue', 'submit', '--run', 'bench', '--shard-size', String(shardSize), input], env).done) !== 0) throw new Error('submit failed');
      const resultsKey = `bench${k}-${round}:bench:splice:results`;
      const marks: Array<[number, number]> = [];
      const t0 = performance.now();
      const workers = Array.from({ length: k }, () => run(['worker', '--run', 'bench', '--concurrency', '1', '--exit-when-done', '--log-interval', '0'], env));
      const sampler = setInterval(() => {
        redis.hlen(resultsKey).then((n) => marks.push([performance.now(), n]), () => undefined);
      }, 100);
      const codes = await Promise.all(workers.map((w) => w.done));
      clearInterval(sampler);
      const seconds = (performance.now() - t0) / 1000;
      if (codes.some((c) => c !== 0)) throw new Error('a worker failed');
      const done = await redis.hlen(resultsKey);
      if (done !== docs.length) throw new Error(`${done} of ${docs.length} documents have results`);
      const at = (fraction: number) => marks.find(([, n]) => n >= fraction * docs.length);
      const a = at(0.1);
      const b = at(0.9);
      const steady = a && b && b[0] > a[0] ? (b[1] - a[1]) / ((b[0] - a[0]) / 1000) : undefined;
      const cpu = (await Promise.all(workers.map((w) => w.cpu))).reduce((a, b) => a + b, 0);
      record(`${k} worker${k === 1 ? '' : 's'} (queue)`, seconds, cpu, steady);
      if ((await run(['queue', 'collect', '--run', 'bench', '-o', join(dir, `queue-${k}.jsonl`)], env).done) !== 0) throw new Error('collect failed');
      if (!readFileSync(join(dir, `queue-${k}.jsonl`)).equals(readFileSync(join(dir, 'baseline.jsonl')))) throw new Error(`the output of ${k} workers differs from the baseline`);
      await run(['queue', 'purge', '--run', 'bench', '--yes'], env).done;
    }
  }
  console.log(`load average at end: ${load()}`);
  if (repeat > 1) console.log(`medians of ${repeat} rounds`);
  console.log('\n| run | wall s | documents/s | KB/s | steady documents/s (10%→90%) | CPU s, all processes | documents per CPU s |\n|---|---|---|---|---|---|---|');
  for (const [name, list] of timings) {
    const wall = median(list.map((t) => t.wall))!;
    const steady = median(list.flatMap((t) => (t.steady === undefined ? [] : [t.steady])));
    const cpu = median(list.map((t) => t.cpu))!;
    console.log(
      `| ${name} | ${wall.toFixed(1)} | ${(docs.length / wall).toFixed(0)} | ${(kb / wall).toFixed(0)} | ${steady === undefined ? '–' : steady.toFixed(0)} | ${cpu.toFixed(1)} | ${(docs.length / cpu).toFixed(0)} |`,
    );
  }
} finally {
  redis.disconnect();
  redisProc.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
