/**
 * Neighbour pseudonymisation against N (after Friedrich et al., section 4): the
 * annotated PII of a benchmark JSONL is replaced by the `neighbour` operator (each
 * name part and town by one of its N nearest neighbours in Splice's embedding
 * spaces; other categories by `surrogate` stand-ins), the gold offsets are carried
 * over to the new text, and Splice's detector is scored on the pseudonymised text.
 * If the text stays useful, F1 stays close to F1 on the original; larger N moves
 * the stand-ins further from the originals (more privacy).
 *
 *   node --import tsx scripts/neighbour-experiment.ts [file.jsonl] [--n 1,3,10,30,100,300]
 *        [--profile balanced] [--key K] [--limit N] [--json]
 *
 * For each N: micro precision / recall / F1 over the labels the corpus annotates
 * (strict: same label and boundaries; overlap: same label, overlapping), and how
 * close the stand-ins stay to the originals: the mean cosine similarity of
 * original and stand-in name parts in the name embedding, and the share of name
 * parts whose stand-in starts with the same two letters. Rows "original" (no
 * replacement) and "surrogate" (pool stand-ins, no neighbourhood) frame the curve.
 * Prints figures only, never corpus text.
 */
import { readFileSync } from 'node:fs';
import { Pipeline } from '../src/pipeline.js';
import { agreeArticle } from '../src/redact/redactor.js';
import { SurrogateDocument, type PseudonymMode } from '../src/redact/surrogate/document.js';
import { nameVector } from '../src/redact/surrogate/embedding.js';
import { fold } from '../src/redact/surrogate/pools.js';
import { isLabel, significanceOf, type Label } from '../src/taxonomy.js';
import type { Profile, Span } from '../src/types.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const valued = new Set(['--n', '--profile', '--key', '--limit'].map(option));
const file = args.find((a) => !a.startsWith('--') && !valued.has(a)) ?? '/work/shared/corpora/presidio-synth.jsonl';
const ns = (option('--n') ?? '1,3,10,30,100,300').split(',').map(Number);
if (ns.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--n: whole numbers, at least 1');
const profile = (option('--profile') ?? 'balanced') as Profile;
const key = option('--key') ?? 'neighbour-experiment';
const limit = option('--limit') ? Number(option('--limit')) : Infinity;

interface Doc {
  id: string;
  text: string;
  spans: Array<{ start: number; end: number; label: string }>;
}
const docs: Doc[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .slice(0, limit)
  .map((l) => JSON.parse(l) as Doc);
const annotated = new Set(docs.flatMap((d) => d.spans.map((s) => s.label)).filter(isLabel));
const pipeline = new Pipeline({ profile });

interface Scored {
  tp: number;
  fp: number;
  fn: number;
  otp: number;
  ofp: number;
  ofn: number;
}

function score(gold: Array<{ start: number; end: number; label: string }>, found: Span[], into: Scored): void {
  const pred = found.filter((f) => annotated.has(f.label));
  const exact = new Set(gold.map((g) => `${g.start}|${g.end}|${g.label}`));
  const hits = pred.filter((p) => exact.has(`${p.start}|${p.end}|${p.label}`)).length;
  into.tp += hits;
  into.fp += pred.length - hits;
  into.fn += gold.length - hits;
  // Overlap: one-to-one, same label.
  const used = new Set<number>();
  let o = 0;
  for (const g of gold) {
    const i = pred.findIndex((p, j) => !used.has(j) && p.label === g.label && p.start < g.end && g.start < p.end);
    if (i >= 0) {
      used.add(i);
      o++;
    }
  }
  into.otp += o;
  into.ofp += pred.length - o;
  into.ofn += gold.length - o;
}

const f1 = (tp: number, fp: number, fn: number) => {
  const p = tp / Math.max(1, tp + fp);
  const r = tp / Math.max(1, tp + fn);
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
};

interface Row {
  setting: string;
  strict: { p: number; r: number; f: number };
  overlap: { p: number; r: number; f: number };
  cosine?: number;
  samePrefix?: number;
  nameParts?: number;
}

async function run(mode: PseudonymMode | 'original', n?: number): Promise<Row> {
  const s: Scored = { tp: 0, fp: 0, fn: 0, otp: 0, ofp: 0, ofn: 0 };
  let cosine = 0;
  let prefix = 0;
  let parts = 0;
  for (const doc of docs) {
    const gold = doc.spans.filter((g) => isLabel(g.label));
    if (mode === 'original') {
      score(gold, (await pipeline.detect(doc.text, doc.id)).spans, s);
      continue;
    }
    const spans: Span[] = gold.map((g) => ({ start: g.start, end: g.end, label: g.label as Label, text: doc.text.slice(g.start, g.end), score: 1, source: 'gold', significance: significanceOf(g.label as Label) }));
    const sd = new SurrogateDocument(doc.text, spans, () => mode, { surrogateKey: key, neighbours: n });
    const goldOf = new Set(spans);
    let out = '';
    let cursor = 0;
    const newGold: Array<{ start: number; end: number; label: string }> = [];
    for (const span of sd.spans) {
      const rep = sd.replace(span);
      out += agreeArticle(doc.text.slice(cursor, span.start), rep);
      // Swept-in repeats are not gold: they are replaced but not scored.
      if (goldOf.has(span)) newGold.push({ start: out.length, end: out.length + rep.length, label: span.label });
      if (span.label === 'PERSON_NAME') {
        const a = span.text.split(/\s+/);
        const b = rep.split(/\s+/);
        if (a.length === b.length) {
          a.forEach((w, i) => {
            const va = nameVector(w);
            const vb = nameVector(b[i]);
            if (!va || !vb || fold(w) === fold(b[i]) || w.length < 3) return;
            let dot = 0;
            for (let d = 0; d < va.length; d++) dot += va[d] * vb[d];
            cosine += dot;
            prefix += fold(w).slice(0, 2) === fold(b[i]).slice(0, 2) ? 1 : 0;
            parts++;
          });
        }
      }
      out += rep;
      cursor = span.end;
    }
    out += doc.text.slice(cursor);
    score(newGold, (await pipeline.detect(out, doc.id)).spans, s);
  }
  return {
    setting: mode === 'neighbour' ? `N=${n}` : mode,
    strict: f1(s.tp, s.fp, s.fn),
    overlap: f1(s.otp, s.ofp, s.ofn),
    ...(parts ? { cosine: cosine / parts, samePrefix: prefix / parts, nameParts: parts } : {}),
  };
}

const rows: Row[] = [await run('original'), await run('surrogate')];
for (const n of ns) rows.push(await run('neighbour', n));

if (args.includes('--json')) console.log(JSON.stringify({ file, profile, documents: docs.length, labels: [...annotated].sort(), rows }, null, 2));
else {
  console.log(`${file}: ${docs.length} documents, profile ${profile}, labels ${[...annotated].sort().join(', ')}`);
  console.log('setting      strict P / R / F1        overlap P / R / F1       name cosine  same 2 letters');
  const pc = (x: number) => (100 * x).toFixed(1).padStart(5);
  for (const r of rows) {
    const close = r.cosine === undefined ? '' : `${r.cosine.toFixed(3).padStart(11)}  ${pc(r.samePrefix!)}%`;
    console.log(`${r.setting.padEnd(11)}  ${pc(r.strict.p)} ${pc(r.strict.r)} ${pc(r.strict.f)}    ${pc(r.overlap.p)} ${pc(r.overlap.r)} ${pc(r.overlap.f)}    ${close}`);
  }
}
