import { readFileSync } from 'node:fs';
import { Pipeline } from './src/pipeline.js';
import { SurrogateDocument } from './src/redact/surrogate/document.js';
import { significanceOf } from './src/taxonomy.js';
const LABEL = process.argv[2] ?? 'ADDRESS';
const docs = readFileSync('/work/shared/corpora/presidio-synth.jsonl','utf8').trim().split('\n').map(l=>JSON.parse(l));
const p = new Pipeline({ profile: 'balanced' });
let shown = 0;
for (const d of docs) {
  const spans = (await p.detect(d.text)).spans;
  if (!spans.some((s: any) => s.label === LABEL)) continue;
  let sd; try { sd = new SurrogateDocument(d.text, spans, () => 'surrogate', { surrogateKey: 'surrogate-check' }); } catch (e) { console.log('FAILED', d.id, (e as Error).message); continue; }
  let out = '', cur = 0, len = 0; const placed: any[] = [];
  for (const s of sd.spans) { out += d.text.slice(cur, s.start); let r; try { r = sd.replace(s); } catch (e) { console.log('FAILED', JSON.stringify(s.text), JSON.stringify(d.spans.map((x: any) => x.text))); r = '?'; } placed.push({ s, start: out.length, end: out.length + r.length, r }); out += r; cur = s.end; }
  out += d.text.slice(cur);
  const before = (await p.detect(d.text)).spans, after = (await p.detect(out)).spans;
  for (const pl of placed) {
    if (pl.s.label !== LABEL) continue;
    const b = before.some(f => f.label === LABEL && f.start < pl.s.end && pl.s.start < f.end);
    const a = after.some(f => f.label === LABEL && f.start < pl.end && pl.start < f.end);
    if (b && !a && shown < 25) { shown++; console.log(JSON.stringify(pl.s.text), '→', JSON.stringify(pl.r), '| after:', after.filter(f => f.start < pl.end && pl.start < f.end).map(f => f.label + ':' + f.text).join(';')); }
  }
}
