import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningServer } from '../../src/serve/index.js';
import { documentBody } from '../../src/serve/schemas.js';
import { call, postOversized, startTestServer } from './helpers.js';

/**
 * The engine routes of `splice serve` over real HTTP on 127.0.0.1 (port 0),
 * with the real engine in one worker thread. Texts are invented.
 */
const NOTE = 'Discharge summary for Mr. Bartholomew Quennell, born 2 June 1958. Contact his daughter at quennell.family@example.com or 0117 496 0812.';
const MAX_BYTES = 256 * 1024;
let server: RunningServer;
let base = '';

before(async () => {
  server = await startTestServer({ maxBytes: MAX_BYTES, bodyLimit: 4 * 1024 * 1024 });
  base = server.url;
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
});
after(async () => {
  await server.close();
});

test('/healthz answers without a token; every other route wants it (401 with WWW-Authenticate)', async () => {
  const health = await call(base, 'GET', '/healthz', { token: null });
  assert.equal(health.status, 200);
  assert.deepEqual(health.body, { status: 'ok' });
  for (const [method, path] of [
    ['POST', '/v1/detect'],
    ['POST', '/v1/redact'],
    ['POST', '/v1/assess'],
    ['POST', '/v1/evaluate'],
    ['GET', '/openapi.json'],
    ['GET', '/api/projects'],
    ['GET', '/no/such/route'],
  ]) {
    const none = await call(base, method, path, { token: null, body: method === 'POST' ? { text: NOTE } : undefined });
    assert.equal(none.status, 401, `${method} ${path} without a token`);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer');
    assert.equal(none.body.code, 'UNAUTHORIZED');
    const wrong = await call(base, method, path, { token: 'test-token-wrong-wrong-wrong', body: method === 'POST' ? { text: NOTE } : undefined });
    assert.equal(wrong.status, 401, `${method} ${path} with a wrong token`);
  }
  assert.equal((await call(base, 'GET', '/no/such/route')).status, 404, 'with the token an unknown route is 404');
});

test('POST /v1/detect: spans with UTF-16 offsets into the text, labels, significance and identifiability', async () => {
  const res = await call(base, 'POST', '/v1/detect', { body: { id: 'note-1', text: NOTE } });
  assert.equal(res.status, 200);
  assert.equal(res.body.id, 'note-1');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const byText = new Map(res.body.spans.map((s: { text: string }) => [s.text, s]));
  const name = byText.get('Bartholomew Quennell') as Record<string, unknown>;
  assert.equal(name.label, 'PERSON_NAME');
  assert.equal(name.significance, 'HIGH');
  assert.equal(name.identifying, true);
  assert.equal((byText.get('quennell.family@example.com') as Record<string, unknown>).label, 'CONTACT');
  for (const s of res.body.spans) assert.equal(NOTE.slice(s.start, s.end), s.text);
});

test('POST /v1/redact: the PII is gone from the text and from the spans', async () => {
  const res = await call(base, 'POST', '/v1/redact', { body: { text: NOTE } });
  assert.equal(res.status, 200);
  assert.ok(!res.text.includes('Quennell'), 'no name anywhere in the answer');
  assert.ok(!res.text.includes('0117 496 0812'));
  assert.match(res.body.text, /^Discharge summary for Mr\. \[PERSON_NAME\]/);
  assert.ok(res.body.spans.length >= 3);
  for (const s of res.body.spans) assert.equal(s.text, undefined);
});

test('POST /v1/assess: the record of splice assess --json', async () => {
  const res = await call(base, 'POST', '/v1/assess', { body: { text: NOTE } });
  assert.equal(res.status, 200);
  assert.equal(res.body.poolSize, 10000);
  assert.ok(res.body.elements.some((e: { label: string; text: string }) => e.label === 'PERSON_NAME' && e.text === 'Bartholomew Quennell'));
  assert.equal(typeof res.body.k.all, 'number');
});

