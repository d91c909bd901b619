import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyntheticCorpus } from '../../src/learn/synthetic.js';
import { SequenceTagger } from '../../src/learn/tagger.js';
import { AveragedPerceptron } from '../../src/learn/perceptron.js';
import { tagLexicons } from '../../src/learn/lexicons.js';
import { shape, tokenize } from '../../src/learn/tokens.js';
import { dataPath } from '../../src/lexicons/data-files.js';
import { Analyzer } from '../../src/detect/analyzer.js';

test('synthetic documents are reproducible and their distant labels cover the filled values', () => {
  const a = [...new SyntheticCorpus(11).documents(50)];
  const b = [...new SyntheticCorpus(11).documents(50)];
  assert.deepEqual(a, b);
  const c = [...new SyntheticCorpus(12).documents(50)];
  assert.notDeepEqual(a, c);
  for (const doc of a) {
    for (const s of doc.spans) {
      const value = doc.text.slice(s.start, s.end);
      assert.ok(value.trim().length > 0 && value === value.trim(), `span "${value}" is trimmed`);
    }
  }
  const labels = new Set(a.flatMap((d) => d.spans.map((s) => s.label)));
  assert.ok(labels.has('PERSON_NAME') && labels.has('EMPLOYMENT_EDUCATION') && labels.has('MEDICAL'));
});

test('token shapes and tokens', () => {
  assert.equal(shape('Maria'), 'Xx');
  assert.equal(shape("O'Neil"), "X'Xx");
  assert.equal(shape('SB-00772'), 'X-d');
  assert.deepEqual(tokenize("O'Neil, 42").map((t) => t.text), ["O'Neil", ',', '42']);
});

test('the averaged perceptron learns a separable toy problem', () => {
  const p = new AveragedPerceptron(['neg', 'pos']);
  const data: Array<[string[], number]> = [
    [['good', 'b'], 1],
    [['bad', 'b'], 0],
    [['great', 'b'], 1],
    [['awful', 'b'], 0],
  ];
  for (let epoch = 0; epoch < 5; epoch++) for (const [f, y] of data) p.update(f, y, p.predict(f));
  const model = AveragedPerceptron.fromModel(p.finish(0));
  for (const [f, y] of data) assert.equal(model.predict(f), y);
});

test('training is deterministic, and a saved model loads back identically', () => {
  const docs = [...new SyntheticCorpus(5).documents(150)];
  const lex = tagLexicons();
  const one = SequenceTagger.train(docs, lex, 2, 99).model;
  const two = SequenceTagger.train(docs, lex, 2, 99).model;
  assert.deepEqual(one, two);
  const path = join(mkdtempSync(join(tmpdir(), 'splice-tagger-')), 'm.json.gz');
  SequenceTagger.save(one, path);
  const text = 'Dear Oksana, thank you. Regards, Tomasz Wielgosz';
  const loaded = SequenceTagger.load(path, lex);
  assert.deepEqual(loaded.tag(text).map((t) => t.tag), SequenceTagger.train(docs, lex, 2, 99).tagger.tag(text).map((t) => t.tag));
});

test('the committed model finds names, employers and conditions in unseen realistic sentences', () => {
  const tagger = SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons());
  const text = 'Referral letter: Chidinma Okafor works as a dental hygienist at Brightwater Dental Group and has a history of asthma.';
  const found = tagger.candidates(text).map((c) => `${c.label}:${text.slice(c.start, c.end)}`);
  assert.ok(found.includes('PERSON_NAME:Chidinma Okafor'), found.join(' | '));
  assert.ok(found.some((f) => f.startsWith('EMPLOYMENT_EDUCATION:') && f.includes('hygienist')), found.join(' | '));
  assert.ok(!found.some((f) => f.includes('Referral')), found.join(' | '));
  const plain = 'The committee will review the budget figures on Tuesday after lunch.';
  assert.deepEqual(tagger.candidates(plain), []);
});

test('the recall profile runs the tagger as a recognizer; precision does not', () => {
  assert.ok(new Analyzer({ profile: 'recall' }).recognizerNames.includes('tagger'));
  assert.ok(!new Analyzer({ profile: 'precision' }).recognizerNames.includes('tagger'));
});

test('in the balanced profile the tagger adds only plausible proper names', async () => {
  const { statisticalRecognizers } = await import('../../src/detect/recognizers/statistical/index.js');
  const { DetectionContext } = await import('../../src/detect/context.js');
  const [tagger] = statisticalRecognizers({ profile: 'balanced' });
  const text = 'Pt A&O x4, resting. Hgb 7.1 per protocol. Started Budesonide-formoterol. We will call Thursday. Referral from Oyelaran Babatunde-Cole in Wexford.';
  const found = (tagger.detect(new DetectionContext(text)) as Array<{ start: number; end: number; label: string }>).map((c) => text.slice(c.start, c.end));
  for (const junk of ['Pt', 'Hgb', 'per', 'will', 'Thursday', '&', 'Budesonide']) assert.ok(!found.includes(junk), `${junk} in ${found.join(' | ')}`);
  assert.ok(found.some((f) => f.includes('Babatunde-Cole')), found.join(' | '));
});
