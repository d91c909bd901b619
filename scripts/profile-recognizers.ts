import { readFileSync } from 'node:fs';
import { builtInRecognizers } from '../src/detect/registry.js';
import { DetectionContext } from '../src/detect/context.js';
const docs = readFileSync('/work/shared/benchmark/dev.jsonl','utf8').split('\n').filter(Boolean).map(l=>JSON.parse(l).text as string);
const recs = builtInRecognizers({profile: (process.argv[2] ?? 'balanced') as any});
const kb = docs.reduce((n,d)=>n+d.length,0)/1024;
for (const d of docs.slice(0,3)) { const c=new DetectionContext(d); for (const r of recs) r.detect(c); }
const times = new Map<string, number>();
for (const d of docs) { const c = new DetectionContext(d); for (const r of recs) { const t=performance.now(); r.detect(c); times.set(r.name,(times.get(r.name)??0)+performance.now()-t); } }
let total=0; for (const [n,t] of [...times].sort((a,b)=>b[1]-a[1])) { total+=t; console.log(n.padEnd(30), (t/kb).toFixed(3),'ms/KB'); }
console.log('total', (total/kb).toFixed(3), 'ms/KB =', (kb/(total/1000)).toFixed(0), 'KB/s');
