import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pipeline } from '../../src/pipeline.js';
import { Analyzer, DetectorError } from '../../src/detect/analyzer.js';
import { DetectionContext } from '../../src/detect/context.js';
import { LlmRecognizer } from '../../src/llm/recognizer.js';
import { llmConfigFrom, type LlmConfig } from '../../src/llm/config.js';
import { elements, startScriptedServer, type Script, type ScriptedServer } from './scripted-server.js';

const servers: ScriptedServer[] = [];
after(async () => Promise.all(servers.map((s) => s.close())));

async function serve(script: Script): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

function config(server: ScriptedServer, extra: Partial<LlmConfig> = {}): LlmConfig {
  return llmConfigFrom({ baseUrl: server.baseUrl, model: 'test-model', backoffMs: 5, retries: 2, timeoutMs: 2000, ...extra }, {});
}

const note =
  'Maria Lopez, a 47-year-old teacher from Pittsfield, was seen for type 2 diabetes. ' +
  'Her sister called; Maria Lopez will return in June. MARIA LOPEZ signed the form.';

test('elements are aligned to UTF-16 offsets and every occurrence is labelled', async () => {
  const server = await serve(() => elements(['Maria Lopez', 'PERSON_NAME'], ['type 2 diabetes', 'MEDICAL'], ['teacher', 'EMPLOYMENT_EDUCATION']));
  const recognizer = new LlmRecognizer(config(server));
  const spans = await new Analyzer({ labels: ['PERSON_NAME', 'MEDICAL', 'EMPLOYMENT_EDUCATION'], extraRecognizers: [recognizer] }).analyze(note);
  const names = spans.filter((s) => s.label === 'PERSON_NAME');
  assert.deepEqual(names.map((s) => s.text), ['Maria Lopez', 'Maria Lopez', 'MARIA LOPEZ']);
  for (const s of spans) assert.equal(note.slice(s.start, s.end), s.text);
  assert.ok(spans.some((s) => s.label === 'MEDICAL' && s.text === 'type 2 diabetes' && s.source.includes('llm')));
  // The request is the chat-completions protocol at temperature 0 with a JSON schema.
  const request = server.requests[0];
  assert.equal(request.model, 'test-model');
  assert.equal(request.temperature, 0);
  assert.match(JSON.stringify(request.response_format), /json_schema/);
  assert.equal(request.chunk, note);
});

test('strings altered in case or whitespace are found; slightly misspelt ones fuzzily; invented ones dropped', async () => {
  const server = await serve(() =>
    elements(['maria   LOPEZ', 'PERSON_NAME'], ['Pitsfield', 'LOCATION'], ['Johnathan Q. Invented', 'PERSON_NAME'], ['Type 2 Diabetes', 'MEDICAL']),
  );
  const recognizer = new LlmRecognizer(config(server));
  const candidates = await recognizer.detect(new DetectionContext(note));
  const texts = candidates.map((c) => `${c.label}:${note.slice(c.start, c.end)}`);
  assert.ok(texts.includes('PERSON_NAME:Maria Lopez'));
  assert.ok(texts.includes('LOCATION:Pittsfield'));
  assert.ok(texts.includes('MEDICAL:type 2 diabetes'));
  assert.ok(!texts.some((t) => t.includes('Invented')));
  assert.equal(recognizer.stats.notFound, 1);
  assert.equal(recognizer.stats.aligned.fuzzy, 1);
  assert.equal(recognizer.stats.aligned.loose, 2);
});

test('long documents are chunked on sentence boundaries and overlap duplicates are merged', async () => {
  const sentences = Array.from({ length: 30 }, (_, i) => `Sentence ${i} mentions the weather in general terms only.`);
  sentences[14] = 'Dr. Anika Brandt reviewed the chart again today.';
  const text = sentences.join(' ');
  const server = await serve((req) => (req.chunk.includes('Anika Brandt') ? elements(['Anika Brandt', 'PERSON_NAME']) : elements()));
  const recognizer = new LlmRecognizer(config(server, { chunkChars: 300, overlapChars: 120 }));
  const spans = await new Analyzer({ labels: ['PERSON_NAME'], extraRecognizers: [recognizer] }).analyze(text);
  assert.ok(server.requests.length > 3, `expected several chunks, got ${server.requests.length}`);
  for (const r of server.requests) assert.ok(r.chunk.length <= 300);
  // Chunks end at sentence ends (or the end of the text).
  for (const r of server.requests.slice(0, -1)) assert.match(r.chunk, /[.!?]\s*$/);
  assert.ok(server.requests.filter((r) => r.chunk.includes('Anika Brandt')).length >= 1);
  const names = spans.filter((s) => s.text === 'Anika Brandt');
  assert.equal(names.length, 1);
  assert.equal(text.slice(names[0].start, names[0].end), 'Anika Brandt');
});

test('malformed JSON: prose and code fences are tolerated; garbage is asked again', async () => {
  const fenced = await serve(() => ({ content: 'Here you go:\n```json\n{"elements":[{"text":"Maria Lopez","label":"PERSON_NAME"}]}\n```' }));
  const a = await new LlmRecognizer(config(fenced)).detect(new DetectionContext(note));
  assert.equal(a.length, 3);
  const flaky = await serve((_req, i) => (i === 0 ? { content: '{"elements": [ {"text": "Maria' } : elements(['Maria Lopez', 'PERSON_NAME'])));
  const b = await new LlmRecognizer(config(flaky)).detect(new DetectionContext(note));
  assert.equal(b.length, 3);
  assert.equal(flaky.requests.length, 2);
  const broken = await serve(() => ({ content: 'I cannot help with that.' }));
  await assert.rejects(new LlmRecognizer(config(broken, { retries: 1 })).detect(new DetectionContext(note)), /not valid JSON/);
});

