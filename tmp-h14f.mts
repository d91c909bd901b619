import { readFileSync } from 'node:fs';
import { Pipeline } from './src/pipeline.js';
import { SurrogateDocument } from './src/redact/surrogate/document.js';
const docs = readFileSync('/work/shared/corpora/presidio-synth.jsonl','utf8').trim().split('\n').map(l=>JSON.parse(l));
const p = new Pipeline({ profile: 'balanced' });
for (const d of docs) {
  const spans = (await p.detect(d.text)).spans;
  try { const sd = new SurrogateDocument(d.text, spans, () => 'surrogate', { surrogateKey: 'surrogate-check' });
    let cur = 0; for (const s of sd.spans) { try { sd.guardClear(d.text.slice(cur, s.start)); } catch (e) { console.log('CLEAR', JSON.stringify(d.text.slice(cur, s.start)), spans.map(x=>x.label+':'+x.text).join('|')); } try { sd.replace(s); } catch (e) { console.log('SPAN', s.label, JSON.stringify(s.text), (e as Error).message); } cur = s.end; }
  } catch (e) { console.log('CTOR', (e as Error).message); }
}
