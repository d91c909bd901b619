/**
 * Measures the `surrogate` (or `neighbour`) operator on a benchmark JSONL
 * ({"id","text","spans":[{start,end,label,text}]}), replacing the annotated
 * spans (or, with --detected, the spans Splice detects):
 *
 *  1. leaks: annotated PII strings of four characters or more still present in
 *     the output (case- and accent-insensitive), split into those inside a
 *     stand-in and those in text left in clear (a repeat the annotation missed);
 *  2. validity: of the e-mails, phones, IBANs and card numbers that validate in
 *     the original, how many stand-ins validate too (same validators as detection);
 *  3. consistency: annotated name mentions repeated in a document (same text, or
 *     a lone given / family name of a full name) that get the same stand-in part;
 *  4. re-detection: `splice detect` (Pipeline.detect, same profile) on the output
 *     finds a span of the same category overlapping the stand-in, for what share
 *     of replaced spans (beside the same rate on the original text, as a baseline).
 *
 *   node --import tsx scripts/surrogate-check.ts [file.jsonl] [--operator surrogate|neighbour]
 *        [--neighbours N] [--profile P] [--key K] [--limit N] [--detected] [--json] [--verbose-misses]
 *
 * --verbose-misses also prints, for each stand-in not re-detected in its category,
 * the original category, the categories (and recognizers) found over the stand-in,
 * and the stand-in itself (an invented value; never the original text).
 *
 * Prints counts and rates only, never corpus text.
 */
import { readFileSync } from 'node:fs';
import { Pipeline } from '../src/pipeline.js';
import { agreeArticle, redactText } from '../src/redact/redactor.js';
import { parsePolicy } from '../src/redact/policy.js';
import { SurrogateDocument, type PseudonymMode } from '../src/redact/surrogate/document.js';
import { readPhone } from '../src/redact/surrogate/contacts.js';
import { fold } from '../src/redact/surrogate/pools.js';
import { alnumUpper, digitsOf, ibanValid, paymentCardValid } from '../src/detect/validators/index.js';
import { significanceOf, isLabel, type Label } from '../src/taxonomy.js';
import type { Profile, Span } from '../src/types.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const valued = new Set(['--operator', '--neighbours', '--profile', '--key', '--limit'].map(option));
const file = args.find((a) => !a.startsWith('--') && !valued.has(a)) ?? '/work/shared/corpora/presidio-synth.jsonl';
const mode = (option('--operator') ?? 'surrogate') as PseudonymMode;
if (mode !== 'surrogate' && mode !== 'neighbour') throw new Error('--operator: surrogate or neighbour');
const neighbours = option('--neighbours') ? Number(option('--neighbours')) : undefined;
const profile = (option('--profile') ?? 'balanced') as Profile;
const key = option('--key') ?? 'surrogate-check';
const limit = option('--limit') ? Number(option('--limit')) : Infinity;
const useDetected = args.includes('--detected');
const asJson = args.includes('--json');
const verboseMisses = args.includes('--verbose-misses');

interface GoldDoc {
  id: string;
  text: string;
  spans: Array<{ start: number; end: number; label: string; text: string }>;
}

