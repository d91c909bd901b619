import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { occupationCandidates, occupationLexiconRecognizer } from '../../../src/detect/recognizers/employment/occupation-lexicon.js';
import { employmentRecognizers } from '../../../src/detect/recognizers/employment/index.js';

/** The titles the recognizer finds in an invented text (balanced profile). */
function found(text: string): string[] {
  const ctx = new DetectionContext(text);
  return occupationCandidates(ctx, 0.5).map((c) => text.slice(c.start, c.end));
}

test('signature blocks: the title after a name, coordinated modifiers included', () => {
  assert.deepEqual(found('Kind regards,\nMirela Dobrev, network and computer systems administrator\nNorthwind Depot'), ['network and computer systems administrator']);
  assert.deepEqual(found('Thanks again,\nOskar Lindqvist\nsenior payroll clerk\n'), ['senior payroll clerk']);
  assert.deepEqual(found('Best,\nTamsin Greer\nSenior Systems Administrator\n'), ['Senior Systems Administrator']);
});

test('strong cues take any listed head, ambiguous ones included', () => {
  assert.deepEqual(found('Since March she works as a leasing consultant at a car dealership.'), ['leasing consultant']);
  assert.deepEqual(found('He worked as a driver for eleven years.'), ['driver']);
  assert.deepEqual(found('Position: night shift warehouse supervisor'), ['night shift warehouse supervisor']);
  assert.deepEqual(found('Job title: assistant branch manager'), ['assistant branch manager']);
  assert.deepEqual(found('He earns a living as a wedding photographer.'), ['wedding photographer']);
});

test('retired, predicate, promotion and employer cues', () => {
  assert.deepEqual(found('On the train she met a retired court clerk from Ghent.'), ['court clerk']);
  assert.deepEqual(found('Her uncle, a retired electrician, still fixes our lights.'), ['electrician']);
  assert.deepEqual(found('My neighbour is the local transit bus driver.'), ['transit bus driver']);
  assert.deepEqual(found('Ravi is a glazier.'), ['glazier']);
  assert.deepEqual(found('She is a very experienced welder.'), ['welder']);
  assert.deepEqual(found('In 2019 she became head nurse.'), ['head nurse']);
  assert.deepEqual(found('He was appointed chief engineer in May.'), ['chief engineer']);
  assert.deepEqual(found('He was promoted to senior actuarial analyst last spring.'), ['senior actuarial analyst']);
  assert.deepEqual(found('Lucía Ferrer, a dental hygienist at Brightsmile Clinic, called back.'), ['dental hygienist']);
  assert.deepEqual(found('Approved by Dana Whitt (office manager) on Friday.'), ['office manager']);
  assert.deepEqual(found('She works part-time as a school crossing guard.'), ['school crossing guard']);
  assert.deepEqual(found('Occupation: retired schoolteacher'), ['schoolteacher']);
});

test('the phrase grows over "of …" and stops at describing words', () => {
  assert.deepEqual(found('He is a professor of medieval history at Leeds.'), ['professor of medieval history']);
  assert.deepEqual(found('She is a highly regarded family lawyer.'), ['family lawyer']);
  assert.deepEqual(found('He is a sales and marketing manager at Brightline.'), ['sales and marketing manager']);
  assert.deepEqual(found('She is a supply chain analytics intern.'), ['supply chain analytics intern']);
  assert.deepEqual(found('She is a teacher training coordinator at Elm School.'), ['teacher training coordinator']);
});

test('two titles joined by "and" share the cue, and stay apart', () => {
  assert.deepEqual(found('He works as a cook and bus driver.'), ['cook', 'bus driver']);
});

test('occupations not tied to a person are left out', () => {
  // A head that modifies another noun is not a person's job (documented decision).
  assert.deepEqual(found('The bus driver strike stopped the city for two days.'), []);
  assert.deepEqual(found('The teacher training course starts in May.'), []);
  // No cue: a role in a story, a service used, someone else's professional.
  assert.deepEqual(found('The accountant said the numbers were fine.'), []);
  assert.deepEqual(found('We called a plumber yesterday and saw a dentist today.'), []);
  assert.deepEqual(found('Rota update, a locksmith for Monday and a glazier for Tuesday.'), []);
  assert.deepEqual(found('My accountant at Pellow & Finch retires in June.'), []);
  assert.deepEqual(found('A courier for Swiftline dropped off the parcel.'), []);
  // A costume, a wish.
  assert.deepEqual(found('She dressed as a nurse for the party.'), []);
  assert.deepEqual(found('Someday he hopes to become a marine biologist.'), []);
  // Ambiguous heads need a strong cue or a modifier.
  assert.deepEqual(found('Copper is a good conductor of heat.'), []);
  assert.deepEqual(found('She is a driver.'), []);
  assert.deepEqual(found('She was the tallest player on the team.'), []);
  // A question or "there is" has no subject to hold the job.
  assert.deepEqual(found('Is the manager available? There was a plumber in the hall.'), []);
  // A relative in parentheses is not a job; a place and a comma is not a name.
  assert.deepEqual(found('Emergency contact: Rui Santos (brother)'), []);
  assert.deepEqual(found('In Paris, a nurse found the wallet.'), []);
});

test('offsets are UTF-16 indices of the original text', () => {
  const text = 'Żaneta Wójcik — she works as a kitchen porter.';
  const [c] = occupationCandidates(new DetectionContext(text), 0.5);
  assert.equal(text.slice(c.start, c.end), 'kitchen porter');
  assert.equal(c.label, 'EMPLOYMENT_EDUCATION');
});

test('registered with the employment recognizers; the precision profile keeps only strong cues', () => {
  assert.ok(employmentRecognizers({ profile: 'balanced' }).some((r) => r.name === 'occupation-lexicon'));
  const strict = occupationLexiconRecognizer({ profile: 'precision' });
  const text = 'Ravi is a glazier. Mona works as a glazier.';
  const spans = (strict.detect(new DetectionContext(text)) as Array<{ start: number }>).map((c) => c.start);
  assert.deepEqual(spans, [text.lastIndexOf('glazier')]);
});

test('linear on long inputs without line breaks', () => {
  const text = 'she works as a senior network and systems administrator, '.repeat(4000);
  const ctx = new DetectionContext(text);
  assert.equal(occupationCandidates(ctx, 0.5).length, 4000);
});
