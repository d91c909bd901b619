import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkText } from '../../src/llm/chunker.js';
import { alignOne, allOccurrences, similarity } from '../../src/llm/align.js';
import { combine } from '../../src/llm/assessor.js';
import { extractJson, parseElements } from '../../src/llm/parse.js';
import { systemPrompt } from '../../src/llm/prompt.js';
import { LABELS } from '../../src/taxonomy.js';
import type { Span } from '../../src/types.js';

test('chunks cover the whole text, respect the size, and overlap', () => {
  const text = Array.from({ length: 80 }, (_, i) => `This is sentence number ${i} of a long clinical letter.`).join(' ');
  const chunks = chunkText(text, 500, 150);
  assert.ok(chunks.length > 5);
  assert.equal(chunks[0].start, 0);
  for (const c of chunks) {
    assert.ok(c.text.length <= 500);
    assert.equal(text.slice(c.start, c.start + c.text.length), c.text);
  }
  for (let i = 1; i < chunks.length; i++) {
    const prevEnd = chunks[i - 1].start + chunks[i - 1].text.length;
    assert.ok(chunks[i].start < prevEnd, 'consecutive chunks overlap');
    assert.ok(chunks[i].start > chunks[i - 1].start, 'chunks advance');
  }
  const last = chunks[chunks.length - 1];
  assert.equal(last.start + last.text.length, text.length);
  assert.deepEqual(chunkText('short', 500, 150), [{ start: 0, text: 'short' }]);
});

test('chunking a text with no sentence boundary still advances (no infinite loop)', () => {
  const text = 'word '.repeat(2000);
  const chunks = chunkText(text, 300, 100);
  assert.ok(chunks.length > 30 && chunks.length < 60);
});

test('alignment: exact, loose, fuzzy, not found; occurrences respect word boundaries', () => {
  const text = 'Ann Lee met Annabel in Annual Review; ann  lee left.';
  assert.deepEqual(alignOne(text, 'Ann Lee'), { start: 0, end: 7, method: 'exact' });
  assert.equal(alignOne(text, 'ANN LEE')?.method, 'loose');
  assert.equal(alignOne(text, 'Anabel')?.method, 'fuzzy');
  assert.equal(alignOne(text, 'Zebediah Crump'), undefined);
  assert.deepEqual(allOccurrences(text, 'Ann Lee').map((o) => text.slice(o.start, o.end)), ['Ann Lee', 'ann  lee']);
  assert.deepEqual(allOccurrences(text, 'Ann').map((o) => o.start), [0, text.indexOf('ann  lee')]); // not Annabel, not Annual
  assert.ok(similarity('kitten', 'sitting') < 0.6);
  assert.equal(similarity('same', 'same'), 1);
});

test('tolerant JSON parsing and label validation', () => {
  assert.deepEqual(extractJson('noise {"a": 1} noise'), { a: 1 });
  assert.deepEqual(extractJson('[1,2]'), [1, 2]);
  const { elements, rejected } = parseElements('{"elements":[{"text":"x","label":"person_name"},{"text":"y","label":"SHOE_SIZE"},{"text":" ","label":"CONTACT"},{"nope":1}]}');
  assert.deepEqual(elements, [{ text: 'x', label: 'PERSON_NAME' }]);
  assert.equal(rejected, 3);
  assert.throws(() => parseElements('{"items": []}'), /elements/);
});

test('the prompt carries every category, its level and the precedence rules', () => {
  const prompt = systemPrompt();
  for (const label of LABELS) assert.ok(prompt.includes(label));
  assert.match(prompt, /BIRTH \(MEDIUM\)/);
  assert.match(prompt, /named event is EVENT/);
});

test('method B combination never clears a direct identifier and keeps the safer verdict', () => {
  const base = { start: 0, end: 5, text: 'nurse', score: 1, source: 't' } as const;
  const job: Span = { ...base, label: 'EMPLOYMENT_EDUCATION', significance: 'HIGH', identifying: true, population: 1, basis: 'direct' };
  assert.deepEqual(combine(job, { identifying: false, population: 3_000_000 }), job);
  const city: Span = { ...base, label: 'LOCATION', significance: 'MEDIUM', identifying: false, population: 8_000_000, basis: 'city population' };
  const merged = combine(city, { identifying: true, population: 2000 });
  assert.equal(merged.identifying, true);
  assert.equal(merged.population, 2000);
  assert.match(merged.basis!, /city population; LLM: identifying/);
  const keep = combine({ ...city, identifying: true, population: 500 }, { identifying: false, population: 90_000 });
  assert.equal(keep.identifying, true);
  assert.equal(keep.population, 500);
});

test('network failures become messages a user can act on, without credentials', async () => {
  const { displayUrl, httpStatusHint, unreachableMessage } = await import('../../src/llm/client.js');
  const url = displayUrl('http://user:secret@10.0.0.5:8080/v1/chat/completions');
  assert.equal(url, 'http://10.0.0.5:8080/v1/chat/completions');
  const failed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('x'), { code }) });
  assert.match(unreachableMessage(failed('ECONNREFUSED'), url), /^connection refused at http:\/\/10\.0\.0\.5:8080\/v1\/chat\/completions \(is the server running\? see --llm-base-url\)$/);
  assert.match(unreachableMessage(failed('ENOTFOUND'), url), /host not found .*--llm-base-url/);
  // undici reports a refused dual-stack connection as an AggregateError of per-address errors.
  const aggregate = Object.assign(new TypeError('fetch failed'), { cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]) });
  assert.match(unreachableMessage(aggregate, url), /^connection refused/);
  assert.match(unreachableMessage(new TypeError('fetch failed'), url), /cannot reach the LLM server at http:\/\/10\.0\.0\.5/);
  assert.match(httpStatusHint(401), /--llm-api-key/);
  assert.match(httpStatusHint(404), /--llm-model/);
});
