import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/serve/storage/index.js';
import { SqlReviewStore } from '../../src/serve/storage/sql-store.js';
import { SqlJsDriver } from '../../src/serve/storage/sqljs-driver.js';
import { NOTE_A, storeContract } from './store-contract.js';

/** The embedded SQLite store (sql.js): the shared contract, persistence to a file, the lock, refusals. */
storeContract('sqlite in memory', () => openStore({ dbPath: ':memory:' }));

test('sqlite file: what is written survives a close and a reopen; the file is SQLite; a second server is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'splice-store-'));
  const path = join(dir, 'review.sqlite');
  try {
    const first = await openStore({ dbPath: path });
    const project = await first.createProject('Persisted');
    const [doc] = await first.addDocuments(project.id, [{ name: 'a', text: NOTE_A, format: 'text', suggestions: [] }]);
    await first.startReview(doc.id, 'alice');
    await first.setReviewStatus(doc.id, 'alice', 'done');
    await assert.rejects(openStore({ dbPath: path }), /already open|in use/);
    await first.close();
    assert.equal(readFileSync(path).subarray(0, 15).toString('latin1'), 'SQLite format 3');
    assert.equal(existsSync(join(dir, '.review.sqlite.lock')), false, 'the lock is released on close');

    const second = await openStore({ dbPath: path });
    try {
      assert.equal((await second.getProject(project.id))?.name, 'Persisted');
      assert.equal((await second.getDocument(doc.id))?.text, NOTE_A);
      assert.equal((await second.getReview(doc.id, 'alice'))?.status, 'done');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sqlite file: changes are written without a close (debounced), and a stale lock of a dead process is taken over', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'splice-store-'));
  const path = join(dir, 'review.sqlite');
  try {
    // A lock left by a process that no longer exists (pid far above any live one).
    writeFileSync(join(dir, '.review.sqlite.lock'), '999999999');
    const driver = await SqlJsDriver.open({ path, saveDelayMs: 20 });
    const store = new SqlReviewStore(driver);
    await store.init();
    await store.createProject('Written soon');
    await new Promise((r) => setTimeout(r, 300));
    const copy = join(dir, 'copy.sqlite');
    writeFileSync(copy, readFileSync(path));
    const reader = await openStore({ dbPath: copy });
    assert.deepEqual((await reader.listProjects()).map((p) => p.name), ['Written soon']);
    await reader.close();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file that is not SQLite is refused, and left as it was', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'splice-store-'));
  const path = join(dir, 'notes.txt');
  try {
    writeFileSync(path, 'Shopping list: apples, flour, lamp oil.\n');
    await assert.rejects(openStore({ dbPath: path }), /not an SQLite database/);
    assert.equal(readFileSync(path, 'utf8'), 'Shopping list: apples, flour, lamp oil.\n');
    assert.equal(existsSync(join(dir, '.notes.txt.lock')), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a database of another schema version is refused, not altered', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'splice-store-'));
  const path = join(dir, 'review.sqlite');
  try {
    const driver = await SqlJsDriver.open({ path });
    await new SqlReviewStore(driver).init();
    await driver.query("UPDATE splice_meta SET value = '99' WHERE key = 'schema'");
    await driver.close();
    await assert.rejects(openStore({ dbPath: path }), /schema version 99/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
