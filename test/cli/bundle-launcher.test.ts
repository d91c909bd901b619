import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cachedDataFor, compileBundle, runBundle, writeCodeCache, type BundleFiles } from '../../src/cli/bundle-launcher.js';

// A stand-in bundle: CommonJS that records each run (and what the wrapper gave it) on globalThis.
const FAKE_BUNDLE = `const { basename } = require('node:path');
globalThis.fakeBundleRuns = (globalThis.fakeBundleRuns ?? 0) + 1;
globalThis.fakeBundleName = basename(__filename);
module.exports.ok = true;
`;

function fakeBuild(): { dir: string; files: BundleFiles } {
  const dir = mkdtempSync(join(tmpdir(), 'splice-bundle-'));
  const files: BundleFiles = { modulesEntry: join(dir, 'main.js'), bundle: join(dir, 'splice.cjs'), cache: join(dir, 'splice.cjs.cache') };
  writeFileSync(files.modulesEntry, '// compiled modules\n');
  writeFileSync(files.bundle, FAKE_BUNDLE);
  const past = new Date(Date.now() - 60_000);
  utimesSync(files.modulesEntry, past, past);
  return { dir, files };
}

const runs = () => (globalThis as { fakeBundleRuns?: number }).fakeBundleRuns ?? 0;

test('a bundle newer than the compiled modules runs in place of them, with CommonJS require and __filename', () => {
  const { dir, files } = fakeBuild();
  try {
    const before = runs();
    assert.equal(runBundle({ files }), true);
    assert.equal(runs(), before + 1);
    assert.equal((globalThis as { fakeBundleName?: string }).fakeBundleName, 'splice.cjs');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no bundle, or one older than the modules (tsc ran after it), is not run', () => {
  const { dir, files } = fakeBuild();
  try {
    const before = runs();
    const future = new Date(Date.now() + 60_000);
    utimesSync(files.modulesEntry, future, future);
    assert.equal(runBundle({ files }), false);
    assert.equal(runBundle({ files: { ...files, bundle: join(dir, 'missing.cjs') } }), false);
    assert.equal(runs(), before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SPLICE_NO_BUNDLE=1 keeps the modules', () => {
  const { dir, files } = fakeBuild();
  const saved = process.env.SPLICE_NO_BUNDLE;
  try {
    process.env.SPLICE_NO_BUNDLE = '1';
    assert.equal(runBundle({ files }), false);
  } finally {
    if (saved === undefined) delete process.env.SPLICE_NO_BUNDLE;
    else process.env.SPLICE_NO_BUNDLE = saved;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the warm-up writes a code cache tied to the bundle it was made from', () => {
  const { dir, files } = fakeBuild();
  try {
    const launcher = pathToFileURL(join(import.meta.dirname, '../../src/cli/bundle-launcher.ts')).href;
    const script = `const { runBundle } = await import(${JSON.stringify(launcher)}); runBundle({ writeCache: true, files: ${JSON.stringify(files)} });`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    const hash = createHash('sha256').update(FAKE_BUNDLE).digest('hex');
    const stored = readFileSync(files.cache);
    assert.equal(stored.subarray(0, hash.length).toString('latin1'), hash);
    assert.ok(stored.length > hash.length, 'V8 cached data follows the hash');
    assert.deepEqual(cachedDataFor(files.cache, hash), stored.subarray(hash.length));
    // Another bundle (a rebuild that left the old cache behind) gets no cached data.
    assert.equal(cachedDataFor(files.cache, createHash('sha256').update(FAKE_BUNDLE + ' ').digest('hex')), undefined);
    const before = runs();
    assert.equal(runBundle({ files }), true);
    assert.equal(runs(), before + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a code cache written after a run is accepted by the next compile of the same bundle, and only of it', () => {
  const { dir, files } = fakeBuild();
  try {
    const first = compileBundle(files);
    assert.ok(first);
    assert.equal((first.run() as { ok?: boolean }).ok, true, 'run() returns module.exports');
    writeCodeCache(files, first);
    assert.equal(compileBundle(files)?.script.cachedDataRejected, false);
    assert.equal(compileBundle(files, false)?.script.cachedDataRejected, undefined, 'useCache false compiles without it');
    writeFileSync(files.bundle, FAKE_BUNDLE + '// rebuilt\n');
    assert.equal(compileBundle(files)?.script.cachedDataRejected, undefined, 'a rebuilt bundle gets no cached data');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The real bundle (npm test builds it after tsc): the same output as the modules, in-process and with worker threads.
const root = join(import.meta.dirname, '../..');
const realBundleBuilt = runBundleIsFresh();
/** What index.ts checks: a bundle at least as new as the compiled modules (else this test would compare the modules with themselves). */
function runBundleIsFresh(): boolean {
  try {
    return statSync(join(root, 'dist/bundle/splice.cjs')).mtimeMs >= statSync(join(root, 'dist/src/cli/main.js')).mtimeMs;
  } catch {
    return false;
  }
}

test('the built bundle redacts exactly as the compiled modules do', { skip: !realBundleBuilt && !process.env.CI && 'no fresh dist/bundle (npm run build)' }, () => {
  assert.ok(realBundleBuilt, 'dist/bundle is missing or older than dist/src (npm test builds it after tsc)');
  const cli = join(root, 'dist/src/cli/index.js');
  const example = join(root, 'examples/discharge-note.txt');
  const dir = mkdtempSync(join(tmpdir(), 'splice-bundle-run-'));
  try {
    const docs = join(dir, 'docs.jsonl');
    writeFileSync(docs, ['Call Imogen Thackeray on 0161 496 0732.', 'Ravi Kulkarni, 14 Larch Close, Dundee DD2 1QT.', 'No names here.'].map((text, id) => JSON.stringify({ id, text })).join('\n') + '\n');
    const run = (env: NodeJS.ProcessEnv, args: string[]) => {
      const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout;
    };
    const bundled = run({}, ['redact', example]);
    assert.match(bundled, /\[PERSON_NAME\]/);
    assert.equal(bundled, run({ SPLICE_NO_BUNDLE: '1' }, ['redact', example]));
    const jobs = ['redact', '--jsonl', docs, '--jobs', '2', '--no-progress'];
    const pooled = run({}, jobs);
    assert.equal(pooled.trim().split('\n').length, 3);
    assert.equal(pooled, run({ SPLICE_NO_BUNDLE: '1' }, jobs));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the built worker code cache is accepted under the V8 settings a batch gives its workers', { skip: !realBundleBuilt && !process.env.CI && 'no fresh dist/bundle (npm run build)' }, () => {
  assert.ok(realBundleBuilt, 'dist/bundle is missing or older than dist/src (npm test builds it after tsc)');
  const url = (path: string) => JSON.stringify(pathToFileURL(join(root, path)).href);
  // What workerPoolProcessor does before it starts two workers, then what worker-entry.ts does in each.
  const script = `
    const { settingsForWorkerThreads } = await import(${url('dist/src/cli/jit-tuning.js')});
    const { compileBundle, workerBundleFiles } = await import(${url('dist/src/cli/bundle-launcher.js')});
    settingsForWorkerThreads(2);
    process.stdout.write(String(compileBundle(workerBundleFiles())?.script.cachedDataRejected));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, SPLICE_NO_BUNDLE: '' } });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, 'false', 'the cache exists and V8 accepted it');
});
