import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Engine } from '../../src/serve/engine.js';
import type { Span } from '../../src/types.js';
import { call, startTestServer } from './helpers.js';

/**
 * Graceful shutdown: a request in flight when close() starts still gets its
 * answer; new connections are refused; the engine and the store close after
 * the last request. A stand-in engine holds the request until the test lets
 * it go, so the order of events is certain.
 */
function heldEngine() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const events: string[] = [];
  const engine: Engine = {
    async detect(text: string): Promise<Span[]> {
      entered();
      await released;
      events.push('detect done');
      const start = text.indexOf('Rosalind');
      return [{ start, end: start + 8, label: 'PERSON_NAME', text: 'Rosalind', score: 1, source: 'stand-in', significance: 'HIGH' }];
    },
    redact: async () => ({ redacted: '', spans: [] }),
    assess: async () => ({}),
    identifiability: async () => [],
    redactSpans: async (t) => t,
    healthy: () => true,
    async close() {
      events.push('engine closed');
    },
  };
  return { engine, release, inside, events };
}

test('close() lets the request in flight finish, refuses new connections, then closes the engine', { timeout: 30_000 }, async () => {
  const held = heldEngine();
  const server = await startTestServer({ engine: held.engine });
  const base = server.url;
  const inflight = call(base, 'POST', '/v1/detect', { body: { text: 'Note by Rosalind about the fence.' } });
  await held.inside;
  const closing = server.close().then(() => held.events.push('closed'));
  // The listening socket is closed at once: a new connection is refused.
  await new Promise((r) => setTimeout(r, 100));
  await assert.rejects(fetch(`${base}/healthz`), (err: Error & { cause?: { code?: string } }) => err.cause?.code === 'ECONNREFUSED');
  assert.deepEqual(held.events, [], 'nothing closed while the request is in flight');
  held.release();
  const answer = await inflight;
  assert.equal(answer.status, 200);
  assert.equal(answer.body.spans[0].text, 'Rosalind');
  assert.equal(answer.headers.get('connection'), 'close', 'the answer closes its kept-alive connection, so the close does not wait for it');
  await closing;
  assert.deepEqual(held.events, ['detect done', 'engine closed', 'closed']);
});
