/**
 * Throughput benchmark: single-thread Pipeline vs. the CLI batch (JSONL through
 * worker threads), on an invented synthetic corpus.
 * Usage: node --import tsx bench/throughput.ts [--mb 4] [--jobs N] [--corpus a.jsonl,b.jsonl]
 * --corpus measures on real documents instead (the `text` field of each JSONL line, repeated in order until
 * --mb is reached); invented text runs faster than real documents, so quote both.
 * Single-thread runs also print KB/s of processor time (process.cpuUsage): on a machine
 * shared with other work the wall clock charges waiting for a core to Splice.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runBatch } from '../src/cli/batch.js';
import { batchWindow, GROUP_DOCUMENTS } from '../src/cli/groups.js';
import { createProcessor } from '../src/cli/processor.js';
import { Pipeline } from '../src/pipeline.js';
import { compileRegExpsAtOnce } from '../src/detect/regexp-tuning.js';
import { realCorpus, syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const megabytes = arg('--mb', 4);
const jobs = arg('--jobs', availableParallelism());

let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const sampler = setInterval(sampleRss, 20);
sampler.unref();

const corpusFiles = args.includes('--corpus') ? args[args.indexOf('--corpus') + 1].split(',') : [];
const docs = corpusFiles.length > 0 ? realCorpus(corpusFiles, megabytes * 1024 * 1024) : syntheticCorpus(megabytes * 1024 * 1024);
const bytes = docs.reduce((sum, d) => sum + Buffer.byteLength(d), 0);
const kb = bytes / 1024;
console.log(`corpus: ${docs.length} ${corpusFiles.length > 0 ? 'real' : 'invented'} documents, ${(kb / 1024).toFixed(2)} MB; ${availableParallelism()} cores`);

function report(name: string, ms: number, cpuMs?: number): void {
  const cpu = cpuMs === undefined ? '' : `  ${(kb / (cpuMs / 1000)).toFixed(0).padStart(7)} KB/s of processor time`;
  console.log(`${name.padEnd(34)} ${(kb / (ms / 1000)).toFixed(0).padStart(7)} KB/s  ${(docs.length / (ms / 1000)).toFixed(0).padStart(6)} docs/s  (${(ms / 1000).toFixed(2)} s)${cpu}`);
}

/** Processor time of this process (all its threads), ms: on a shared machine, steadier than the wall clock. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// Warm-up outside the timing: lexicons and lazily loaded data are loaded, and the JIT has compiled the hot
// code (one document is not enough: the first mode timed would carry seconds of warm-up).
// As the CLI does for batch input (src/detect/regexp-tuning.ts).
compileRegExpsAtOnce();
const pipeline = new Pipeline({ profile: 'balanced' });
for (const doc of docs.slice(0, 300)) await pipeline.redact(doc);

for (const mode of ['detect', 'redact'] as const) {
  const t0 = performance.now();
  const c0 = cpuMs();
  for (const doc of docs) {
    await (mode === 'detect' ? pipeline.detect(doc) : pipeline.redact(doc));
    sampleRss();
  }
  report(`single thread, Pipeline.${mode}`, performance.now() - t0, cpuMs() - c0);
}
// The same documents in groups, as batch mode runs them (each recognizer over the whole group in turn).
for (const mode of ['detectMany', 'redactMany'] as const) {
  const t0 = performance.now();
  const c0 = cpuMs();
  for (let i = 0; i < docs.length; i += GROUP_DOCUMENTS) {
    await pipeline[mode](docs.slice(i, i + GROUP_DOCUMENTS));
    sampleRss();
  }
  report(`single thread, Pipeline.${mode} (${GROUP_DOCUMENTS})`, performance.now() - t0, cpuMs() - c0);
}

const jsonl = docs.map((text, i) => JSON.stringify({ id: i, text })).join('\n') + '\n';
const sink = () => new Writable({ write: (_chunk, _enc, cb) => cb() });
const processor = createProcessor({ profile: 'balanced' }, jobs);
// Start every worker and load its data before timing.
await Promise.all(Array.from({ length: jobs }, (_, i) => processor.process('detect', docs[i % docs.length])));
for (const mode of ['detect', 'redact'] as const) {
  const t0 = performance.now();
  const summary = await runBatch(Readable.from([Buffer.from(jsonl)]), sink(), { mode, processor, maxBytes: 10 * 1024 * 1024, maxInFlight: batchWindow(jobs) });
  if (summary.documents !== docs.length || summary.inputErrors + summary.processingErrors > 0) throw new Error('batch lost documents');
  report(`batch ${mode}, ${jobs} worker threads`, performance.now() - t0);
}
await processor.close();

// The built CLI end to end (process start and data loading included), when dist/ exists.
// This script runs from bench/ (tsx) or from dist/bench/ (compiled): find the CLI from either.
const here = fileURLToPath(new URL('.', import.meta.url));
const cli = join(here, here.includes('/dist/') ? '../src/cli/index.js' : '../dist/src/cli/index.js');
if (existsSync(cli)) {
  const dir = mkdtempSync(join(tmpdir(), 'splice-bench-'));
  const file = join(dir, 'corpus.jsonl');
  writeFileSync(file, jsonl);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'redact', '--jsonl', file, '--jobs', String(jobs), '--no-progress'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) console.log(`built CLI exited ${r.status}`);
  else report(`built CLI redact --jsonl, ${jobs} jobs`, performance.now() - t0);
  rmSync(dir, { recursive: true, force: true });
} else {
  console.log('(dist/ not built: skipping the built-CLI run; npm run build)');
}
sampleRss();
console.log(`peak resident memory (this process, workers included): ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
