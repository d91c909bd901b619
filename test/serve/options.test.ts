import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../src/cli/errors.js';
import { toServeOptions } from '../../src/serve/options.js';
import { TOKEN } from './helpers.js';

/** `splice serve` options: the token rules, the database choice and the engine options shared with the CLI. */
test('the token comes from --token or SPLICE_API_TOKEN and must be long enough', () => {
  assert.throws(() => toServeOptions({}, {}), (err: unknown) => err instanceof UsageError && /needs an API token/.test(err.message));
  assert.throws(() => toServeOptions({ token: 'short' }, {}), /at least 16 characters/);
  assert.throws(() => toServeOptions({ token: 'has a space in it, long enough' }, {}), /no spaces/);
  assert.equal(toServeOptions({}, { SPLICE_API_TOKEN: TOKEN }).token, TOKEN);
  assert.equal(toServeOptions({ token: `${TOKEN}x` }, { SPLICE_API_TOKEN: TOKEN }).token, `${TOKEN}x`, '--token wins');
});

test('defaults: 127.0.0.1:8080, a SQLite file, 16 MB bodies, 30 s per document', () => {
  const o = toServeOptions({}, { SPLICE_API_TOKEN: TOKEN });
  assert.equal(o.host, '127.0.0.1');
  assert.equal(o.port, 8080);
  assert.equal(o.dbPath, 'splice-review.sqlite');
  assert.equal(o.databaseUrl, undefined);
  assert.equal(o.bodyLimit, 16 * 1024 * 1024);
  assert.equal(o.maxBytes, 10 * 1024 * 1024);
  assert.equal(o.timeoutMs, 30_000);
  assert.equal(o.pipeline.profile, 'balanced');
});

test('a PostgreSQL URL replaces the file; other URLs are refused', () => {
  const o = toServeOptions({ databaseUrl: 'postgresql://splice@db.internal/review' }, { SPLICE_API_TOKEN: TOKEN });
  assert.equal(o.databaseUrl, 'postgresql://splice@db.internal/review');
  assert.equal(toServeOptions({}, { SPLICE_API_TOKEN: TOKEN, SPLICE_DATABASE_URL: 'postgres://x@y/z' }).databaseUrl, 'postgres://x@y/z');
  assert.throws(() => toServeOptions({ databaseUrl: 'sqlite:///tmp/x' }, { SPLICE_API_TOKEN: TOKEN }), /postgres/);
});

test('engine and redaction options are the CLI’s (toPipelineOptions): profile, labels, operator, hash key', () => {
  const o = toServeOptions({ profile: 'precision', labels: 'person_name,contact', operator: 'mask', maskChar: '*', policy: 'identifying' }, { SPLICE_API_TOKEN: TOKEN });
  assert.equal(o.pipeline.profile, 'precision');
  assert.deepEqual(o.pipeline.labels, ['PERSON_NAME', 'CONTACT']);
  assert.equal(o.pipeline.policy?.PERSON_NAME, 'mask');
  assert.equal(o.pipeline.operatorSettings?.maskChar, '*');
  assert.equal(o.pipeline.scope, 'identifying');
  assert.throws(() => toServeOptions({ operator: 'hash' }, { SPLICE_API_TOKEN: TOKEN }), /hash operator needs a secret key/);
  assert.throws(() => toServeOptions({ port: '70000' }, { SPLICE_API_TOKEN: TOKEN }), /--port/);
  assert.throws(() => toServeOptions({ bodyLimit: 'lots' }, { SPLICE_API_TOKEN: TOKEN }), /invalid size/);
});
