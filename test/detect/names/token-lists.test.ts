import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../../src/detect/recognizers/names/tokens.js';
import { factsOf, mayBeNameKey, tokenFacts } from '../../../src/detect/recognizers/names/classify.js';
import { Analyzer } from '../../../src/detect/analyzer.js';

// tokenize gathers tokens in a reused scratch list and copies out a list of their exact number;
// TokenFacts keeps a token's facts and its name hint in one array; words with other than ASCII
// letters have their keys and shapes memoised; findPersonNames reuses one segment.

test('each token list is its own, of its exact length, however long the document before it', () => {
  const first = tokenize('Amara Okonkwo met Tobias Lindqvist at the harbour.');
  const long = tokenize('word '.repeat(20_000) + 'Zuri');
  const after = tokenize('Ines Caldera wrote back.');
  assert.equal(long.length, 20_001);
  assert.equal(long[20_000].text, 'Zuri');
  assert.deepEqual(first.map((t) => t.text), ['Amara', 'Okonkwo', 'met', 'Tobias', 'Lindqvist', 'at', 'the', 'harbour']);
  assert.deepEqual(after.map((t) => t.text), ['Ines', 'Caldera', 'wrote', 'back']);
  assert.equal(tokenize('').length, 0);
  assert.equal(tokenize('12 34 -- !!').length, 0);
});

test('a name hint answers the same before and after the facts are looked up', () => {
  const text = 'we asked priya and the table team about kowalski, Priya nodded';
  const tokens = tokenize(text);
  const early = tokenFacts(tokenize(text));
  const hints = tokens.map((_, i) => early.mayBeName(i));
  // A fresh list: look every token up first, then ask for the hint.
  const late = tokenFacts(tokens);
  tokens.forEach((t, i) => assert.equal(late.at(i), factsOf(t.key)));
  tokens.forEach((t, i) => {
    assert.equal(late.mayBeName(i), hints[i], t.text);
    assert.equal(late.mayBeName(i), t.shape !== 'lower' || mayBeNameKey(t.key), t.text);
  });
  assert.ok(hints[tokens.findIndex((t) => t.key === 'priya')]);
  assert.ok(!hints[tokens.findIndex((t) => t.key === 'table')]);
});

test('words with accents keep their folded keys and shapes when met again', () => {
  const text = 'Zoë ÉMILE josé Zoë ÉMILE josé Ødegaard';
  for (let round = 0; round < 3; round++) {
    assert.deepEqual(
      tokenize(text).map((t) => [t.key, t.shape]),
      [['zoe', 'title'], ['emile', 'upper'], ['jose', 'lower'], ['zoe', 'title'], ['emile', 'upper'], ['jose', 'lower'], ['ødegaard', 'title']],
    );
  }
});

test('several name segments in one text are each judged on their own tokens', () => {
  const analyzer = new Analyzer({ labels: ['PERSON_NAME'] });
  const text = 'Dr. Helen Ferrante met Maria Gonzalez. J. R. Whitfield and Pieter van der Berg wrote to Cardiology.';
  const names = analyzer.analyzeSync(text).filter((s) => s.label === 'PERSON_NAME' && !s.source.includes('recall-first')).map((s) => s.text);
  assert.deepEqual(names, ['Helen Ferrante', 'Maria Gonzalez', 'J. R. Whitfield', 'Pieter van der Berg']);
});
