import { readFileSync } from 'node:fs';
import { DetectionContext } from './src/detect/context.js';
import { lexicalMedicalCandidates } from './src/detect/recognizers/medical/lexical-medical.js';
const out: string[] = []; let chars = 0;
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (!line) continue;
  const d = JSON.parse(line); chars += d.text.length;
  const ctx = new DetectionContext(d.text);
  for (const c of lexicalMedicalCandidates(ctx, 0.5)) out.push(d.text.slice(c.start, c.end) + '@' + c.score);
}
console.log(chars, out.length); console.log(out.join(' | '));
