/**
 * Linearity benchmark: milliseconds per KB of every stage (the shared document
 * context, each recognizer, the refiners, the resolver, assess and redact) on
 * invented adversarial inputs (long runs of capitalised names, digits, dots,
 * "@", dashes, spaces, one-line job titles, mixed symbols) and on ordinary
 * invented text, at 1, 4 and 16 MB. Exits 1 when a stage's time per KB grows
 * more than 1.5× from the smallest to the largest size (a stage whose cost
 * grows faster than its input), unless the growth is under a small absolute
 * floor (timer and garbage-collector noise on stages that cost next to nothing).
 *
 * Times are processor time of the process (process.cpuUsage), so that other work on a
 * shared machine does not inflate them, less the garbage-collection pauses that fall inside
 * a stage (performance entries of type "gc"): a collection is charged to whichever stage
 * allocates when it falls due, and costs more the more is alive, so it would blur the test.
 * The "(all stages, collections included)" line gives the totals with them.
 *
 * Usage: node --expose-gc dist/bench/linearity.js [--quick] [--all] [--sizes 1,4,16] [--only INPUT[,INPUT]] [--stage NAME]
 *   --quick      1 and 4 MB only
 *   --all        also the further adversarial inputs (capitalised words, digit groups, a@a., …)
 *   --sizes      sizes in MB (fractions allowed: 0.25)
 *   --only       run only the inputs whose name contains one of these words
 *   --stage      print only the rows of stages whose name contains this word
 */
import { assessDocument } from '../src/assess/index.js';
import { Analyzer } from '../src/detect/analyzer.js';
import { redactText } from '../src/redact/redactor.js';
import { PerformanceObserver } from 'node:perf_hooks';
import { seeded, syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SIZES_MB = option('--sizes')?.split(',').map(Number) ?? (args.includes('--quick') ? [1, 4] : [1, 4, 16]);
const ONLY = option('--only')?.split(',');
const STAGE = option('--stage');
/** Largest allowed growth of ms/KB from the smallest to the largest size. */
const GROWTH_LIMIT = 1.5;
/** Growth of ms/KB under this many ms/KB is noise, not a trend (0.01 ms/KB is 160 ms on 16 MB). */
const FLOOR_MS_PER_KB = 0.01;

if (SIZES_MB.some((s) => !(s > 0))) throw new Error('--sizes: positive numbers of MB, comma-separated');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.log('(run with node --expose-gc for steadier figures: garbage from one stage is then not charged to the next)');

// Invented words only (never corpus text).
const FIRST = ['Amara', 'Jonas', 'Priya', 'Tomasz', 'Leilani', 'Farid', 'Ingrid', 'Kofi', 'Marisol', 'Declan', 'Yuki', 'Beatriz'];
const LAST = ['Okonkwo', 'Lindqvist', 'Raman', 'Wiśniewski', 'Kahale', 'Haddad', 'Sørensen', 'Mensah', 'Villanueva', 'Byrne'];
const WORDS = ['Alder', 'Brook', 'Cedar', 'Dune', 'Ember', 'Fjord', 'Grove', 'Harbor', 'Isle', 'Juniper'];

function repeatTo(unit: () => string, size: number): string {
  const parts: string[] = [];
  let n = 0;
  while (n < size) {
    const u = unit();
    parts.push(u);
    n += u.length;
  }
  return parts.join('').slice(0, size);
}

type Input = (size: number, r: () => number) => string;
const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)];
/** The inputs run by default (about five minutes on two cores at 1, 4 and 16 MB); --all adds EXTRA_INPUTS. */
const INPUTS: Record<string, Input> = {
  // One line of full names with no punctuation: every word is a name, every name recurs.
  'capitalised names': (size, r) => repeatTo(() => `${pick(FIRST, r)} ${pick(LAST, r)} `, size),
  digits: (size) => '4'.repeat(size),
  dots: (size) => '.'.repeat(size),
  'at signs': (size) => '@'.repeat(size),
  dashes: (size) => '-'.repeat(size),
  spaces: (size) => ' '.repeat(size),
  // Lines that never end: any per-match search for the line start or end must be bounded.
  'job titles, one line': (size) => repeatTo(() => 'Senior Nurse — ', size),
  mixed: (size, r) => repeatTo(() => pick(['12', '.', '@', '-', ' ', 'Mr', 'Smith', '+1', '(', ')', '/', '#', 'St', ',', '\n'], r), size),
  // Ordinary invented documents (bench/corpus.ts) joined into one long document.
  'ordinary text': (size) => syntheticCorpus(size, 2000, 5).join('\n\n').slice(0, size),
};
const EXTRA_INPUTS: Record<string, Input> = {
  'capitalised words': (size, r) => repeatTo(() => `${pick(WORDS, r)} `, size),
  'digit groups': (size, r) => repeatTo(() => `${Math.floor(r() * 1000)} `, size),
  'a@a.': (size) => repeatTo(() => 'a@a.', size),
  'digit-dash': (size) => repeatTo(() => '1-', size),
  'closings, one line': (size) => repeatTo(() => 'Best,   Anna   ', size),
};

const analyzer = new Analyzer({ profile: 'balanced' });
const inputs = Object.entries(args.includes('--all') || ONLY ? { ...INPUTS, ...EXTRA_INPUTS } : INPUTS).filter(([name]) => !ONLY || ONLY.some((o) => name.includes(o)));

/**
 * Processor time of this process in ms, not wall-clock time: on a machine shared with other
 * work, time spent waiting for a core would otherwise be charged to whatever stage was running.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** One stage's run: processor time, and its wall-clock interval (to find the garbage collections inside it). */
interface StageRun {
  cpu: number;
  from: number;
  to: number;
}

