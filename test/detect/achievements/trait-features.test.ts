import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { traitFeatureCandidates, traitFeaturesRecognizer } from '../../../src/detect/recognizers/achievements/trait-features.js';
import { achievementsRecognizers } from '../../../src/detect/recognizers/achievements/index.js';

/** The phrases the trait-features recognizer finds in an invented text (balanced profile). */
function found(text: string): string[] {
  const ctx = new DetectionContext(text);
  return traitFeatureCandidates(ctx, 0.5).map((c) => text.slice(c.start, c.end));
}

test('marks keep their location across a verb, with WordNet body parts', () => {
  assert.deepEqual(found('He has a jagged scar running down his right cheek.'), ['jagged scar running down his right cheek']);
  assert.deepEqual(found('a faded tattoo that stretches across her left shoulder blade'), ['faded tattoo that stretches across her left shoulder blade']);
  assert.deepEqual(found('There is a burn mark on the back of his left hand.'), ['burn mark on the back of his left hand']);
  assert.deepEqual(found('a port wine stain covering the left side of her face'), ['port wine stain covering the left side of her face']);
  // "earlobe" and "cheekbone" come from WordNet's body parts.
  assert.deepEqual(found('a small scar running along his cheekbone'), ['small scar running along his cheekbone']);
  assert.deepEqual(found('a 3 cm scar above the right eyebrow'), ['3 cm scar above the right eyebrow']);
});

test('missing and artificial parts', () => {
  assert.deepEqual(found('He is missing two fingers on his left hand.'), ['missing two fingers on his left hand']);
  assert.deepEqual(found('She lost her right index finger in a sawmill accident.'), ['lost her right index finger']);
  assert.deepEqual(found('He lost an eye in the war.'), ['lost an eye']);
  assert.deepEqual(found('The tip of his left ear is missing.'), ['tip of his left ear is missing']);
  assert.deepEqual(found('a notch missing from his left earlobe'), ['notch missing from his left earlobe']);
  assert.deepEqual(found('He has a prosthetic left leg below the knee.'), ['prosthetic left leg below the knee']);
  assert.deepEqual(found('Grandpa had a glass eye and a wooden leg.'), ['glass eye', 'wooden leg']);
});

test('piercings and the shape of visible parts', () => {
  assert.deepEqual(found('a pierced eyebrow and a tongue piercing'), ['pierced eyebrow', 'tongue piercing']);
  assert.deepEqual(found('He has a cleft chin and a crooked nose.'), ['cleft chin', 'crooked nose']);
  assert.deepEqual(found('She was born with webbed toes.'), ['webbed toes']);
  assert.deepEqual(found('He has six toes on his right foot.'), ['six toes on his right foot']);
  assert.deepEqual(found('He has one blue eye and one brown eye.'), ['one blue eye and one brown eye']);
  assert.deepEqual(found('Her eyes are two different colours.'), ['eyes are two different colours']);
  assert.deepEqual(found('The bow-legged rider was an albino.'), ['bow-legged', 'albino']);
});

test('gait, speech and habits', () => {
  assert.deepEqual(found('He limps slightly on his left side.'), ['limps slightly on his left side']);
  assert.deepEqual(found('She has a nervous facial tic.'), ['nervous facial tic']);
  assert.deepEqual(found('He walks with an uneven rolling gait.'), ['uneven rolling gait']);
  assert.deepEqual(found('She bites her nails when she is anxious.'), ['bites her nails when she is anxious']);
  assert.deepEqual(found('He constantly cracks his knuckles during meetings.'), ['constantly cracks his knuckles during meetings']);
  assert.deepEqual(found('She wore her trademark red beret to the hearing.'), ['trademark red beret']);
});

test('hard negatives: injuries, objects, quantities, ordinary verbs', () => {
  for (const text of [
    'She lost her hand luggage at the airport.',
    'He lost his temper and then his keys.',
    'The missing file was found on Monday.',
    'We bought an artificial christmas tree.',
    'Can you give me an extra hand with the boxes?',
    'Tonight in the park: few tic left for the show.',
    'The sun always shines on the south terrace.',
    'She raised her hand and shook her head.',
    'He signed with his signature on the form.',
    'The glass is on the table near the window.',
    'He broke his arm last winter.',
    'The company lost two arms of its business.',
    'He constantly reminds us to recycle.',
    'The new wing is her signature project.',
    'Six fingers of whisky, please.',
  ]) {
    assert.deepEqual(found(text), [], text);
  }
});

test('offsets are UTF-16 indices and candidates carry the TRAIT label', () => {
  const text = 'Zoë — 🙂 — has a crooked nose.';
  const [c] = traitFeatureCandidates(new DetectionContext(text), 0.5);
  assert.equal(text.slice(c.start, c.end), 'crooked nose');
  assert.equal(c.label, 'TRAIT');
});

test('registered with the achievements recognizers; the precision profile drops them', () => {
  assert.ok(achievementsRecognizers({ profile: 'balanced' }).some((r) => r.name === 'trait-features'));
  const strict = traitFeaturesRecognizer({ profile: 'precision' });
  assert.deepEqual(strict.detect(new DetectionContext('He has a crooked nose.')), []);
  const loose = traitFeaturesRecognizer({ profile: 'recall' });
  assert.equal((loose.detect(new DetectionContext('He has a crooked nose.')) as unknown[]).length, 1);
});

test('linear on long inputs without line breaks', () => {
  const text = 'a jagged scar running down his right cheek and a pierced eyebrow, '.repeat(3000);
  assert.equal(traitFeatureCandidates(new DetectionContext(text), 0.5).length, 6000);
});
