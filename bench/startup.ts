/**
 * Start-up benchmark of the built CLI (run `npm run build` first):
 *   1. `splice redact examples/discharge-note.txt`, spawned --runs times: median wall
 *      clock and processor time (start, module loading, data loading, one small document);
 *   2. peak memory (max RSS of the whole process) of `splice redact --jsonl FILE --jobs N`
 *      for N = 1 (in-process), 2 and 3 worker threads: the difference between 2 and 3
 *      is what one more worker thread costs.
 * Usage: node dist/bench/startup.js [--runs 7] [--mb 0.25] [--corpus a.jsonl,b.jsonl]
 * (invented documents unless --corpus; each worker sees documents, so each loads its data).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realCorpus, syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = arg('--runs', 7);
const megabytes = arg('--mb', 0.25);

const cli = fileURLToPath(new URL('../src/cli/index.js', import.meta.url));
const example = fileURLToPath(new URL('../../examples/discharge-note.txt', import.meta.url));
if (!cli.endsWith('.js') || !existsSync(cli)) {
  console.error('startup: run the compiled benchmark (npm run build; node dist/bench/startup.js)');
  process.exit(2);
}

// Loaded with --import into the child: prints its peak RSS and processor time on exit (to fd 3, not its output).
const probe = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; import { isMainThread } from 'node:worker_threads'; if (isMainThread) process.on('exit', () => { const u = process.resourceUsage(); try { writeSync(3, JSON.stringify({ maxRss: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 })); } catch {} });",
)}`;

interface Run {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
}

function runCli(cliArgs: string[]): Run {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', probe, cli, ...cliArgs], { stdio: ['ignore', 'ignore', 'inherit', 'pipe'] });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`splice ${cliArgs[0]} exited ${r.status}`);
  const stats = JSON.parse(String(r.output[3])) as { maxRss: number; cpuMs: number };
  return { wallMs, cpuMs: stats.cpuMs, maxRssMb: stats.maxRss / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const single: Run[] = [];
runCli(['redact', example]); // file cache warm
for (let i = 0; i < runs; i++) single.push(runCli(['redact', example]));
console.log(
  `splice redact examples/discharge-note.txt: median ${(median(single.map((r) => r.wallMs)) / 1000).toFixed(2)} s wall, ` +
    `${(median(single.map((r) => r.cpuMs)) / 1000).toFixed(2)} s processor, ${median(single.map((r) => r.maxRssMb)).toFixed(0)} MB peak RSS (${runs} runs)`,
);

const corpusFiles = args.includes('--corpus') ? args[args.indexOf('--corpus') + 1].split(',') : [];
const docs = corpusFiles.length > 0 ? realCorpus(corpusFiles, megabytes * 1024 * 1024) : syntheticCorpus(megabytes * 1024 * 1024);
const dir = mkdtempSync(join(tmpdir(), 'splice-startup-'));
try {
  const file = join(dir, 'docs.jsonl');
  writeFileSync(file, docs.map((text, i) => JSON.stringify({ id: i, text })).join('\n') + '\n');
  const rss = new Map<number, number>();
  for (const jobs of [1, 2, 3]) {
    const run = runCli(['redact', '--jsonl', file, '--jobs', String(jobs), '--no-progress', '-o', join(dir, `out-${jobs}.jsonl`)]);
    rss.set(jobs, run.maxRssMb);
    console.log(`redact --jsonl (${docs.length} ${corpusFiles.length > 0 ? 'real' : 'invented'} documents) --jobs ${jobs}: ${run.maxRssMb.toFixed(0)} MB peak RSS, ${(run.wallMs / 1000).toFixed(2)} s`);
  }
  console.log(`one more worker thread (--jobs 3 minus --jobs 2): ${(rss.get(3)! - rss.get(2)!).toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
