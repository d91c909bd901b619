import { PgDriver } from './pg-driver.js';
import { SqlReviewStore } from './sql-store.js';
import { SqlJsDriver } from './sqljs-driver.js';
import type { ReviewStore } from './types.js';

export type { ReviewStore } from './types.js';

export interface StoreOptions {
  /** SQLite database file (':memory:' for none). Ignored when databaseUrl is set. */
  dbPath?: string;
  /** postgres:// or postgresql:// URL: the team database instead of the file. */
  databaseUrl?: string;
}

/** Opens (and creates the tables of) the review store: PostgreSQL when a URL is given, else the SQLite file. */
export async function openStore(options: StoreOptions): Promise<ReviewStore> {
  const driver = options.databaseUrl ? new PgDriver(options.databaseUrl) : await SqlJsDriver.open({ path: options.dbPath });
  const store = new SqlReviewStore(driver);
  try {
    await store.init();
  } catch (err) {
    await driver.close().catch(() => undefined);
    throw err;
  }
  return store;
}

export function isPostgresUrl(value: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(value);
}
