/** Token-level recall / precision of the statistical tagger ALONE on a gold JSONL file (development aid). */
import { readFileSync } from 'node:fs';
import { dataPath } from '../src/lexicons/data-files.js';
import { tagLexicons } from '../src/learn/lexicons.js';
import { SequenceTagger } from '../src/learn/tagger.js';
import { tokenize } from '../src/learn/tokens.js';
import { LABELS } from '../src/taxonomy.js';

const gold = process.argv[2] ?? '../shared/benchmark/dev.jsonl';
const t = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons());
const st = new Map<string, number[]>(LABELS.map((l) => [l, [0, 0, 0, 0]])); // gold, hit(any), pred, predOk
let neg = 0;
let negHit = 0;
let chars = 0;
const t0 = Date.now();
for (const line of readFileSync(gold, 'utf8').split('\n').filter(Boolean)) {
  const doc = JSON.parse(line) as { text: string; spans: Array<{ start: number; end: number; label: string }> };
  chars += doc.text.length;
  const pred = t.candidates(doc.text);
  const at = (spans: Array<{ start: number; end: number; label: string }>, i: number) => spans.find((s) => s.start <= i && i < s.end)?.label;
  for (const tok of tokenize(doc.text)) {
    const g = at(doc.spans, tok.start);
    const p = at(pred, tok.start);
    if (g) {
      st.get(g)![0]++;
      if (p) st.get(g)![1]++;
    } else {
      neg++;
      if (p) negHit++;
    }
    if (p) {
      st.get(p)![2]++;
      if (g) st.get(p)![3]++;
    }
  }
}
const ms = Date.now() - t0;
for (const [l, [g, h, p, ok]] of st) console.log(`${l.padEnd(22)} recall ${(h / (g || 1)).toFixed(3)}  pred ${String(p).padStart(5)}  precision ${(ok / (p || 1)).toFixed(3)}`);
console.log(`FPR ${(negHit / neg).toFixed(4)}; ${(chars / 1024 / (ms / 1000)).toFixed(0)} KB/s`);
