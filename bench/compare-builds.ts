/**
 * Two or more builds of Splice side by side in one process, on the same documents: each loads its
 * own dist/ (its Pipeline, data and compiled code), and they take turns group by group (128
 * documents, `detectMany` or `redactMany`), each turn in a different order. Per group the fastest
 * of --trials turns counts, so a machine shared with other work (which slows some turns, not the
 * code) moves the figures far less than separate runs do; the mean is printed too.
 *
 *   node dist/bench/compare-builds.js --roots /path/to/old,/path/to/new [--mode detectMany|redactMany]
 *        [--mb 2] [--trials 3] [--corpus a.jsonl,b.jsonl]
 *
 * Each root is a checkout built with `npm run build` (its dist/ is imported). Without --corpus
 * the documents are invented (bench/corpus.ts); real documents run slower, so quote both.
 * It also checks that the builds give the same spans (a speed-up must not change the output).
 */
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { realCorpus, syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const roots = (option('--roots') ?? '').split(',').filter(Boolean);
if (roots.length < 2) {
  process.stderr.write('usage: compare-builds --roots OLD,NEW [--mode detectMany|redactMany] [--mb 2] [--trials 3] [--corpus a.jsonl,…]\n');
  process.exit(2);
}
const mode = option('--mode') ?? 'detectMany';
if (mode !== 'detectMany' && mode !== 'redactMany') throw new Error(`--mode: detectMany or redactMany, not ${mode}`);
const megabytes = Number(option('--mb') ?? 2);
const trials = Number(option('--trials') ?? 3);
const corpusFiles = (option('--corpus') ?? '').split(',').filter(Boolean);

const GROUP = 128;
/** Documents run before timing (data loading and the JIT's warm-up), not timed. */
const WARM_UP = 3000;

interface PipelineLike {
  detectMany(texts: readonly string[]): Promise<Array<{ spans: unknown[]; redacted?: string }>>;
  redactMany(texts: readonly string[]): Promise<Array<{ spans: unknown[]; redacted?: string }>>;
}

interface Build {
  root: string;
  pipeline: PipelineLike;
}

const builds: Build[] = [];
for (const root of roots) {
  const dir = isAbsolute(root) ? root : resolve(root);
  const at = (path: string) => pathToFileURL(join(dir, 'dist', path)).href;
  const { Pipeline } = (await import(at('src/pipeline.js'))) as { Pipeline: new (options: object) => PipelineLike };
  // Batch runs compile regular expressions at once (src/detect/regexp-tuning.ts); a build without it is compared as it runs.
  const tuning = (await import(at('src/detect/regexp-tuning.js')).catch(() => undefined)) as { compileRegExpsAtOnce?: () => void } | undefined;
  tuning?.compileRegExpsAtOnce?.();
  builds.push({ root, pipeline: new Pipeline({ profile: 'balanced' }) });
}

const extra = WARM_UP * 300;
const all = corpusFiles.length > 0 ? realCorpus(corpusFiles, megabytes * 1024 * 1024 + extra) : syntheticCorpus(megabytes * 1024 * 1024 + extra);
const warm = all.slice(0, Math.min(WARM_UP, Math.floor(all.length / 3)));
const docs = all.slice(warm.length);
const kb = docs.reduce((sum, d) => sum + d.length, 0) / 1024;
console.log(`${docs.length} ${corpusFiles.length > 0 ? 'real' : 'invented'} documents, ${(kb / 1024).toFixed(2)} MB, ${mode}, best of ${trials} turns per group`);

for (const b of builds) for (let i = 0; i < warm.length; i += GROUP) await b.pipeline[mode](warm.slice(i, i + GROUP));

const groups: string[][] = [];
for (let i = 0; i < docs.length; i += GROUP) groups.push(docs.slice(i, i + GROUP));
const best = builds.map(() => groups.map(() => Infinity));
const total = builds.map(() => 0);
const outputs = builds.map(() => [] as string[]);
for (let t = 0; t < trials; t++) {
  for (let g = 0; g < groups.length; g++) {
    for (let turn = 0; turn < builds.length; turn++) {
      const k = (turn + g + t) % builds.length;
      const start = performance.now();
      const results = await builds[k].pipeline[mode](groups[g]);
      const ms = performance.now() - start;
      best[k][g] = Math.min(best[k][g], ms);
      total[k] += ms;
      if (t === 0) outputs[k].push(JSON.stringify(results.map((r) => [r.spans, r.redacted])));
    }
  }
}
for (let k = 0; k < builds.length; k++) {
  const ms = best[k].reduce((sum, x) => sum + x, 0);
  const same = outputs[k].every((o, g) => o === outputs[0][g]);
  console.log(
    `${builds[k].root}: ${(kb / (ms / 1000)).toFixed(0)} KB/s (best turns), ${(kb / (total[k] / trials / 1000)).toFixed(0)} KB/s (mean)${k === 0 ? '' : same ? ', same output' : ', OUTPUT DIFFERS'}`,
  );
}
