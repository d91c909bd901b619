import { Pipeline } from './src/pipeline.js';
const p = new Pipeline({ profile: 'balanced' });
for (const t of ['I work as a Network and computer systems administrator in town.', 'I work as a Product manager in town.', 'I work as a product manager in town.', 'I work as a Loan officer in town.', 'My job: Midwife', 'My job: Medical Resident', 'My job: Delivery driver', 'He is a Letter carrier.', 'He is a Mail carrier.']) {
  const r = await p.detect(t); console.log(t, '=>', r.spans.map(s => s.label + ':' + s.text).join(' | '));
}