const docs: GoldDoc[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .slice(0, limit)
  .map((l) => JSON.parse(l) as GoldDoc);
const pipeline = new Pipeline({ profile });
const settings = { surrogateKey: key, neighbours };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
type Kind = 'email' | 'phone' | 'iban' | 'card';
function validates(kind: Kind, value: string): boolean {
  const v = value.trim();
  if (kind === 'email') return EMAIL.test(v);
  if (kind === 'phone') return readPhone(v) !== undefined;
  if (kind === 'iban') return ibanValid(alnumUpper(v));
  return paymentCardValid(digitsOf(v)) && digitsOf(v).length >= 12 && !/[a-z]/i.test(v);
}
function kindOf(label: Label, value: string): Kind | undefined {
  if (label === 'CONTACT') {
    if (validates('email', value)) return 'email';
    if (/^[+()\d\s.x-]+$/i.test(value.trim()) && validates('phone', value)) return 'phone';
  }
  if (label === 'FINANCIAL' || label === 'ID_NUMBER') {
    if (validates('iban', value)) return 'iban';
    if (validates('card', value)) return 'card';
  }
  return undefined;
}

const stats = {
  documents: 0,
  replaced: 0,
  tagged: 0,
  swept: 0,
  failedClosed: 0,
  guarded: 0,
  leaksInStandIns: 0,
  leaksInClear: 0,
  leakDocuments: 0,
  valid: {} as Record<Kind, { original: number; kept: number }>,
  consistency: { repeats: 0, same: 0 },
  redetect: { total: 0, found: 0, byLabel: {} as Record<string, { total: number; found: number }> },
  /** Of the replaced spans whose original Splice detected in that category: stand-ins detected too. */
  conditional: { total: 0, found: 0 },
  baseline: { total: 0, found: 0, byLabel: {} as Record<string, { total: number; found: number }> },
};
for (const k of ['email', 'phone', 'iban', 'card'] as Kind[]) stats.valid[k] = { original: 0, kept: 0 };

const bump = (o: Record<string, { total: number; found: number }>, label: string, found: boolean) => {
  o[label] ??= { total: 0, found: 0 };
  o[label].total++;
  if (found) o[label].found++;
};
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

for (const doc of docs) {
  stats.documents++;
  let spans: Span[];
  if (useDetected) spans = (await pipeline.detect(doc.text, doc.id)).spans;
  else
    spans = doc.spans
      .filter((s) => isLabel(s.label))
      .map((s) => ({ start: s.start, end: s.end, label: s.label as Label, text: doc.text.slice(s.start, s.end), score: 1, source: 'gold', significance: significanceOf(s.label as Label) }));
  let surrogates: SurrogateDocument;
  const parts: string[] = [];
  const placed: Array<{ span: Span; start: number; end: number; out: string }> = [];
  try {
    surrogates = new SurrogateDocument(doc.text, spans, () => mode, settings);
    const ordered = surrogates.spans;
    let cursor = 0;
    let length = 0;
    for (const span of ordered) {
      const raw = doc.text.slice(cursor, span.start);
      surrogates.guardClear(raw);
      const out = surrogates.replace(span);
      const clear = agreeArticle(raw, out);
      parts.push(clear);
      length += clear.length;
      placed.push({ span, start: length, end: length + out.length, out });
      parts.push(out);
      length += out.length;
      cursor = span.end;
    }
    const tail = doc.text.slice(cursor);
    surrogates.guardClear(tail);
    parts.push(tail);
  } catch (err) {
    if (!/leak guard/.test((err as Error).message)) throw err;
    stats.failedClosed++;
    continue;
  }
  const output = parts.join('');
  // The same text as the redact stage writes (same key, same spans).
  const viaRedactor = redactText(doc.text, spans, { policy: parsePolicy(mode), settings });
  if (viaRedactor !== output) throw new Error(`document ${doc.id}: the check's assembly differs from redactText`);

  stats.replaced += placed.length;
  stats.tagged += placed.filter((p) => p.out === `[${p.span.label}]`).length;
  stats.swept += placed.filter((p) => p.span.source === 'surrogate-sweep').length;

  // 1. leaks of annotated strings (always the gold annotation).
  const foldedOut = fold(output);
  const inStandIn = placed.map((p) => fold(p.out));
  let leaked = false;
  for (const g of new Set(doc.spans.map((s) => s.text))) {
    if ([...g.trim()].length < 4) continue;
    const f = fold(g.trim());
    if (!foldedOut.includes(f)) continue;
    leaked = true;
    if (inStandIn.some((o) => o.includes(f))) stats.leaksInStandIns++;
    else stats.leaksInClear++;
  }
  if (leaked) stats.leakDocuments++;

  // 2. validity.
  for (const p of placed) {
    const kind = kindOf(p.span.label, p.span.text);
    if (!kind) continue;
    stats.valid[kind].original++;
    if (validates(kind, p.out)) stats.valid[kind].kept++;
  }

  // 3. consistency of name mentions.
  const names = placed.filter((p) => p.span.label === 'PERSON_NAME' && p.out !== '[PERSON_NAME]');
  const byText = new Map<string, string[]>();
  for (const p of names) {
    const k = fold(p.span.text.replace(/['’]s$/, ''));
    (byText.get(k) ?? byText.set(k, []).get(k)!).push(fold(p.out.replace(/['’]s$/, '')));
  }
  for (const outs of byText.values()) {
    if (outs.length < 2) continue;
    stats.consistency.repeats += outs.length - 1;
    stats.consistency.same += outs.slice(1).filter((o) => o === outs[0]).length;
  }
  for (const full of names) {
    const words = full.span.text.replace(/['’]s$/, '').split(/\s+/);
    const outWords = full.out.replace(/['’]s$/, '').split(/\s+/);
    if (words.length !== 2 || outWords.length !== 2) continue;
    for (const part of names) {
      if (part === full || part.span.text.split(/\s+/).length !== 1) continue;
      const i = words.findIndex((w) => fold(w) === fold(part.span.text.replace(/['’]s$/, '')));
      if (i < 0) continue;
      stats.consistency.repeats++;
      if (fold(outWords[i]) === fold(part.out.replace(/['’]s$/, ''))) stats.consistency.same++;
    }
  }

  // 4. re-detection on the output, and the same measure on the original as a baseline.
  const found = (await pipeline.detect(output, doc.id)).spans;
  for (const p of placed) {
    if (p.out === `[${p.span.label}]`) continue;
    const hit = found.some((f) => f.label === p.span.label && overlaps(f, p));
    stats.redetect.total++;
    if (hit) stats.redetect.found++;
    bump(stats.redetect.byLabel, p.span.label, hit);
    if (!hit && verboseMisses) {
      const over = found.filter((f) => overlaps(f, p)).map((f) => `${f.label}:${f.source}`);
      console.log(`miss\t${p.span.label}\t${over.join(',') || '-'}\t${JSON.stringify(p.out)}`);
    }
  }
  const before = (await pipeline.detect(doc.text, doc.id)).spans;
  for (const p of placed) {
    if (p.out === `[${p.span.label}]`) continue;
    const hit = before.some((f) => f.label === p.span.label && overlaps(f, p.span));
    stats.baseline.total++;
    if (hit) stats.baseline.found++;
    bump(stats.baseline.byLabel, p.span.label, hit);
    if (!hit) continue;
    stats.conditional.total++;
    if (found.some((f) => f.label === p.span.label && overlaps(f, p))) stats.conditional.found++;
  }
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
if (asJson) console.log(JSON.stringify(stats, null, 2));
else {
  console.log(`${file}: ${stats.documents} documents, operator ${mode}${mode === 'neighbour' ? ` (N=${neighbours ?? 10})` : ''}, ${useDetected ? 'detected' : 'annotated'} spans, profile ${profile}`);
  console.log(`replaced spans: ${stats.replaced} (${stats.swept} unmarked repeats swept in; ${stats.tagged} tagged: no surrogate form); documents failed closed by the leak guard: ${stats.failedClosed}`);
  console.log(`annotated strings (>= 4 chars) left in the output: ${stats.leaksInStandIns} inside stand-ins, ${stats.leaksInClear} in text left in clear; documents with any: ${stats.leakDocuments}`);
  for (const [k, v] of Object.entries(stats.valid)) console.log(`valid ${k}: ${v.kept}/${v.original} (${pct(v.kept, v.original)})`);
  console.log(`same person, same stand-in: ${stats.consistency.same}/${stats.consistency.repeats} repeated mentions (${pct(stats.consistency.same, stats.consistency.repeats)})`);
  console.log(`re-detected in the same category: ${stats.redetect.found}/${stats.redetect.total} (${pct(stats.redetect.found, stats.redetect.total)}); on the original text: ${stats.baseline.found}/${stats.baseline.total} (${pct(stats.baseline.found, stats.baseline.total)})`);
  console.log(`  of the spans whose original Splice detects in the category: ${stats.conditional.found}/${stats.conditional.total} (${pct(stats.conditional.found, stats.conditional.total)})`);
  for (const label of Object.keys(stats.redetect.byLabel).sort()) {
    const a = stats.redetect.byLabel[label];
    const b = stats.baseline.byLabel[label] ?? { found: 0, total: 0 };
    console.log(`  ${label.padEnd(22)} ${String(a.found).padStart(5)}/${String(a.total).padEnd(5)} ${pct(a.found, a.total).padStart(6)}   original ${pct(b.found, b.total).padStart(6)}`);
  }
}
