import { redactText } from './src/redact/redactor.js';
import { parsePolicy } from './src/redact/policy.js';
import { spansOf } from './test/redact/surrogate/helpers.js';
const t = 'A 93-year-old retired lighthouse keeper from Tampere, born 02/11/1930.';
const s = spansOf(t, [['DEMOGRAPHIC', '93-year-old'], ['EMPLOYMENT_EDUCATION', 'lighthouse keeper'], ['LOCATION', 'Tampere'], ['BIRTH', '02/11/1930']]);
console.log(redactText(t, s, { policy: parsePolicy('generalize'), settings: { generalizeLevel: 'fixed' } }));
console.log(redactText(t, s, { policy: parsePolicy('generalize'), settings: { generalizeLevel: 'auto', poolSize: 10_000 } }));
console.log(redactText(t, s, { policy: parsePolicy('generalize'), settings: { generalizeLevel: 'auto', poolSize: 100 } }));
