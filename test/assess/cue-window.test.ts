import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cueWordEnds, mayHaveCue, uniquenessCue } from '../../src/assess/uniqueness-cues.js';
import { SeededRandom } from '../../src/learn/random.js';

/**
 * withCue asks uniquenessCue only where mayHaveCue says a cue word lies within reach of the
 * element: it must say so wherever uniquenessCue finds a cue (invented texts).
 */

test('mayHaveCue holds wherever uniquenessCue finds a cue', () => {
  const cues = [
    'the only ', 'The Sole ', 'its first ', 'one and only ', 'only one ', 'the laſt ', 'her youngest ', 'ONLY ',
    'onlyoungest ', 'alone ', 'who is the only ', ', which was the first ', 'became the first woman to ',
  ];
  const fillers = [
    'firefighter ', 'mayor ', 'in ', 'of ', 'Lenox ', 'nurse ', 'pharmacist ', 'town ', 'was ', '. ', '\n', ', ', 'a ',
    'quietly ', 'on Tuesday ', 'the ', 'sister ', 'harbour ', 'evening ', 'ledger ',
  ];
  const random = new SeededRandom(29);
  let found = 0;
  let skipped = 0;
  for (let doc = 0; doc < 400; doc++) {
    let text = '';
    const bounds: number[] = [0];
    for (let k = random.int(8, 120); k > 0; k--) {
      text += random.next() < 0.06 ? random.pick(cues) : random.pick(fillers);
      bounds.push(text.length);
    }
    const ends = cueWordEnds(text);
    for (let a = 0; a < bounds.length; a++) {
      for (let b = a + 1; b < bounds.length && b <= a + 4; b++) {
        const start = bounds[a];
        const end = bounds[b] - 1;
        if (end <= start) continue;
        const may = mayHaveCue(ends, start, end);
        if (uniquenessCue(text, start, end) !== undefined) {
          found++;
          assert.ok(may, JSON.stringify({ text, start, end }));
        } else if (!may) skipped++;
      }
    }
  }
  // The texts hold both: elements with a cue, and elements far from any cue word.
  assert.ok(found > 500, `cues found: ${found}`);
  assert.ok(skipped > 100, `elements skipped: ${skipped}`);
});

test('a document without cue words skips every element; one cue word only the elements near it', () => {
  const plain = 'Marta Kowalczyk works as a nurse at Hollis Bay Clinic and lives on Fenwick Lane.';
  assert.deepEqual(cueWordEnds(plain), []);
  assert.equal(mayHaveCue(cueWordEnds(plain), 0, 15), false);
  const far = `She was the only farrier in the county. ${'The weather was mild and the roads were quiet. '.repeat(4)}Marta Kowalczyk signed.`;
  const ends = cueWordEnds(far);
  assert.equal(ends.length, 1);
  const farrier = far.indexOf('farrier');
  assert.equal(mayHaveCue(ends, farrier, farrier + 7), true);
  assert.equal(uniquenessCue(far, farrier, farrier + 7), 'the only');
  const name = far.indexOf('Marta');
  assert.equal(mayHaveCue(ends, name, name + 15), false);
});