test('429 then success: retried with backoff, honouring Retry-After', async () => {
  const server = await serve((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '0' }, raw: '{}' } : elements(['Maria Lopez', 'PERSON_NAME'])));
  const spans = await new Pipeline({ labels: ['PERSON_NAME'], llm: config(server) }).detect(note);
  assert.equal(server.requests.length, 2);
  assert.ok(spans.spans.some((s) => s.text === 'Maria Lopez'));
});

test('timeouts and persistent failures fail closed: redact rejects naming the detector', async () => {
  const slow = await serve(() => ({ ...elements(['Maria Lopez', 'PERSON_NAME']), delayMs: 400 }));
  const pipeline = new Pipeline({ llm: config(slow, { timeoutMs: 100, retries: 1 }) });
  await assert.rejects(pipeline.redact(note, 'doc-7'), (err: unknown) => err instanceof DetectorError && /llm/.test(err.message) && /timed out/.test(err.message));
  assert.equal(slow.requests.length, 2);
  const down = await serve(() => ({ status: 503, raw: '{}' }));
  await assert.rejects(new Pipeline({ llm: config(down) }).redact(note), /HTTP 503/);
  assert.equal(down.requests.length, 3); // first try + 2 retries
  const refused = await serve(() => ({ status: 401, raw: '{}' }));
  await assert.rejects(new Pipeline({ llm: config(refused) }).redact(note), /HTTP 401/);
  assert.equal(refused.requests.length, 1); // not retryable
});

test('degrade mode: warns per document (without its text) and keeps the other detectors', async () => {
  const down = await serve(() => ({ status: 500, raw: '{}' }));
  const warnings: string[] = [];
  const recognizer = new LlmRecognizer(config(down, { onError: 'degrade', retries: 0 }), (m) => warnings.push(m));
  const text = 'Write to maria.lopez@example.org about the results.';
  const spans = await new Analyzer({ extraRecognizers: [recognizer] }).analyze(text, 'doc-42');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /doc-42/);
  assert.ok(!warnings[0].includes('maria'));
  assert.equal(recognizer.stats.degraded, 1);
  // The built-in detectors still ran: the e-mail recognizer found the address.
  assert.ok(
    spans.some((s) => s.label === 'CONTACT' && s.text === 'maria.lopez@example.org' && !s.source.includes('llm')),
    spans.map((s) => `${s.label}:${s.text}:${s.source}`).join(' | '),
  );
});

test('servers without structured output: response_format refused with 400, retried without it', async () => {
  const server = await serve((req) => (req.response_format ? { status: 400, raw: '{"error":"unsupported"}' } : elements(['Maria Lopez', 'PERSON_NAME'])));
  const recognizer = new LlmRecognizer(config(server));
  const ctx = new DetectionContext(note);
  assert.equal((await recognizer.detect(ctx)).length, 3);
  assert.equal((await recognizer.detect(ctx)).length, 3);
  assert.deepEqual(server.requests.map((r) => Boolean(r.response_format)), [true, false, false]);
});

test('the opt-in cache answers repeat documents and stores no text', async () => {
  const server = await serve(() => elements(['Maria Lopez', 'PERSON_NAME'], ['Pittsfield', 'LOCATION']));
  const cacheDir = mkdtempSync(join(tmpdir(), 'splice-llm-cache-'));
  const ctx = new DetectionContext(note);
  const first = await new LlmRecognizer(config(server, { cacheDir })).detect(ctx);
  const second = new LlmRecognizer(config(server, { cacheDir }));
  assert.deepEqual(await second.detect(ctx), first);
  assert.equal(server.requests.length, 1);
  assert.equal(second.stats.cacheHits, 1);
  const stored = readdirSync(cacheDir).map((f) => readFileSync(join(cacheDir, f), 'utf8')).join('');
  assert.ok(!/Maria|Lopez|Pittsfield/i.test(stored));
});

test('the per-document token budget is enforced before any call', async () => {
  const server = await serve(() => elements());
  const recognizer = new LlmRecognizer(config(server, { maxTokensPerDocument: 100 }));
  await assert.rejects(recognizer.detect(new DetectionContext(note.repeat(10))), /budget/);
  assert.equal(server.requests.length, 0);
});

test('configuration comes from options or the environment', () => {
  const c = llmConfigFrom({}, { SPLICE_LLM_BASE_URL: 'http://127.0.0.1:9/v1/', SPLICE_LLM_MODEL: 'm', SPLICE_LLM_API_KEY: 'k' });
  assert.equal(c.baseUrl, 'http://127.0.0.1:9/v1');
  assert.equal(c.apiKey, 'k');
  assert.throws(() => llmConfigFrom({}, {}), /base URL/);
  assert.throws(() => llmConfigFrom({ baseUrl: 'http://x' }, {}), /model/);
  assert.throws(() => llmConfigFrom({ baseUrl: '127.0.0.1:8080/v1', model: 'm' }, {}), /invalid LLM base URL/);
  assert.throws(() => llmConfigFrom({ baseUrl: 'ftp://127.0.0.1/v1', model: 'm' }, {}), /invalid LLM base URL/);
});
