import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DetectionContext } from '../../../src/detect/context.js';
import { lexicalMedicalCandidates, lexicalMedicalRecognizer } from '../../../src/detect/recognizers/medical/lexical-medical.js';
import { medicalRecognizers } from '../../../src/detect/recognizers/medical/index.js';
import { dataPath } from '../../../src/lexicons/data-files.js';

/** The phrases the recognizer finds in an invented text (balanced profile). */
function found(text: string): string[] {
  const ctx = new DetectionContext(text);
  return lexicalMedicalCandidates(ctx, 0.5).map((c) => text.slice(c.start, c.end));
}

test('conditions from WordNet, with their qualifiers', () => {
  assert.deepEqual(found('Since childhood she has had severe persistent asthma.'), ['severe persistent asthma']);
  assert.deepEqual(found('He was told last year that he has type 2 diabetes.'), ['type 2 diabetes']);
  assert.deepEqual(found('Her mother lives with chronic kidney disease.'), ['chronic kidney disease']);
  assert.deepEqual(found('The scan confirmed stage III lymphoma in the spring.'), ['stage III lymphoma']);
  assert.deepEqual(found('my cousin gets migraines every winter'), ['migraines']);
  assert.deepEqual(found('Their youngest was found to have epilepsy and mild scoliosis.'), ['epilepsy', 'mild scoliosis']);
});

test('drugs by name and by WHO INN stem', () => {
  // Listed in WordNet.
  assert.deepEqual(found('He keeps ibuprofen in his bag.'), ['ibuprofen']);
  // Not in WordNet: recognised by their stems (-pril, -statin, -mab, -gliflozin).
  assert.deepEqual(found('now on ramipril 5 mg, rosuvastatin and empagliflozin; started ustekinumab in May'), ['ramipril', 'rosuvastatin', 'empagliflozin', 'ustekinumab']);
});

test('procedures, including by clinical suffix and with the body part', () => {
  assert.deepEqual(found('She had a left knee replacement two years ago.'), ['left knee replacement']);
  assert.deepEqual(found('After a laparoscopic cholecystectomy he went home the same day.'), ['laparoscopic cholecystectomy']);
  assert.deepEqual(found('Recovering from tendinitis of the right shoulder.'), ['tendinitis of the right shoulder']);
  assert.deepEqual(found('He is waiting for a kidney transplant.'), ['kidney transplant']);
});

test('generic heads count only with a qualifier', () => {
  assert.deepEqual(found('The disease spread through the town; the pain of losing was real.'), []);
  assert.deepEqual(found('He has had chronic back pain since the fall.'), ['chronic back pain']);
  assert.deepEqual(found('A viral infection kept her home.'), ['viral infection']);
  // A head after a term joins it.
  assert.deepEqual(found('She was diagnosed with an anxiety disorder.'), ['anxiety disorder']);
});

test('ambiguous words need a medical cue in lower case', () => {
  assert.deepEqual(found('diagnosed with depression in his twenties'), ['depression']);
  assert.deepEqual(found('The depression of 1930 hit the farm; a cold wind blew.'), []);
  assert.deepEqual(found('She is recovering from a concussion.'), ['concussion']);
  assert.deepEqual(found('Cold Harbor Road was closed.'), []);
});

test('negated findings are left out', () => {
  assert.deepEqual(found('No history of asthma; denies migraines.'), []);
});

test('ordinary words with clinical endings and everyday sentences stay clean', () => {
  assert.deepEqual(found('In April the diploma ceremony was full of nostalgia, sympathy and academic pride.'), []);
  assert.deepEqual(found('Public health funding for medicine and treatment is rising across the region.'), []);
  assert.deepEqual(found('The system failure caused data loss at the plant; the engine needs repair.'), []);
  assert.deepEqual(found('We discussed the diagnosis of the network outage and its prognosis.'), []);
  // A stem inside an e-mail address or handle is not a drug.
  assert.deepEqual(found('write to tanvir.ahmed@example.org or @ranavir_k'), []);
});

