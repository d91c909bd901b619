/**
 * A synthetic, invented corpus for benchmarks: templated sentences filled from
 * small made-up lists (not the dev corpus). Deterministic for a given seed.
 */
import { readFileSync } from 'node:fs';
const FIRST = ['Amara', 'Jonas', 'Priya', 'Tomasz', 'Leilani', 'Farid', 'Ingrid', 'Kofi', 'Marisol', 'Declan', 'Yuki', 'Beatriz'];
const LAST = ['Okonkwo', 'Lindqvist', 'Raman', 'Wiśniewski', 'Kahale', 'Haddad', 'Sørensen', 'Mensah', 'Villanueva', 'Byrne', 'Tanaka', 'Castelo'];
const CITIES = ['Marquette', 'Flagstaff', 'Duluth', 'Bend', 'Asheville', 'Bozeman', 'Burlington', 'Missoula'];
const STREETS = ['Juniper Hollow Road', 'Cedar Bluff Lane', 'Harbourview Terrace', 'Old Mill Street', 'Quarry Ridge Drive'];
const CONDITIONS = ['type 2 diabetes', 'hypertension', 'asthma', 'atrial fibrillation', 'chronic kidney disease', 'migraine', 'hypothyroidism'];
const EMPLOYERS = ['Northwind Logistics', 'Bluegate Analytics', 'Riverside Unified School District', 'Copperline Foods'];
const JOBS = ['warehouse supervisor', 'data engineer', 'school counsellor', 'line cook', 'paralegal'];

const TEMPLATES: Array<(r: () => number) => string> = [
  (r) => `${pick(FIRST, r)} ${pick(LAST, r)} was seen in clinic today for follow-up of ${pick(CONDITIONS, r)}.`,
  (r) => `She can be reached at (${500 + n(r, 400)}) 555-${String(1000 + n(r, 8999))} or ${pick(FIRST, r).toLowerCase()}.${pick(LAST, r).toLowerCase()}@example.com.`,
  (r) => `Home address: ${10 + n(r, 9000)} ${pick(STREETS, r)}, ${pick(CITIES, r)}, MT ${59000 + n(r, 900)}.`,
  (r) => `He is a ${20 + n(r, 60)}-year-old ${pick(JOBS, r)} at ${pick(EMPLOYERS, r)} and lives near ${pick(CITIES, r)}.`,
  (r) => `MRN ${String(10000000 + n(r, 89999999))}; date of birth ${1 + n(r, 12)}/${1 + n(r, 28)}/${1940 + n(r, 65)}.`,
  () => 'The patient tolerated the procedure well and was discharged home in stable condition with written instructions.',
  () => 'Vital signs were within normal limits. No acute distress. Lungs clear to auscultation bilaterally.',
  (r) => `Plan: continue current medications, recheck labs in ${2 + n(r, 10)} weeks, and call if symptoms worsen.`,
  (r) => `Ms. ${pick(LAST, r)} reported that her brother ${pick(FIRST, r)} drove her from ${pick(CITIES, r)} on Tuesday.`,
];

function n(r: () => number, max: number): number {
  return Math.floor(r() * max);
}
function pick<T>(list: readonly T[], r: () => number): T {
  return list[n(r, list.length)];
}

/** Small deterministic PRNG (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Documents of roughly `docBytes` characters until `totalBytes` is reached. */
export function syntheticCorpus(totalBytes: number, docBytes = 2000, seed = 7): string[] {
  const r = seeded(seed);
  const docs: string[] = [];
  let total = 0;
  while (total < totalBytes) {
    const parts: string[] = [];
    let size = 0;
    const target = docBytes * (0.5 + r());
    while (size < target) {
      const sentence = pick(TEMPLATES, r)(r);
      parts.push(sentence);
      size += sentence.length + 1;
    }
    const doc = parts.join(r() < 0.3 ? '\n' : ' ');
    docs.push(doc);
    total += doc.length;
  }
  return docs;
}

/**
 * Real documents for benchmarks: the `text` field of every line of the given JSONL files (annotated corpora the
 * user points at; nothing is bundled), repeated in order until `totalBytes` is reached.
 */
export function realCorpus(files: readonly string[], totalBytes: number): string[] {
  const texts: string[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const text = (JSON.parse(line) as { text?: unknown }).text;
      if (typeof text === 'string' && text.length > 0) texts.push(text);
    }
  }
  if (texts.length === 0) throw new Error('realCorpus: no documents with a "text" field in the given files');
  const docs: string[] = [];
  let total = 0;
  for (let i = 0; total < totalBytes; i++) {
    const text = texts[i % texts.length];
    docs.push(text);
    total += Buffer.byteLength(text);
  }
  return docs;
}
