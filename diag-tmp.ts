import { readFileSync } from 'node:fs';
import { DetectionContext } from './src/detect/context.js';
import { lexicalMedicalCandidates } from './src/detect/recognizers/medical/lexical-medical.js';
const file = process.argv[2];
let fp = 0, tp = 0, other = 0; const fps: string[] = []; const oth: string[] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line) continue;
  const d = JSON.parse(line);
  const ctx = new DetectionContext(d.text);
  for (const c of lexicalMedicalCandidates(ctx, 0.5)) {
    const ov = d.spans.filter((s: any) => s.start < c.end && s.end > c.start);
    const t = d.text.slice(c.start, c.end);
    if (!ov.length) { fp++; fps.push(t + ' @' + c.score); }
    else if (ov.some((s: any) => s.label === 'MEDICAL')) tp++;
    else { other++; oth.push(t + ' [' + ov.map((s: any) => s.label).join(',') + ']'); }
  }
}
console.log({ tp, fp, other });
console.log('FP:', fps.join(' | '));
console.log('OTHER:', oth.join(' | '));