test('form labels and plural-form names of everyday words', () => {
  assert.deepEqual(found('Allergies: none known. Diagnosis: pending.'), []);
  assert.deepEqual(found('The wind tore the shingles off the shed.'), []);
  assert.deepEqual(found('She was treated for shingles in June.'), ['shingles']);
});

test('a skin mark is a trait, not a medical history', () => {
  assert.deepEqual(found('a small scar above his left eyebrow and a birthmark on her neck'), []);
});

test('offsets are UTF-16 indices of the original text, typographic apostrophes included', () => {
  const text = 'Émile (72) has Alzheimer’s disease.';
  const ctx = new DetectionContext(text);
  const [c] = lexicalMedicalCandidates(ctx, 0.5);
  assert.equal(text.slice(c.start, c.end), 'Alzheimer’s disease');
  assert.equal(c.label, 'MEDICAL');
});

test('registered in the medical group and honours the profile threshold', () => {
  assert.ok(medicalRecognizers({ profile: 'balanced' }).some((r) => r.name === 'lexical-medical'));
  const text = 'She is recovering from a concussion and takes lisinopril.';
  const ctx = new DetectionContext(text);
  const balanced = lexicalMedicalRecognizer({ profile: 'balanced' }).detect(ctx) as Array<{ start: number; end: number }>;
  const precise = lexicalMedicalRecognizer({ profile: 'precision' }).detect(ctx) as Array<{ start: number; end: number }>;
  assert.deepEqual(balanced.map((c) => text.slice(c.start, c.end)), ['concussion', 'lisinopril']);
  assert.deepEqual(precise, []);
});

test('every data file names its source', () => {
  for (const name of ['conditions', 'drugs', 'procedures', 'ambiguous', 'body-parts', 'anatomical-adjectives', 'occupations', 'suffix-exclusions', 'drug-stems', 'clinical-suffixes', 'stop-terms', 'phrase-heads', 'phrase-modifiers']) {
    const first = readFileSync(dataPath(`wordnet/${name}.txt`), 'utf8').split('\n')[0];
    assert.match(first, /^# source: /, name);
  }
});

test('a long text is scanned in one pass', () => {
  const sentence = 'She has severe persistent asthma and takes montelukast; the weather was cold and the road was long. ';
  const text = sentence.repeat(2000);
  const spans = found(text);
  assert.equal(spans.length, 4000);
});

test('the compiled lexicon plan (data/compiled/) is the plan built from the lists, and a damaged one is refused', async () => {
  const { compileLexicalMedical, decodePlan, LEXICAL_MEDICAL_FILE } = await import('../../../src/detect/recognizers/medical/lexical-medical.js');
  const { readCompiled } = await import('../../../src/lexicons/compiled.js');
  const { key, body } = compileLexicalMedical();
  const plan = decodePlan(Buffer.from(body, 'utf8'));
  const kindOf = (phrase: string) => plan.phrases.find(([p]) => p === phrase)?.[1];
  // Kinds by index: condition, drug, procedure.
  assert.equal(kindOf('asthma'), 0);
  assert.equal(kindOf('ibuprofen'), 1);
  assert.ok(plan.starts.includes('migraines'), 'a plural of a first word starts a phrase');
  assert.ok(plan.endings.some(([e, k]) => e === 'pril' && k === 'drug'));
  // After `npm run build` the file on disk holds exactly this plan (a stale one has another key and is not read).
  const onDisk = readCompiled(LEXICAL_MEDICAL_FILE, key);
  if (onDisk) assert.equal(onDisk.toString('utf8'), body);
  assert.throws(() => decodePlan(Buffer.from('{"phrases":3}', 'utf8')));
  assert.throws(() => decodePlan(Buffer.from('{"phrases":[', 'utf8')));
});
