import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bm25ReIdentifier } from '../../src/reid/bm25.js';
import { buildReIdentifiers, documentView, evaluateReid } from '../../src/reid/ensemble.js';
import { kthOtherScore, rankOf, topProfiles, type ReIdentifier } from '../../src/reid/scorer.js';
import { StructuredReIdentifier } from '../../src/reid/structured.js';
import { TfIdfReIdentifier } from '../../src/reid/tfidf.js';
import { mulberry32 } from '../../src/reid/onnx-bag.js';
import { viewText } from '../../src/reid/text.js';
import { synthesise } from '../../src/reid/synth.js';
import { DOCS, PEOPLE } from './fixtures.js';

const index = (id: string) => PEOPLE.findIndex((p) => p.id === id);
const rank = async (m: ReIdentifier, text: string, id: string) => rankOf((await m.open(viewText(text))).scores, index(id));

test('each lexical member ranks the true profile first on plain biographies', async () => {
  for (const member of [new Bm25ReIdentifier(PEOPLE), new TfIdfReIdentifier(PEOPLE), new StructuredReIdentifier(PEOPLE)]) {
    for (const doc of DOCS.slice(0, 2)) assert.equal(await rank(member, doc.text, doc.profile!), 1, `${member.name} on ${doc.id}`);
  }
});

test('the structured member sees through variants the word-matchers miss', async () => {
  const structured = new StructuredReIdentifier(PEOPLE);
  const bm25 = new Bm25ReIdentifier(PEOPLE);
  // Nothing but variants: a short form of the given name, a demonym, a number in words.
  const text = 'Bill, an Austrian, has four children.';
  assert.equal(await rank(structured, text, 'p4'), 1);
  assert.equal(await rank(bm25, text, 'p4'), PEOPLE.length, 'BM25 has no shared word to go on');
  // A date in words against a profile's ISO date.
  assert.equal(await rank(structured, 'born on the 21st of November, 1979', 'p2'), 1);
  // An initial and a surname.
  assert.equal(await rank(structured, 'Seen: M. Holt.', 'p5'), 1);
  // A phone number written with other separators.
  assert.equal(await rank(structured, 'reach me at 555.0142.77', 'p4'), 1);
  const features = structured.index.featuresOf(index('p1'));
  assert.ok(features.has('d:1985-03-03') && features.has('ym:1985-03') && features.has('md:03-03') && features.has('y:1985'));
  assert.ok(features.has('c:FR') && features.has('ni:a|vell') && features.has('nn:ada|vell'));
  // Rarer matches weigh more: a name part shared by nobody beats an occupation two people share.
  assert.ok(features.get('n:vell')! > features.get('v:pharmacist')!);
});

test('masks are ignored: a redacted name contributes nothing, surrounding words still count', async () => {
  const structured = new StructuredReIdentifier(PEOPLE);
  const open = (text: string) => structured.open(viewText(text)).scores[index('p1')];
  assert.equal(open('[PERSON_NAME] is here.'), 0);
  assert.equal(open('████████ is here.'), 0);
  assert.ok(open('Ada Vell is here.') > 0);
});

test('incremental masking gives exactly the scores of re-reading the masked text', async () => {
  const pop = synthesise({ people: 150, documents: 20, seed: 11 });
  const members = await buildReIdentifiers(pop.profiles);
  const rand = mulberry32(5);
  for (const doc of pop.documents) {
    const view = documentView(doc);
    for (const member of members) {
      const scorer = await member.open(view);
      const masked: number[] = [];
      for (let step = 0; step < 3; step++) {
        const add = view.tokens.map((_, i) => i).filter((i) => rand() < 0.15 && !masked.includes(i));
        const predicted = scorer.drops(add, [0, 1, 2]);
        const before = [scorer.scores[0], scorer.scores[1], scorer.scores[2]];
        scorer.mask(add);
        masked.push(...add);
        predicted.forEach((d, i) => assert.ok(Math.abs(before[i] - d - scorer.scores[i]) < 1e-9, `${member.name}: drops() predicts mask()`));
        // Re-read the text with those words replaced by a mask.
        let text = '';
        let at = 0;
        for (const i of [...masked].sort((a, b) => a - b)) {
          text += doc.text.slice(at, view.tokens[i].start) + '[MASK]';
          at = view.tokens[i].end;
        }
        text += doc.text.slice(at);
        const fresh = await member.open(viewText(text));
        for (let p = 0; p < fresh.scores.length; p++) assert.ok(Math.abs(fresh.scores[p] - scorer.scores[p]) < 1e-9, `${member.name} ${doc.id} profile ${p}`);
      }
    }
  }
});

test('rank: ties count against the attacker; kth and top helpers', () => {
  const scores = Float64Array.from([3, 5, 5, 1, 0]);
  assert.equal(rankOf(scores, 1), 2, 'tied with one other: rank 2');
  assert.equal(rankOf(scores, 0), 3);
  assert.equal(rankOf(Float64Array.from([0, 0, 0]), 0), 3, 'nothing known: last');
  assert.deepEqual(kthOtherScore(scores, 1, 2), { score: 3, profile: 0 });
  assert.deepEqual(topProfiles(scores, 3), [1, 2, 0]);
  // Large K takes the sorting path; both paths agree.
  const many = Float64Array.from({ length: 300 }, (_, i) => (i * 37) % 101);
  const sorted = [...many].filter((_, i) => i !== 5).sort((a, b) => b - a);
  assert.equal(kthOtherScore(many, 5, 100).score, sorted[99]);
  assert.equal(kthOtherScore(many, 5, 60).score, sorted[59]);
  assert.equal(kthOtherScore(many, 5, 400).score, -Infinity);
});

test('the ensemble re-identifies when any member ranks first; rates at 1 and K with intervals', async () => {
  const members = await buildReIdentifiers(PEOPLE);
  const evaluation = await evaluateReid(members, PEOPLE, DOCS, [1, 3]);
  assert.deepEqual(evaluation.members, ['bm25', 'tfidf', 'structured']);
  const ensemble = evaluation.rates.find((r) => r.name === 'ensemble')!;
  for (const d of evaluation.perDocument) assert.equal(d.ensemble, Math.min(...d.ranks));
  assert.equal(ensemble.atK[0].reidentified, evaluation.perDocument.filter((d) => d.ranks.some((r) => r === 1)).length);
  assert.equal(ensemble.atK[0].rate, 1, 'every fixture biography is re-identified by some member');
  assert.ok(ensemble.atK[0].low < 1 && ensemble.atK[0].high === 1);
  // Fully redacted, nobody can be told apart.
  const redacted = DOCS.map((d) => ({ ...d, text: d.text.replace(/\p{L}+|\p{N}+/gu, '█') }));
  const after = await evaluateReid(members, PEOPLE, redacted, [1, 3]);
  assert.equal(after.rates.find((r) => r.name === 'ensemble')!.atK[1].rate, 0);
});