/** Every stage of the pipeline on one document, timed apart: stage name → runs (a stage run twice has two). */
function runStages(text: string): Map<string, StageRun[]> {
  const runs = new Map<string, StageRun[]>();
  const time = <T>(stage: string, run: () => T): T => {
    const from = performance.now();
    const t0 = cpuMs();
    const out = run();
    const cpu = cpuMs() - t0;
    (runs.get(stage) ?? runs.set(stage, []).get(stage)!).push({ cpu, from, to: performance.now() });
    return out;
  };
  // The heap is collected first, so that the previous document's garbage is not charged to this one.
  gc?.();
  const spans = analyzer.analyzeSync(text, time);
  const assessment = time('(assess)', () => assessDocument(text, spans));
  time('(redact)', () => redactText(text, assessment.spans));
  return runs;
}

/**
 * Garbage-collection pauses, from the runtime's performance entries. A collection is charged
 * to whichever stage happens to allocate when it falls due, and its cost grows with everything
 * alive (a long document's candidates): the growth test leaves these pauses out, so that it
 * sees each stage's own work.
 */
const pauses: Array<{ start: number; duration: number }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push({ start: e.startTime, duration: e.duration });
}).observe({ entryTypes: ['gc'] });

/** Stage → [ms with collections, ms without]; call after the event loop has delivered the pauses. */
async function settle(runs: Map<string, StageRun[]>): Promise<Map<string, [number, number]>> {
  await new Promise((done) => setImmediate(done));
  await new Promise((done) => setTimeout(done, 0));
  const out = new Map<string, [number, number]>();
  for (const [stage, list] of runs) {
    let all = 0;
    let own = 0;
    for (const r of list) {
      let paused = 0;
      for (const p of pauses) if (p.start >= r.from && p.start < r.to) paused += p.duration;
      all += r.cpu;
      own += Math.max(0, r.cpu - paused);
    }
    out.set(stage, [all, own]);
  }
  pauses.length = 0;
  return out;
}

async function timeStages(text: string): Promise<Map<string, [number, number]>> {
  return settle(runStages(text));
}

// Warm-up: lexicons, the tagger model and the JIT, outside the timings.
await timeStages(syntheticCorpus(64 * 1024).join('\n\n'));
for (const [, make] of inputs) await timeStages(make(32 * 1024, seeded(1)));

const started = performance.now();
const failures: string[] = [];
const fmt = (v: number) => v.toFixed(4).padStart(10);
console.log(`sizes: ${SIZES_MB.join(', ')} MB; ms of processor time per KB, garbage-collection pauses left out;`);
console.log(`fails when a stage's ms/KB grows more than ${GROWTH_LIMIT}× (and by more than ${FLOOR_MS_PER_KB} ms/KB) from the smallest size to the largest`);
for (const [name, make] of inputs) {
  const perKb = new Map<string, number[]>();
  let totals: Array<[number, number]> = [];
  const texts = new Map<number, string>();
  for (const mb of SIZES_MB) {
    const text = make(Math.round(mb * 1024 * 1024), seeded(11));
    texts.set(mb, text);
    const kb = text.length / 1024;
    let all = 0;
    let own = 0;
    for (const [stage, [withGc, withoutGc]] of await timeStages(text)) {
      (perKb.get(stage) ?? perKb.set(stage, []).get(stage)!).push(withoutGc / kb);
      all += withGc;
      own += withoutGc;
    }
    totals.push([all / kb, own / kb]);
  }
  // A stage that looks super-linear is timed again at the smallest and largest size (the
  // better of two runs), so that one scheduler hiccup does not fail the run.
  const suspects = [...perKb].filter(([, v]) => grows(v)).map(([stage]) => stage);
  if (suspects.length > 0) {
    for (const index of [0, SIZES_MB.length - 1]) {
      const text = texts.get(SIZES_MB[index])!;
      const again = await timeStages(text);
      for (const stage of suspects) {
        const v = perKb.get(stage)!;
        v[index] = Math.min(v[index], again.get(stage)![1] / (text.length / 1024));
      }
    }
  }
  texts.clear();
  console.log(`\n## ${name}`);
  console.log(`${'stage'.padEnd(34)}${SIZES_MB.map((s) => `${s} MB`.padStart(10)).join('')}    growth`);
  for (const [stage, v] of perKb) {
    const bad = grows(v);
    if (bad) failures.push(`${stage} on ${name}`);
    if (STAGE && !stage.includes(STAGE) && !bad) continue;
    console.log(`${stage.padEnd(34)}${v.map(fmt).join('')}  ${(v[v.length - 1] / Math.max(v[0], 1e-6)).toFixed(2).padStart(7)}×${bad ? '  <-- grows faster than the input' : ''}`);
  }
  const own = totals.map(([, o]) => o);
  const all = totals.map(([a]) => a);
  console.log(`${'(all stages)'.padEnd(34)}${own.map(fmt).join('')}  ${(own[own.length - 1] / own[0]).toFixed(2).padStart(7)}×   = ${own.map((t) => (1024 / t).toFixed(0)).join(' / ')} KB/s`);
  console.log(`${'(all stages, collections included)'.padEnd(34)}${all.map(fmt).join('')}  ${(all[all.length - 1] / all[0]).toFixed(2).padStart(7)}×   = ${all.map((t) => (1024 / t).toFixed(0)).join(' / ')} KB/s`);
  totals = [];
}

function grows(perKb: number[]): boolean {
  const first = perKb[0];
  const last = perKb[perKb.length - 1];
  return perKb.length > 1 && last > GROWTH_LIMIT * first && last - first > FLOOR_MS_PER_KB;
}

console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
if (failures.length > 0) {
  console.log(`FAIL: time per KB grows with the input: ${failures.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('OK: no stage grows more than linearly.');
}
