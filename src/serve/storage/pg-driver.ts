import pg from 'pg';
import { numberPlaceholders, type SqlDriver, type SqlParam, type SqlQueryable, type SqlRow } from './sql.js';

/**
 * PostgreSQL for teams (`splice serve --database-url postgres://…`): a pool of
 * connections; the store's `?` placeholders become `$1, $2, …`. Errors are
 * re-thrown with the server's error code only: PostgreSQL quotes the values of
 * a failing row in its messages, and those values are document text.
 */
export class PgDriver implements SqlDriver {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(connectionString: string, options: { max?: number } = {}) {
    this.pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
    // An idle client that loses its connection must not crash the server; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async query(sql: string, params: readonly SqlParam[] = []): Promise<SqlRow[]> {
    return run(this.pool, sql, params);
  }

  async execScript(sql: string): Promise<void> {
    try {
      await this.pool.query(sql);
    } catch (err) {
      throw safeError(err);
    }
  }

  async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw safeError(err);
    }
    try {
      await client.query('BEGIN');
      const result = await fn({ query: (sql, params = []) => run(client, sql, params) });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

async function run(client: pg.Pool | pg.PoolClient, sql: string, params: readonly SqlParam[]): Promise<SqlRow[]> {
  try {
    const result = await client.query(numberPlaceholders(sql), params as SqlParam[]);
    return result.rows as SqlRow[];
  } catch (err) {
    throw safeError(err);
  }
}

/** The database's error without the row values its message may quote. */
export class SqlStoreError extends Error {
  readonly printable = true;
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SqlStoreError';
  }
}

function safeError(err: unknown): Error {
  if (err instanceof SqlStoreError) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Connection errors (ECONNREFUSED, ENOTFOUND, 28P01 bad password …) and SQL states.
    return new SqlStoreError(`PostgreSQL error ${code}`, code);
  }
  return new SqlStoreError(`PostgreSQL error (${err instanceof Error ? err.name : typeof err})`);
}
