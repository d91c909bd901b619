import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, basename } from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import type { SqlDriver, SqlParam, SqlQueryable, SqlRow } from './sql.js';

/**
 * The embedded SQLite database: sql.js (SQLite compiled to WebAssembly, no
 * native build) holds the database in memory, and this driver persists it to
 * a file: every change schedules a write of the whole database (debounced),
 * to a temporary file that then replaces the old one (a crash leaves the last
 * complete copy). A lock file beside the database keeps a second server from
 * opening it. Statements run one transaction at a time (an async mutex).
 */
const require = createRequire(import.meta.url);
let sqlJs: Promise<SqlJsStatic> | undefined;

function loadSqlJs(): Promise<SqlJsStatic> {
  if (!sqlJs) {
    const init = require('sql.js') as (config?: { locateFile?: (file: string) => string }) => Promise<SqlJsStatic>;
    const wasmDir = dirname(require.resolve('sql.js/dist/sql-wasm.wasm'));
    sqlJs = init({ locateFile: (file) => join(wasmDir, file) });
  }
  return sqlJs;
}

export interface SqlJsOptions {
  /** Database file; undefined or ':memory:' keeps it in memory only. */
  path?: string;
  /** Milliseconds between a change and the write of the file (default 200). */
  saveDelayMs?: number;
}

/** A database file that is not SQLite, or another server holds it. */
export class DatabaseFileError extends Error {
  readonly printable = true;
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseFileError';
  }
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';

export class SqlJsDriver implements SqlDriver {
  readonly dialect = 'sqlite' as const;
  private chain: Promise<unknown> = Promise.resolve();
  private dirty = false;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Database,
    private readonly path: string | undefined,
    private readonly lockPath: string | undefined,
    private readonly saveDelayMs: number,
  ) {}

  static async open(options: SqlJsOptions = {}): Promise<SqlJsDriver> {
    const SQL = await loadSqlJs();
    const path = options.path === undefined || options.path === ':memory:' ? undefined : options.path;
    let data: Uint8Array | undefined;
    let lockPath: string | undefined;
    if (path) {
      lockPath = join(dirname(path), `.${basename(path)}.lock`);
      takeLock(lockPath, path);
      try {
        if (existsSync(path)) {
          data = readFileSync(path);
          if (data.length > 0 && Buffer.from(data.subarray(0, 16)).toString('latin1') !== SQLITE_MAGIC) {
            throw new DatabaseFileError(`${path} is not an SQLite database`);
          }
        }
      } catch (err) {
        releaseLock(lockPath);
        throw err;
      }
    }
    const db = new SQL.Database(data && data.length > 0 ? data : undefined);
    return new SqlJsDriver(db, path, lockPath, options.saveDelayMs ?? 200);
  }

  /** Serialise work on the one connection: each call runs after the previous one settled. */
  private exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.chain.then(() => fn());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private run(sql: string, params: readonly SqlParam[] = []): SqlRow[] {
    if (this.closed) throw new Error('the database is closed');
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params.map((p) => (p === undefined ? null : p)) as SqlParam[]);
      const rows: SqlRow[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as SqlRow);
      if (!/^\s*SELECT\b/i.test(sql)) this.changed();
      return rows;
    } finally {
      stmt.free();
    }
  }

  query(sql: string, params: readonly SqlParam[] = []): Promise<SqlRow[]> {
    return this.exclusive(() => this.run(sql, params));
  }

  execScript(sql: string): Promise<void> {
    return this.exclusive(() => {
      this.db.exec(sql);
      this.changed();
    });
  }

  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      this.db.exec('BEGIN');
      const tx: SqlQueryable = { query: async (sql, params) => this.run(sql, params) };
      try {
        const result = await fn(tx);
        this.db.exec('COMMIT');
        return result;
      } catch (err) {
        try {
          this.db.exec('ROLLBACK');
        } catch {
          // SQLite already rolled the transaction back
        }
        throw err;
      }
    });
  }

  private changed(): void {
    if (!this.path) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.saveDelayMs);
  }

  /** Writes the database file now if anything changed (called by the timer and by close). */
  flush(): Promise<void> {
    this.saving = this.saving.then(() =>
      this.exclusive(() => {
        if (!this.dirty || !this.path) return;
        this.dirty = false;
        writeAtomically(this.path, this.db.export());
      }),
    );
    return this.saving;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    await this.exclusive(() => {
      this.closed = true;
      this.db.close();
    });
    if (this.lockPath) releaseLock(this.lockPath);
  }
}

function writeAtomically(path: string, data: Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

function takeLock(lockPath: string, path: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new DatabaseFileError(`cannot create the lock file for ${path} (${(err as NodeJS.ErrnoException).code})`);
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseFileError(`${path} is in use by another Splice server (process ${holder}); give each server its own --db file`);
      }
      if (holder === process.pid) throw new DatabaseFileError(`${path} is already open in this process`);
      // A stale lock from a process that is gone.
      unlinkSync(lockPath);
    }
  }
  throw new DatabaseFileError(`cannot lock ${path}`);
}

function releaseLock(lockPath: string): void {
  try {
    if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
