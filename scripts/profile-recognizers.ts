/**
 * Development aid: milliseconds per KB spent in each recognizer, and in the
 * stages after detection (refiners + resolution, assessment), on a corpus.
 * Usage: node --import tsx scripts/profile-recognizers.ts [profile] [--passes N] [--synthetic]
 * With --passes 2 or more the last pass is reported: steady state, after JIT warm-up.
 */
import { readFileSync } from 'node:fs';
import { builtInRecognizers } from '../src/detect/registry.js';
import { DetectionContext } from '../src/detect/context.js';
import { refineCandidates } from '../src/resolve/refiners.js';
import { resolve } from '../src/resolve/resolver.js';
import { assessDocument } from '../src/assess/index.js';
import { syntheticCorpus } from '../bench/corpus.js';
import type { Candidate, Profile } from '../src/types.js';

const args = process.argv.slice(2);
const profile = (args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--passes') ?? 'balanced') as Profile;
const passes = args.includes('--passes') ? Number(args[args.indexOf('--passes') + 1]) : 1;
const docs = args.includes('--synthetic')
  ? syntheticCorpus(1024 * 1024)
  : readFileSync('../shared/benchmark/dev.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text as string);
const recognizers = builtInRecognizers({ profile });
const kb = docs.reduce((n, d) => n + d.length, 0) / 1024;
for (const d of docs.slice(0, 3)) {
  const c = new DetectionContext(d);
  for (const r of recognizers) r.detect(c);
}
let times = new Map<string, number>();
for (let pass = 0; pass < passes; pass++) {
  times = new Map();
  const add = (name: string, t0: number) => times.set(name, (times.get(name) ?? 0) + performance.now() - t0);
  for (const d of docs) {
    const c = new DetectionContext(d);
    const candidates: Candidate[] = [];
    for (const r of recognizers) {
      const t = performance.now();
      candidates.push(...(r.detect(c) as Candidate[]));
      add(r.name, t);
    }
    let t = performance.now();
    const spans = resolve(d, refineCandidates(d, candidates, { profile }));
    add('(refiners + resolve)', t);
    t = performance.now();
    assessDocument(d, spans);
    add('(assess)', t);
  }
}
let total = 0;
for (const [n, t] of [...times].sort((a, b) => b[1] - a[1])) {
  total += t;
  console.log(n.padEnd(30), (t / kb).toFixed(3), 'ms/KB');
}
console.log('total', (total / kb).toFixed(3), 'ms/KB =', (kb / (total / 1000)).toFixed(0), 'KB/s');
