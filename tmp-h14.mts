import { Pipeline } from './src/pipeline.js';
import { parsePolicy } from './src/redact/policy.js';
const text = `Patient Maria Lopez (DOB 03/14/1975), a 47-year-old teacher from Scranton, PA, was seen on Tuesday, 14 March 2023 at Mercy Hospital.
Ms Lopez lives at 4417 Larkspur Lane, Dunmore, PA 18512 and can be reached at (570) 555-7890 or maria.lopez75@gmail.com.
Her card 4111 1111 1111 1111 and IBAN DE89 3704 0044 0532 0130 00 are on file; SSN 123-45-6789.
Maria works for Keystone Analytics Inc. as a senior software engineer; she has type 2 diabetes and takes metformin.
Dr. James O'Neill saw her again on 03/21/2023. She is Catholic and Brazilian. She ran the 2019 Boston Marathon.`;
for (const op of ['surrogate', 'neighbour']) {
  const p = new Pipeline({ profile: 'balanced', policy: parsePolicy(op), operatorSettings: { surrogateKey: 'k1' } });
  const r = await p.redact(text);
  console.log(r.spans.map(s=>`${s.label}:${s.text}`).join(' | '));
  console.log(r.redacted, '\n');
}
