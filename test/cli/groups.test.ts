import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GROUP_CHARS, GROUP_DOCUMENTS, groupsOf } from '../../src/cli/groups.js';
import { ProcessingFailure } from '../../src/cli/errors.js';
import { inProcessProcessor, processGroup } from '../../src/cli/processor.js';
import { Pipeline, type DocumentResult } from '../../src/pipeline.js';

test('groupsOf keeps order and cuts at GROUP_DOCUMENTS, GROUP_CHARS and a change of mode', () => {
  const many = Array.from({ length: GROUP_DOCUMENTS + 3 }, (_, i) => ({ mode: 'detect' as const, text: `doc ${i}` }));
  const groups = groupsOf(many);
  assert.deepEqual(groups.map((g) => g.length), [GROUP_DOCUMENTS, 3]);
  assert.deepEqual(groups.flat(), many);
  const big = 'x'.repeat(GROUP_CHARS);
  assert.deepEqual(groupsOf([{ mode: 'detect', text: 'a' }, { mode: 'detect', text: big }, { mode: 'redact', text: 'b' }]).map((g) => g.length), [1, 1, 1]);
});

/** A pipeline whose group run fails, and whose single run fails on one document only (a detector that breaks on it). */
function pipelineFailingOn(bad: string): Pipeline {
  const real = new Pipeline({ profile: 'balanced' });
  const fake = {
    detectMany: async () => {
      throw new Error('a recognizer failed');
    },
    redactMany: async () => {
      throw new Error('a recognizer failed');
    },
    detect: async (text: string): Promise<DocumentResult> => {
      if (text === bad) throw new Error('a recognizer failed');
      return real.detect(text);
    },
    redact: async (text: string): Promise<DocumentResult> => {
      if (text === bad) throw new Error('a recognizer failed');
      return real.redact(text);
    },
  };
  return fake as unknown as Pipeline;
}

test('a group that fails is run again one document at a time: only the failing document fails', async () => {
  const docs = ['Call Ines Albuquerque on 0161 496 0732.', 'BROKEN', 'Nothing to see.'];
  const outcomes = await processGroup(pipelineFailingOn('BROKEN'), 'redact', docs);
  assert.ok(outcomes[1] instanceof ProcessingFailure);
  const first = outcomes[0];
  assert.ok(!(first instanceof ProcessingFailure));
  assert.doesNotMatch(first.redacted!, /Albuquerque/);
  assert.equal((outcomes[2] as { redacted?: string }).redacted, 'Nothing to see.');
});

test('the in-process processor groups requests of one turn and answers each', async () => {
  const pipeline = new Pipeline({ profile: 'balanced' });
  const processor = inProcessProcessor(pipeline);
  const docs = ['Ms. Perpetua Oyelowo-Fairbairn called.', 'ok', 'Write to kwame.asante-bright@example.net today.'];
  const results = await Promise.all(docs.map((d) => processor.process('redact', d)));
  for (let i = 0; i < docs.length; i++) assert.equal(results[i].redacted, (await pipeline.redact(docs[i])).redacted);
  assert.doesNotMatch(results[2].redacted!, /asante/);
});

/** A pipeline that records the size of each group it is given (and detects nothing). */
function recordingPipeline(sizes: number[]): Pipeline {
  const empty = (): DocumentResult => ({ spans: [] }) as unknown as DocumentResult;
  const fake = {
    detectMany: async (texts: readonly string[]) => {
      sizes.push(texts.length);
      return texts.map(empty);
    },
    detect: async () => {
      sizes.push(1);
      return empty();
    },
  };
  return fake as unknown as Pipeline;
}

test('the in-process processor waits for requests that trickle in over several turns, and cuts full groups', async () => {
  const sizes: number[] = [];
  const processor = inProcessProcessor(recordingPipeline(sizes));
  // As a batch refills its window: a few documents per turn of the event loop.
  const waiting: Promise<unknown>[] = [];
  for (let turn = 0; turn < 50; turn++) {
    for (let i = 0; i < 3; i++) waiting.push(processor.process('detect', `Note ${turn}.${i} for the ward round.`));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(waiting);
  assert.equal(sizes.reduce((a, b) => a + b, 0), 150);
  // One full group, then the rest together: not a group of three per turn.
  assert.deepEqual(sizes, [GROUP_DOCUMENTS, 150 - GROUP_DOCUMENTS]);
});
