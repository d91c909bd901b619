/**
 * Allocation benchmark: bytes allocated per KB of text on the grouped path (Pipeline.detectMany,
 * groups of 128), by function and by file, from V8's sampling heap profiler with the objects that
 * the collector has already freed included (what the young-generation collector has to deal with).
 *
 *   node dist/bench/allocation.js [--mb 1] [--corpus a.jsonl,b.jsonl] [--top 30]
 *
 * Without --corpus the documents are invented (bench/corpus.ts). The first 1,000 documents run
 * before sampling starts (data loading and warm-up are not counted). Sampling: one sample per 4 KB
 * allocated on average, so small figures move a little from run to run.
 */
import { Session } from 'node:inspector/promises';
import { Pipeline } from '../src/pipeline.js';
import { realCorpus, syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const megabytes = Number(option('--mb') ?? 1);
const top = Number(option('--top') ?? 30);
const corpusFiles = (option('--corpus') ?? '').split(',').filter(Boolean);
const GROUP = 128;
const WARM_UP = 1000;

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

const bytes = megabytes * 1024 * 1024;
const docs = corpusFiles.length > 0 ? realCorpus(corpusFiles, bytes) : syntheticCorpus(bytes);
const pipeline = new Pipeline({ profile: 'balanced' });
for (let i = 0; i < Math.min(WARM_UP, docs.length); i += GROUP) await pipeline.detectMany(docs.slice(i, Math.min(WARM_UP, i + GROUP)));

const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (let i = 0; i < docs.length; i += GROUP) await pipeline.detectMany(docs.slice(i, i + GROUP));
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
session.disconnect();

// Native allocations (regular expression matches, array growth) are charged to the JavaScript function that called them.
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
const add = (map: Map<string, number>, key: string, size: number) => map.set(key, (map.get(key) ?? 0) + size);
const walk = (node: SamplingNode, caller: { fn: string; file: string }) => {
  const frame = node.callFrame;
  const file = frame.url ? frame.url.replace(/^.*\/(dist|src|bench|node_modules)\//, '$1/') : caller.file;
  const here = frame.url ? { fn: `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`, file } : caller;
  total += node.selfSize;
  add(byFunction, frame.url ? here.fn : `${frame.functionName || '(native)'} <- ${caller.fn}`, node.selfSize);
  add(byFile, here.file, node.selfSize);
  for (const child of node.children) walk(child, here);
};
walk(profile.head, { fn: '(root)', file: '(root)' });

const kb = docs.reduce((sum, d) => sum + d.length, 0) / 1024;
const rows = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, size]) => `${((100 * size) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
process.stdout.write(`${docs.length} ${corpusFiles.length > 0 ? 'real' : 'invented'} documents, ${(kb / 1024).toFixed(2)} MB\n`);
process.stdout.write(`allocated ${(total / 1024 / kb).toFixed(1)} KB per KB of text (${(total / 1048576).toFixed(0)} MB sampled)\n`);
process.stdout.write(`== by file\n${rows(byFile)}\n== by function\n${rows(byFunction)}\n`);