test('POST /v1/evaluate: the engine scored on a gold corpus, or given predictions scored', async () => {
  const gold = [
    { id: 'g1', text: NOTE, spans: [{ start: NOTE.indexOf('Bartholomew'), end: NOTE.indexOf('Bartholomew') + 'Bartholomew Quennell'.length, label: 'PERSON_NAME' }] },
    { id: 'g2', text: 'Nothing personal in this sentence about weather.', spans: [] },
  ];
  const engine = await call(base, 'POST', '/v1/evaluate', { body: { documents: gold } });
  assert.equal(engine.status, 200);
  assert.equal(engine.body.schema, 'splice-eval/1');
  assert.equal(engine.body.run.predictions, 'engine');
  assert.equal(engine.body.run.profile, 'balanced');
  assert.equal(engine.body.corpus.documents, 2);
  assert.equal(engine.body.corpus.goldSpans, 1);
  assert.equal(engine.body.token.labelBlind.overall.fnr.value, 0, 'the engine finds the one name');

  const given = await call(base, 'POST', '/v1/evaluate', { body: { documents: gold, predictions: [{ id: 'g1', spans: [] }] } });
  assert.equal(given.status, 200);
  assert.equal(given.body.run.predictions, 'request');
  assert.equal(given.body.token.labelBlind.overall.fnr.value, 1, 'nothing predicted: every gold token missed');

  const bad = await call(base, 'POST', '/v1/evaluate', { body: { documents: [{ id: 'x', text: 'Short.', spans: [{ start: 2, end: 90, label: 'PERSON_NAME' }] }] } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'INVALID_CORPUS');
  assert.match(bad.body.message, /documents\[0\], span 1: offsets 2–90 out of range/);
});

test('invalid bodies: 400 naming the field, never echoing the value', async () => {
  const missing = await call(base, 'POST', '/v1/detect', { body: { txt: 'Ottilie Fenn' } });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.code, 'INVALID_REQUEST');
  assert.ok(!missing.text.includes('Ottilie Fenn'));
  const extra = await call(base, 'POST', '/v1/detect', { body: { text: 'hello', secret: 'Ottilie Fenn' } });
  assert.equal(extra.status, 400);
  assert.match(extra.body.message, /additional properties/);
  const wrongType = await call(base, 'POST', '/v1/redact', { body: { text: 42 } });
  assert.equal(wrongType.status, 400);
  assert.match(wrongType.body.message, /body\/text must be string/);
  const notJson = await call(base, 'POST', '/v1/redact', { raw: '{"text": "Ottilie Fenn lives at 9 Brook Rd' });
  assert.equal(notJson.status, 400);
  assert.equal(notJson.body.code, 'INVALID_JSON');
  assert.ok(!notJson.text.includes('Ottilie'), 'the parser message quoting the body is not passed on');
  const nul = await call(base, 'POST', '/v1/detect', { body: { text: 'abc\u0000def' } });
  assert.equal(nul.status, 400);
  assert.equal(nul.body.code, 'INVALID_TEXT');
  const textPlain = await call(base, 'POST', '/v1/detect', { raw: 'Ottilie Fenn', headers: { 'content-type': 'text/plain' } });
  assert.equal(textPlain.status, 415);
});

test('a document over --max-bytes is 413 DOCUMENT_TOO_LARGE; a 20 MB body is 413 BODY_TOO_LARGE and the server lives on', async () => {
  const long = await call(base, 'POST', '/v1/detect', { body: { text: 'a'.repeat(MAX_BYTES + 1) } });
  assert.equal(long.status, 413);
  assert.equal(long.body.code, 'DOCUMENT_TOO_LARGE');

  const huge = JSON.stringify({ text: 'b'.repeat(20 * 1000 * 1000) });
  assert.equal(await postOversized(base, '/v1/redact', huge), 413);
  // Without a Content-Length the server counts what it reads: past the limit (4 MB here) it answers 413.
  assert.equal(await postOversized(base, '/v1/redact', huge, { chunked: true, stopAfter: 4 * 1024 * 1024 + 256 * 1024 }), 413, 'a chunked body is cut at the limit');
  const health = await call(base, 'GET', '/healthz', { token: null });
  assert.equal(health.status, 200);
  const after413 = await call(base, 'POST', '/v1/redact', { body: { text: NOTE } });
  assert.equal(after413.status, 200);
});

test('/openapi.json documents every route with the schemas the server validates with', async () => {
  const res = await call(base, 'GET', '/openapi.json');
  assert.equal(res.status, 200);
  const doc = res.body;
  assert.equal(doc.openapi, '3.1.0');
  for (const path of ['/v1/detect', '/v1/redact', '/v1/assess', '/v1/evaluate']) {
    assert.deepEqual(Object.keys(doc.paths[path]), ['post']);
    assert.ok(doc.paths[path].post.responses['401'] && doc.paths[path].post.responses['413']);
  }
  assert.deepEqual(doc.paths['/v1/detect'].post.requestBody.content['application/json'].schema, JSON.parse(JSON.stringify(documentBody)));
  assert.deepEqual(doc.paths['/healthz'].get.security, [], '/healthz needs no token');
  assert.deepEqual(doc.security, [{ bearerAuth: [] }]);
  assert.ok(doc.paths['/api/projects/{projectId}/export'].get.parameters.some((p: { name: string; in: string }) => p.name === 'format' && p.in === 'query'));
  assert.equal(doc.paths['/'], undefined, 'static files are not API routes');
});

test('the review app page and its script are served without a token, with a strict content security policy', async () => {
  const page = await call(base, 'GET', '/', { token: null });
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  assert.match(page.text, /<script src="\/app\.js" defer><\/script>/);
  const script = await call(base, 'GET', '/app.js', { token: null });
  assert.equal(script.status, 200);
  assert.match(script.text, /'\/api\/labels'/);
});
